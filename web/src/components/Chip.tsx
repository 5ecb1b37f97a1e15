import { textOn } from '../lib/format.ts';
import type { CategorySummary } from '../types.ts';

export function CategoryChip({ category }: { category: CategorySummary }) {
  return (
    <span className="chip" style={{ background: category.color, color: textOn(category.color) }}>
      {category.name}
    </span>
  );
}

export function Dot({ color }: { color: string }) {
  return <span className="dot" style={{ background: color }} aria-hidden="true" />;
}
