// A search's matches remembered between requests (src/replies/search.ts): valid for exactly one
// version of the workspace's searchable text (migration 0015), and the page of a search alone
// read against them (SQLite) in order, whatever the offset or cursor.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchMemo } from '../src/replies/search.ts';
import { readCounts, searchedTextVersion } from '../src/workspaces/counts.ts';
import { DIALECTS, inbound, makeApp, makeWorkspace } from './helpers.ts';

describe('SearchMemo', () => {
  // a set of n matches, 8 bytes each (as SQLite's rowids)
  const entry = (version: string, n: number) => ({ version, matches: n, set: { size: n, bytes: 8 * n, has: () => true } });

  it('answers only for the version it was given', () => {
    const memo = new SearchMemo(4, 800);
    memo.set('a', entry('10.0', 3));
    expect(memo.get('a', '10.0')?.matches).toBe(3);
    expect(memo.get('a', '11.0')).toBeUndefined();
    expect(memo.get('a', '10.1')).toBeUndefined();
    expect(memo.get('b', '10.0')).toBeUndefined();
  });

  it('shares one search among the requests that miss together, and forgets a failed one', async () => {
    const memo = new SearchMemo(4, 800);
    let finds = 0;
    const find = async () => {
      finds++;
      await new Promise((r) => setTimeout(r, 10));
      return entry('1', 3).set;
    };
    const answers = await Promise.all([memo.getOrFind('a', '1', find), memo.getOrFind('a', '1', find), memo.getOrFind('a', '1', find)]);
    expect(finds).toBe(1);
    expect(answers.map((a) => a.matches)).toEqual([3, 3, 3]);
    await memo.getOrFind('a', '2', find); // another version: found again
    expect(finds).toBe(2);
    await expect(memo.getOrFind('b', '1', () => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone');
    expect((await memo.getOrFind('b', '1', find)).matches).toBe(3);
  });

  it('keeps the most recently used within its count and its budget of bytes', () => {
    const memo = new SearchMemo(2, 80);
    memo.set('a', entry('1', 4));
    memo.set('b', entry('1', 4));
    memo.get('a', '1'); // a is now the most recent
    memo.set('c', entry('1', 1)); // three entries: b, the least recent, goes
    expect(memo.get('b', '1')).toBeUndefined();
    expect(memo.get('a', '1')?.set?.size).toBe(4);
    memo.set('d', entry('1', 8)); // 4 + 8 matches > 10: the older ones go
    expect(memo.get('a', '1')).toBeUndefined();
    expect(memo.get('d', '1')?.set?.size).toBe(8);
    memo.set('e', entry('1', 11)); // more than the whole budget: its count alone is kept
    expect(memo.get('e', '1')).toMatchObject({ matches: 11, set: null });
    expect(memo.get('d', '1')?.set?.size).toBe(8);
  });
});

for (const dialect of DIALECTS) {
  describe(`remembered searches (${dialect})`, () => {
    let ctx: Awaited<ReturnType<typeof makeApp>>;
    let ws: Awaited<ReturnType<typeof makeWorkspace>>;
    beforeAll(async () => {
      ctx = await makeApp(dialect);
      ws = await makeWorkspace(ctx.db);
    });
    afterAll(() => ctx.close());

    const post = async (body: Record<string, unknown>) =>
      (await ctx.app.inject({ method: 'POST', url: '/api/replies', headers: ws.headers, payload: inbound(body) })).json().data as { id: string; received_at: string };
    const search = async (query: string) => {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/replies?${query}`, headers: ws.headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { data: { id: string }[]; pagination: { total: number; next_cursor: string | null } };
    };
    const version = async () => searchedTextVersion(await readCounts(ctx.db.read, ws.workspace.id));

    it('versions the searchable text: a new reply and a changed searched column move it, a status change does not', async () => {
      const first = await post({ body_text: 'Zeppelin schedule?' });
      const v1 = await version();
      await ctx.app.inject({ method: 'PATCH', url: `/api/replies/${first.id}`, headers: ws.headers, payload: { status: 'archived', ai_response: 'Draft' } });
      expect(await version()).toBe(v1);
      await ctx.db.write((t) => t.updateTable('replies').set({ subject: 'Edited' }).where('id', '=', first.id).execute());
      const v2 = await version();
      expect(v2).not.toBe(v1);
      await ctx.db.write((t) => t.updateTable('replies').set({ subject: 'Edited' }).where('id', '=', first.id).execute()); // the same text
      expect(await version()).toBe(v2);
      await post({ body_text: 'Another' });
      expect(await version()).not.toBe(v2);
    });

    it('a repeated search sees every reply added and every searched text changed since', async () => {
      const made = [await post({ body_text: 'Quokka pricing?' }), await post({ body_text: 'Quokka again' })];
      expect((await search('q=quokka')).pagination.total).toBe(2);
      expect((await search('q=quokka')).pagination.total).toBe(2);
      made.push(await post({ body_text: 'A third quokka' }));
      expect((await search('q=quokka')).data.map((r) => r.id).sort()).toEqual(made.map((r) => r.id).sort());
      await ctx.db.write((t) => t.updateTable('replies').set({ body_text: 'nothing here' }).where('id', '=', made[0]!.id).execute());
      const after = await search('q=quokka');
      expect(after.pagination.total).toBe(2);
      expect(after.data.map((r) => r.id)).not.toContain(made[0]!.id);
      // the same words in another workspace are another search
      const other = await makeWorkspace(ctx.db);
      const res = await ctx.app.inject({ method: 'GET', url: '/api/replies?q=quokka', headers: other.headers });
      expect(res.json().pagination.total).toBe(0);
    });

    it('pages a common word in order when the newest replies hold none of it (the walk of the list index takes several chunks)', async () => {
      const own = await makeWorkspace(ctx.db);
      const made: { id: string; received_at: string; hit: boolean }[] = [];
      // 200 replies: the 80 newest lack the word, the 120 older ones have it
      for (let i = 0; i < 200; i++) {
        const hit = i < 120;
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/replies',
          headers: own.headers,
          payload: inbound({
            body_text: hit ? `Walrus question ${i}` : `Nothing to see ${i}`,
            received_at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
          }),
        });
        made.push({ ...res.json().data, hit });
      }
      const expected = made
        .filter((r) => r.hit)
        .sort((a, b) => (b.received_at + b.id).localeCompare(a.received_at + a.id))
        .map((r) => r.id);
      const get = async (query: string) => (await ctx.app.inject({ method: 'GET', url: `/api/replies?${query}`, headers: own.headers })).json();
      const first = await get('q=walrus&limit=5');
      expect(first.pagination.total).toBe(120);
      expect(first.data.map((r: { id: string }) => r.id)).toEqual(expected.slice(0, 5));
      expect((await get('q=walrus&limit=7&offset=110')).data.map((r: { id: string }) => r.id)).toEqual(expected.slice(110, 117));
      expect((await get('q=walrus&limit=5&offset=118')).data.map((r: { id: string }) => r.id)).toEqual(expected.slice(118));
      const oldest = await get('q=walrus&limit=4&sort=received_at');
      expect(oldest.data.map((r: { id: string }) => r.id)).toEqual(expected.slice(-4).reverse());
      const seen: string[] = [];
      let cursor = '';
      do {
        const page = await get(`q=walrus&limit=50${cursor && `&cursor=${cursor}`}`);
        seen.push(...page.data.map((r: { id: string }) => r.id));
        cursor = page.pagination.next_cursor ?? '';
      } while (cursor);
      expect(seen).toEqual(expected);
    });
  });
}
