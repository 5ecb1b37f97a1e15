// The reply's category picker (docs/dashboard.md "The inbox"): `c` or a click opens the list,
// the arrow keys move through it and change nothing, Enter or a click picks. A native select
// would set the category on every arrow key, each a triage correction the model learns from.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CategoryChip } from '../../components/Chip.tsx';
import { Popover } from '../../components/Popover.tsx';
import { categoriesQuery } from '../../queries/settings.ts';
import type { CategorySummary } from '../../types.ts';

export function CategoryMenu({ category, onPick }: { category: CategorySummary | null; onPick: (id: string | null) => void }) {
  const [open, setOpen] = useState(false);
  const categories = useQuery(categoriesQuery);
  const pick = (id: string | null) => {
    setOpen(false);
    if (id !== (category?.id ?? null)) onPick(id);
  };
  return (
    <Popover
      className="category-menu"
      buttonId="category-button"
      label={
        <>
          <span className="sr-only">Category: </span>
          {category ? <CategoryChip category={category} /> : <span className="muted">No category</span>} <kbd aria-hidden="true">c</kbd>
        </>
      }
      panelLabel="Set the category"
      open={open}
      onOpenChange={setOpen}
    >
      {categories.data?.map((c) => (
        <button key={c.id} type="button" className="menu-item" aria-current={c.id === category?.id} onClick={() => pick(c.id)}>
          <CategoryChip category={c} />
          {c.id === category?.id ? <span className="muted small">✓ Current</span> : null}
        </button>
      ))}
      <button type="button" className="menu-item" disabled={!category} onClick={() => pick(null)}>
        No category
      </button>
    </Popover>
  );
}
