import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, inbound, makeApp, makeWorkspace } from './helpers.ts';

const LIST_FIELDS = ['id', 'email', 'first_name', 'last_name', 'company', 'title', 'reply_count', 'last_reply_at', 'created_at', 'do_not_contact', 'bouncing'];
const DETAIL_FIELDS = [
  'id',
  'email',
  'first_name',
  'last_name',
  'company',
  'title',
  'linkedin_url',
  'phone',
  'metadata',
  'reply_count',
  'replies',
  'last_reply_at',
  'created_at',
  'do_not_contact',
  'do_not_contact_since',
  'do_not_contact_reason',
  'bouncing',
  'bouncing_since',
];

for (const dialect of DIALECTS) {
  describe(`contacts (${dialect})`, () => {
    let ctx: Awaited<ReturnType<typeof makeApp>>;
    beforeAll(async () => {
      ctx = await makeApp(dialect);
    });
    afterAll(() => ctx.close());
    const get = (url: string, headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url, headers });
    const post = (url: string, headers: Record<string, string>, payload: object) => ctx.app.inject({ method: 'POST', url, headers, payload });

    it('Unsubscribe chosen by hand marks the contact do-not-contact, as triage does; another category does not', async () => {
      const ws = await makeWorkspace(ctx.db);
      const category = async (name: string) => (await post('/api/categories', ws.headers, { name })).json().data.id as string;
      const [unsubscribe, interested] = [await category('Unsubscribe'), await category('Interested')];
      const reply = (await post('/api/replies', ws.headers, inbound({ from_email: 'done@example.com' }))).json().data;
      const patch = (categoryId: string) => ctx.app.inject({ method: 'PATCH', url: `/api/replies/${reply.id}`, headers: ws.headers, payload: { category_id: categoryId } });
      expect((await patch(interested)).statusCode).toBe(200);
      expect((await get(`/api/contacts/${reply.contact_id}`, ws.headers)).json().data.do_not_contact).toBe(false);
      expect((await patch(unsubscribe)).statusCode).toBe(200);
      expect((await get(`/api/contacts/${reply.contact_id}`, ws.headers)).json().data).toMatchObject({
        do_not_contact: true,
        do_not_contact_since: expect.any(String),
        do_not_contact_reason: `Unsubscribe chosen by hand for reply ${reply.id}`,
      });
      const send = await post(`/api/replies/${reply.id}/send`, ws.headers, { message: 'One more thing…' });
      expect(send.statusCode).toBe(409);
    });

    it('lists contacts by latest reply, newest first, with exactly the list fields', async () => {
      const ws = await makeWorkspace(ctx.db);
      await post('/api/replies', ws.headers, inbound({ from_email: 'old@example.com', received_at: '2026-01-01T00:00:00Z' }));
      await post('/api/replies', ws.headers, inbound({ from_email: 'new@example.com', received_at: '2026-02-01T00:00:00Z' }));
      // a late reply from the first contact moves it to the top
      await post('/api/replies', ws.headers, inbound({ from_email: 'old@example.com', received_at: '2026-03-01T00:00:00Z' }));
      const body = (await get('/api/contacts', ws.headers)).json();
      expect(body.data.map((c: { email: string }) => c.email)).toEqual(['old@example.com', 'new@example.com']);
      expect(body.data[0]).toMatchObject({ reply_count: 2, last_reply_at: '2026-03-01T00:00:00.000Z' });
      for (const item of body.data) expect(Object.keys(item)).toEqual(LIST_FIELDS);
      expect(body.pagination).toEqual({ total: 2, limit: 20, offset: 0, hasMore: false, next_cursor: null });
      const page2 = (await get('/api/contacts?limit=1&offset=1', ws.headers)).json();
      expect(page2.data.map((c: { email: string }) => c.email)).toEqual(['new@example.com']);
      expect(page2.pagination).toEqual({ total: 2, limit: 1, offset: 1, hasMore: false, next_cursor: null });
    });

    it('deep contact pages match the first-page order exactly', async () => {
      const ws = await makeWorkspace(ctx.db);
      for (let i = 0; i < 55; i++) await post('/api/replies', ws.headers, inbound({ received_at: new Date(Date.UTC(2026, 0, 1, 0, Math.floor(i / 2))).toISOString() }));
      const all = (await get('/api/contacts?limit=100', ws.headers)).json().data.map((c: { id: string }) => c.id);
      expect(all).toHaveLength(55);
      for (const offset of [41, 48]) {
        const page = (await get(`/api/contacts?limit=5&offset=${offset}`, ws.headers)).json().data.map((c: { id: string }) => c.id);
        expect(page).toEqual(all.slice(offset, offset + 5));
      }
    });

    it('reads one contact in full, with its replies and their category names', async () => {
      const ws = await makeWorkspace(ctx.db);
      const cat = (await post('/api/categories', ws.headers, { name: 'Interested', is_positive: true })).json().data;
      const contact = {
        first_name: 'Grace',
        last_name: 'Hopper',
        company: 'Navy',
        title: 'Rear Admiral',
        linkedin_url: 'https://linkedin.com/in/grace',
        phone: '+1 555',
        metadata: { source: 'apollo', score: 9 },
      };
      const first = (await post('/api/replies', ws.headers, inbound({ from_email: 'grace@example.com', subject: 'Re: one', received_at: '2026-01-01T00:00:00Z', contact }))).json().data;
      await post('/api/replies', ws.headers, inbound({ from_email: 'grace@example.com', subject: 'Re: two', received_at: '2026-01-02T00:00:00Z' }));
      await ctx.app.inject({ method: 'PATCH', url: `/api/replies/${first.id}`, headers: ws.headers, payload: { category_id: cat.id } });
      const res = await get(`/api/contacts/${first.contact_id}`, ws.headers);
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(Object.keys(data)).toEqual(DETAIL_FIELDS);
      expect(data).toMatchObject({ email: 'grace@example.com', ...contact, reply_count: 2, last_reply_at: '2026-01-02T00:00:00.000Z' });
      expect(data.replies).toEqual([
        { id: expect.any(String), subject: 'Re: two', status: 'pending', category: null, received_at: '2026-01-02T00:00:00.000Z' },
        { id: first.id, subject: 'Re: one', status: 'pending', category: 'Interested', received_at: '2026-01-01T00:00:00.000Z' },
      ]);
    });

    it('newer contact details overwrite older ones; details left out are kept', async () => {
      const ws = await makeWorkspace(ctx.db);
      const a = (await post('/api/replies', ws.headers, inbound({ from_email: 'lin@example.com', contact: { first_name: 'Lin', company: 'Old Co', title: 'CTO' } }))).json().data;
      await post('/api/replies', ws.headers, inbound({ from_email: 'lin@example.com', contact: { company: 'New Co' } }));
      const data = (await get(`/api/contacts/${a.contact_id}`, ws.headers)).json().data;
      expect(data).toMatchObject({ first_name: 'Lin', company: 'New Co', title: 'CTO' });
    });

    it('answers 404 "Contact not found" for an unknown id', async () => {
      const ws = await makeWorkspace(ctx.db);
      const res = await get('/api/contacts/00000000-0000-4000-8000-000000000000', ws.headers);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ data: null, error: 'Contact not found' });
    });

    for (const [query, message] of [
      ['limit=0', 'limit must be at least 1'],
      ['offset=-3', 'offset must be at least 0'],
      ['limit=x', 'limit must be an integer'],
    ]) {
      it(`answers ?${query} with 400 "${message}"`, async () => {
        const ws = await makeWorkspace(ctx.db);
        const res = await get(`/api/contacts?${query}`, ws.headers);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ data: null, error: message });
      });
    }
  });

  describe(`categories, clients and connections (${dialect})`, () => {
    let ctx: Awaited<ReturnType<typeof makeApp>>;
    beforeAll(async () => {
      ctx = await makeApp(dialect);
    });
    afterAll(() => ctx.close());
    const post = (url: string, headers: Record<string, string>, payload: unknown) => ctx.app.inject({ method: 'POST', url, headers, payload: payload as object });

    it('creates and lists categories', async () => {
      const ws = await makeWorkspace(ctx.db);
      const res = await post('/api/categories', ws.headers, { name: 'Interested', color: '#22C55E', is_positive: true });
      expect(res.statusCode).toBe(201);
      const created = res.json().data;
      expect(created).toEqual({ id: expect.any(String), name: 'Interested', color: '#22c55e', is_positive: true, drafts: false, template: null, created_at: expect.any(String) });
      const other = (await post('/api/categories', ws.headers, { name: 'Out of office' })).json().data;
      expect(other).toMatchObject({ color: '#6b7280', is_positive: false });
      const list = (await ctx.app.inject({ method: 'GET', url: '/api/categories', headers: ws.headers })).json();
      expect(list).toEqual({ data: [created, other], pagination: { total: 2, limit: 20, offset: 0, hasMore: false } });
    });

    it('refuses a duplicate category name with 409', async () => {
      const ws = await makeWorkspace(ctx.db);
      await post('/api/categories', ws.headers, { name: 'Referral' });
      const res = await post('/api/categories', ws.headers, { name: 'Referral' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ data: null, error: 'A category named "Referral" already exists' });
    });

    it('creates and lists clients and connections', async () => {
      const ws = await makeWorkspace(ctx.db);
      const client = await post('/api/clients', ws.headers, { name: 'Catalyst Growth', service_description: 'Cold email for fintech' });
      expect(client.statusCode).toBe(201);
      expect(client.json().data).toEqual({
        id: expect.any(String),
        name: 'Catalyst Growth',
        service_description: 'Cold email for fintech',
        round_robin: [],
        weekly_report_to: [],
        created_at: expect.any(String),
      });
      const conn = await post('/api/connections', ws.headers, { name: 'Sam', email: 'sam@outreach.example.org' });
      expect(conn.statusCode).toBe(201);
      const reply = await post('/api/replies', ws.headers, inbound({ client_id: client.json().data.id, connection_id: conn.json().data.id }));
      expect(reply.json().data).toMatchObject({ client_id: client.json().data.id, connection_id: conn.json().data.id });
      expect((await ctx.app.inject({ method: 'GET', url: '/api/clients', headers: ws.headers })).json().pagination.total).toBe(1);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/connections', headers: ws.headers })).json().data[0].email).toBe('sam@outreach.example.org');
    });

    const BAD: [string, unknown, string][] = [
      ['/api/categories', {}, 'name is required'],
      ['/api/categories', { name: '' }, 'name must not be empty'],
      ['/api/categories', { name: '   ' }, 'name must not be empty'],
      ['/api/categories', { name: 'X', color: 'green' }, 'color has an invalid format'],
      ['/api/categories', { name: 'X', is_positive: 'yes' }, 'is_positive must be a boolean'],
      ['/api/categories', { name: 'X', extra: 1 }, 'Unknown field in request body: extra'],
      ['/api/clients', { service_description: 'x' }, 'name is required'],
      ['/api/clients', { name: 7 }, 'name must be a string'],
      ['/api/connections', { name: 'Sam', email: 'nope' }, 'email must be a valid email address'],
    ];
    for (const [url, body, message] of BAD) {
      it(`POST ${url} ${JSON.stringify(body)} → 400 "${message}", nothing created`, async () => {
        const ws = await makeWorkspace(ctx.db);
        const res = await post(url, ws.headers, body);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ data: null, error: message });
        expect((await ctx.app.inject({ method: 'GET', url, headers: ws.headers })).json().pagination.total).toBe(0);
      });
    }
  });
}
