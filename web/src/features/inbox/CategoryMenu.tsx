// The reply's category and client pickers (docs/dashboard.md "The inbox"): a key or a click
// opens the list, the arrow keys move through it and change nothing, Enter or a click picks. A
// native select would set the category on every arrow key, each a triage correction the model
// learns from.
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { CategoryChip } from '../../components/Chip.tsx';
import { Popover } from '../../components/Popover.tsx';
import { categoriesQuery, clientsQuery } from '../../queries/settings.ts';
import type { CategorySummary } from '../../types.ts';

interface Choice {
  id: string;
  /** How the choice shows: a chip, a name. */
  shown: ReactNode;
}

function ChoiceMenu(props: { what: string; current: Choice | null; choices: Choice[]; none: string; keyHint?: string; buttonId?: string; onPick: (id: string | null) => void }) {
  const [open, setOpen] = useState(false);
  const { current } = props;
  const pick = (id: string | null) => {
    setOpen(false);
    if (id !== (current?.id ?? null)) props.onPick(id);
  };
  return (
    <Popover
      className="choice-menu"
      buttonId={props.buttonId}
      label={
        <>
          <span className="sr-only">{props.what}: </span>
          {current ? current.shown : <span className="muted">{props.none}</span>}
          {props.keyHint ? (
            <>
              {' '}
              <kbd aria-hidden="true">{props.keyHint}</kbd>
            </>
          ) : null}
        </>
      }
      panelLabel={`Set the ${props.what.toLowerCase()}`}
      open={open}
      onOpenChange={setOpen}
    >
      {props.choices.map((c) => (
        <button key={c.id} type="button" className="menu-item" aria-current={c.id === current?.id} onClick={() => pick(c.id)}>
          {c.shown}
          {c.id === current?.id ? <span className="muted small">✓ Current</span> : null}
        </button>
      ))}
      <button type="button" className="menu-item" disabled={!current} onClick={() => pick(null)}>
        {props.none}
      </button>
    </Popover>
  );
}

export function CategoryMenu({ category, onPick }: { category: CategorySummary | null; onPick: (id: string | null) => void }) {
  const categories = useQuery(categoriesQuery);
  const chip = (c: CategorySummary) => ({ id: c.id, shown: <CategoryChip category={c} /> });
  return <ChoiceMenu what="Category" buttonId="category-button" keyHint="c" current={category && chip(category)} choices={(categories.data ?? []).map(chip)} none="No category" onPick={onPick} />;
}

export function ClientMenu({ client, onPick }: { client: { id: string; name: string } | null; onPick: (id: string | null) => void }) {
  const clients = useQuery(clientsQuery);
  const named = (c: { id: string; name: string }) => ({ id: c.id, shown: <span>{c.name}</span> });
  return <ChoiceMenu what="Client" current={client && named(client)} choices={(clients.data ?? []).map(named)} none="No client" onPick={onPick} />;
}
