import { CATEGORY_NAMES } from './categories.ts';
import { SoftmaxModel, type TrainingExample } from './classifier.ts';
import { isFitted, loadCorpus, type CorpusEntry } from './corpus.ts';
import { cutSignature, stripQuoted } from './strip.ts';
import { featurise, wordBag } from './text.ts';

/**
 * The shipped classifier: trained from the corpus's training and validation splits (all but the
 * held-out split: corpus.ts isFitted) the first time it is needed (warmUp() at boot), then kept
 * for the life of the process.
 */
export interface Shipped {
  model: SoftmaxModel;
  /** Inverse document frequency of a word/bigram hash over the training split (the workspace model's weights). */
  idf: (hash: number) => number;
  trainedOn: number;
}

export function featuresOf(subject: string, body: string): Int32Array {
  return featurise(cutSignature(stripQuoted(body)), subject);
}

export function trainShipped(entries: readonly CorpusEntry[]): Shipped {
  const labels = CATEGORY_NAMES;
  const examples: TrainingExample[] = [];
  const df = new Map<number, number>();
  for (const e of entries) {
    const label = labels.indexOf(e.label as (typeof labels)[number]);
    if (label < 0) throw new Error(`corpus label not a default category: ${e.label}`);
    examples.push({ features: featuresOf(e.subject, e.text), label });
    for (const h of wordBag(cutSignature(stripQuoted(e.text))).keys()) df.set(h, (df.get(h) ?? 0) + 1);
  }
  const model = new SoftmaxModel(labels);
  model.train(examples);
  const n = entries.length;
  const maxIdf = Math.log(n + 1) + 1;
  return {
    model,
    idf: (h) => {
      const d = df.get(h);
      return d === undefined ? maxIdf : Math.log((n + 1) / (d + 1)) + 1;
    },
    trainedOn: n,
  };
}

let cached: Shipped | null = null;

export function shipped(): Shipped {
  cached ??= trainShipped(loadCorpus().filter(isFitted));
  return cached;
}
