/**
 * `npm run triage:eval`: the local categoriser measured on the held-out split of the shipped
 * corpus (never trained on). Prints accuracy per category and per language, the confusion matrix,
 * the calibration table the classifier's threshold was read from, and the cost per reply.
 * docs/triage.md quotes its output.
 */
import { performance } from 'node:perf_hooks';
import { CATEGORY_NAMES, categorise, type Decision } from '../src/triage/local/index.ts';
import { CORPUS_LANGUAGES, isHeldOut, loadCorpus, type CorpusEntry } from '../src/triage/local/corpus.ts';
import { featuresOf, shipped } from '../src/triage/local/shipped.ts';
import { stripQuoted } from '../src/triage/local/strip.ts';

const t0 = performance.now();
const model = shipped();
const trainMs = performance.now() - t0;

const corpus = loadCorpus();
const heldOut = corpus.filter((e) => isHeldOut(e));
const input = (e: CorpusEntry) => ({ subject: e.subject, bodyText: e.text, fromEmail: 'someone@example.com', receivedAt: '2025-03-01T09:00:00Z' });

const decisions: [CorpusEntry, Decision | null][] = heldOut.map((e) => [e, categorise(input(e))]);
const NONE = '(none)';
const cols = [...CATEGORY_NAMES, NONE];
const short = (s: string) => s.split(' ').map((w) => w.slice(0, 4)).join('.').slice(0, 9);

const pct = (a: number, b: number) => (b ? ((100 * a) / b).toFixed(1) + '%' : '-');
console.log(`corpus: ${corpus.length} replies, held out: ${heldOut.length} (${new Set(heldOut.map((e) => e.group)).size} statements), trained on ${model.trainedOn}; training took ${trainMs.toFixed(0)} ms\n`);

// Per category: recall (share of the category's replies given it), precision, and how many got no category.
console.log('| category | held out | correct | accuracy (recall) | precision | no category |');
console.log('|---|---:|---:|---:|---:|---:|');
let correct = 0;
let none = 0;
for (const c of CATEGORY_NAMES) {
  const of = decisions.filter(([e]) => e.label === c);
  const ok = of.filter(([, d]) => d?.label === c).length;
  const predicted = decisions.filter(([, d]) => d?.label === c).length;
  const nulls = of.filter(([, d]) => !d).length;
  correct += ok;
  none += nulls;
  console.log(`| ${c} | ${of.length} | ${ok} | ${pct(ok, of.length)} | ${pct(ok, predicted)} | ${nulls} |`);
}
const decided = decisions.filter(([, d]) => d).length;
console.log(`| **all** | ${decisions.length} | ${correct} | ${pct(correct, decisions.length)} | ${pct(correct, decided)} | ${none} |\n`);

console.log('| language | held out | accuracy | precision (of decided) | no category |');
console.log('|---|---:|---:|---:|---:|');
for (const lang of CORPUS_LANGUAGES) {
  const of = decisions.filter(([e]) => e.lang === lang);
  const ok = of.filter(([e, d]) => d?.label === e.label).length;
  const dec = of.filter(([, d]) => d).length;
  console.log(`| ${lang} | ${of.length} | ${pct(ok, of.length)} | ${pct(ok, dec)} | ${of.length - dec} |`);
}

console.log('\nConfusion matrix (rows: true category, columns: decided):\n');
console.log(`| true \\ decided | ${cols.map(short).join(' | ')} |`);
console.log(`|---|${cols.map(() => '---:').join('|')}|`);
for (const c of CATEGORY_NAMES) {
  const row = cols.map((p) => decisions.filter(([e, d]) => e.label === c && (d?.label ?? NONE) === p).length);
  console.log(`| ${c} | ${row.join(' | ')} |`);
}

const bySource = new Map<string, [number, number]>();
for (const [e, d] of decisions) {
  const k = d?.source ?? NONE;
  const [n, ok] = bySource.get(k) ?? [0, 0];
  bySource.set(k, [n + 1, ok + (d?.label === e.label ? 1 : 0)]);
}
console.log('\nDecided by: ' + [...bySource].map(([k, [n, ok]]) => `${k} ${n} (${pct(ok, n)} right)`).join(', '));

// Calibration of the classifier alone: at each threshold, the share it decides and how often it is right.
console.log('\nClassifier alone (no headers, no rules) on the held-out split:\n');
console.log('| threshold | decides | right when deciding |');
console.log('|---:|---:|---:|');
const guesses = heldOut.map((e) => [e, model.model.predict(featuresOf(e.subject, e.text))] as const);
for (const t of [0, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]) {
  const taken = guesses.filter(([, g]) => g.probability >= t);
  console.log(`| ${t.toFixed(1)} | ${pct(taken.length, guesses.length)} | ${pct(taken.filter(([e, g]) => g.label === e.label).length, taken.length)} |`);
}

const misses = decisions.filter(([e, d]) => d && d.label !== e.label).slice(0, Number(process.env.SHOW_MISSES ?? 0));
for (const [e, d] of misses) console.log(`\nMISS ${e.label} → ${d!.label} (${d!.reason}): ${JSON.stringify(stripQuoted(e.text).slice(0, 200))}`);

// Cost per reply: the whole categorise() over the held-out replies, repeated, after a warm-up.
const inputs = heldOut.map(input);
for (const i of inputs) categorise(i);
const rounds = 20;
const start = performance.now();
for (let r = 0; r < rounds; r++) for (const i of inputs) categorise(i);
const us = ((performance.now() - start) * 1000) / (rounds * inputs.length);
const avgChars = inputs.reduce((s, i) => s + i.bodyText.length, 0) / inputs.length;
console.log(`\ncost: ${us.toFixed(1)} µs per reply (categorise(), ${rounds * inputs.length} calls, average body ${avgChars.toFixed(0)} characters)`);
