// CONTRACT "Inbox queries" on GET /api/replies: every filter alone and combined, with its total;
// cursor pages; and the 400s that name a bad parameter.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, inbound, makeApp, makeWorkspace } from './helpers.ts';

type Item = { id: string; status: string; client_id: string | null; connection_id: string | null; contact_id: string; category_id: string | null; received_at: string };

for (const dialect of DIALECTS) {
  describe(`inbox queries (${dialect})`, () => {
    let ctx: Awaited<ReturnType<typeof makeApp>>;
    let ws: Awaited<ReturnType<typeof makeWorkspace>>;
    const ids: Record<string, string> = {};
    let all: Item[] = [];

    const get = (query: string) => ctx.app.inject({ method: 'GET', url: `/api/replies?${query}`, headers: ws.headers });
    const list = async (query: string) => {
      const res = await get(query);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
      return res.json() as { data: Item[]; pagination: { total: number; hasMore: boolean; next_cursor: string | null } };
    };
    const post = async (url: string, payload: object) => (await ctx.app.inject({ method: 'POST', url, headers: ws.headers, payload })).json().data;
    // the expected answer, worked out here from every reply: newest first
    const expected = (keep: (r: Item) => boolean) => all.filter(keep).map((r) => r.id);

    beforeAll(async () => {
      ctx = await makeApp(dialect);
      ws = await makeWorkspace(ctx.db);
      ids.hot = (await post('/api/categories', { name: 'Interested' })).id;
      ids.cold = (await post('/api/categories', { name: 'Not interested' })).id;
      ids.acme = (await post('/api/clients', { name: 'Acme' })).id;
      ids.globex = (await post('/api/clients', { name: 'Globex' })).id;
      ids.box = (await post('/api/connections', { name: 'Box', email: 'box@agency.example' })).id;
      // 14 replies over 14 days, three senders, two clients, one mailbox for some
      for (let i = 0; i < 14; i++) {
        const reply = await post('/api/replies', inbound({
          from_email: `sender${i % 3}@prospects.example`,
          received_at: new Date(Date.UTC(2026, 2, 1 + i, 9)).toISOString(),
          client_id: i % 2 ? ids.acme : ids.globex,
          ...(i % 4 === 0 && { connection_id: ids.box }),
        }));
        const patch = i % 3 === 0 ? { category_id: ids.hot, status: 'ready' } : i % 3 === 1 ? { category_id: ids.cold, status: 'archived' } : {};
        if (Object.keys(patch).length) await ctx.app.inject({ method: 'PATCH', url: `/api/replies/${reply.id}`, headers: ws.headers, payload: patch });
      }
      all = (await list('limit=100')).data;
      expect(all).toHaveLength(14);
    });
    afterAll(() => ctx.close());

    it('filters by each field alone, with the matching total', async () => {
      const cases: [string, (r: Item) => boolean][] = [
        ['status=ready', (r) => r.status === 'ready'],
        ['status=pending,archived', (r) => r.status === 'pending' || r.status === 'archived'],
        [`category_id=${ids.hot}`, (r) => r.category_id === ids.hot],
        ['category_id=none', (r) => r.category_id === null],
        [`client_id=${ids.acme}`, (r) => r.client_id === ids.acme],
        [`connection_id=${ids.box}`, (r) => r.connection_id === ids.box],
        [`contact_id=${all[0]!.contact_id}`, (r) => r.contact_id === all[0]!.contact_id],
        ['received_after=2026-03-05T09:00:00Z', (r) => r.received_at >= '2026-03-05T09:00:00.000Z'],
        ['received_before=2026-03-05T09:00:00Z', (r) => r.received_at < '2026-03-05T09:00:00.000Z'],
        ['snoozed=false', () => true],
        ['snoozed=true', () => false],
      ];
      for (const [query, keep] of cases) {
        const page = await list(`${query}&limit=100`);
        const want = expected(keep);
        expect(want.length === 0 || want.length < 14 || query.startsWith('snoozed'), query).toBe(true);
        expect(page.data.map((r) => r.id), query).toEqual(want);
        expect(page.pagination.total, query).toBe(want.length);
      }
    });

    it('combines filters with AND, and totals the combination', async () => {
      const query = `status=ready,pending&client_id=${ids.globex}&received_after=2026-03-03T00:00:00Z&received_before=2026-03-13T00:00:00Z`;
      const want = expected((r) => ['ready', 'pending'].includes(r.status) && r.client_id === ids.globex && r.received_at >= '2026-03-03T00:00:00.000Z' && r.received_at < '2026-03-13T00:00:00.000Z');
      expect(want.length).toBeGreaterThan(1);
      const page = await list(`${query}&limit=2`);
      expect(page.data.map((r) => r.id)).toEqual(want.slice(0, 2));
      expect(page.pagination.total).toBe(want.length);
      expect(page.pagination.hasMore).toBe(want.length > 2);
    });

    it('an id that names nothing in the workspace gives an empty list, not an error', async () => {
      const page = await list('client_id=0190f5a2-7c3e-7d1a-9b2e-4f6a8c0d1e2f');
      expect(page).toEqual({ data: [], pagination: { total: 0, limit: 20, offset: 0, hasMore: false, next_cursor: null } });
    });

    it('sorts oldest first on request', async () => {
      const page = await list('sort=received_at&limit=100');
      expect(page.data.map((r) => r.id)).toEqual([...all].reverse().map((r) => r.id));
    });

    it('walks every reply once by cursor, in order, while new replies arrive', async () => {
      for (const sort of ['-received_at', 'received_at']) {
        const want = (await list(`sort=${sort}&limit=100`)).data.map((r) => r.id);
        const seen: string[] = [];
        let query = `sort=${sort}&limit=4`;
        for (let round = 0; round < 10; round++) {
          const page = await list(query);
          seen.push(...page.data.map((r) => r.id));
          expect(page.pagination.total).toBeGreaterThanOrEqual(want.length);
          // a reply arriving between pages, dated inside the range already walked (newest first)
          // or before it (oldest first): the walk neither repeats nor skips a reply it promised
          if (round === 1) await post('/api/replies', inbound({ received_at: sort === 'received_at' ? '2026-02-01T00:00:00.000Z' : '2026-04-01T00:00:00.000Z' }));
          if (!page.pagination.next_cursor) break;
          expect(page.pagination.hasMore).toBe(true);
          query = `sort=${sort}&limit=4&cursor=${page.pagination.next_cursor}`;
        }
        expect(seen, sort).toEqual(want);
      }
    });

    it('a cursor keeps the filters it is used with', async () => {
      const first = await list(`client_id=${ids.acme}&limit=3`);
      const next = await list(`client_id=${ids.acme}&limit=3&cursor=${first.pagination.next_cursor}`);
      const want = expected((r) => r.client_id === ids.acme);
      expect([...first.data, ...next.data].map((r) => r.id)).toEqual(want.slice(0, 6));
    });

    it('refuses each bad value with 400 naming the parameter, and changes nothing', async () => {
      const before = (await list('limit=100')).data;
      const cursor = (await list('limit=1')).pagination.next_cursor!;
      const cases: [string, RegExp][] = [
        ['status=deleted', /^status must be one of pending, ready, sent, archived$/],
        ['status=pending,', /^status must be one of/],
        ['category_id=interested', /^category_id /],
        ['client_id=acme', /^client_id must be/],
        ['connection_id=1', /^connection_id must be/],
        ['contact_id=', /^contact_id must be/],
        ['received_after=yesterday', /^received_after must be an ISO 8601 date-time/],
        ['received_before=2026-02-30T00:00:00Z', /^received_before must be an ISO 8601 date-time/],
        ['sort=name', /^sort must be one of -received_at, received_at$/],
        ['snoozed=maybe', /^snoozed must be a boolean$/],
        ['cursor=nonsense', /^cursor is not a cursor of this list/],
        [`cursor=${cursor}&sort=received_at`, /^cursor is not a cursor of this list/],
        [`cursor=${cursor}&offset=5`, /^cursor and offset cannot be combined/],
        ['clinet_id=0190f5a2-7c3e-7d1a-9b2e-4f6a8c0d1e2f', /^Unknown query parameter: "clinet_id" \(this endpoint takes status, category_id, client_id, /],
      ];
      for (const [query, message] of cases) {
        const res = await get(query);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().data, query).toBeNull();
        expect(res.json().error, query).toMatch(message);
      }
      // the other endpoints refuse unknown parameters too
      for (const url of ['/api/contacts?sort=name', '/api/categories?q=x', `/api/replies/${all[0]!.id}?expand=thread`]) {
        const res = await ctx.app.inject({ method: 'GET', url, headers: ws.headers });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().error, url).toMatch(/^Unknown query parameter: /);
      }
      expect((await list('limit=100')).data).toEqual(before);
    });
  });
}
