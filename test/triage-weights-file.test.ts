// The shipped classifier's weights kept on disk between processes (src/triage/local/weights-file.ts,
// docs/triage.md "Start-up"): read back exactly as trained, and anything else — another corpus,
// a damaged file, a folder that cannot be written — means training, never a wrong model.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { isFitted, loadCorpus, type CorpusEntry } from '../src/triage/local/corpus.ts';
import { cacheKey, featuresOf, loadShipped } from '../src/triage/local/shipped.ts';

let entries: CorpusEntry[];
beforeAll(() => {
  entries = loadCorpus()
    .filter(isFitted)
    .filter((_, i) => i % 20 === 0);
});
const execFileAsync = promisify(execFile);
const ROOT = join(import.meta.dirname, '..');
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
    expect(next.weights.length).toBe(4); // the linear model's, then the hidden layer's table, row scales and the rest
    next.weights.forEach((w, i) => expect(Buffer.from(w.buffer).equals(Buffer.from(first.weights[i]!.buffer))).toBe(true));
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

describe('the classifier weights file, two processes at once', () => {
  it('both write one folder; the file left is whole, no temporary file stays, and a third process reads it', async () => {
    const dir = folder();
    const script = [
      "import { isFitted, loadCorpus } from './src/triage/local/corpus.ts';",
      "import { loadShipped } from './src/triage/local/shipped.ts';",
      'const entries = loadCorpus().filter(isFitted).filter((_, i) => i % 20 === 0);',
      'const s = loadShipped(entries, process.argv[1]);',
      'let sum = 0; for (const part of s.weights) for (const w of part) sum += w;',
      'console.log(JSON.stringify({ source: s.source, sum }));',
    ].join('\n');
    const run = async () => {
      const { stdout } = await execFileAsync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, dir], { cwd: ROOT });
      return JSON.parse(stdout.trim().split('\n').pop()!) as { source: string; sum: number };
    };
    const [a, b] = await Promise.all([run(), run()]);
    // usually both train (neither finds a file); one that starts late may read the other's
    expect([a.source, b.source]).toContain('trained');
    expect(b.sum).toBe(a.sum);
    expect(readdirSync(dir)).toEqual([`classifier-${cacheKey(entries)}.bin`]); // no temporary file left behind
    const c = await run();
    expect(c).toEqual({ source: 'file', sum: a.sum });
  }, 120_000);
});
