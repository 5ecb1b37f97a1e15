import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_HEAP_GROWTH_PERCENT, loadConfig } from '../src/config/index.ts';

const run = promisify(execFile);
const FIXTURE = path.resolve(import.meta.dirname, 'fixtures', 'heap-growth.mjs');

/** The largest heap of the fixture's allocation pattern, in MiB, with the growth given. */
async function peakHeap(percent: number) {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', FIXTURE, String(percent)], { cwd: path.resolve(import.meta.dirname, '..') });
  return Number(stdout.trim());
}

describe('HEAP_GROWTH_PERCENT', () => {
  it('keeps the heap smaller than V8 alone would, set in a process that is already running', async () => {
    const [v8Own, limited] = await Promise.all([peakHeap(0), peakHeap(DEFAULT_HEAP_GROWTH_PERCENT)]);
    // measured: 143–151 MiB against 87–88
    expect(limited).toBeGreaterThan(0);
    expect(limited).toBeLessThan(v8Own * 0.8);
  });

  it('defaults to 50 and refuses what is not a whole number from 0 to 1000', () => {
    expect(loadConfig({}).heapGrowthPercent).toBe(50);
    expect(loadConfig({ HEAP_GROWTH_PERCENT: '0' }).heapGrowthPercent).toBe(0);
    for (const bad of ['-1', '1001', '12.5', 'lots']) {
      expect(() => loadConfig({ HEAP_GROWTH_PERCENT: bad })).toThrow(ConfigError);
    }
    expect(() => loadConfig({ HEAP_GROWTH_PERCENT: 'lots' })).toThrow("HEAP_GROWTH_PERCENT: expected a whole number from 0 (V8's own) to 1000, e.g. 50");
  });
});
