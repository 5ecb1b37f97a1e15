import { FEATURE_BITS } from './text.ts';

/**
 * A multinomial logistic regression (softmax) over hashed features, trained with Adagrad.
 *
 * Why not naive Bayes: its probabilities are wildly over-confident on short texts, and the
 * categoriser must say "no category" when unsure; a softmax model's probabilities can be
 * thresholded. Why not an npm package: the maintained ones (natural's BayesClassifier,
 * bayes, wink-naive-bayes-text-classifier) are naive Bayes over word tokens, keep their model as
 * objects of strings (slower at >3,000 replies/s than one Float32Array) and do no character
 * n-grams. The model is trained from the shipped corpus on first use (seconds), and its weights
 * kept on disk for the next process (shipped.ts, weights-file.ts), not shipped in the repository.
 */
export interface TrainingExample {
  features: Int32Array;
  label: number;
}

export interface TrainOptions {
  epochs?: number;
  learningRate?: number;
  l2?: number;
  seed?: number;
}

export interface Prediction {
  label: string;
  index: number;
  probability: number;
}

/** What categorise() asks of the shipped classifier. */
export interface Classifier {
  readonly labels: readonly string[];
  probabilities(features: Int32Array, out?: Float64Array): Float64Array;
  predict(features: Int32Array): Prediction;
}

function best(labels: readonly string[], p: Float64Array): Prediction {
  let at = 0;
  for (let k = 1; k < p.length; k++) if (p[k]! > p[at]!) at = k;
  return { label: labels[at]!, index: at, probability: p[at]! };
}

/** The mean of several models' probabilities: models that err on different replies are right more often together. */
export class Average implements Classifier {
  private readonly each: Float64Array;
  private readonly scratch: Float64Array;

  constructor(
    readonly labels: readonly string[],
    readonly models: readonly Pick<Classifier, 'probabilities'>[],
  ) {
    this.each = new Float64Array(labels.length);
    this.scratch = new Float64Array(labels.length);
  }

  probabilities(features: Int32Array, out: Float64Array = new Float64Array(this.labels.length)): Float64Array {
    out.fill(0);
    for (const m of this.models) {
      m.probabilities(features, this.each);
      for (let k = 0; k < out.length; k++) out[k]! += this.each[k]! / this.models.length;
    }
    return out;
  }

  predict(features: Int32Array): Prediction {
    return best(this.labels, this.probabilities(features, this.scratch));
  }
}

export class SoftmaxModel implements Classifier {
  readonly dim = 1 << FEATURE_BITS;
  readonly weights: Float32Array;
  private readonly scratch: Float64Array;

  /** A model of zero weights, or one reading `weights` (a trained model's). */
  constructor(
    readonly labels: readonly string[],
    weights?: Float32Array,
  ) {
    if (labels.length < 2) throw new Error('a classifier chooses between two labels at least');
    this.weights = weights ?? new Float32Array(this.dim * labels.length);
    this.scratch = new Float64Array(labels.length);
  }

  /** Class probabilities for a feature vector (counts; scaled by 1/√n so long replies don't saturate). */
  probabilities(features: Int32Array, out: Float64Array = new Float64Array(this.labels.length)): Float64Array {
    const K = this.labels.length;
    const w = this.weights;
    const scale = 1 / Math.sqrt(features.length);
    // Two passes over the features' rows, the first reading only each row's first and last
    // weight: those loads wait on nothing, so the processor fetches all the rows from memory at
    // once instead of one after another. In the server, other work evicts the table between two
    // replies, and a prediction from memory takes 7 µs instead of 26 (docs/triage.md "Cost on
    // ingestion"); the sums are the same, added in the same order.
    let first = 0;
    let last = 0;
    for (let i = 0; i < features.length; i++) {
      const base = features[i]! * K;
      first += w[base]!;
      last += w[base + K - 1]!;
    }
    out.fill(0);
    out[0] = first;
    out[K - 1] = last;
    for (let i = 0; i < features.length; i++) {
      const base = features[i]! * K;
      for (let k = 1; k < K - 1; k++) out[k]! += w[base + k]!;
    }
    let max = -Infinity;
    for (let k = 0; k < K; k++) {
      out[k] = out[k]! * scale;
      if (out[k]! > max) max = out[k]!;
    }
    let sum = 0;
    for (let k = 0; k < K; k++) {
      out[k] = Math.exp(out[k]! - max);
      sum += out[k]!;
    }
    for (let k = 0; k < K; k++) out[k] = out[k]! / sum;
    return out;
  }

  /** The most probable label and its probability. */
  predict(features: Int32Array): Prediction {
    return best(this.labels, this.probabilities(features, this.scratch));
  }

  train(examples: readonly TrainingExample[], options: TrainOptions = {}): void {
    const { epochs = 6, learningRate = 0.3, l2 = 1e-6, seed = 17 } = options;
    const K = this.labels.length;
    const w = this.weights;
    const g2 = new Float32Array(w.length); // Adagrad's sum of squared gradients
    const p = new Float64Array(K);
    const order = examples.map((_, i) => i);
    const random = xorshift(seed);
    for (let epoch = 0; epoch < epochs; epoch++) {
      shuffle(order, random);
      for (const idx of order) {
        const { features, label } = examples[idx]!;
        this.probabilities(features, p);
        const scale = 1 / Math.sqrt(features.length);
        for (let i = 0; i < features.length; i++) {
          const base = features[i]! * K;
          for (let k = 0; k < K; k++) {
            const at = base + k;
            const g = (p[k]! - (k === label ? 1 : 0)) * scale + l2 * w[at]!;
            g2[at]! += g * g;
            w[at]! -= (learningRate * g) / Math.sqrt(g2[at]! + 1e-8);
          }
        }
      }
    }
  }
}

/** xorshift32: the same sequence for a seed on every machine, so training is reproducible. */
export function xorshift(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 0x100000000;
  };
}

/** Fisher–Yates, in place. */
export function shuffle(order: number[], random: () => number): void {
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
}
