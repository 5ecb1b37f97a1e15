import { describe, expect, it } from 'vitest';
import { FixedTextMemo } from '../src/replies/list-page.ts';

const text = (n: number) => ({ head: `{"id":"${n}"`, middle: '"client_id":null', end: '"created_at":"2026-01-01T00:00:00.000Z"}' });

describe('the list page memo', () => {
  it('answers only for the updated_at an entry was read at', () => {
    const memo = new FixedTextMemo(10);
    memo.set('a', '2026-01-01T00:00:00.000Z', text(1));
    expect(memo.get('a', '2026-01-01T00:00:00.000Z')).toMatchObject(text(1));
    expect(memo.get('a', '2026-01-02T00:00:00.000Z')).toBeUndefined();
    memo.set('a', '2026-01-02T00:00:00.000Z', text(2));
    expect(memo.get('a', '2026-01-02T00:00:00.000Z')).toMatchObject(text(2));
    expect(memo.get('a', '2026-01-01T00:00:00.000Z')).toBeUndefined();
    expect(memo.size).toBe(1);
  });

  it('holds at most its capacity, dropping the oldest entry first', () => {
    const memo = new FixedTextMemo(3);
    for (const id of ['a', 'b', 'c', 'd']) memo.set(id, 't', text(id.charCodeAt(0)));
    expect(memo.size).toBe(3);
    expect(memo.get('a', 't')).toBeUndefined();
    expect(memo.get('d', 't')).toBeDefined();
  });
});
