// A person's initials in a round badge, coloured by their name so a teammate is recognised at
// a glance. Decorative: whoever shows it also writes the name for assistive technology.
import { initials } from '../lib/format.ts';

// Dark enough for white text (contrast above 4.5:1 each).
const COLOURS = ['#4338ca', '#0f766e', '#b91c1c', '#6d28d9', '#1d4ed8', '#15803d', '#a21caf', '#9a3412'];

function colourOf(name: string): string {
  let h = 0;
  for (const ch of name) h = (h * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return COLOURS[h % COLOURS.length]!;
}

export function Avatar({ name }: { name: string }) {
  return (
    <span className="avatar" aria-hidden="true" style={{ background: colourOf(name) }}>
      {initials(name)}
    </span>
  );
}
