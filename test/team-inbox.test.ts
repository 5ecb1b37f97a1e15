// The team's inbox over the API (docs/api.md "The team's inbox"): members, assignment, notes and
// a reply's history, on each database. Sends and forwards go to a real SMTP peer, so "a note is
// never mailed" is checked on the mail itself.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/connect.ts';
import { createUser } from '../src/dashboard/service.ts';
import { Worker } from '../src/jobs/queue.ts';
import { MAIL_SEND_JOB } from '../src/mail/service.ts';
import { mailSendHandler } from '../src/mail/transport.ts';
import { cookieFrom, DIALECTS, inbound, makeApp, makeWorkspace, subscribeToAllEvents } from './helpers.ts';
import { openPrivateDb } from './private-db.ts';
import { startSmtp, type SmtpPeer } from './smtp.ts';

type App = Awaited<ReturnType<typeof makeApp>>['app'];
type Headers = Record<string, string>;
const PASSWORD = 'correct horse battery staple';

for (const dialect of DIALECTS) {
  describe(`the team's inbox (${dialect})`, () => {
    let db: Db;
    let app: App;
    let smtp: SmtpPeer;
    let worker: Worker;
    let ws: Awaited<ReturnType<typeof makeWorkspace>>;
    let other: Awaited<ReturnType<typeof makeWorkspace>>;
    let ana: { id: string; headers: Headers };
    let ben: { id: string; headers: Headers };
    let outsider: { id: string };

    const call = async (method: string, url: string, headers: Headers, payload?: unknown) => {
      const res = await app.inject({ method: method as 'GET', url, headers, ...(payload !== undefined && { payload: payload as object }) });
      return { status: res.statusCode, body: res.json() as { data: any; error: string | null; pagination?: { total: number } } };
    };
    const newReply = async (headers: Headers, overrides: Record<string, unknown> = {}) =>
      (await call('POST', '/api/replies', headers, inbound(overrides))).body.data as { id: string; from_email: string };
    const detail = async (id: string, headers = ws.headers) => (await call('GET', `/api/replies/${id}`, headers)).body.data;
    const events = (workspaceId: string, type: string) =>
      db.read
        .selectFrom('events')
        .select('payload')
        .where('workspace_id', '=', workspaceId)
        .where('type', '=', type)
        .orderBy('created_at')
        .execute()
        .then((rows) => rows.map((r) => (JSON.parse(r.payload) as { data: any }).data));

    /** A member of `workspaceId`, and the headers of their dashboard session (cookie and CSRF token). */
    async function member(workspaceId: string, email: string, role: 'owner' | 'admin' | 'member' = 'member') {
      await createUser(db, { email, workspaceId, role, password: PASSWORD }, 'http://127.0.0.1');
      const res = await app.inject({ method: 'POST', url: '/dashboard/api/sign-in', payload: { email, password: PASSWORD } });
      expect(res.statusCode, res.body).toBe(200);
      const session = res.json().data as { csrf_token: string; user: { id: string } };
      return { id: session.user.id, headers: { cookie: cookieFrom(res), 'x-csrf-token': session.csrf_token } };
    }

    beforeAll(async () => {
      smtp = await startSmtp();
      db = await openPrivateDb(dialect, 'team');
      ({ app } = await makeApp(dialect, { db }));
      worker = new Worker(db, { [MAIL_SEND_JOB]: mailSendHandler(db, { smtpUrl: smtp.url, retrySchedule: [0, 0, 0] }) });
      ws = await makeWorkspace(db);
      other = await makeWorkspace(db, { name: 'Another agency' });
      await subscribeToAllEvents(app, ws.headers);
      ana = await member(ws.workspace.id, `ana.${dialect}.${process.pid}@agency.example`);
      ben = await member(ws.workspace.id, `ben.${dialect}.${process.pid}@agency.example`);
      outsider = await member(other.workspace.id, `olga.${dialect}.${process.pid}@other.example`);
    });
    afterAll(async () => {
      await app?.close();
      await smtp?.close();
      await db?.close();
    });

    it('lists the members, each with the name the team sees (their address up to the @ until they set one)', async () => {
      const { status, body } = await call('GET', '/api/members', ws.headers);
      expect(status).toBe(200);
      expect(body.data).toEqual([
        { id: ana.id, name: `ana.${dialect}.${process.pid}`, email: `ana.${dialect}.${process.pid}@agency.example`, role: 'member' },
        { id: ben.id, name: `ben.${dialect}.${process.pid}`, email: `ben.${dialect}.${process.pid}@agency.example`, role: 'member' },
      ]);
      expect((await call('GET', '/api/members', other.headers)).body.data.map((m: { id: string }) => m.id)).toEqual([outsider.id]);
    });

    it('assigns by PATCH: the reply shows its assignee in the list and the single read, the history names who did it, reply.assigned is recorded', async () => {
      const reply = await newReply(ws.headers);
      const { status, body } = await call('PATCH', `/api/replies/${reply.id}`, ana.headers, { assignee_id: ana.id });
      expect(status).toBe(200);
      expect(body.data.assignee_id).toBe(ana.id);
      const assignee = { id: ana.id, name: `ana.${dialect}.${process.pid}`, email: `ana.${dialect}.${process.pid}@agency.example` };
      const read = await detail(reply.id);
      expect(read.assignee).toEqual(assignee);
      expect(read.activity).toEqual([{ at: expect.any(String), actor: { type: 'user', id: ana.id, name: assignee.name }, action: 'assignee', from: null, to: ana.id }]);
      const listed = (await call('GET', '/api/replies?limit=100', ws.headers)).body.data.find((r: { id: string }) => r.id === reply.id);
      expect(listed.assignee).toEqual(assignee);
      expect((await events(ws.workspace.id, 'reply.assigned')).filter((e) => e.id === reply.id)).toEqual([{ id: reply.id, assignee, previous_assignee_id: null }]);

      // unassigning through the API key: the key is the actor
      expect((await call('PATCH', `/api/replies/${reply.id}`, ws.headers, { assignee_id: null })).status).toBe(200);
      const after = await detail(reply.id);
      expect(after.assignee).toBeNull();
      expect(after.activity.at(-1)).toEqual({ at: expect.any(String), actor: { type: 'api_key', id: ws.keyId, name: 'test' }, action: 'assignee', from: ana.id, to: null });
    });

    it('refuses an assignee who is not a member of the workspace with 400, and changes nothing', async () => {
      const reply = await newReply(ws.headers);
      for (const id of [outsider.id, '0190f5a0-0a1b-7c2d-8e3f-4a5b6c7d8e9f', 'not-an-id']) {
        const res = await call('PATCH', `/api/replies/${reply.id}`, ws.headers, { assignee_id: id, status: 'archived' });
        expect(res).toEqual({ status: 400, body: { data: null, error: 'Invalid assignee_id' } });
        const bulk = await call('POST', '/api/replies/bulk', ws.headers, { ids: [reply.id], assignee_id: id });
        expect(bulk).toEqual({ status: 400, body: { data: null, error: 'Invalid assignee_id' } });
      }
      const read = await detail(reply.id);
      expect(read).toMatchObject({ assignee: null, status: 'pending', activity: [] });
    });

    it('assigns in bulk, and filters the list by assignee_id and by none, with the right totals', async () => {
      const [a, b, c] = [await newReply(other.headers), await newReply(other.headers), await newReply(other.headers)];
      const olga = await call('GET', '/api/members', other.headers);
      const olgaId = olga.body.data[0].id as string;
      const bulk = await call('POST', '/api/replies/bulk', other.headers, { ids: [a.id, b.id], assignee_id: olgaId });
      expect(bulk.body.data).toEqual({ updated: 2, ids: [a.id, b.id] });
      const mine = await call('GET', `/api/replies?assignee_id=${olgaId}`, other.headers);
      expect(mine.body.data.map((r: { id: string }) => r.id).sort()).toEqual([a.id, b.id].sort());
      expect(mine.body.pagination?.total).toBe(2);
      const none = await call('GET', '/api/replies?assignee_id=none', other.headers);
      expect(none.body.data.map((r: { id: string }) => r.id)).toEqual([c.id]);
      expect(none.body.pagination?.total).toBe(1);
      // another workspace's member filters to nothing; a malformed id is 400
      expect((await call('GET', `/api/replies?assignee_id=${ana.id}`, other.headers)).body.data).toEqual([]);
      expect((await call('GET', '/api/replies?assignee_id=ana', other.headers)).status).toBe(400);
    });

    it('keeps internal notes: 201 with the author, oldest first on the reply, in its history, announced, and never mailed in a send or a forward', async () => {
      const reply = await newReply(ws.headers, { subject: 'Re: Notes test' });
      const first = await call('POST', `/api/replies/${reply.id}/notes`, ana.headers, { body: 'Client wants a call first — check with Ben.' });
      expect(first.status).toBe(201);
      expect(first.body.data).toEqual({
        id: expect.any(String),
        body: 'Client wants a call first — check with Ben.',
        author: { type: 'user', id: ana.id, name: `ana.${dialect}.${process.pid}` },
        created_at: expect.any(String),
      });
      const second = await call('POST', `/api/replies/${reply.id}/notes`, ws.headers, { body: 'SECRET-NOTE-42 from the CRM sync' });
      expect(second.body.data.author).toEqual({ type: 'api_key', id: ws.keyId, name: 'test' });

      const read = await detail(reply.id);
      expect(read.notes.map((n: { body: string }) => n.body)).toEqual(['Client wants a call first — check with Ben.', 'SECRET-NOTE-42 from the CRM sync']);
      expect(read.activity.map((e: { action: string }) => e.action)).toEqual(['note', 'note']);
      expect((await events(ws.workspace.id, 'reply.note_added')).filter((e) => e.id === reply.id).map((e) => e.note)).toEqual([first.body.data, second.body.data]);

      expect((await call('POST', `/api/replies/${reply.id}/send`, ana.headers, { message: 'Happy to talk on Tuesday.' })).status).toBe(200);
      expect((await call('POST', `/api/replies/${reply.id}/forward`, ws.headers, { to: ['closer@agency.example'] })).status).toBe(200);
      await worker.drain();
      const mails = [...smtp.to(reply.from_email), ...smtp.to('closer@agency.example')];
      expect(mails).toHaveLength(2);
      for (const m of mails) {
        expect(m.raw).not.toContain('SECRET-NOTE-42');
        expect(m.raw).not.toContain('check with Ben');
      }
      const after = await detail(reply.id);
      expect(after.activity.slice(2)).toEqual([
        { at: expect.any(String), actor: { type: 'user', id: ana.id, name: `ana.${dialect}.${process.pid}` }, action: 'status', from: 'pending', to: 'sent' },
        { at: expect.any(String), actor: { type: 'user', id: ana.id, name: `ana.${dialect}.${process.pid}` }, action: 'send', to: reply.from_email },
        { at: expect.any(String), actor: { type: 'api_key', id: ws.keyId, name: 'test' }, action: 'forward', to: 'closer@agency.example' },
      ]);
    });

    it("refuses a bad note with 400 and a note on another workspace's reply with 404, storing nothing", async () => {
      const reply = await newReply(ws.headers);
      for (const payload of [{}, { body: '' }, { body: 'x'.repeat(10_001) }, { body: 5 }, { body: 'ok', extra: 1 }]) {
        const res = await call('POST', `/api/replies/${reply.id}/notes`, ws.headers, payload);
        expect(res.status, JSON.stringify(payload)).toBe(400);
        expect(res.body.data).toBeNull();
      }
      expect(await call('POST', `/api/replies/${reply.id}/notes`, other.headers, { body: 'peek' })).toEqual({ status: 404, body: { data: null, error: 'Reply not found' } });
      expect((await detail(reply.id)).notes).toEqual([]);
    });

    it('records every change of status, category, draft and snooze in the history, oldest first, with from and to', async () => {
      const reply = await newReply(ws.headers);
      const category = (await call('POST', '/api/categories', ws.headers, { name: `Interested ${dialect}` })).body.data as { id: string };
      const until = new Date(Date.now() + 86_400_000).toISOString();
      await call('PATCH', `/api/replies/${reply.id}`, ws.headers, { category_id: category.id });
      await call('PATCH', `/api/replies/${reply.id}`, ana.headers, { ai_response: 'Draft one' });
      await call('PATCH', `/api/replies/${reply.id}`, ana.headers, { snoozed_until: until });
      await call('PATCH', `/api/replies/${reply.id}`, ana.headers, { status: 'archived', snoozed_until: null });
      // a PATCH that changes nothing records nothing
      await call('PATCH', `/api/replies/${reply.id}`, ana.headers, { status: 'archived' });
      const activity = (await detail(reply.id)).activity as { actor: { type: string }; action: string; from?: string | null; to?: string | null }[];
      expect(activity.map(({ actor, action, from, to }) => ({ by: actor.type, action, from, to }))).toEqual([
        { by: 'api_key', action: 'category', from: null, to: category.id },
        { by: 'user', action: 'status', from: 'pending', to: 'ready' },
        { by: 'user', action: 'draft', from: undefined, to: undefined },
        { by: 'user', action: 'snooze', from: null, to: until },
        { by: 'user', action: 'status', from: 'ready', to: 'archived' },
        { by: 'user', action: 'snooze', from: until, to: null },
      ]);
    });

    it("refuses a draft saved against an older version (If-Match) with 412, so the first person's text is never silently replaced", async () => {
      const reply = await newReply(ws.headers);
      const read = await app.inject({ method: 'GET', url: `/api/replies/${reply.id}`, headers: ws.headers });
      const etag = read.headers.etag as string;
      expect(etag).toBe(`"${read.json().data.updated_at}"`);
      // Ana and Ben opened the same version; Ana saves first
      const first = await app.inject({ method: 'PATCH', url: `/api/replies/${reply.id}`, headers: { ...ana.headers, 'if-match': etag }, payload: { ai_response: "Ana's draft" } });
      expect(first.statusCode).toBe(200);
      expect(first.headers.etag).toBe(`"${first.json().data.updated_at}"`);
      const second = await app.inject({ method: 'PATCH', url: `/api/replies/${reply.id}`, headers: { ...ws.headers, 'if-match': etag }, payload: { ai_response: "Ben's draft" } });
      expect(second.statusCode).toBe(412);
      expect(second.json()).toEqual({ data: null, error: 'The reply changed since you read it (If-Match): read it again and apply your change to what it holds now' });
      expect((await detail(reply.id)).ai_response).toBe("Ana's draft");
      // with the version he reads now, or with *, Ben's save goes through
      expect(
        (await app.inject({ method: 'PATCH', url: `/api/replies/${reply.id}`, headers: { ...ws.headers, 'if-match': first.headers.etag as string }, payload: { ai_response: "Ben's draft" } }))
          .statusCode,
      ).toBe(200);
      expect((await app.inject({ method: 'PATCH', url: `/api/replies/${reply.id}`, headers: { ...ws.headers, 'if-match': '*' }, payload: { status: 'archived' } })).statusCode).toBe(200);
      // two saves of one version at once: one wins, the other is 412
      const now = (await app.inject({ method: 'GET', url: `/api/replies/${reply.id}`, headers: ws.headers })).headers.etag as string;
      const race = await Promise.all(
        ['A', 'B'].map((who) => app.inject({ method: 'PATCH', url: `/api/replies/${reply.id}`, headers: { ...ws.headers, 'if-match': now }, payload: { ai_response: `draft ${who}` } })),
      );
      expect(race.map((r) => r.statusCode).sort()).toEqual([200, 412]);
      const winner = race.find((r) => r.statusCode === 200)!.json().data.ai_response;
      expect((await detail(reply.id)).ai_response).toBe(winner);
    });

    it("tells the others on the workspace's live streams who has a reply open or is typing its answer, storing nothing", async () => {
      const reply = await newReply(ws.headers);
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      const req = http.get({ port, host: '127.0.0.1', path: '/dashboard/api/events', headers: { cookie: ana.headers.cookie! } });
      const res = await new Promise<http.IncomingMessage>((resolve) => req.on('response', resolve));
      let stream = '';
      const heard = new Promise<void>((resolve) =>
        res.on('data', (chunk: Buffer) => {
          stream += chunk.toString();
          if (stream.includes('"state":"typing"')) resolve();
        }),
      );
      const say = (state: unknown, replyId: string = reply.id) => call('POST', '/dashboard/api/presence', ben.headers, { reply_id: replyId, state });
      expect(await say('viewing')).toEqual({ status: 200, body: { data: { seen: true }, error: undefined } });
      expect((await say('typing')).status).toBe(200);
      await heard;
      req.destroy();
      const events = stream
        .split('\n\n')
        .filter((b) => b.startsWith('event: presence'))
        .map((b) => (JSON.parse(b.slice(b.indexOf('data: ') + 6)) as { data: unknown }).data);
      const benName = `ben.${dialect}.${process.pid}`;
      expect(events).toEqual([
        { reply_id: reply.id, state: 'viewing', user: { id: ben.id, name: benName } },
        { reply_id: reply.id, state: 'typing', user: { id: ben.id, name: benName } },
      ]);
      expect((await say('dancing')).status).toBe(400);
      expect((await say('viewing', '0190f5a0-0a1b-7c2d-8e3f-4a5b6c7d8e9f')).body).toEqual({ data: null, error: 'Reply not found' });
      expect((await call('POST', '/dashboard/api/presence', ws.headers, { reply_id: reply.id, state: 'viewing' })).status).toBe(401);
      expect((await detail(reply.id)).activity).toEqual([]);
    });

    it("unassigns a removed member's replies, in their history", async () => {
      const carl = await member(ws.workspace.id, `carl.${dialect}.${process.pid}@agency.example`);
      const owner = await member(ws.workspace.id, `owner.${dialect}.${process.pid}@agency.example`, 'owner');
      const reply = await newReply(ws.headers);
      await call('PATCH', `/api/replies/${reply.id}`, ws.headers, { assignee_id: carl.id });
      expect((await call('DELETE', `/dashboard/api/members/${carl.id}`, owner.headers)).status).toBe(200);
      const read = await detail(reply.id);
      expect(read.assignee).toBeNull();
      expect(read.activity.at(-1)).toMatchObject({ actor: { type: 'user', id: owner.id }, action: 'assignee', from: carl.id, to: null });
      expect((await call('GET', '/api/members', ws.headers)).body.data.map((m: { id: string }) => m.id)).not.toContain(carl.id);
    });

    it("lets a member read the workspace's settings but not change them: categories, clients and triage are owners' and admins'", async () => {
      const refused = { status: 403, body: { data: null, error: 'Your role (member) does not allow this; ask an owner or admin of the workspace' } };
      expect((await call('GET', '/api/categories', ana.headers)).status).toBe(200);
      expect((await call('GET', '/api/triage', ana.headers)).status).toBe(200);
      expect(await call('POST', '/api/categories', ana.headers, { name: 'Hot lead' })).toEqual(refused);
      expect(await call('POST', '/api/clients', ana.headers, { name: 'Initech' })).toEqual(refused);
      expect(await call('PATCH', '/api/triage', ana.headers, { instructions: 'Be rude.' })).toEqual(refused);
      const owner = await member(ws.workspace.id, `owner3.${dialect}.${process.pid}@agency.example`, 'owner');
      const made = await call('POST', '/api/categories', owner.headers, { name: 'Hot lead' });
      expect(made.status).toBe(201);
      expect(await call('PATCH', `/api/categories/${made.body.data.id}`, ana.headers, { name: 'Cold lead' })).toEqual(refused);
      expect(await call('DELETE', `/api/categories/${made.body.data.id}`, ana.headers)).toEqual(refused);
      expect((await call('GET', '/api/triage', ws.headers)).body.data.instructions).not.toBe('Be rude.');
      // an API key with replies:write still may
      expect((await app.inject({ method: 'DELETE', url: `/api/categories/${made.body.data.id}`, headers: ws.headers })).statusCode).toBe(204);
    });

    it("assigns a client's new replies in turn to its chosen members, at once too, skipping one who left; a non-member is 400", async () => {
      const bad = await call('POST', '/api/clients', ws.headers, { name: 'Acme', round_robin: [ana.id, outsider.id] });
      expect(bad).toEqual({ status: 400, body: { data: null, error: 'Invalid round_robin: give user ids of members of the workspace (GET /api/members)' } });
      expect((await call('GET', '/api/clients', ws.headers)).body.data.map((c: { name: string }) => c.name)).not.toContain('Acme');

      const dora = await member(ws.workspace.id, `dora.${dialect}.${process.pid}@agency.example`);
      const owner = await member(ws.workspace.id, `owner2.${dialect}.${process.pid}@agency.example`, 'owner');
      const made = await call('POST', '/api/clients', ws.headers, { name: 'Acme', round_robin: [ben.id, dora.id, ana.id] });
      expect(made.status).toBe(201);
      const client = made.body.data as { id: string; round_robin: string[] };
      expect(client.round_robin).toEqual([ben.id, dora.id, ana.id]);
      const assigneeOfNew = async () => ((await newReply(ws.headers, { client_id: client.id })) as unknown as { assignee: { id: string } | null }).assignee?.id;

      expect([await assigneeOfNew(), await assigneeOfNew(), await assigneeOfNew(), await assigneeOfNew()]).toEqual([ben.id, dora.id, ana.id, ben.id]);
      // a reply of no client is nobody's
      expect(((await newReply(ws.headers)) as unknown as { assignee: unknown }).assignee).toBeNull();
      // six at the same moment take six turns: each member twice
      const together = await Promise.all(Array.from({ length: 6 }, assigneeOfNew));
      expect(together.sort()).toEqual([ben.id, ben.id, dora.id, dora.id, ana.id, ana.id].sort());

      const reply = (await newReply(ws.headers, { client_id: client.id })) as unknown as { id: string; assignee: { id: string } };
      const read = await detail(reply.id);
      expect(read.assignee).toMatchObject({ id: reply.assignee.id });
      expect(read.activity).toContainEqual(expect.objectContaining({ action: 'assignee', actor: { type: 'system', id: null, name: 'Replydesk' }, from: null, to: reply.assignee.id }));
      expect((await events(ws.workspace.id, 'reply.assigned')).filter((e) => e.id === reply.id)).toEqual([{ id: reply.id, assignee: read.assignee, previous_assignee_id: null }]);

      // dora leaves: the turns go on between ben and ana
      expect((await call('DELETE', `/dashboard/api/members/${dora.id}`, owner.headers)).status).toBe(200);
      const after = [await assigneeOfNew(), await assigneeOfNew(), await assigneeOfNew(), await assigneeOfNew()];
      expect(after).not.toContain(dora.id);
      expect(after.filter((id) => id === ben.id)).toHaveLength(2);
      // turned off
      expect((await call('PATCH', `/api/clients/${client.id}`, ws.headers, { round_robin: [] })).body.data.round_robin).toEqual([]);
      expect(await assigneeOfNew()).toBeUndefined();
    });
  });
}
