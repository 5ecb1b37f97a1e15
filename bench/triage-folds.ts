/**
 * `npm run triage:folds`: the categoriser on the training and validation splits, each reply
 * categorised by a model that never learned it — the instrument the rules and thresholds are
 * read with, so that the held-out split stays only measured (docs/triage.md "Reading rules and
 * thresholds").
 *
 * The two splits are cut into FOLDS parts (default 5) by statement group, as the held-out split
 * is cut, so every variant of a statement falls in one part. Each part is categorised by the
 * whole pipeline (headers, rules, the classifier and its thresholds) with a classifier trained
 * on the other parts; the tables are triage:eval's. SHOW_MISSES=n prints n misses.
 * A part trains both models (~40 s on a 2-core machine), so five take a few minutes.
 */
import { categorise } from '../src/triage/local/index.ts';
import { groupHash, isFitted, loadCorpus } from '../src/triage/local/corpus.ts';
import { trainShipped } from '../src/triage/local/shipped.ts';
import { type Outcome, report } from './triage-report.ts';

const FOLDS = Number(process.env.FOLDS ?? 5);

/** A group's part: its hash under a prefix of its own, so the parts cut across corpus.ts's splits. */
const foldOf = (group: string) => groupHash({ group: `fold:${group}` }) % FOLDS;

const fitted = loadCorpus().filter(isFitted);
const outcomes: Outcome[] = [];
for (let k = 0; k < FOLDS; k++) {
  const started = performance.now();
  const { model } = trainShipped(fitted.filter((e) => foldOf(e.group) !== k));
  for (const e of fitted.filter((e) => foldOf(e.group) === k)) {
    const input = { subject: e.subject, bodyText: e.text, fromEmail: 'someone@example.com', receivedAt: '2025-03-01T09:00:00Z' };
    outcomes.push([{ label: e.label, lang: e.lang, name: e.group, input }, categorise(input, null, model)]);
  }
  console.log(`part ${k + 1} of ${FOLDS}: trained in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}
report(`The training and validation splits in ${FOLDS} parts, each categorised by a model trained on the others (${fitted.length} replies)`, outcomes);
