// Tenant isolation: a key of workspace B can neither read nor change anything of workspace A,
// through any endpoint. The last test fails when a route is added without a case here.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../src/db/ids.ts';
import { createUser } from '../src/dashboard/service.ts';
import { encodeCursor } from '../src/replies/list-page.ts';
import { DIALECTS, inbound, makeApp, makeWorkspace } from './helpers.ts';

for (const dialect of DIALECTS) {
  describe(`tenant isolation (${dialect})`, () => {
    let ctx: Awaited<ReturnType<typeof makeApp>>;
    let a: Awaited<ReturnType<typeof makeWorkspace>>;
    let b: Awaited<ReturnType<typeof makeWorkspace>>;
    const A: Record<string, string> = {};
    const covered = new Set<string>();

    const call = (route: string, path: string, headers: Record<string, string>, payload?: unknown) => {
      covered.add(route);
      const [method] = route.split(' ');
      return ctx.app.inject({ method: method as 'GET', url: path, headers, ...(payload !== undefined && { payload: payload as object }) });
    };
    const snapshot = async () => ({
      reply: (await ctx.app.inject({ method: 'GET', url: `/api/replies/${A.reply}`, headers: a.headers })).json(),
      contact: (await ctx.app.inject({ method: 'GET', url: `/api/contacts/${A.contact}`, headers: a.headers })).json(),
      replies: (await ctx.app.inject({ method: 'GET', url: '/api/replies', headers: a.headers })).json(),
      categories: (await ctx.app.inject({ method: 'GET', url: '/api/categories', headers: a.headers })).json(),
    });

    beforeAll(async () => {
      ctx = await makeApp(dialect);
      a = await makeWorkspace(ctx.db, { name: 'A' });
      b = await makeWorkspace(ctx.db, { name: 'B' });
      const post = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url, headers: a.headers, payload }).then((r) => r.json().data);
      A.category = (await post('/api/categories', { name: 'Interested' })).id;
      A.client = (await post('/api/clients', { name: 'Client A' })).id;
      A.connection = (await post('/api/connections', { name: 'Box A', email: 'box@a.example' })).id;
      const reply = await post('/api/replies', inbound({ from_email: 'shared@example.com', message_id: '<same@example.com>', client_id: A.client, connection_id: A.connection }));
      A.reply = reply.id;
      A.contact = reply.contact_id;
      await ctx.app.inject({ method: 'PATCH', url: `/api/replies/${A.reply}`, headers: a.headers, payload: { category_id: A.category, ai_response: 'A draft' } });
    });
    afterAll(() => ctx.close());

    it("B's lists show none of A's rows and count none of them", async () => {
      for (const url of ['/api/replies', '/api/contacts', '/api/categories', '/api/clients', '/api/connections']) {
        const res = await call(`GET ${url}`, url, b.headers);
        expect(res.statusCode, url).toBe(200);
        const cursorPaged = url === '/api/replies' || url === '/api/contacts';
        expect(res.json(), url).toEqual({ data: [], pagination: { total: 0, limit: 20, offset: 0, hasMore: false, ...(cursorPaged && { next_cursor: null }) } });
      }
      const byStatus = await call('GET /api/replies', '/api/replies?status=ready', b.headers);
      expect(byStatus.json().pagination.total).toBe(0);
      // every filter, given A's ids: B sees nothing of A, and counts nothing
      for (const query of [
        `client_id=${A.client}`,
        `connection_id=${A.connection}`,
        `contact_id=${A.contact}`,
        `category_id=${A.category}`,
        `status=pending,ready&category_id=${A.category}`,
        'category_id=none',
        'snoozed=false',
        'sort=received_at',
        'received_after=2000-01-01T00:00:00Z',
        'q=shared',
        'q=Sounds%20interesting',
      ]) {
        const res = await call('GET /api/replies', `/api/replies?${query}`, b.headers);
        expect(res.statusCode, query).toBe(200);
        expect(res.json(), query).toEqual({ data: [], pagination: { total: 0, limit: 20, offset: 0, hasMore: false, next_cursor: null } });
      }
      // A's contact by name, email or company, searched from B: none
      const contacts = await call('GET /api/contacts', '/api/contacts?q=shared', b.headers);
      expect(contacts.json()).toEqual({ data: [], pagination: { total: 0, limit: 20, offset: 0, hasMore: false, next_cursor: null } });
      // A's cursor, in B's workspace, pages through B's replies only (none)
      const aReply = (await call('GET /api/replies/:id', `/api/replies/${A.reply}`, a.headers)).json().data;
      const cursor = encodeCursor({ received_at: '2000-01-01T00:00:00.000Z', id: aReply.id }, false);
      const withCursor = await call('GET /api/replies', `/api/replies?cursor=${cursor}&sort=received_at`, b.headers);
      expect(withCursor.json().data).toEqual([]);
    });

    it("B gets 404 on A's reply and contact", async () => {
      const reply = await call('GET /api/replies/:id', `/api/replies/${A.reply}`, b.headers);
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toEqual({ data: null, error: 'Reply not found' });
      const contact = await call('GET /api/contacts/:id', `/api/contacts/${A.contact}`, b.headers);
      expect(contact.statusCode).toBe(404);
      expect(contact.json()).toEqual({ data: null, error: 'Contact not found' });
      // B's report counts none of A's replies, even with A's client as its filter
      const range = `/api/reports/replies?from=2025-12-01&to=2026-12-31&client_id=${A.client}`;
      expect((await ctx.app.inject({ method: 'GET', url: range, headers: a.headers })).json().data.totals.received).toBeGreaterThan(0);
      const report = await call('GET /api/reports/replies', range, b.headers);
      expect(report.json().data.totals).toMatchObject({ received: 0, by_category: [] });
      // the templates filled in for A's reply would show A's contact and client
      const templates = await call('GET /api/replies/:id/templates', `/api/replies/${A.reply}/templates`, b.headers);
      expect([templates.statusCode, templates.json()]).toEqual([404, { data: null, error: 'Reply not found' }]);
      expect((await ctx.app.inject({ method: 'GET', url: `/api/replies/${A.reply}/templates`, headers: a.headers })).statusCode).toBe(200);
    });

    it("B cannot change A's reply, nor use A's category, client or connection", async () => {
      const before = await snapshot();
      const patch = await call('PATCH /api/replies/:id', `/api/replies/${A.reply}`, b.headers, { status: 'archived', ai_response: 'hijacked' });
      expect(patch.statusCode).toBe(404);

      const own = (await call('POST /api/replies', '/api/replies', b.headers, inbound())).json().data;
      const useCategory = await call('PATCH /api/replies/:id', `/api/replies/${own.id}`, b.headers, { category_id: A.category });
      expect(useCategory.json()).toEqual({ data: null, error: 'Invalid category_id' });
      const useClient = await call('POST /api/replies', '/api/replies', b.headers, inbound({ client_id: A.client }));
      expect(useClient.json()).toEqual({ data: null, error: 'Invalid client_id' });
      const useConnection = await call('POST /api/replies', '/api/replies', b.headers, inbound({ connection_id: A.connection }));
      expect(useConnection.json()).toEqual({ data: null, error: 'Invalid connection_id' });
      // in bulk, A's reply beside B's own: 404 and nothing changes, B's reply included
      const bulk = await call('POST /api/replies/bulk', '/api/replies/bulk', b.headers, { ids: [own.id, A.reply], status: 'archived', snoozed_until: new Date(Date.now() + 3_600_000).toISOString() });
      expect(bulk.statusCode).toBe(404);
      expect(bulk.json()).toEqual({ data: null, error: 'Reply not found' });
      expect((await call('GET /api/replies/:id', `/api/replies/${own.id}`, b.headers)).json().data).toMatchObject({ status: 'pending', snoozed_until: null });
      const bulkCategory = await call('POST /api/replies/bulk', '/api/replies/bulk', b.headers, { ids: [own.id], category_id: A.category });
      expect(bulkCategory.json()).toEqual({ data: null, error: 'Invalid category_id' });

      expect(await snapshot()).toEqual(before);
    });

    it("B cannot send or forward A's reply", async () => {
      const before = await snapshot();
      const send = await call('POST /api/replies/:id/send', `/api/replies/${A.reply}/send`, b.headers, { message: 'hijacked' });
      expect(send.statusCode).toBe(404);
      expect(send.json()).toEqual({ data: null, error: 'Reply not found' });
      const forward = await call('POST /api/replies/:id/forward', `/api/replies/${A.reply}/forward`, b.headers, { to: ['thief@example.com'] });
      expect(forward.statusCode).toBe(404);
      expect(forward.json()).toEqual({ data: null, error: 'Reply not found' });
      const outgoing = await ctx.db.read.selectFrom('outgoing_messages').select('id').where('reply_id', '=', A.reply!).execute();
      expect(outgoing).toEqual([]);
      expect(await snapshot()).toEqual(before);
    });

    it("B sees none of A's members, cannot assign A's replies or A's people, and cannot note A's reply", async () => {
      const member = await createUser(
        ctx.db,
        { email: `teammate.${dialect}.${process.pid}@a.example`, workspaceId: a.workspace.id, role: 'member', password: 'correct horse battery' },
        'http://127.0.0.1',
      );
      const memberId = member.id;
      const before = await snapshot();
      const members = await call('GET /api/members', '/api/members', b.headers);
      expect(members.statusCode).toBe(200);
      expect(members.json().data).toEqual([]);
      const own = (await ctx.app.inject({ method: 'POST', url: '/api/replies', headers: b.headers, payload: inbound() })).json().data;
      for (const [route, path, payload] of [
        ['PATCH /api/replies/:id', `/api/replies/${own.id}`, { assignee_id: memberId }],
        ['POST /api/replies/bulk', '/api/replies/bulk', { ids: [own.id], assignee_id: memberId }],
      ] as const) {
        const res = await call(route, path, b.headers, payload);
        expect(res.json(), route).toEqual({ data: null, error: 'Invalid assignee_id' });
      }
      const assignA = await call('PATCH /api/replies/:id', `/api/replies/${A.reply}`, b.headers, { assignee_id: null });
      expect(assignA.json()).toEqual({ data: null, error: 'Reply not found' });
      const note = await call('POST /api/replies/:id/notes', `/api/replies/${A.reply}/notes`, b.headers, { body: 'B was here' });
      expect(note.statusCode).toBe(404);
      expect(note.json()).toEqual({ data: null, error: 'Reply not found' });
      const filtered = await call('GET /api/replies', `/api/replies?assignee_id=${memberId}`, b.headers);
      expect(filtered.json().data).toEqual([]);
      expect(await snapshot()).toEqual(before);
      expect(before.reply.data.notes).toEqual([]);
    });

    it("B can neither rename nor delete A's category or client", async () => {
      const before = await snapshot();
      const clientsBefore = (await ctx.app.inject({ method: 'GET', url: '/api/clients', headers: a.headers })).json();
      const cases: [string, string, unknown, string][] = [
        ['PATCH /api/categories/:id', `/api/categories/${A.category}`, { name: 'Hijacked' }, 'Category not found'],
        ['DELETE /api/categories/:id', `/api/categories/${A.category}`, undefined, 'Category not found'],
        ['PATCH /api/clients/:id', `/api/clients/${A.client}`, { name: 'Hijacked' }, 'Client not found'],
        ['DELETE /api/clients/:id', `/api/clients/${A.client}`, undefined, 'Client not found'],
      ];
      for (const [route, path, payload, error] of cases) {
        const res = await call(route, path, b.headers, payload);
        expect(res.statusCode, route).toBe(404);
        expect(res.json(), route).toEqual({ data: null, error });
      }
      expect(await snapshot()).toEqual(before);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/clients', headers: a.headers })).json()).toEqual(clientsBefore);
    });

    it("B cannot change A's contact marks, and B's triage settings are B's own", async () => {
      const before = await snapshot();
      const patch = await call('PATCH /api/contacts/:id', `/api/contacts/${A.contact}`, b.headers, { do_not_contact: true });
      expect(patch.statusCode).toBe(404);
      expect(patch.json()).toEqual({ data: null, error: 'Contact not found' });
      // retention is each workspace's own
      expect((await call('PATCH /api/retention', '/api/retention', b.headers, { days: 30 })).json()).toEqual({ data: { days: 30 } });
      expect((await call('GET /api/retention', '/api/retention', a.headers)).json()).toEqual({ data: { days: null } });
      expect((await call('PATCH /api/retention', '/api/retention', b.headers, { days: null })).statusCode).toBe(200);
      const erase = await call('DELETE /api/contacts/:id', `/api/contacts/${A.contact}?erase=true`, b.headers);
      expect(erase.statusCode).toBe(404);
      expect(erase.json()).toEqual({ data: null, error: 'Contact not found' });
      const triageA = (await ctx.app.inject({ method: 'GET', url: '/api/triage', headers: a.headers })).json();
      const changed = await call('PATCH /api/triage', '/api/triage', b.headers, { enabled: true, instructions: 'B only', sender_name: 'Bea' });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().data).toMatchObject({ enabled: true, instructions: 'B only', sender_name: 'Bea' });
      const readB = await call('GET /api/triage', '/api/triage', b.headers);
      expect(readB.json().data).toMatchObject({ instructions: 'B only' });
      expect((await ctx.app.inject({ method: 'GET', url: '/api/triage', headers: a.headers })).json()).toEqual(triageA);
      expect(triageA.data.instructions).toBe('');
      expect(await snapshot()).toEqual(before);
    });

    it("B cannot retry A's outgoing mail", async () => {
      const forwarded = await ctx.app.inject({ method: 'POST', url: `/api/replies/${A.reply}/forward`, headers: a.headers, payload: { to: ['colleague@a.example'] } });
      expect(forwarded.statusCode).toBe(200);
      const [out] = (await ctx.app.inject({ method: 'GET', url: `/api/replies/${A.reply}`, headers: a.headers })).json().data.outgoing;
      await ctx.db.write((trx) => trx.updateTable('outgoing_messages').set({ status: 'failed' }).where('id', '=', out.id).execute());
      const res = await call('POST /api/replies/:id/outgoing/:outgoingId/retry', `/api/replies/${A.reply}/outgoing/${out.id}/retry`, b.headers);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ data: null, error: 'Outgoing message not found' });
      const after = (await ctx.app.inject({ method: 'GET', url: `/api/replies/${A.reply}`, headers: a.headers })).json().data.outgoing;
      expect(after).toMatchObject([{ id: out.id, status: 'failed' }]);
    });

    it("B cannot cancel A's scheduled answer", async () => {
      const created = await ctx.app.inject({ method: 'POST', url: '/api/replies', headers: a.headers, payload: inbound({ from_email: 'later@a.example' }) });
      const replyId = created.json().data.id as string;
      const sendAt = new Date(Date.now() + 3_600_000).toISOString();
      const sent = await ctx.app.inject({ method: 'POST', url: `/api/replies/${replyId}/send`, headers: a.headers, payload: { message: 'Tomorrow, then.', send_at: sendAt } });
      expect(sent.statusCode, sent.body).toBe(200);
      const outgoingId = sent.json().data.outgoing.id as string;
      const res = await call('POST /api/replies/:id/outgoing/:outgoingId/cancel', `/api/replies/${replyId}/outgoing/${outgoingId}/cancel`, b.headers);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ data: null, error: 'Outgoing message not found' });
      const after = (await ctx.app.inject({ method: 'GET', url: `/api/replies/${replyId}`, headers: a.headers })).json().data.outgoing;
      expect(after).toMatchObject([{ id: outgoingId, status: 'scheduled', send_at: sendAt }]);
    });

    it("B's ingestion of the same sender and message_id creates B's own contact and reply", async () => {
      const before = await snapshot();
      const res = await call('POST /api/replies', '/api/replies', b.headers, inbound({ from_email: 'shared@example.com', message_id: '<same@example.com>' }));
      expect(res.statusCode).toBe(201);
      expect(res.json().data.id).not.toBe(A.reply);
      expect(res.json().data.contact_id).not.toBe(A.contact);
      expect(await snapshot()).toEqual(before);
    });

    it("B's creates land in B only, and a name taken in A is free in B", async () => {
      const before = await snapshot();
      expect((await call('POST /api/categories', '/api/categories', b.headers, { name: 'Interested' })).statusCode).toBe(201);
      expect((await call('POST /api/clients', '/api/clients', b.headers, { name: 'Client A' })).statusCode).toBe(201);
      expect((await call('POST /api/connections', '/api/connections', b.headers, { name: 'Box', email: 'box@b.example' })).statusCode).toBe(201);
      // beginning an authorization stores its state for B alone (test/oauth.test.ts follows one through)
      expect((await call('POST /api/connections/oauth', '/api/connections/oauth', b.headers, { provider: 'google' })).statusCode).toBe(400);
      expect(await snapshot()).toEqual(before);
    });

    it("B gets 404 on every route of A's connection and on A's attachments, and changes nothing of them", async () => {
      // an attachment of A's reply, as the mailbox sync stores it
      const attachment = uuidv7(); // a fresh id: the test runs again on a database it used before
      await ctx.db.write((trx) =>
        trx
          .insertInto('reply_attachments')
          .values({
            id: attachment,
            workspace_id: a.workspace.id,
            reply_id: A.reply!,
            position: 0,
            filename: 'a.pdf',
            content_type: 'application/pdf',
            size: 3,
            content_id: null,
            content: Buffer.from('pdf'),
            skipped_reason: null,
            created_at: new Date().toISOString(),
          })
          .execute(),
      );
      const readA = async () => ({
        connection: (await ctx.app.inject({ method: 'GET', url: `/api/connections/${A.connection}`, headers: a.headers })).json(),
        attachment: (await ctx.app.inject({ method: 'GET', url: `/api/replies/${A.reply}/attachments/${attachment}`, headers: a.headers })).body,
      });
      const before = await readA();
      expect(before.connection.data.id).toBe(A.connection);
      expect(before.attachment).toBe('pdf');
      const cases: [string, string, unknown?][] = [
        ['GET /api/connections/:id', `/api/connections/${A.connection}`],
        ['GET /api/connections/:id/skipped', `/api/connections/${A.connection}/skipped`],
        ['PATCH /api/connections/:id', `/api/connections/${A.connection}`, { name: 'hijacked', paused: true }],
        ['DELETE /api/connections/:id', `/api/connections/${A.connection}`],
      ];
      for (const [route, path, payload] of cases) {
        const res = await call(route, path, b.headers, payload);
        expect(res.statusCode, route).toBe(404);
        expect(res.json(), route).toEqual({ data: null, error: 'Connection not found' });
      }
      const download = await call('GET /api/replies/:id/attachments/:attachmentId', `/api/replies/${A.reply}/attachments/${attachment}`, b.headers);
      expect(download.statusCode).toBe(404);
      expect(download.json()).toEqual({ data: null, error: 'Attachment not found' });
      expect(await readA()).toEqual(before);
      expect((await ctx.app.inject({ method: 'GET', url: `/api/replies/${A.reply}`, headers: a.headers })).json().data.attachments).toEqual([
        { id: attachment, filename: 'a.pdf', content_type: 'application/pdf', size: 3, stored: true, skipped_reason: null, download_url: `/api/replies/${A.reply}/attachments/${attachment}` },
      ]);
    });

    it("B gets 404 on every route of A's webhook endpoint, and sees none of A's endpoints", async () => {
      const created = await ctx.app.inject({ method: 'POST', url: '/api/webhooks', headers: a.headers, payload: { url: 'https://hooks.example.com/a', events: ['*'] } });
      const endpoint = created.json().data.id;
      const delivery = (await ctx.app.inject({ method: 'POST', url: `/api/webhooks/${endpoint}/test`, headers: a.headers })).json().data.delivery_id;
      const readA = async () => ({
        endpoint: (await ctx.app.inject({ method: 'GET', url: `/api/webhooks/${endpoint}`, headers: a.headers })).json(),
        deliveries: (await ctx.app.inject({ method: 'GET', url: `/api/webhooks/${endpoint}/deliveries`, headers: a.headers })).json(),
      });
      const before = await readA();
      const cases: [string, string, unknown?][] = [
        ['GET /api/webhooks/:id', `/api/webhooks/${endpoint}`],
        ['PATCH /api/webhooks/:id', `/api/webhooks/${endpoint}`, { url: 'https://evil.example.com/' }],
        ['DELETE /api/webhooks/:id', `/api/webhooks/${endpoint}`],
        ['POST /api/webhooks/:id/rotate-secret', `/api/webhooks/${endpoint}/rotate-secret`],
        ['GET /api/webhooks/:id/deliveries', `/api/webhooks/${endpoint}/deliveries`],
        ['POST /api/webhooks/:id/deliveries/:deliveryId/retry', `/api/webhooks/${endpoint}/deliveries/${delivery}/retry`],
        ['POST /api/webhooks/:id/recover', `/api/webhooks/${endpoint}/recover`, { since: '2020-01-01T00:00:00Z' }],
        ['POST /api/webhooks/:id/test', `/api/webhooks/${endpoint}/test`],
      ];
      for (const [route, path, payload] of cases) {
        const res = await call(route, path, b.headers, payload);
        expect(res.statusCode, route).toBe(404);
        expect(res.json(), route).toEqual({ data: null, error: 'Webhook endpoint not found' });
      }
      const list = await call('GET /api/webhooks', '/api/webhooks', b.headers);
      expect(list.json()).toEqual({ data: [], pagination: { total: 0, limit: 20, offset: 0, hasMore: false } });
      expect((await call('POST /api/webhooks', '/api/webhooks', b.headers, { url: 'https://hooks.example.com/b', events: ['*'] })).statusCode).toBe(201);
      expect(await readA()).toEqual(before);
    });

    it("B's person in the dashboard sees and changes none of A's keys, members, outbox, reply bodies or events", async () => {
      const person = async (ws: typeof a, who: string) => {
        await createUser(ctx.db, { email: `${who}.${dialect}.${process.pid}@iso.example`, workspaceId: ws.workspace.id, role: 'owner', password: 'correct horse battery' }, 'http://x');
        const res = await ctx.app.inject({ method: 'POST', url: '/dashboard/api/sign-in', payload: { email: `${who}.${dialect}.${process.pid}@iso.example`, password: 'correct horse battery' } });
        return { cookie: String(res.headers['set-cookie']).split(';')[0]!, csrf: res.json().data.csrf_token as string, userId: res.json().data.user.id as string };
      };
      const pa = await person(a, 'a');
      const pb = await person(b, 'b');
      const as = (p: typeof pa, route: string, path: string, payload?: unknown) => {
        covered.add(route);
        const [method] = route.split(' ');
        return ctx.app.inject({
          method: method as 'GET',
          url: path,
          headers: { cookie: p.cookie, ...(method !== 'GET' && { 'x-csrf-token': p.csrf }) },
          ...(payload !== undefined && { payload: payload as object }),
        });
      };
      const aKey = (await as(pa, 'POST /dashboard/api/keys', '/dashboard/api/keys', { name: 'A only' })).json().data;
      const aInvite = (await as(pa, 'POST /dashboard/api/members', '/dashboard/api/members', { email: `invitee.${dialect}@iso.example`, role: 'member' })).json().data.invite_url as string;
      const readA = async () => ({
        keys: (await as(pa, 'GET /dashboard/api/keys', '/dashboard/api/keys')).json(),
        members: (await as(pa, 'GET /dashboard/api/members', '/dashboard/api/members')).json(),
        outbox: (await as(pa, 'GET /dashboard/api/outbox', '/dashboard/api/outbox')).json(),
      });
      const before = await readA();

      expect((await as(pb, 'GET /dashboard/api/keys', '/dashboard/api/keys')).json().data.map((k: { id: string }) => k.id)).not.toContain(aKey.id);
      expect((await as(pb, 'DELETE /dashboard/api/keys/:id', `/dashboard/api/keys/${aKey.id}`)).statusCode).toBe(404);
      expect((await as(pb, 'GET /dashboard/api/members', '/dashboard/api/members')).json().data.map((m: { email: string }) => m.email)).toEqual([`b.${dialect}.${process.pid}@iso.example`]);
      expect((await as(pb, 'PATCH /dashboard/api/members/:id', `/dashboard/api/members/${pa.userId}`, { role: 'member' })).json()).toEqual({ data: null, error: 'Member not found' });
      expect((await as(pb, 'DELETE /dashboard/api/members/:id', `/dashboard/api/members/${pa.userId}`)).json()).toEqual({ data: null, error: 'Member not found' });
      expect((await as(pb, 'POST /dashboard/api/members', '/dashboard/api/members', { email: `b.invitee.${dialect}@iso.example`, role: 'member' })).statusCode).toBe(201);
      // A's pending invitation is not B's to send again or take back
      const notFound = { data: null, error: `No pending invitation for invitee.${dialect}@iso.example` };
      expect((await as(pb, 'POST /dashboard/api/invites/resend', '/dashboard/api/invites/resend', { email: `invitee.${dialect}@iso.example` })).json()).toEqual(notFound);
      expect((await as(pb, 'POST /dashboard/api/invites/revoke', '/dashboard/api/invites/revoke', { email: `invitee.${dialect}@iso.example` })).json()).toEqual(notFound);
      expect((await as(pb, 'GET /dashboard/api/outbox', '/dashboard/api/outbox')).json().data.map((m: { to: string }) => m.to)).toEqual([`b.invitee.${dialect}@iso.example`]);
      expect((await as(pb, 'GET /dashboard/api/replies/:id/body', `/dashboard/api/replies/${A.reply}/body`)).statusCode).toBe(404);
      expect((await as(pb, 'POST /dashboard/api/session/workspace', '/dashboard/api/session/workspace', { workspace_id: a.workspace.id })).json()).toEqual({
        data: null,
        error: 'Workspace not found',
      });
      // an invitation into A for someone else does not let B's person in
      const join = await as(pb, 'POST /dashboard/api/invites/join', '/dashboard/api/invites/join', { token: aInvite.slice(aInvite.lastIndexOf('/') + 1) });
      expect(join.json()).toEqual({ data: null, error: `This invitation is for invitee.${dialect}@iso.example: sign in as invitee.${dialect}@iso.example to accept it` });
      expect((await as(pb, 'GET /dashboard/api/workspace', '/dashboard/api/workspace')).json().data.id).toBe(b.workspace.id);
      // B's time zone is B's: A's stays as it was
      expect((await as(pb, 'PATCH /dashboard/api/workspace', '/dashboard/api/workspace', { time_zone: 'Asia/Tokyo' })).json().data).toEqual({ time_zone: 'Asia/Tokyo' });
      expect((await as(pa, 'GET /dashboard/api/workspace', '/dashboard/api/workspace')).json().data.time_zone).toBe('UTC');
      expect((await as(pb, 'GET /dashboard/api/workspace', '/dashboard/api/workspace')).json().data.time_zone).toBe('Asia/Tokyo');
      expect((await as(pb, 'GET /dashboard/api/session', '/dashboard/api/session')).json().data.workspaces.map((w: { id: string }) => w.id)).toEqual([b.workspace.id]);
      // the audit log: B's holds B's changes only, and A's entries are no page mark for B
      const auditB = (await as(pb, 'GET /dashboard/api/audit', '/dashboard/api/audit')).json().data as { target_id: string }[];
      expect(auditB.map((e) => e.target_id)).not.toContain(aKey.id);
      const [aEntry] = (await as(pa, 'GET /dashboard/api/audit', '/dashboard/api/audit')).json().data as { id: string; target_id: string }[];
      expect(aEntry!.target_id).toBe(aKey.id);
      expect((await as(pb, 'GET /dashboard/api/audit', `/dashboard/api/audit?before=${aEntry!.id}`)).statusCode).toBe(400);
      expect(await readA()).toEqual(before);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/replies', headers: { authorization: `Bearer ${aKey.key}` } })).statusCode).toBe(200);

      // the live stream: A's event, committed first, must not reach B's stream before B's own
      covered.add('GET /dashboard/api/events');
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = ctx.app.server.address() as AddressInfo;
      const req = http.get({ port, host: '127.0.0.1', path: '/dashboard/api/events', headers: { cookie: pb.cookie } });
      const res = await new Promise<http.IncomingMessage>((resolve) => req.on('response', resolve));
      let text = '';
      const arrived = new Promise<void>((resolve) =>
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          if (text.includes('event: reply.received')) resolve();
        }),
      );
      await ctx.app.inject({ method: 'POST', url: '/api/replies', headers: a.headers, payload: inbound({ subject: 'For A only' }) });
      // A's presence on A's reply is A's alone; B cannot announce itself on A's reply
      expect((await as(pa, 'POST /dashboard/api/presence', '/dashboard/api/presence', { reply_id: A.reply, state: 'viewing' })).statusCode).toBe(200);
      expect((await as(pb, 'POST /dashboard/api/presence', '/dashboard/api/presence', { reply_id: A.reply, state: 'typing' })).json()).toEqual({ data: null, error: 'Reply not found' });
      await ctx.app.inject({ method: 'POST', url: '/api/replies', headers: b.headers, payload: inbound({ subject: 'For B' }) });
      await arrived;
      req.destroy();
      expect(text).toContain('For B');
      expect(text).not.toContain('For A only');
      expect(text).not.toContain('event: presence');
      // B signing out ends B's session only
      expect((await as(pb, 'POST /dashboard/api/sign-out', '/dashboard/api/sign-out')).statusCode).toBe(200);
      expect((await as(pa, 'GET /dashboard/api/session', '/dashboard/api/session')).statusCode).toBe(200);
      expect((await as(pb, 'GET /dashboard/api/session', '/dashboard/api/session')).statusCode).toBe(401);
    });

    it('every authenticated route of the app has a case above', () => {
      const routes = ctx.app.routeList.filter((r) => !r.public && (r.url.startsWith('/api/') || r.url.startsWith('/dashboard/api/'))).map((r) => `${r.method} ${r.url}`);
      expect(routes.filter((r) => !covered.has(r))).toEqual([]);
    });
  });
}
