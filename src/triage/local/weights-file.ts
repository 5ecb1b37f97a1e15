import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The shipped classifier's trained weights on disk, so that only the first process after a
 * change to the corpus or to the code trains (a minute or more); the others read the file
 * (docs/triage.md "Start-up"). Nothing here decides anything: a file that is missing, stale, truncated or
 * unwritable means training, as if there were no file.
 *
 * A file is named by its key (shipped.ts cacheKey: the training replies and the code's
 * behaviour on a sample of them), so a file is either exactly what training would produce now
 * or not read at all. Writers write a temporary file and rename it, so a reader never sees half
 * of one, and several processes starting at once each end with a whole file.
 */
export interface TrainedParts {
  /** The models' arrays of weights, in the order of the reader's layout. */
  weights: Weights[];
  /** Document frequency of each word/bigram hash over the training replies. */
  df: Map<number, number>;
  /** How many replies it was trained on. */
  n: number;
}

/** One array of weights in the file. */
export type Weights = Float32Array | Int8Array;
/** What the reader expects an array to be: its type and length. */
export interface Layout {
  of: 'float32' | 'int8';
  length: number;
}

const MAGIC = 'replydesk-classifier-2\n';
const fileName = (key: string) => `classifier-${key}.bin`;

export function digest(parts: (string | ArrayBufferView)[]): string {
  const h = createHash('sha256');
  for (const p of parts) h.update(typeof p === 'string' ? p : new Uint8Array(p.buffer, p.byteOffset, p.byteLength));
  return h.digest('hex').slice(0, 32);
}

/** The file's parts when it holds arrays of exactly `layout`'s lengths under `key`; else null. */
export function readWeights(dir: string, key: string, layout: readonly Layout[]): TrainedParts | null {
  let buf: Buffer;
  try {
    buf = readFileSync(join(dir, fileName(key)));
  } catch {
    return null;
  }
  const head = MAGIC + key + '\n';
  const sizesLength = 8 + 4 * layout.length;
  if (buf.length < head.length + sizesLength || buf.toString('latin1', 0, head.length) !== head) return null;
  let at = head.length;
  const n = buf.readUInt32LE(at);
  const dfCount = buf.readUInt32LE(at + 4);
  const stored = layout.map((_, i) => buf.readUInt32LE(at + 8 + 4 * i));
  at += sizesLength;
  const bytes = layout.reduce((sum, l) => sum + l.length * (l.of === 'int8' ? 1 : 4), 0);
  if (stored.some((length, i) => length !== layout[i]!.length) || buf.length !== at + bytes + dfCount * 8) return null;
  const weights = layout.map(({ of, length }) => {
    const w = of === 'int8' ? new Int8Array(length) : new Float32Array(length);
    new Uint8Array(w.buffer).set(buf.subarray(at, (at += w.byteLength)));
    return w;
  });
  const pairs = new Int32Array(dfCount * 2);
  new Uint8Array(pairs.buffer).set(buf.subarray(at));
  const df = new Map<number, number>();
  for (let i = 0; i < dfCount; i++) df.set(pairs[2 * i]!, pairs[2 * i + 1]!);
  return { weights, df, n };
}

/** Writes the parts under `key` and removes the files of other keys; false when the folder is not writable. */
export function writeWeights(dir: string, key: string, parts: TrainedParts): boolean {
  const head = Buffer.from(MAGIC + key + '\n', 'latin1');
  const sizes = Buffer.alloc(8 + 4 * parts.weights.length);
  sizes.writeUInt32LE(parts.n, 0);
  sizes.writeUInt32LE(parts.df.size, 4);
  parts.weights.forEach((w, i) => sizes.writeUInt32LE(w.length, 8 + 4 * i));
  const pairs = new Int32Array(parts.df.size * 2);
  let i = 0;
  for (const [hash, count] of parts.df) {
    pairs[i++] = hash;
    pairs[i++] = count;
  }
  const name = fileName(key);
  const temporary = join(dir, `${name}.${process.pid}.tmp`);
  try {
    mkdirSync(dir, { recursive: true });
    // part by part: one Buffer of the whole would copy the weights (tens of MB) once more
    const fd = openSync(temporary, 'w');
    try {
      // writeFileSync on a descriptor writes all of each part, where one writeSync may write less
      for (const part of [head, sizes, ...parts.weights, pairs]) writeFileSync(fd, new Uint8Array(part.buffer, part.byteOffset, part.byteLength));
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, join(dir, name));
    for (const other of readdirSync(dir)) {
      if (other.startsWith('classifier-') && other !== name && !other.endsWith('.tmp')) rmSync(join(dir, other), { force: true });
    }
    return true;
  } catch {
    try {
      rmSync(temporary, { force: true });
    } catch {
      // the folder itself is not there to hold it
    }
    return false;
  }
}
