// A search's matches remembered between requests (src/replies/search.ts): valid for one version
// of the workspace's searchable text (migration 0015) and, once the replies added since are
// read and added, for later ones; and the page of a search alone read against them in order,
// whatever the offset or cursor.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import pg from 'pg';
import { uuidv7 } from '../src/db/ids.ts';
import { UuidSet } from '../src/db/reply-sets.ts';
import { planSearch, SearchMemo } from '../src/replies/search.ts';
import { readCounts, searchedTextVersion } from '../src/workspaces/counts.ts';
import { DIALECTS, inbound, makeApp, makeWorkspace } from './helpers.ts';

describe('SearchMemo', () => {
  // n matches at a version, 8 bytes each (as SQLite's rowids)
  const v = (replies: number, edits = 0) => ({ replies, edits });
  const matchSet = (n: number) => ({ set: { size: n, bytes: 8 * n, has: () => true }, mark: 0 });
  const entry = (version: { replies: number; edits: number }, n: number) => ({ version, matches: n, found: matchSet(n), bytes: 8 * n });

  it('answers for its version and later ones while only replies were added, not once a searched text changed', () => {
    const memo = new SearchMemo(4, 800);
    memo.set('a', entry(v(10), 3));
    expect(memo.get('a', v(10))?.matches).toBe(3);
    expect(memo.get('a', v(9))?.matches).toBe(3); // a request that read an older version may see newer matches
    expect(memo.get('a', v(11))).toBeUndefined();
    expect(memo.get('a', v(10, 1))).toBeUndefined();
    expect(memo.get('b', v(10))).toBeUndefined();
  });

  it('shares one read among the requests that miss together, and forgets a failed one', async () => {
    const memo = new SearchMemo(4, 800);
    let reads = 0;
    const read = async () => {
      reads++;
      await new Promise((r) => setTimeout(r, 10));
      return matchSet(3);
    };
    const answers = await Promise.all([memo.getOrFind('a', v(1), read), memo.getOrFind('a', v(1), read), memo.getOrFind('a', v(1), read)]);
    expect(reads).toBe(1);
    expect(answers.map((a) => a.matches)).toEqual([3, 3, 3]);
    await memo.getOrFind('a', v(2), read); // another version: read again
    expect(reads).toBe(2);
    await expect(memo.getOrFind('b', v(1), () => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone');
    expect((await memo.getOrFind('b', v(1), read)).matches).toBe(3);
  });

  it('hands the earlier matches to the read when only replies were added since, and none after an edit or for a count alone', async () => {
    const memo = new SearchMemo(4, 800);
    const given: unknown[] = [];
    const read = (n: number) => async (earlier: unknown) => {
      given.push(earlier);
      return matchSet(n);
    };
    const first = await memo.getOrFind('a', v(10), read(3));
    await memo.getOrFind('a', v(12), read(4));
    await memo.getOrFind('a', v(12, 1), read(4)); // a searched text changed: everything again
    memo.set('big', entry(v(1), 200)); // 1,600 bytes: remembered by its count alone
    await memo.getOrFind('big', v(2), read(201));
    expect(given).toEqual([null, first.found, null, null]);
    expect(memo.get('a', v(12, 1))?.matches).toBe(4);
  });

  it('keeps the later of two reads that finish out of order', () => {
    const memo = new SearchMemo(4, 800);
    memo.set('a', entry(v(12), 5));
    memo.set('a', entry(v(11), 4));
    expect(memo.get('a', v(12))?.matches).toBe(5);
  });

  it('keeps the most recently used within its count and its budget of bytes', () => {
    const memo = new SearchMemo(2, 80);
    memo.set('a', entry(v(1), 4));
    memo.set('b', entry(v(1), 4));
    memo.get('a', v(1)); // a is now the most recent
    memo.set('c', entry(v(1), 1)); // three entries: b, the least recent, goes
    expect(memo.get('b', v(1))).toBeUndefined();
    expect(memo.get('a', v(1))?.found?.set.size).toBe(4);
    memo.set('d', entry(v(1), 8)); // 4 + 8 matches > 10: the older ones go
    expect(memo.get('a', v(1))).toBeUndefined();
    expect(memo.get('d', v(1))?.found?.set.size).toBe(8);
    memo.set('e', entry(v(1), 11)); // more than the whole budget: its count alone is kept
    expect(memo.get('e', v(1))).toMatchObject({ matches: 11, found: null });
    expect(memo.get('d', v(1))?.found?.set.size).toBe(8);
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
    // SQLite's rowid of a reply (null on PostgreSQL, whose sets hold ids)
    const rowidOf = async (id: string) => (dialect === 'sqlite' ? (await sql<{ rowid: number }>`select rowid from replies where id = ${id}`.execute(ctx.db.read)).rows[0]!.rowid : null);

    it('versions the searchable text: a new reply and a changed searched column move it, a status change does not', async () => {
      const first = await post({ body_text: 'Zeppelin schedule?' });
      const v1 = await version();
      await ctx.app.inject({ method: 'PATCH', url: `/api/replies/${first.id}`, headers: ws.headers, payload: { status: 'archived', ai_response: 'Draft' } });
      expect(await version()).toEqual(v1);
      await ctx.db.write((t) => t.updateTable('replies').set({ subject: 'Edited' }).where('id', '=', first.id).execute());
      const v2 = await version();
      expect(v2).toEqual({ replies: v1.replies, edits: v1.edits + 1 });
      await ctx.db.write((t) => t.updateTable('replies').set({ subject: 'Edited' }).where('id', '=', first.id).execute()); // the same text
      expect(await version()).toEqual(v2);
      await post({ body_text: 'Another' });
      expect(await version()).toEqual({ replies: v2.replies + 1, edits: v2.edits });
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

    it('adds the matches of replies added since to the remembered ones instead of reading them all again', async () => {
      const own = await makeWorkspace(ctx.db);
      const memo = new SearchMemo(8, 1 << 20);
      const postTo = async (body_text: string) => (await ctx.app.inject({ method: 'POST', url: '/api/replies', headers: own.headers, payload: inbound({ body_text }) })).json().data as { id: string };
      for (let i = 0; i < 10; i++) await postTo(`Okapi question ${i}`);
      const filter = { search: { words: ['okapi'], lastIsPrefix: false }, now: new Date().toISOString(), newestFirst: true };
      const plan = async () => (await planSearch(ctx.db.read, own.workspace.id, filter, 6, memo))!;
      const first = await plan();
      expect(first).toMatchObject({ matches: 10, order: 'index' });
      const added = [await postTo('Another okapi'), await postTo('Nothing here'), await postTo('And an OKAPI')];
      const second = await plan();
      expect(second.matches).toBe(12);
      expect(second.set).toBe(first.set); // the same set, grown by the two new matches
      expect(second.set!.has({ id: added[0]!.id, received_at: '', rowid: await rowidOf(added[0]!.id) })).toBe(true);
      expect(second.set!.has({ id: added[1]!.id, received_at: '', rowid: await rowidOf(added[1]!.id) })).toBe(false);
      // a changed searched text: every match is read again
      await ctx.db.write((t) => t.updateTable('replies').set({ body_text: 'gone' }).where('id', '=', added[2]!.id).execute());
      const third = await plan();
      expect(third.matches).toBe(11);
      expect(third.set).not.toBe(first.set);
    });

    it.runIf(dialect === 'postgres')('finds a reply whose transaction began before a search and committed after a later one (PostgreSQL commits out of id order)', async () => {
      const own = await makeWorkspace(ctx.db);
      const memo = new SearchMemo(8, 1 << 20);
      const postTo = async (body_text: string, from_email = 'narwhal@example.com') =>
        (await ctx.app.inject({ method: 'POST', url: '/api/replies', headers: own.headers, payload: inbound({ body_text, from_email }) })).json().data as { id: string };
      for (let i = 0; i < 6; i++) await postTo(`Narwhal note ${i}`);
      const template = await postTo('Narwhal template', 'template@example.com');
      const filter = { search: { words: ['narwhal'], lastIsPrefix: false }, now: new Date().toISOString(), newestFirst: true };
      const plan = async () => (await planSearch(ctx.db.read, own.workspace.id, filter, 6, memo))!;
      expect((await plan()).matches).toBe(7);
      // a transaction stores a matching reply and stays open (its rows and counter keys apart from
      // the API's, so nothing waits for it)
      const slow = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await slow.connect();
      const slowId = uuidv7();
      try {
        await slow.query('begin');
        await slow.query('create temp table copied on commit drop as select * from replies where id = $1', [template.id]);
        await slow.query(
          `update copied set id = $1, message_id = 'slow@example.com', body_text = 'Narwhal slow', status = 'archived',
             received_at = '2020-01-01T00:00:00Z', inserted_txid = pg_current_xact_id()::text::bigint`,
          [slowId],
        );
        await slow.query('insert into replies select * from copied');
        await slow.query(
          `insert into workspace_counts (workspace_id, slot, replies_total) values ($1, 1000, 1)
             on conflict (workspace_id, slot) do update set replies_total = workspace_counts.replies_total + 1`,
          [own.workspace.id],
        );
        const before = await plan(); // the open transaction is in this read's snapshot, unseen
        expect(before.matches).toBe(7);
        await postTo('Narwhal fast'); // began after the slow one, commits first
        expect((await plan()).matches).toBe(8);
        await slow.query('commit');
      } finally {
        await slow.end();
      }
      const after = await plan();
      expect(after.matches).toBe(9);
      expect(after.set).toBe((await plan()).set);
      expect(after.set!.has({ id: slowId, received_at: '', rowid: null })).toBe(true);
      const listed = (await ctx.app.inject({ method: 'GET', url: '/api/replies?q=narwhal&limit=50', headers: own.headers })).json();
      expect(listed.pagination.total).toBe(9);
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

describe('UuidSet (PostgreSQL match sets, 16 bytes an id)', () => {
  const entry = (id: string) => ({ id, received_at: '', rowid: null });
  it('finds exactly the ids it was given, in any order, and the ones added later', () => {
    const ids = Array.from({ length: 2000 }, () => uuidv7());
    const shuffled = [...ids].sort(() => Math.random() - 0.5);
    const set = new UuidSet(shuffled.slice(0, 1000));
    expect(set.size).toBe(1000);
    expect(set.bytes).toBe(16_000);
    for (const id of shuffled.slice(0, 1000)) expect(set.has(entry(id))).toBe(true);
    for (const id of shuffled.slice(1000)) expect(set.has(entry(id))).toBe(false);
    set.add(shuffled.slice(1000, 1010));
    set.add(shuffled.slice(0, 5)); // already held: not counted twice
    expect(set.size).toBe(1010);
    for (const id of shuffled.slice(1000, 1010)) expect(set.has(entry(id))).toBe(true);
    // enough additions to be merged into the sorted words
    set.add(shuffled.slice(1010, 2000).concat(Array.from({ length: 4000 }, () => uuidv7())));
    expect(set.size).toBe(6000);
    expect(set.bytes).toBe(96_000);
    for (const id of ids) expect(set.has(entry(id))).toBe(true);
    expect(set.has(entry(uuidv7()))).toBe(false);
    expect(set.has(entry('ffffffff-ffff-7fff-bfff-ffffffffffff'))).toBe(false);
    expect(set.has(entry('00000000-0000-7000-8000-000000000000'))).toBe(false);
  });
});
