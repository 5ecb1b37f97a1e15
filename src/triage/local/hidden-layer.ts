import { shuffle, xorshift, type Classifier, type TrainingExample, type TrainOptions } from './classifier.ts';
import { FEATURE_BITS } from './text.ts';
import type { Layout, Weights } from './weights-file.ts';

/** Units of the hidden layer (docs/triage.md "The hidden layer": 32 or 128 units, or a table of 2^16 or 2^17 rows, did worse). */
const HIDDEN = 64;

/**
 * A softmax over one hidden layer of rectified units, fed the same hashed features as
 * SoftmaxModel: each feature has a row of HIDDEN weights (an embedding), the rows of a reply's
 * features are summed (scaled by 1/√n), and the units can read combinations of words — "not"
 * with "interested", "left" with a name — that the linear model can only add up.
 *
 * Alone it is about as right as SoftmaxModel; the average of the two is better than either
 * (five-fold cross-validation, docs/triage.md "The hidden layer"): they err on different replies.
 *
 * Trained in 32-bit floats (`trainHiddenLayer`), kept with the table in 8 bits a weight and one
 * scale per row: 16 MiB instead of 64, and on the five folds not one reply decided otherwise.
 */
export class HiddenLayerModel implements Pick<Classifier, 'probabilities'> {
  private readonly mask: number;
  private readonly out: Float32Array;
  private readonly bias1: Float32Array;
  private readonly bias2: Float32Array;
  private readonly pre = new Float64Array(HIDDEN);
  /** The scales of a reply's rows, read in probabilities()'s first pass. */
  private rowScales = new Float64Array(256);

  /**
   * `codes` and `scales` are the table (row r's weights are codes[r·HIDDEN + j] × scales[r]),
   * `rest` the output weights and the two biases, as the weights file keeps them (`parts`).
   */
  constructor(
    readonly labels: readonly string[],
    private readonly codes: Int8Array,
    private readonly scales: Float32Array,
    private readonly rest: Float32Array,
  ) {
    const K = labels.length;
    this.mask = scales.length - 1;
    this.out = rest.subarray(0, K * HIDDEN);
    this.bias1 = rest.subarray(K * HIDDEN, K * HIDDEN + HIDDEN);
    this.bias2 = rest.subarray(K * HIDDEN + HIDDEN);
  }

  /** What `parts` holds, for a model of `labels` categories. */
  static layout(labels: number, rows = 1 << FEATURE_BITS): Layout[] {
    return [
      { of: 'int8', length: rows * HIDDEN },
      { of: 'float32', length: rows },
      { of: 'float32', length: labels * HIDDEN + HIDDEN + labels },
    ];
  }

  /** A model of the parts a trained one had (`parts`), read back from the weights file. */
  static of(labels: readonly string[], [codes, scales, rest]: Weights[]): HiddenLayerModel {
    return new HiddenLayerModel(labels, codes as Int8Array, scales as Float32Array, rest as Float32Array);
  }

  get parts(): Weights[] {
    return [this.codes, this.scales, this.rest];
  }

  probabilities(features: Int32Array, out: Float64Array = new Float64Array(this.labels.length)): Float64Array {
    const { codes, scales, pre, mask } = this;
    if (this.rowScales.length < features.length) this.rowScales = new Float64Array(features.length);
    const rowScales = this.rowScales;
    // Two passes, as SoftmaxModel.probabilities: the first reads each row's scale and first
    // weight, loads that wait on nothing, so the rows come from memory together (a prediction
    // from memory: 23 µs instead of 36); the second adds the rest of each row.
    let first = 0;
    for (let i = 0; i < features.length; i++) {
      const r = features[i]! & mask;
      rowScales[i] = scales[r]!;
      first += codes[r * HIDDEN]! * rowScales[i]!;
    }
    pre.fill(0);
    pre[0] = first;
    for (let i = 0; i < features.length; i++) {
      const row = (features[i]! & mask) * HIDDEN;
      const scale = rowScales[i]!;
      for (let j = 1; j < HIDDEN; j++) pre[j]! += codes[row + j]! * scale;
    }
    return outputs(pre, 1 / Math.sqrt(features.length), this.bias1, this.out, this.bias2, out);
  }
}

/**
 * From the table's summed rows to the categories' probabilities: scale, bias and rectify the
 * hidden units (in place: `pre` keeps them afterwards, 0 where a unit is off), then softmax.
 */
