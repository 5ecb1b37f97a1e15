// docs/api.md "Inbox queries" on GET /api/replies: every filter alone and combined, with its total;
// cursor pages; and the 400s that name a bad parameter.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planSearch } from '../src/replies/search.ts';
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
        const reply = await post(
          '/api/replies',
          inbound({
            from_email: `sender${i % 3}@prospects.example`,
            received_at: new Date(Date.UTC(2026, 2, 1 + i, 9)).toISOString(),
            client_id: i % 2 ? ids.acme : ids.globex,
            ...(i % 4 === 0 && { connection_id: ids.box }),
          }),
        );
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
        expect(
          page.data.map((r) => r.id),
          query,
        ).toEqual(want);
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

for (const dialect of DIALECTS) {
  describe(`full-text search (${dialect})`, () => {
    let ctx: Awaited<ReturnType<typeof makeApp>>;
    let ws: Awaited<ReturnType<typeof makeWorkspace>>;
    const ids: Record<string, string> = {};
    const search = async (url: string) => {
      const res = await ctx.app.inject({ method: 'GET', url, headers: ws.headers });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res.json() as { data: { id: string }[]; pagination: { total: number; next_cursor: string | null } };
    };
    const found = async (q: string, extra = '') => {
      const page = await search(`/api/replies?q=${encodeURIComponent(q)}${extra}&limit=100`);
      expect(page.pagination.total, q).toBe(page.data.length);
      return page.data.map((r) => Object.keys(ids).find((k) => ids[k] === r.id)).sort();
    };

    beforeAll(async () => {
      ctx = await makeApp(dialect);
      ws = await makeWorkspace(ctx.db);
      const replies: Record<string, Record<string, unknown>> = {
        de: { from_name: 'Jürgen Müller', from_email: 'j.mueller@werkstatt.example', subject: 'AW: Angebot', body_text: 'Vielen Dank, schicken Sie mir bitte die Preise. Mit freundlichen Grüßen' },
        fr: { from_name: 'Chloé Dubois', from_email: 'chloe@maison.example', subject: 'RE: Proposition', body_text: 'Très intéressée, envoyez-moi la proposition détaillée.' },
        es: { from_name: 'José Núñez', from_email: 'jose@empresa.example', subject: 'RE: Propuesta', body_text: 'Señor, ¿cuánto cuesta el plan anual?' },
        nl: { from_name: 'Daan de Vries', from_email: 'daan@bedrijf.example', subject: 'Re: Offerte', body_text: 'Graag een prijsopgave, met vriendelijke groet.' },
        en: { from_name: 'Jane Doe', from_email: 'jane.doe@acme-corp.example', subject: 'Re: Pricing', body_text: 'Send me your pricing, thanks. Jane' },
        en2: { from_name: 'Sam Müller', from_email: 'sam@other.example', subject: 'Re: hello', body_text: 'Not now, maybe in Q3.' },
      };
      for (const [key, fields] of Object.entries(replies)) {
        const res = await ctx.app.inject({ method: 'POST', url: '/api/replies', headers: ws.headers, payload: inbound(fields) });
        ids[key] = res.json().data.id;
      }
    });
    afterAll(() => ctx.close());

    it('finds text in four languages as written, ignoring case and accents', async () => {
      expect(await found('muller')).toEqual(['de', 'en2']);
      expect(await found('MÜLLER')).toEqual(['de', 'en2']);
      expect(await found('grüßen')).toEqual(['de']);
      expect(await found('tres interessee')).toEqual(['fr']);
      expect(await found('Très intéressée')).toEqual(['fr']);
      expect(await found('cuanto cuesta')).toEqual(['es']);
      expect(await found('Núñez')).toEqual(['es']);
      expect(await found('prijsopgave vriendelijke')).toEqual(['nl']);
    });

    it('needs every word, takes the last as a prefix, and searches every field', async () => {
      expect(await found('pric')).toEqual(['en']);
      expect(await found('jane pric')).toEqual(['en']);
      expect(await found('jane preise')).toEqual([]);
      expect(await found('angebot')).toEqual(['de']); // subject
      expect(await found('chloe')).toEqual(['fr']); // name and address
      expect(await found('propos')).toEqual(['fr']); // prefix in the body
      expect(await found('pricingx')).toEqual([]);
    });

    it('finds a sender by the parts of the address and by the whole of it', async () => {
      expect(await found('acme')).toEqual(['en']);
      expect(await found('acme-corp')).toEqual(['en']);
      expect(await found('jane.doe@acme-corp.example')).toEqual(['en']);
      expect(await found('mueller@werkstatt')).toEqual(['de']);
    });

    it('a word in most replies pages in order, whichever way the page is read, and totals from the index', async () => {
      const own = await makeWorkspace(ctx.db);
      const made: { id: string; received_at: string }[] = [];
      for (let i = 0; i < 40; i++) {
        const body = inbound({ body_text: i % 8 === 7 ? 'Nein danke.' : `Bedankt, reply ${i}.`, received_at: new Date(Date.UTC(2026, 2, 1, 0, i % 13, i)).toISOString() });
        made.push((await ctx.app.inject({ method: 'POST', url: '/api/replies', headers: own.headers, payload: body })).json().data);
      }
      const matching = made
        .filter((_, i) => i % 8 !== 7)
        .sort((a, b) => (b.received_at + b.id).localeCompare(a.received_at + a.id))
        .map((r) => r.id);
      // 35 of 40 match: on SQLite the plan walks the list's index instead of sorting every match
      const filter = { search: { words: ['bedankt'], lastIsPrefix: true }, now: new Date().toISOString(), newestFirst: true };
      const plan = await planSearch(ctx.db.read, own.workspace.id, filter, 6);
      expect(plan).toMatchObject({ matches: 35, order: 'index', replies: 40 });
      expect(plan?.set?.size).toBe(35); // the page is read against the matches (search.ts readSearchPage)
      const seen: string[] = [];
      let cursor = '';
      do {
        const res = await ctx.app.inject({ method: 'GET', url: `/api/replies?q=bedankt&limit=5${cursor && `&cursor=${cursor}`}`, headers: own.headers });
        const page = res.json();
        expect(page.pagination.total).toBe(35);
        seen.push(...page.data.map((r: { id: string }) => r.id));
        cursor = page.pagination.next_cursor ?? '';
      } while (cursor);
      expect(seen).toEqual(matching);
      const byOffset = (await ctx.app.inject({ method: 'GET', url: '/api/replies?q=bedankt&limit=5&offset=30', headers: own.headers })).json();
      expect(byOffset.data.map((r: { id: string }) => r.id)).toEqual(matching.slice(30));
      // the other workspace's replies are not counted, though the index holds them
      expect((await search('/api/replies?q=bedankt')).pagination.total).toBe(0);
    });

    it('combines with the other filters and pages by cursor', async () => {
      await ctx.app.inject({ method: 'PATCH', url: `/api/replies/${ids.de}`, headers: ws.headers, payload: { status: 'archived' } });
      expect(await found('muller', '&status=archived')).toEqual(['de']);
      expect(await found('muller', '&status=pending')).toEqual(['en2']);
      const first = await search('/api/replies?q=muller&limit=1');
      expect(first.pagination.total).toBe(2);
      const second = await search(`/api/replies?q=muller&limit=1&cursor=${first.pagination.next_cursor}`);
      expect([...first.data, ...second.data].map((r) => r.id).sort()).toEqual([ids.de, ids.en2].sort());
      expect(second.pagination.next_cursor).toBeNull();
    });

    it('follows a change of a searched field: the new text is found, the old is not', async () => {
      await ctx.db.write((t) => t.updateTable('replies').set({ subject: 'Redacted', body_text: '', updated_at: new Date().toISOString() }).where('id', '=', ids.nl!).execute());
      expect(await found('prijsopgave')).toEqual([]);
      expect(await found('redacted')).toEqual(['nl']);
    });

    it('searches contacts by email, names and company', async () => {
      const contacts = async (q: string) => (await search(`/api/contacts?q=${encodeURIComponent(q)}`)).data.map((c) => (c as unknown as { email: string }).email).sort();
      expect(await contacts('muller')).toEqual(['j.mueller@werkstatt.example', 'sam@other.example']);
      expect(await contacts('jose nunez')).toEqual(['jose@empresa.example']);
      expect(await contacts('bedrijf')).toEqual(['daan@bedrijf.example']);
      const page = await search('/api/contacts?limit=2');
      expect(page.pagination.total).toBe(6);
      const rest = await search(`/api/contacts?limit=10&cursor=${page.pagination.next_cursor}`);
      expect(new Set([...page.data, ...rest.data].map((c) => c.id)).size).toBe(6);
    });

    it('refuses an empty, wordless or over-long q with 400 naming it', async () => {
      for (const [url, message] of [
        ['/api/replies?q=', 'q must not be empty'],
        ['/api/replies?q=%21%3F%20-', 'q must contain a letter or a digit'],
        [`/api/replies?q=${'a'.repeat(201)}`, 'q must be at most 200 characters'],
        ['/api/contacts?q=', 'q must not be empty'],
        ['/api/contacts?cursor=xyz', 'cursor is not a cursor of this list (take pagination.next_cursor of the previous page)'],
      ]) {
        const res = await ctx.app.inject({ method: 'GET', url: url!, headers: ws.headers });
        expect(res.statusCode, url).toBe(400);
        expect(res.json(), url).toEqual({ data: null, error: message });
      }
    });

    it('a whole address is matched whole: its last part is not taken as a prefix', async () => {
      for (const [key, from_email] of [
        ['co', 'ana@acme.co'],
        ['com', 'ana@acme.com'],
      ] as const) {
        ids[key] = (await ctx.app.inject({ method: 'POST', url: '/api/replies', headers: ws.headers, payload: inbound({ from_email, from_name: 'Ana' }) })).json().data.id;
      }
      expect(await found('ana@acme.co')).toEqual(['co']);
      expect(await found('ana@acme.com')).toEqual(['com']);
      expect(await found('ana@acme.c')).toEqual(['co', 'com']); // still typing
      expect(await found('ana acme co')).toEqual(['co', 'com']); // words, not an address: the last is a prefix
    });
  });
}
