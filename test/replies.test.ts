import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, inbound, makeApp, makeWorkspace, subscribeToAllEvents } from './helpers.ts';

type Ctx = Awaited<ReturnType<typeof makeApp>>;

const LIST_FIELDS = [
  'id',
  'from_email',
  'from_name',
  'to_email',
  'subject',
  'body_text',
  'body_html',
  'status',
  'category_id',
  'category',
  'ai_response',
  'sent_response',
  'client_id',
  'connection_id',
  'contact_id',
  'received_at',
  'handled_at',
  'snoozed_until',
  'assignee',
  'created_at',
];
const DETAIL_FIELDS = [...LIST_FIELDS, 'updated_at', 'client', 'contact', 'thread', 'outgoing', 'attachments', 'notes', 'activity', 'triage'];

for (const dialect of DIALECTS) {
  describe(`replies (${dialect})`, () => {
    let ctx: Ctx;
    beforeAll(async () => {
      ctx = await makeApp(dialect);
    });
    afterAll(() => ctx.close());

    const call = (method: string, url: string, headers: Record<string, string>, payload?: unknown) =>
      ctx.app.inject({ method: method as 'GET', url, headers, ...(payload !== undefined && { payload: payload as object }) });

    async function workspaceWithReplies(n: number) {
      const ws = await makeWorkspace(ctx.db);
      const ids: string[] = [];
      for (let i = 0; i < n; i++) {
        const res = await call('POST', '/api/replies', ws.headers, inbound({ received_at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString() }));
        expect(res.statusCode).toBe(201);
        ids.push(res.json().data.id);
      }
      return { ...ws, ids };
    }

    describe('POST /api/replies (ingestion)', () => {
      it('stores a reply as pending and answers 201 with the single-read form', async () => {
        const ws = await makeWorkspace(ctx.db);
        const client = (await call('POST', '/api/clients', ws.headers, { name: 'Brightpath', service_description: 'Lead gen' })).json().data;
        const body = inbound({
          client_id: client.id,
          contact: { first_name: 'Ada', last_name: 'Lovelace', company: 'Analytical Engines', title: 'CTO', phone: '+44 1', linkedin_url: 'https://linkedin.com/in/ada', metadata: { tier: 'A' } },
        });
        const res = await call('POST', '/api/replies', ws.headers, body);
        expect(res.statusCode).toBe(201);
        const data = res.json().data;
        expect(Object.keys(data).sort()).toEqual([...DETAIL_FIELDS].sort());
        expect(data).toMatchObject({
          from_email: body.from_email,
          from_name: 'Ada Lovelace',
          to_email: body.to_email,
          subject: body.subject,
          body_text: body.body_text,
          body_html: body.body_html,
          status: 'pending',
          category_id: null,
          category: null,
          ai_response: null,
          sent_response: null,
          client_id: client.id,
          connection_id: null,
          received_at: body.received_at,
          handled_at: null,
          snoozed_until: null,
          client: { id: client.id, name: 'Brightpath', service_description: 'Lead gen' },
          contact: { email: body.from_email, first_name: 'Ada', last_name: 'Lovelace', company: 'Analytical Engines', do_not_contact: false },
          thread: body.thread,
        });
        expect(data.id).toMatch(/^[0-9a-f-]{36}$/);
        // what was answered is what is stored
        const read = await call('GET', `/api/replies/${data.id}`, ws.headers);
        expect(read.json().data).toEqual(data);
      });

      it("takes the mailbox from to_email when it is a connected mailbox's address (any case) and no connection_id is given; null means none", async () => {
        const ws = await makeWorkspace(ctx.db);
        const mailbox = await call('POST', '/api/connections', ws.headers, { name: 'Sam', email: 'Sam@Outreach.example' });
        expect(mailbox.statusCode, mailbox.body).toBe(201);
        const id = mailbox.json().data.id as string;
        const through = await call('POST', '/api/replies', ws.headers, inbound({ to_email: 'sam@outreach.EXAMPLE' }));
        expect(through.json().data.connection_id).toBe(id);
        const none = await call('POST', '/api/replies', ws.headers, inbound({ to_email: 'sam@outreach.example', connection_id: null }));
        expect(none.json().data.connection_id).toBeNull();
        const elsewhere = await call('POST', '/api/replies', ws.headers, inbound({ to_email: 'someone@else.example' }));
        expect(elsewhere.json().data.connection_id).toBeNull();
        // another workspace's mailbox at the same address is not this one's
        const other = await makeWorkspace(ctx.db);
        expect((await call('POST', '/api/replies', other.headers, inbound({ to_email: 'sam@outreach.example' }))).json().data.connection_id).toBeNull();
      });

      it('finds the contact by from_email, case-insensitively, and keeps reply_count and last_reply_at right', async () => {
        const ws = await makeWorkspace(ctx.db);
        const a = await call('POST', '/api/replies', ws.headers, inbound({ from_email: 'Grace@Example.com', received_at: '2026-02-01T10:00:00Z' }));
        const b = await call('POST', '/api/replies', ws.headers, inbound({ from_email: 'grace@example.com', received_at: '2026-03-01T10:00:00Z' }));
        const c = await call('POST', '/api/replies', ws.headers, inbound({ from_email: 'grace@EXAMPLE.com', received_at: '2026-01-01T10:00:00Z' }));
        const contactId = a.json().data.contact_id;
        expect(b.json().data.contact_id).toBe(contactId);
        expect(c.json().data.contact_id).toBe(contactId);
        const contact = (await call('GET', `/api/contacts/${contactId}`, ws.headers)).json().data;
        expect(contact.reply_count).toBe(3);
        expect(contact.last_reply_at).toBe('2026-03-01T10:00:00.000Z');
        expect(contact.replies.map((r: { received_at: string }) => r.received_at)).toEqual(['2026-03-01T10:00:00.000Z', '2026-02-01T10:00:00.000Z', '2026-01-01T10:00:00.000Z']);
        const list = (await call('GET', '/api/contacts', ws.headers)).json();
        expect(list.pagination.total).toBe(1);
      });

      it('derives a new contact name from from_name when no contact details are given', async () => {
        const ws = await makeWorkspace(ctx.db);
        const res = await call('POST', '/api/replies', ws.headers, inbound({ from_name: 'Søren  Kierkegaard Jr.' }));
        expect(res.json().data.contact).toMatchObject({ first_name: 'Søren', last_name: 'Kierkegaard Jr.' });
      });

      it('normalises received_at to UTC and defaults it to now', async () => {
        const ws = await makeWorkspace(ctx.db);
        const a = await call('POST', '/api/replies', ws.headers, inbound({ received_at: '2026-05-01T12:00:00+02:00' }));
        expect(a.json().data.received_at).toBe('2026-05-01T10:00:00.000Z');
        const before = Date.now();
        const { received_at: _omit, ...rest } = inbound();
        const b = await call('POST', '/api/replies', ws.headers, rest);
        expect(Date.parse(b.json().data.received_at)).toBeGreaterThanOrEqual(before - 1000);
      });

      it('stores a message_id once: a second delivery answers 200 with the stored reply', async () => {
        const ws = await makeWorkspace(ctx.db);
        const body = inbound({ message_id: '<abc@mail.example.com>' });
        const first = await call('POST', '/api/replies', ws.headers, body);
        const second = await call('POST', '/api/replies', ws.headers, { ...body, subject: 'changed' });
        expect(first.statusCode).toBe(201);
        expect(second.statusCode).toBe(200);
        expect(second.json().data.id).toBe(first.json().data.id);
        const list = (await call('GET', '/api/replies', ws.headers)).json();
        expect(list.pagination.total).toBe(1);
        // the refused duplicate's contact change was rolled back with it
        const contacts = (await call('GET', '/api/contacts', ws.headers)).json();
        expect(contacts.data.map((c: { reply_count: number }) => c.reply_count)).toEqual([1]);
      });

      it('two concurrent deliveries of one message store one reply', async () => {
        const ws = await makeWorkspace(ctx.db);
        const body = inbound({ message_id: '<race@mail.example.com>' });
        const answers = await Promise.all(Array.from({ length: 6 }, () => call('POST', '/api/replies', ws.headers, body)));
        expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
        expect(new Set(answers.map((a) => a.json().data.id)).size).toBe(1);
        expect((await call('GET', '/api/replies', ws.headers)).json().pagination.total).toBe(1);
        expect((await call('GET', '/api/contacts', ws.headers)).json().pagination.total).toBe(1);
      });

      const NUL_MESSAGE = 'Text in the request body must not contain NUL characters (\\u0000)';
      const BAD: [string, Record<string, unknown> | string, string][] = [
        ['an invalid from_email', { from_email: 'not-an-email' }, 'from_email must be a valid email address'],
        ['a missing from_email', { from_email: undefined }, 'from_email is required'],
        ['a missing to_email', { to_email: undefined }, 'to_email is required'],
        ['an invalid to_email', { to_email: 'a@' }, 'to_email must be a valid email address'],
        ['a number as subject', { subject: 42 }, 'subject must be a string'],
        ['a string as thread', { thread: 'earlier mail' }, 'thread must be an array'],
        ['a thread item without sent_at', { thread: [{ from: 'a@b.co', to: 'c@d.co' }] }, 'thread[0].sent_at is required'],
        ['a bad received_at', { received_at: 'yesterday' }, 'received_at must be an ISO 8601 date-time such as 2026-01-31T09:30:00Z'],
        ['an unknown field', { spam: true }, 'Unknown field in request body: spam'],
        ['an unknown contact field', { contact: { age: 3 } }, 'Unknown field in request body: contact.age'],
        ['an over-long subject', { subject: 'x'.repeat(999) }, 'subject must be at most 998 characters'],
        ['too many thread items', { thread: Array.from({ length: 101 }, () => ({ from: 'a@b.co', to: 'c@d.co', sent_at: '2026-01-01T00:00:00Z' })) }, 'thread must have at most 100 items'],
        ['an unknown client_id', { client_id: 'nope' }, 'Invalid client_id'],
        ['an unknown connection_id', { connection_id: 'nope' }, 'Invalid connection_id'],
        ['a NUL in a thread message', { thread: [{ from: 'a@b.co', to: 'c@d.co', body: 'a\u0000b', sent_at: '2026-01-01T00:00:00Z' }] }, NUL_MESSAGE],
        ['a NUL in a metadata key', { contact: { metadata: { 'k\u0000': 'v' } } }, NUL_MESSAGE],
        ['a NUL deep in metadata', { contact: { metadata: { tags: ['ok', { note: '\u0000' }] } } }, NUL_MESSAGE],
      ];
      for (const [what, change, message] of BAD) {
        it(`refuses ${what} with 400 "${message}" and stores nothing`, async () => {
          const ws = await makeWorkspace(ctx.db);
          const body = { ...inbound(), ...(change as object) };
          const res = await call('POST', '/api/replies', ws.headers, JSON.parse(JSON.stringify(body)));
          expect(res.statusCode).toBe(400);
          expect(res.json()).toEqual({ data: null, error: message });
          expect((await call('GET', '/api/replies', ws.headers)).json().pagination.total).toBe(0);
          expect((await call('GET', '/api/contacts', ws.headers)).json().pagination.total).toBe(0);
        });
      }

      it('refuses malformed JSON, a non-object body, a wrong content type and an oversized body in the envelope', async () => {
        const ws = await makeWorkspace(ctx.db);
        const json = { ...ws.headers, 'content-type': 'application/json' };
        const malformed = await ctx.app.inject({ method: 'POST', url: '/api/replies', headers: json, payload: '{"from_email": ' });
        expect(malformed.statusCode).toBe(400);
        expect(malformed.json()).toEqual({ data: null, error: 'Malformed JSON in request body' });
        const array = await ctx.app.inject({ method: 'POST', url: '/api/replies', headers: json, payload: '[1,2]' });
        expect(array.statusCode).toBe(400);
        expect(array.json()).toEqual({ data: null, error: 'The request body must be an object' });
        const text = await ctx.app.inject({ method: 'POST', url: '/api/replies', headers: { ...ws.headers, 'content-type': 'text/plain' }, payload: 'hello' });
        expect(text.statusCode).toBe(415);
        expect(text.json().data).toBeNull();
        const huge = await ctx.app.inject({ method: 'POST', url: '/api/replies', headers: json, payload: JSON.stringify(inbound({ body_text: 'x'.repeat(1_100_000) })) });
        expect(huge.statusCode).toBe(413);
        expect(huge.json()).toEqual({ data: null, error: 'Request body is larger than 1048576 bytes' });
        expect((await call('GET', '/api/replies', ws.headers)).json().pagination.total).toBe(0);
      });
    });

    describe('GET /api/replies', () => {
      it('lists newest first with exactly the list fields and a correct pagination block', async () => {
        const ws = await workspaceWithReplies(5);
        const res = await call('GET', '/api/replies?limit=2', ws.headers);
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body.pagination).toEqual({ total: 5, limit: 2, offset: 0, hasMore: true, next_cursor: expect.any(String) });
        expect(body.data.map((r: { id: string }) => r.id)).toEqual([ws.ids[4], ws.ids[3]]);
        for (const item of body.data) expect(Object.keys(item)).toEqual(LIST_FIELDS);
        const last = (await call('GET', '/api/replies?limit=2&offset=4', ws.headers)).json();
        expect(last.data.map((r: { id: string }) => r.id)).toEqual([ws.ids[0]]);
        expect(last.pagination).toEqual({ total: 5, limit: 2, offset: 4, hasMore: false, next_cursor: null });
      });

      it("each item equals the single read's fields, with quotes, newlines, non-ASCII and markup in the text, before and after changes", async () => {
        const ws = await makeWorkspace(ctx.db);
        const category = (await call('POST', '/api/categories', ws.headers, { name: 'Intéressé "hot"', color: '#22c55e', is_positive: true })).json().data;
        const client = (await call('POST', '/api/clients', ws.headers, { name: 'Acme' })).json().data;
        const tricky = 'Line 1\nLine "2"\t\\ Zoë Søren 中文 😀 </script><b>&amp;</b>\u2028';
        const ids: string[] = [];
        for (let i = 0; i < 3; i++) {
          ids.push(
            (await call('POST', '/api/replies', ws.headers, inbound({ from_name: `Zoë "${i}"`, subject: tricky, body_text: tricky, body_html: `<p>${tricky}</p>`, client_id: client.id }))).json().data
              .id,
          );
        }
        const same = async () => {
          const res = await call('GET', '/api/replies', ws.headers);
          // non-ASCII text travels as \u escapes in list answers (replies/list-page.ts)
          expect(res.body).toMatch(/^[\x20-\x7e]*$/);
          const list = res.json();
          expect(list.data).toHaveLength(3);
          for (const item of list.data) {
            expect(Object.keys(item)).toEqual(LIST_FIELDS);
            const single = (await call('GET', `/api/replies/${item.id}`, ws.headers)).json().data;
            const expected = Object.fromEntries(LIST_FIELDS.map((f) => [f, single[f]]));
            expected.category = single.category && { id: single.category.id, name: single.category.name, color: single.category.color };
            expect(item).toEqual(expected);
          }
          return list.data;
        };
        await same();
        // the page is read again after each change: status, category, draft and handled_at follow it
        await call('PATCH', `/api/replies/${ids[0]}`, ws.headers, { category_id: category.id, ai_response: 'Draft "one"\nZoë' });
        await call('PATCH', `/api/replies/${ids[1]}`, ws.headers, { status: 'archived' });
        const after = await same();
        expect(after.find((r: { id: string }) => r.id === ids[0])).toMatchObject({ status: 'ready', category: { id: category.id, name: 'Intéressé "hot"' }, ai_response: 'Draft "one"\nZoë' });
        expect(after.find((r: { id: string }) => r.id === ids[1]).handled_at).not.toBeNull();
      });

      it("a change to a reply's stored text shows on the next page read (the list never serves an older version of a row)", async () => {
        const ws = await workspaceWithReplies(2);
        const first = (await call('GET', '/api/replies', ws.headers)).json().data;
        expect(first.map((r: { subject: string }) => r.subject)).toEqual(['Re: Quick question', 'Re: Quick question']);
        // what a later feature (redacting a reply, say) would do: change the text and updated_at
        await ctx.db.write((t) => t.updateTable('replies').set({ subject: 'Redacted', body_text: '', updated_at: new Date().toISOString() }).where('id', '=', ws.ids[1]!).execute());
        const second = (await call('GET', '/api/replies', ws.headers)).json().data;
        expect(second.map((r: { subject: string }) => r.subject)).toEqual(['Redacted', 'Re: Quick question']);
        expect(second[0].body_text).toBe('');
      });

      it('defaults to 20 and clamps a limit above 100 to 100', async () => {
        const ws = await makeWorkspace(ctx.db);
        expect((await call('GET', '/api/replies', ws.headers)).json().pagination).toEqual({ total: 0, limit: 20, offset: 0, hasMore: false, next_cursor: null });
        expect((await call('GET', '/api/replies?limit=500', ws.headers)).json().pagination.limit).toBe(100);
      });

      it('pages never overlap or skip when replies share a received_at', async () => {
        const ws = await makeWorkspace(ctx.db);
        for (let i = 0; i < 7; i++) await call('POST', '/api/replies', ws.headers, inbound({ received_at: '2026-04-01T00:00:00Z' }));
        const seen: string[] = [];
        for (let offset = 0; offset < 7; offset += 3) {
          seen.push(...(await call('GET', `/api/replies?limit=3&offset=${offset}`, ws.headers)).json().data.map((r: { id: string }) => r.id));
        }
        expect(new Set(seen).size).toBe(7);
      });

      it('deep pages (taken through the index-only id subquery) match the first-page order exactly', async () => {
        const ws = await makeWorkspace(ctx.db);
        for (let i = 0; i < 70; i++) {
          const res = await call('POST', '/api/replies', ws.headers, inbound({ received_at: new Date(Date.UTC(2026, 0, 1, 0, Math.floor(i / 3))).toISOString() }));
          if (i % 4 === 0) await call('PATCH', `/api/replies/${res.json().data.id}`, ws.headers, { status: 'archived' });
        }
        for (const filter of ['', '&status=pending']) {
          const all = (await call('GET', `/api/replies?limit=100${filter}`, ws.headers)).json().data.map((r: { id: string }) => r.id);
          expect(all.length).toBe(filter ? 52 : 70);
          for (const offset of [41, 45, 50]) {
            const page = (await call('GET', `/api/replies?limit=6&offset=${offset}${filter}`, ws.headers)).json();
            expect(
              page.data.map((r: { id: string }) => r.id),
              `offset ${offset}${filter}`,
            ).toEqual(all.slice(offset, offset + 6));
            expect(page.data[0].from_email).toBeTruthy();
          }
        }
      });

      it('filters by status, with totals per status that follow every change', async () => {
        const ws = await workspaceWithReplies(4);
        await call('PATCH', `/api/replies/${ws.ids[0]}`, ws.headers, { status: 'archived' });
        await call('PATCH', `/api/replies/${ws.ids[1]}`, ws.headers, { ai_response: 'Draft' });
        const totals = async () =>
          Object.fromEntries(await Promise.all(['pending', 'ready', 'sent', 'archived'].map(async (s) => [s, (await call('GET', `/api/replies?status=${s}`, ws.headers)).json().pagination.total])));
        expect(await totals()).toEqual({ pending: 2, ready: 1, sent: 0, archived: 1 });
        const archived = (await call('GET', '/api/replies?status=archived', ws.headers)).json();
        expect(archived.data.map((r: { id: string }) => r.id)).toEqual([ws.ids[0]]);
        await call('PATCH', `/api/replies/${ws.ids[0]}`, ws.headers, { status: 'sent' });
        await call('PATCH', `/api/replies/${ws.ids[1]}`, ws.headers, { status: 'pending' });
        expect(await totals()).toEqual({ pending: 3, ready: 0, sent: 1, archived: 0 });
        expect((await call('GET', '/api/replies', ws.headers)).json().pagination.total).toBe(4);
      });

      const BAD_QUERIES: [string, string][] = [
        ['limit=0', 'limit must be at least 1'],
        ['limit=-5', 'limit must be at least 1'],
        ['limit=abc', 'limit must be an integer'],
        ['limit=2.5', 'limit must be an integer'],
        ['offset=-1', 'offset must be at least 0'],
        ['offset=1.5', 'offset must be an integer'],
        ['status=deleted', 'status must be one of pending, ready, sent, archived'],
      ];
      for (const [query, message] of BAD_QUERIES) {
        it(`answers ?${query} with 400 "${message}"`, async () => {
          const ws = await makeWorkspace(ctx.db);
          const res = await call('GET', `/api/replies?${query}`, ws.headers);
          expect(res.statusCode).toBe(400);
          expect(res.json()).toEqual({ data: null, error: message });
        });
      }
    });

    describe('GET /api/replies/{id}', () => {
      it('reads one reply with category (is_positive), client, contact and thread in order', async () => {
        const ws = await makeWorkspace(ctx.db);
        const cat = (await call('POST', '/api/categories', ws.headers, { name: 'Interested', color: '#22C55E', is_positive: true })).json().data;
        const thread = [
          { from: 'sam@o.example', to: 'ada@example.com', subject: 'First', body: 'one', sent_at: '2026-01-01T09:00:00.000Z' },
          { from: 'sam@o.example', to: 'ada@example.com', subject: 'Bump', body: 'two', sent_at: '2026-01-03T09:00:00.000Z' },
        ];
        const id = (await call('POST', '/api/replies', ws.headers, inbound({ thread }))).json().data.id;
        await call('PATCH', `/api/replies/${id}`, ws.headers, { category_id: cat.id });
        const data = (await call('GET', `/api/replies/${id}`, ws.headers)).json().data;
        expect(Object.keys(data)).toEqual(DETAIL_FIELDS);
        expect(data.category).toEqual({ id: cat.id, name: 'Interested', color: '#22c55e', is_positive: true });
        expect(data.client).toBeNull();
        expect(data.thread).toEqual(thread);
        const listed = (await call('GET', '/api/replies', ws.headers)).json().data[0];
        expect(listed.category).toEqual({ id: cat.id, name: 'Interested', color: '#22c55e' });
      });

      it('answers 404 "Reply not found" for an unknown id', async () => {
        const ws = await makeWorkspace(ctx.db);
        for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
          const res = await call('GET', `/api/replies/${id}`, ws.headers);
          expect(res.statusCode).toBe(404);
          expect(res.json()).toEqual({ data: null, error: 'Reply not found' });
        }
      });
    });

    describe('PATCH /api/replies/{id}', () => {
      it('answers with the update form and updated_at', async () => {
        const ws = await workspaceWithReplies(1);
        const res = await call('PATCH', `/api/replies/${ws.ids[0]}`, ws.headers, { status: 'ready' });
        expect(res.statusCode).toBe(200);
        const data = res.json().data;
        expect(Object.keys(data)).toEqual(['id', 'from_email', 'from_name', 'status', 'category_id', 'client_id', 'ai_response', 'snoozed_until', 'assignee_id', 'updated_at']);
        expect(data).toMatchObject({ id: ws.ids[0], status: 'ready', category_id: null, ai_response: null });
        expect(Date.parse(data.updated_at)).toBeGreaterThan(Date.now() - 10_000);
      });

      it('files a reply under a client, or under none: the list filter and the history follow; a client of another workspace is 400', async () => {
        const ws = await workspaceWithReplies(2);
        const client = (await call('POST', '/api/clients', ws.headers, { name: 'Initech' })).json().data as { id: string };
        const other = await makeWorkspace(ctx.db);
        const theirs = (await call('POST', '/api/clients', other.headers, { name: 'Theirs' })).json().data as { id: string };
        const refused = await call('PATCH', `/api/replies/${ws.ids[0]}`, ws.headers, { client_id: theirs.id });
        expect([refused.statusCode, refused.json()]).toEqual([400, { data: null, error: 'Invalid client_id' }]);
        const res = await call('PATCH', `/api/replies/${ws.ids[0]}`, ws.headers, { client_id: client.id });
        expect(res.json().data).toMatchObject({ id: ws.ids[0], client_id: client.id });
        const read = (await call('GET', `/api/replies/${ws.ids[0]}`, ws.headers)).json().data;
        expect(read.client).toMatchObject({ id: client.id, name: 'Initech' });
        expect(read.activity.at(-1)).toMatchObject({ action: 'client', from: null, to: client.id });
        const listed = (await call('GET', `/api/replies?client_id=${client.id}`, ws.headers)).json().data.map((r: { id: string }) => r.id);
        expect(listed).toEqual([ws.ids[0]]);
        // in bulk too, and null takes it off
        expect((await call('POST', '/api/replies/bulk', ws.headers, { ids: [ws.ids[1]], client_id: client.id })).json().data).toEqual({ updated: 1, ids: [ws.ids[1]] });
        expect((await call('PATCH', `/api/replies/${ws.ids[0]}`, ws.headers, { client_id: null })).json().data.client_id).toBeNull();
        expect((await call('GET', `/api/replies?client_id=${client.id}`, ws.headers)).json().data.map((r: { id: string }) => r.id)).toEqual([ws.ids[1]]);
      });

      it('a draft on a pending reply makes it ready; an explicit status wins', async () => {
        const ws = await workspaceWithReplies(2);
        const a = (await call('PATCH', `/api/replies/${ws.ids[0]}`, ws.headers, { ai_response: 'Thanks! Tuesday works.' })).json().data;
        expect(a).toMatchObject({ status: 'ready', ai_response: 'Thanks! Tuesday works.' });
        const b = (await call('PATCH', `/api/replies/${ws.ids[1]}`, ws.headers, { ai_response: 'Draft', status: 'pending' })).json().data;
        expect(b.status).toBe('pending');
        // an archived reply stays archived when its draft changes
        await call('PATCH', `/api/replies/${ws.ids[1]}`, ws.headers, { status: 'archived' });
        expect((await call('PATCH', `/api/replies/${ws.ids[1]}`, ws.headers, { ai_response: 'New' })).json().data.status).toBe('archived');
      });

      it('sets handled_at on sent or archived and clears it on pending or ready', async () => {
        const ws = await workspaceWithReplies(1);
        const read = async () => (await call('GET', `/api/replies/${ws.ids[0]}`, ws.headers)).json().data;
        await call('PATCH', `/api/replies/${ws.ids[0]}`, ws.headers, { status: 'archived' });
        const handled = (await read()).handled_at;
        expect(handled).not.toBeNull();
        await call('PATCH', `/api/replies/${ws.ids[0]}`, ws.headers, { status: 'sent' });
        expect((await read()).handled_at).toBe(handled);
        await call('PATCH', `/api/replies/${ws.ids[0]}`, ws.headers, { status: 'ready' });
        expect((await read()).handled_at).toBeNull();
      });

      it('assigns and removes a category', async () => {
        const ws = await workspaceWithReplies(1);
        const cat = (await call('POST', '/api/categories', ws.headers, { name: 'Referral' })).json().data;
        expect((await call('PATCH', `/api/replies/${ws.ids[0]}`, ws.headers, { category_id: cat.id })).json().data.category_id).toBe(cat.id);
        expect((await call('GET', `/api/replies/${ws.ids[0]}`, ws.headers)).json().data.category.name).toBe('Referral');
        expect((await call('PATCH', `/api/replies/${ws.ids[0]}`, ws.headers, { category_id: null })).json().data.category_id).toBeNull();
      });

      const BAD_PATCHES: [string, unknown, number, string][] = [
        ['an unknown category', { category_id: 'nope' }, 400, 'Invalid category_id'],
        ['an unknown status', { status: 'deleted' }, 400, 'status must be one of pending, ready, sent, archived'],
        ['a number as status', { status: 5 }, 400, 'status must be one of pending, ready, sent, archived'],
        ['a number as draft', { ai_response: 123 }, 400, 'ai_response must be a string'],
        ['an unknown field', { status: 'ready', priority: 'high' }, 400, 'Unknown field in request body: priority'],
        ['an empty body', {}, 400, 'Nothing to update: give at least one of status, category_id, client_id, ai_response, snoozed_until, assignee_id'],
        ['an array body', [], 400, 'The request body must be an object'],
      ];
      for (const [what, body, code, message] of BAD_PATCHES) {
        it(`refuses ${what} with ${code} "${message}" and changes nothing`, async () => {
          const ws = await workspaceWithReplies(1);
          const before = (await call('GET', `/api/replies/${ws.ids[0]}`, ws.headers)).json().data;
          const res = await call('PATCH', `/api/replies/${ws.ids[0]}`, ws.headers, body);
          expect(res.statusCode).toBe(code);
          expect(res.json()).toEqual({ data: null, error: message });
          expect((await call('GET', `/api/replies/${ws.ids[0]}`, ws.headers)).json().data).toEqual(before);
        });
      }

      it('answers 404 "Reply not found" for an unknown id', async () => {
        const ws = await makeWorkspace(ctx.db);
        const res = await call('PATCH', '/api/replies/00000000-0000-4000-8000-000000000000', ws.headers, { status: 'ready' });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ data: null, error: 'Reply not found' });
      });
    });

    describe('events', () => {
      it('ingestion records reply.received and contact.created; a PATCH records reply.updated with previous values', async () => {
        const ws = await makeWorkspace(ctx.db);
        await subscribeToAllEvents(ctx.app, ws.headers);
        const id = (await call('POST', '/api/replies', ws.headers, inbound())).json().data.id;
        await call('POST', '/api/replies', ws.headers, inbound({ from_email: (await call('GET', `/api/replies/${id}`, ws.headers)).json().data.from_email }));
        await call('PATCH', `/api/replies/${id}`, ws.headers, { ai_response: 'Draft' });
        await call('PATCH', `/api/replies/${id}`, ws.headers, { category_id: 'nope' });
        const events = await ctx.db.read.selectFrom('events').select(['type', 'payload']).where('workspace_id', '=', ws.workspace.id).orderBy('created_at').orderBy('type').execute();
        expect(events.map((e) => e.type).sort()).toEqual(['contact.created', 'reply.received', 'reply.received', 'reply.updated']);
        const updated = JSON.parse(events.find((e) => e.type === 'reply.updated')!.payload);
        expect(updated).toMatchObject({
          type: 'reply.updated',
          data: { id, status: 'ready', changes: { status: { previous: 'pending', current: 'ready' }, ai_response: { previous: null, current: 'Draft' } } },
        });
      });

      it('stores no event that no endpoint subscribes to', async () => {
        const ws = await makeWorkspace(ctx.db);
        const endpoint = (await call('POST', '/api/webhooks', ws.headers, { url: 'https://hooks.example.com/x', events: ['reply.updated'] })).json().data;
        const id = (await call('POST', '/api/replies', ws.headers, inbound())).json().data.id;
        await call('PATCH', `/api/replies/${id}`, ws.headers, { status: 'archived' });
        await call('PATCH', `/api/webhooks/${endpoint.id}`, ws.headers, { enabled: false });
        await call('PATCH', `/api/replies/${id}`, ws.headers, { status: 'ready' });
        const events = await ctx.db.read.selectFrom('events').select('type').where('workspace_id', '=', ws.workspace.id).execute();
        expect(events.map((e) => e.type)).toEqual(['reply.updated']);
      });
    });
  });
}
