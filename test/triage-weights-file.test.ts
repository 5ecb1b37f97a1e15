// The shipped classifier's weights kept on disk between processes (src/triage/local/weights-file.ts,
// docs/triage.md "Start-up"): read back exactly as trained, and anything else — another corpus,
// a damaged file, a folder that cannot be written — means training, never a wrong model.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { isFitted, loadCorpus, type CorpusEntry } from '../src/triage/local/corpus.ts';
import { cacheKey, featuresOf, loadShipped } from '../src/triage/local/shipped.ts';

let entries: CorpusEntry[];
beforeAll(() => {
  entries = loadCorpus()
    .filter(isFitted)
    .filter((_, i) => i % 20 === 0);
});
const folder = () => mkdtempSync(join(tmpdir(), 'replydesk-weights-'));
const files = (dir: string) => readdirSync(dir).filter((f) => f.startsWith('classifier-'));

describe('the classifier weights file', () => {
  it('is written by the first process and read by the next, weight for weight', () => {
    const dir = folder();
    const first = loadShipped(entries, dir);
    expect(first.source).toBe('trained');
    expect(files(dir)).toEqual([`classifier-${cacheKey(entries)}.bin`]);

    const next = loadShipped(entries, dir);
    expect(next.source).toBe('file');
    expect(next.trainedOn).toBe(first.trainedOn);
    expect(Buffer.from(next.model.weights.buffer).equals(Buffer.from(first.model.weights.buffer))).toBe(true);
    for (const h of [0, 1, 4242, 99_999, 262_143]) expect(next.idf(h)).toBe(first.idf(h));
    const reply = featuresOf('Re: Quick question', 'Sounds good, send me a calendar invite for Tuesday.');
    expect(next.model.predict(reply)).toEqual(first.model.predict(reply));
  });

  it('is named by the training replies: one reply changed is a new key, trained anew, and the old file goes', () => {
    const dir = folder();
    loadShipped(entries, dir);
    const changed = entries.map((e, i) => (i === 7 ? { ...e, text: e.text + ' ' } : e));
    expect(cacheKey(changed)).not.toBe(cacheKey(entries));
    expect(loadShipped(changed, dir).source).toBe('trained');
    expect(files(dir)).toEqual([`classifier-${cacheKey(changed)}.bin`]);
  });

  it('is trained anew when damaged, and written whole again', () => {
    const dir = folder();
    loadShipped(entries, dir);
    const [name] = files(dir);
    const whole = readFileSync(join(dir, name!));
    writeFileSync(join(dir, name!), whole.subarray(0, whole.length - 5));
    expect(loadShipped(entries, dir).source).toBe('trained');
    expect(readFileSync(join(dir, name!)).equals(whole)).toBe(true);
    expect(loadShipped(entries, dir).source).toBe('file');
  });

  it('trains, and does not throw, where the folder cannot be written', () => {
    const dir = folder();
    writeFileSync(join(dir, 'not-a-folder'), '');
    const blocked = join(dir, 'not-a-folder', 'cache');
    expect(loadShipped(entries, blocked).source).toBe('trained');
    expect(loadShipped(entries, blocked).source).toBe('trained');
  });
});
