// The shipped classifier's second model (src/triage/local/hidden-layer.ts): a hidden layer reads
// combinations of features the linear model can only add up, and averaged with it (classifier.ts
// Average) it is what categorise() asks.
import { describe, expect, it } from 'vitest';
import { Average, SoftmaxModel, xorshift, type TrainingExample } from '../src/triage/local/classifier.ts';
import { HiddenLayerModel, trainHiddenLayer } from '../src/triage/local/hidden-layer.ts';
import { FEATURE_BITS } from '../src/triage/local/text.ts';

const LABELS = ['yes', 'no'];
// Exclusive or: "a" alone or "b" alone is yes; both, or neither ("c"), is no. No weights on a, b
// and c added up can tell "a b" from "a" and from "b"; units that switch on only above a sum can.
const A = 101;
const B = 202;
const C = 303;
const cases: [number[], number][] = [
  [[A], 0],
  [[B], 0],
  [[A, B], 1],
  [[C], 1],
];
const examples: TrainingExample[] = Array.from({ length: 400 }, (_, i) => {
  const [features, label] = cases[i % cases.length]!;
  return { features: Int32Array.from(features), label };
});
const predicted = (m: { probabilities: (f: Int32Array) => Float64Array }, features: number[]) => {
  const p = m.probabilities(Int32Array.from(features));
  return LABELS[p[0]! >= p[1]! ? 0 : 1];
};

describe('the hidden layer', () => {
  it('learns a combination of features that a linear model cannot', () => {
    const hidden = trainHiddenLayer(LABELS, examples, { epochs: 30, learningRate: 0.1, rows: 1 << 10 });
    for (const [features, label] of cases) expect(predicted(hidden, features)).toBe(LABELS[label]);

    const linear = new SoftmaxModel(LABELS);
    linear.train(examples, { epochs: 30 });
    expect(cases.filter(([features, label]) => predicted(linear, features) === LABELS[label]).length).toBeLessThan(cases.length);
  });

  it('gives probabilities that sum to one, the same for the same training, and keeps its table in 8 bits', () => {
    const one = trainHiddenLayer(LABELS, examples, { epochs: 3, rows: 1 << 10 });
    const two = trainHiddenLayer(LABELS, examples, { epochs: 3, rows: 1 << 10 });
    const p = one.probabilities(Int32Array.from([A, C]));
    expect(p[0]! + p[1]!).toBeCloseTo(1, 12);
    expect([...two.probabilities(Int32Array.from([A, C]))]).toEqual([...p]);
    const [table, scales, rest] = one.parts;
    expect(table).toBeInstanceOf(Int8Array);
    expect(HiddenLayerModel.layout(LABELS.length, 1 << 10).map((l) => l.length)).toEqual([table!.length, scales!.length, rest!.length]);
    // read back from its parts, as from the weights file: the same probabilities
    expect([...HiddenLayerModel.of(LABELS, one.parts).probabilities(Int32Array.from([A, C]))]).toEqual([...p]);
  });

  it('averaged with the linear model, gives the mean of the two', () => {
    const hidden = trainHiddenLayer(LABELS, examples, { epochs: 3, rows: 1 << 10 });
    const linear = new SoftmaxModel(LABELS);
    linear.train(examples, { epochs: 3 });
    const both = new Average(LABELS, [linear, hidden]);
    const f = Int32Array.from([A, B]);
    const [l, h, m] = [linear.probabilities(f), hidden.probabilities(f), both.probabilities(f)];
    for (let k = 0; k < LABELS.length; k++) expect(m[k]).toBeCloseTo((l[k]! + h[k]!) / 2, 12);
    expect(both.predict(f).label).toBe(LABELS[m[0]! >= m[1]! ? 0 : 1]);
  });
});

describe('a prediction', () => {
  // both models read their rows in two passes (docs/triage.md "Cost on ingestion"): checked
  // against the sums written out plainly, with five labels so that middle columns count too
  const labels = ['a', 'b', 'c', 'd', 'e'];
  const K = labels.length;
  const random = xorshift(7);
  const features = Int32Array.from({ length: 40 }, (_, i) => (i % 7 === 0 ? 5 : Math.floor(random() * 1000))); // row 5 repeated
  const softmax = (logits: number[]) => {
    const max = Math.max(...logits);
    const e = logits.map((x) => Math.exp(x - max));
    const sum = e.reduce((a, b) => a + b, 0);
    return e.map((x) => x / sum);
  };
  const scale = 1 / Math.sqrt(features.length);

  it('of the linear model is the softmax of its rows summed', () => {
    const weights = Float32Array.from({ length: (1 << FEATURE_BITS) * K }, () => random() - 0.5);
    const logits = labels.map((_, k) => [...features].reduce((s, f) => s + weights[f * K + k]!, 0) * scale);
    const p = new SoftmaxModel(labels, weights).probabilities(features);
    softmax(logits).forEach((x, k) => expect(p[k]).toBeCloseTo(x, 12));
  });

  it('of the hidden layer is the softmax of its rectified units', () => {
    const H = 64;
    const rows = 1 << 10;
    const codes = Int8Array.from({ length: rows * H }, () => Math.floor(random() * 255) - 127);
    const scales = Float32Array.from({ length: rows }, () => random() / 100);
    // hidden biases of 1–2: every unit on, so every unit's sum counts
    const rest = Float32Array.from({ length: K * H + H + K }, (_, i) => (i >= K * H && i < K * H + H ? 1 + random() : random() - 0.5));
    const units = Array.from({ length: H }, (_, j) => {
      const sum = [...features].reduce((s, f) => s + codes[f * H + j]! * scales[f]!, 0);
      return Math.max(0, sum * scale + rest[K * H + j]!);
    });
    const logits = labels.map((_, k) => units.reduce((s, u, j) => s + rest[k * H + j]! * u, rest[K * H + H + k]!));
    const p = new HiddenLayerModel(labels, codes, scales, rest).probabilities(features);
    softmax(logits).forEach((x, k) => expect(p[k]).toBeCloseTo(x, 12));
  });
});