function outputs(pre: Float64Array, scale: number, bias1: Float32Array, weights: Float32Array, bias2: Float32Array, out: Float64Array): Float64Array {
  for (let j = 0; j < HIDDEN; j++) {
    const v = pre[j]! * scale + bias1[j]!;
    pre[j] = v > 0 ? v : 0;
  }
  let max = -Infinity;
  for (let k = 0; k < out.length; k++) {
    let s = bias2[k]!;
    for (let j = 0; j < HIDDEN; j++) s += weights[k * HIDDEN + j]! * pre[j]!;
    out[k] = s;
    if (s > max) max = s;
  }
  let sum = 0;
  for (let k = 0; k < out.length; k++) sum += out[k] = Math.exp(out[k]! - max);
  for (let k = 0; k < out.length; k++) out[k] = out[k]! / sum;
  return out;
}

/**
 * Adagrad on the cross-entropy, as SoftmaxModel; the defaults were read on the five folds.
 * `rows` is the table's size (a power of two; fewer only for shipped.ts's small probe).
 */
export function trainHiddenLayer(labels: readonly string[], examples: readonly TrainingExample[], options: TrainOptions & { rows?: number } = {}): HiddenLayerModel {
  const { epochs = 8, learningRate = 0.05, seed = 11, rows = 1 << FEATURE_BITS } = options;
  const K = labels.length;
  const mask = rows - 1;
  // the parameters in one array (table, output weights, hidden biases, output biases), and
  // Adagrad's sums of squared gradients laid out the same way
  const [{ length: tableLength }, , { length: restLength }] = HiddenLayerModel.layout(K, rows) as [Layout, Layout, Layout];
  const params = new Float32Array(tableLength + restLength);
  const random = xorshift(3);
  for (let i = 0; i < tableLength; i++) params[i] = (random() - 0.5) * 0.2;
  for (let i = tableLength; i < tableLength + K * HIDDEN; i++) params[i] = (random() - 0.5) * 0.5;
  const squares = new Float32Array(params.length);
  const step = (at: number, g: number) => {
    squares[at]! += g * g;
    params[at]! -= (learningRate * g) / Math.sqrt(squares[at]! + 1e-8);
  };
  const outAt = tableLength;
  const bias1At = outAt + K * HIDDEN;
  const bias2At = bias1At + HIDDEN;
  const weights = params.subarray(outAt, bias1At);
  const bias1 = params.subarray(bias1At, bias2At);
  const bias2 = params.subarray(bias2At);

  const hidden = new Float64Array(HIDDEN);
  const p = new Float64Array(K);
  const back = new Float64Array(HIDDEN);
  const order = examples.map((_, i) => i);
  const shuffled = xorshift(seed);
  for (let epoch = 0; epoch < epochs; epoch++) {
    shuffle(order, shuffled);
    for (const idx of order) {
      const { features, label } = examples[idx]!;
      const scale = 1 / Math.sqrt(features.length);
      hidden.fill(0);
      for (let i = 0; i < features.length; i++) {
        const row = (features[i]! & mask) * HIDDEN;
        for (let j = 0; j < HIDDEN; j++) hidden[j]! += params[row + j]!;
      }
      outputs(hidden, scale, bias1, weights, bias2, p);
      back.fill(0);
      for (let k = 0; k < K; k++) {
        const d = p[k]! - (k === label ? 1 : 0);
        for (let j = 0; j < HIDDEN; j++) {
          back[j]! += d * weights[k * HIDDEN + j]!;
          step(outAt + k * HIDDEN + j, d * hidden[j]!);
        }
        step(bias2At + k, d);
      }
      for (let j = 0; j < HIDDEN; j++) {
        if (hidden[j] === 0) back[j] = 0; // a unit that was off passes nothing back
        step(bias1At + j, back[j]!);
      }
      for (let i = 0; i < features.length; i++) {
        const row = (features[i]! & mask) * HIDDEN;
        for (let j = 0; j < HIDDEN; j++) if (back[j] !== 0) step(row + j, back[j]! * scale);
      }
    }
  }
  const { codes, scales } = quantise(params.subarray(0, tableLength), rows);
  return new HiddenLayerModel(labels, codes, scales, params.slice(tableLength));
}

/** Each row of the table in 8 bits: its largest magnitude maps to ±127. */
function quantise(table: Float32Array, rows: number): { codes: Int8Array; scales: Float32Array } {
  const codes = new Int8Array(table.length);
  const scales = new Float32Array(rows);
  for (let r = 0; r < rows; r++) {
    let max = 0;
    for (let j = 0; j < HIDDEN; j++) max = Math.max(max, Math.abs(table[r * HIDDEN + j]!));
    if (max === 0) continue;
    scales[r] = max / 127;
    for (let j = 0; j < HIDDEN; j++) codes[r * HIDDEN + j] = Math.round(table[r * HIDDEN + j]! / scales[r]!);
  }
  return { codes, scales };
}
