// The shipped classifier's second model (src/triage/local/hidden-layer.ts): a hidden layer reads
// combinations of features the linear model can only add up, and averaged with it (classifier.ts
// Average) it is what categorise() asks.
import { describe, expect, it } from 'vitest';
import { Average, SoftmaxModel, type TrainingExample } from '../src/triage/local/classifier.ts';
import { HiddenLayerModel, trainHiddenLayer } from '../src/triage/local/hidden-layer.ts';

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
