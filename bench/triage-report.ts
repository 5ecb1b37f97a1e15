// The tables `npm run triage:eval` and `npm run triage:folds` print for a set of categorised
// replies: accuracy per category and per language, the confusion matrix, what decided, and
// (SHOW_MISSES=n) n of the misses.
import { CATEGORY_NAMES, type Decision, type TriageInput } from '../src/triage/local/index.ts';
import { stripQuoted } from '../src/triage/local/strip.ts';

export interface Case {
  label: string;
  lang: string;
  input: TriageInput;
  name: string;
}
export type Outcome = [Case, Decision | null];

const NONE = '(none)';
export const pct = (a: number, b: number, digits = 1) => (b ? ((100 * a) / b).toFixed(digits) + '%' : '-');
const short = (s: string) =>
  s
    .split(' ')
    .map((w) => w.slice(0, 4))
    .join('.')
    .slice(0, 9);

export function report(title: string, outcomes: Outcome[]) {
  console.log(`\n## ${title}\n`);
  console.log('| category | replies | correct | accuracy (recall) | precision | no category |');
  console.log('|---|---:|---:|---:|---:|---:|');
  let correct = 0;
  let none = 0;
  for (const c of CATEGORY_NAMES) {
    const of = outcomes.filter(([e]) => e.label === c);
    const ok = of.filter(([, d]) => d?.label === c).length;
    const predicted = outcomes.filter(([, d]) => d?.label === c).length;
    const nulls = of.filter(([, d]) => !d).length;
    correct += ok;
    none += nulls;
    console.log(`| ${c} | ${of.length} | ${ok} | ${pct(ok, of.length)} | ${pct(ok, predicted)} | ${nulls} |`);
  }
  const decided = outcomes.filter(([, d]) => d).length;
  // two decimals: 94.995% must not read as the 95.0% a bar asks for
  console.log(`| **all** | ${outcomes.length} | ${correct} | **${pct(correct, outcomes.length, 2)}** | ${pct(correct, decided)} | ${none} |\n`);

  console.log('| language | replies | accuracy | precision (of decided) | no category |');
  console.log('|---|---:|---:|---:|---:|');
  for (const lang of [...new Set(outcomes.map(([e]) => e.lang))]) {
    const of = outcomes.filter(([e]) => e.lang === lang);
    const ok = of.filter(([e, d]) => d?.label === e.label).length;
    const dec = of.filter(([, d]) => d).length;
    console.log(`| ${lang} | ${of.length} | ${pct(ok, of.length)} | ${pct(ok, dec)} | ${of.length - dec} |`);
  }

  const cols = [...CATEGORY_NAMES, NONE];
  console.log('\nConfusion matrix (rows: true category, columns: decided):\n');
  console.log(`| true \\ decided | ${cols.map(short).join(' | ')} |`);
  console.log(`|---|${cols.map(() => '---:').join('|')}|`);
  for (const c of CATEGORY_NAMES) {
    const row = cols.map((p) => outcomes.filter(([e, d]) => e.label === c && (d?.label ?? NONE) === p).length);
    console.log(`| ${c} | ${row.join(' | ')} |`);
  }
  const bySource = new Map<string, [number, number]>();
  for (const [e, d] of outcomes) {
    const k = d?.source ?? NONE;
    const [n, ok] = bySource.get(k) ?? [0, 0];
    bySource.set(k, [n + 1, ok + (d?.label === e.label ? 1 : 0)]);
  }
  console.log('\nDecided by: ' + [...bySource].map(([k, [n, ok]]) => `${k} ${n} (${pct(ok, n)} right)`).join(', '));
  const misses = outcomes.filter(([e, d]) => d?.label !== e.label).slice(0, Number(process.env.SHOW_MISSES ?? 0));
  for (const [e, d] of misses) console.log(`\nMISS ${e.lang} ${e.name}: ${e.label} → ${d?.label ?? NONE} (${d?.reason ?? ''}): ${JSON.stringify(stripQuoted(e.input.bodyText ?? '').slice(0, 240))}`);
}
