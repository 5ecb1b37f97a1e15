import { cs } from './cs.ts';
import { da } from './da.ts';
import { fi } from './fi.ts';
import { it } from './it.ts';
import { pl } from './pl.ts';
import { pt } from './pt.ts';
import { sv } from './sv.ts';
import type { TriageLanguage } from './types.ts';

/**
 * The languages whose phrases, quoting and dates live in this folder: Finnish, Italian,
 * Portuguese, Swedish, Danish, Polish, Czech. English, German, French, Spanish and Dutch are still
 * written inline in rules.ts, strip.ts and ooo-date.ts.
 */
export const LANGUAGES: readonly TriageLanguage[] = [fi, it, pt, sv, da, pl, cs];

/** Every language's entries of one field, flattened. */
export function all<K extends keyof TriageLanguage>(field: K): TriageLanguage[K] extends (infer E)[] ? E[] : never {
  return LANGUAGES.flatMap((l) => l[field] as unknown[]) as never;
}

/** "|a|b": the registered languages' entries of one field, to append to an inline alternation ("" when none). */
export function alternation(field: keyof TriageLanguage): string {
  const parts = all(field) as unknown[];
  return parts.length ? '|' + parts.join('|') : '';
}
