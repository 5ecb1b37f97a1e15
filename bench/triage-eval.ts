/**
 * `npm run triage:eval`: the local categoriser measured on two sets it never learned from.
 *
 * 1. The corpus's held-out split (src/triage/local/corpus.ts: a fifth, by statement, never
 *    trained on and never used for a threshold), through `categorise()` as the ingestion API
 *    calls it (no headers).
 * 2. Real-looking mail (bench/triage-mail/): raw RFC 5322 messages as mail clients and servers
 *    write them, written by a different method than the corpus, read by the mailbox sync's own
 *    parser (charsets, quoted-printable, HTML-only mail, headers) and categorised as the sync does.
 *
 * For each: accuracy per category and per language (a reply given no category counts as wrong),
 * the confusion matrix, and what decided. Then the calibration table of the validation split
 * (where CLASSIFIER_THRESHOLD was read), with a model trained on the training split alone, the
 * cost per reply, and a prediction's cost from memory and from cache. docs/triage.md quotes the
 * output.
 * SHOW_MISSES=n prints n misses of each set.
 */
import { existsSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseMessage } from '../src/mailboxes/parse.ts';
import { categorise } from '../src/triage/local/index.ts';
import { isHeldOut, isTraining, isValidation, loadCorpus, type CorpusEntry } from '../src/triage/local/corpus.ts';
import { featuresOf, shipped, trainShipped } from '../src/triage/local/shipped.ts';
import { type Case, pct, report } from './triage-report.ts';

const t0 = performance.now();
const model = shipped();
const trainMs = performance.now() - t0;
const corpus = loadCorpus();
const asCase = (e: CorpusEntry): Case => ({
  label: e.label,
  lang: e.lang,
  name: e.group,
  input: { subject: e.subject, bodyText: e.text, fromEmail: 'someone@example.com', receivedAt: '2025-03-01T09:00:00Z' },
});
const heldOut = corpus.filter((e) => isHeldOut(e)).map(asCase);
const validation = corpus.filter((e) => isValidation(e));
console.log(
  `corpus: ${corpus.length} replies in ${new Set(corpus.map((e) => e.lang)).size} languages; held out ${heldOut.length} (${new Set(heldOut.map((c) => c.name)).size} statements), validation ${validation.length}, trained on ${model.trainedOn}; training took ${trainMs.toFixed(0)} ms`,
);
report(
  'Held-out split of the corpus (the ingestion API: no headers)',
  heldOut.map((c) => [c, categorise(c.input)]),
);

// Real-looking mail, read by the mailbox sync's parser and categorised as the sync does.
const MAIL = new URL('./triage-mail/', import.meta.url);
if (existsSync(new URL('manifest.json', MAIL))) {
  const manifest = JSON.parse(readFileSync(new URL('manifest.json', MAIL), 'utf8')) as { file: string; label: string; lang: string }[];
  const mail: Case[] = [];
  for (const m of manifest) {
    const parsed = await parseMessage(readFileSync(new URL(`messages/${m.file}`, MAIL)));
    mail.push({
      label: m.label,
      lang: m.lang,
      name: m.file,
      input: {
        subject: parsed.subject,
        bodyText: parsed.bodyText,
        fromEmail: parsed.from?.address ?? '',
        fromName: parsed.from?.name ?? null,
        receivedAt: parsed.date ?? '2026-11-02T09:00:00Z',
        headers: parsed.headers,
      },
    });
  }
  report(
    `Real-looking mail (bench/triage-mail: ${mail.length} raw messages through the mailbox parser, with headers)`,
    mail.map((c) => [c, categorise(c.input)]),
  );
}

// Calibration of the classifier alone, on the validation split (never on the held-out one), with
// a model trained on the training split alone: the shipped one has learned the validation split
// too (corpus.ts isFitted).
const calibrating = trainShipped(corpus.filter(isTraining));
console.log(`\n## Calibration: the classifier alone (no headers, no rules) on the validation split, trained on the training split (${calibrating.trainedOn})\n`);
console.log('| threshold | decides | right when deciding | right of all |');
console.log('|---:|---:|---:|---:|');
const guesses = validation.map((e) => [e, calibrating.model.predict(featuresOf(e.subject, e.text))] as const);
for (const t of [0, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]) {
  const taken = guesses.filter(([, g]) => g.probability >= t);
  const right = taken.filter(([e, g]) => g.label === e.label).length;
  console.log(`| ${t.toFixed(1)} | ${pct(taken.length, guesses.length)} | ${pct(right, taken.length)} | ${pct(right, guesses.length)} |`);
}

// Cost per reply: the whole categorise() over the held-out replies, repeated, after a warm-up.
const inputs = heldOut.map((c) => c.input);
for (const i of inputs) categorise(i);
const rounds = 20;
const start = performance.now();
for (let r = 0; r < rounds; r++) for (const i of inputs) categorise(i);
const us = ((performance.now() - start) * 1000) / (rounds * inputs.length);
const avgChars = inputs.reduce((s, i) => s + (i.bodyText ?? '').length, 0) / inputs.length;
console.log(`\ncost: ${us.toFixed(1)} µs per reply (categorise(), ${rounds * inputs.length} calls, average body ${avgChars.toFixed(0)} characters)`);

// The prediction as the server meets it: between two replies its other work evicts the
// classifier's tables from the processor's caches (docs/triage.md "Cost on ingestion"), so a
// prediction reads its rows from memory. Here a 64 MB sweep between predictions does the same.
const sweep = new Float64Array(8 << 20);
const features = heldOut.slice(0, 400).map((c) => featuresOf(c.input.subject ?? '', c.input.bodyText ?? ''));
const p = new Float64Array(model.model.labels.length);
let fromMemory = 0;
let fromCache = 0;
for (const f of features) {
  for (let i = 0; i < sweep.length; i += 8) sweep[i] = i;
  const t0 = performance.now();
  model.model.probabilities(f, p);
  const t1 = performance.now();
  model.model.probabilities(f, p);
  fromMemory += t1 - t0;
  fromCache += performance.now() - t1;
}
const perPrediction = (ms: number) => ((ms * 1000) / features.length).toFixed(1);
console.log(`prediction: ${perPrediction(fromMemory)} µs from memory (a 64 MB sweep before each), ${perPrediction(fromCache)} µs from cache (${features.length} held-out replies)`);
