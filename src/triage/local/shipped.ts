import { CACHE_DIR } from '../../files.ts';
import { CATEGORY_NAMES } from './categories.ts';
import { Average, SoftmaxModel, type Classifier, type TrainingExample } from './classifier.ts';
import { HiddenLayerModel, trainHiddenLayer } from './hidden-layer.ts';
import { isFitted, loadCorpus, type CorpusEntry } from './corpus.ts';
import { cutSignature, stripQuoted } from './strip.ts';
import { FEATURE_BITS, featurise, wordBag } from './text.ts';
import { digest, readWeights, writeWeights, type Layout, type TrainedParts, type Weights } from './weights-file.ts';

/**
 * The shipped classifier: trained from the corpus's training and validation splits (all but the
 * held-out split: corpus.ts isFitted) the first time it is needed (warmUp() at boot), then kept
 * for the life of the process. The trained weights are kept on disk too (weights-file.ts), so
 * a process whose corpus and code are those of an earlier one reads them instead of training.
 */
export interface Shipped {
  /** The average of a linear model and one with a hidden layer (docs/triage.md "The hidden layer"). */
  model: Classifier;
  /** The models' weights, as the weights file keeps them. */
  weights: Weights[];
  /** Inverse document frequency of a word/bigram hash over the training split (the workspace model's weights). */
  idf: (hash: number) => number;
  trainedOn: number;
  /** Whether this process trained the weights or read them from an earlier one's file. */
  source: 'trained' | 'file';
}

export function featuresOf(subject: string, body: string): Int32Array {
  return featurise(cutSignature(stripQuoted(body)), subject);
}

/**
 * Raise when train() below changes in a way cacheKey cannot see (what it counts, how it calls
 * the model), or the weights file's layout does: every file written before is then ignored.
 */
const FORMAT = 3;

function exampleOf(e: CorpusEntry): TrainingExample {
  const label = CATEGORY_NAMES.indexOf(e.label as (typeof CATEGORY_NAMES)[number]);
  if (label < 0) throw new Error(`corpus label not a default category: ${e.label}`);
  return { features: featuresOf(e.subject, e.text), label };
}

/** The word/bigram hashes a reply counts once in the document frequencies. */
const documentWords = (e: CorpusEntry) => wordBag(cutSignature(stripQuoted(e.text))).keys();

function train(entries: readonly CorpusEntry[]): TrainedParts {
  const df = new Map<number, number>();
  for (const e of entries) for (const h of documentWords(e)) df.set(h, (df.get(h) ?? 0) + 1);
  const examples = entries.map(exampleOf);
  const linear = new SoftmaxModel(CATEGORY_NAMES);
  linear.train(examples);
  const hidden = trainHiddenLayer(CATEGORY_NAMES, examples);
  return { weights: [linear.weights, ...hidden.parts], df, n: entries.length };
}

/** The two models' weights in the file: the linear model's, then the hidden layer's parts. */
const LAYOUT: Layout[] = [{ of: 'float32', length: (1 << FEATURE_BITS) * CATEGORY_NAMES.length }, ...HiddenLayerModel.layout(CATEGORY_NAMES.length)];

function assemble({ weights, df, n }: TrainedParts, source: Shipped['source']): Shipped {
  const [linear, ...hidden] = weights;
  const model = new Average(CATEGORY_NAMES, [new SoftmaxModel(CATEGORY_NAMES, linear as Float32Array), HiddenLayerModel.of(CATEGORY_NAMES, hidden)]);
  const maxIdf = Math.log(n + 1) + 1;
  return {
    model,
    weights,
    idf: (h) => {
      const d = df.get(h);
      return d === undefined ? maxIdf : Math.log((n + 1) / (d + 1)) + 1;
    },
    trainedOn: n,
    source,
  };
}

export function trainShipped(entries: readonly CorpusEntry[]): Shipped {
  return assemble(train(entries), 'trained');
}

/**
 * What names the weights `entries` train to: the replies themselves, and the code's behaviour
 * on every 97th of them — their features, their document words and the two models trained on
 * them alone (the hidden layer's with a small table) — so that a change to how replies are read
 * (quoting, signatures, features) or to how the models learn is a new key without anyone
 * remembering to raise FORMAT (well under a second, against a minute or more of training).
 */
export function cacheKey(entries: readonly CorpusEntry[]): string {
  const parts: (string | ArrayBufferView)[] = [`${FORMAT}|${CATEGORY_NAMES.join('|')}`];
  for (const e of entries) parts.push(`\u0001${e.label}\u0000${e.subject}\u0000${e.text}`);
  const sample = entries.filter((_, i) => i % 97 === 0);
  const examples = sample.map(exampleOf);
  for (const x of examples) parts.push(x.features);
  for (const e of sample) parts.push(Int32Array.from(documentWords(e)));
  const probe = new SoftmaxModel(CATEGORY_NAMES);
  probe.train(examples);
  parts.push(probe.weights);
  parts.push(...trainHiddenLayer(CATEGORY_NAMES, examples, { rows: 1 << 10 }).parts);
  return digest(parts);
}

/** The classifier for `entries`: read from `dir` when an earlier process trained it, else trained (and written there). */
export function loadShipped(entries: readonly CorpusEntry[], dir: string): Shipped {
  const key = cacheKey(entries);
  const stored = readWeights(dir, key, LAYOUT);
  if (stored) return assemble(stored, 'file');
  const parts = train(entries);
  writeWeights(dir, key, parts);
  return assemble(parts, 'trained');
}

let cached: Shipped | null = null;

export function shipped(): Shipped {
  cached ??= loadShipped(loadCorpus().filter(isFitted), CACHE_DIR);
  return cached;
}
