import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/connect.ts';
import { Worker } from '../src/jobs/queue.ts';
import { replySubject, forwardSubject } from '../src/mail/address.ts';
import { MAIL_SEND_JOB } from '../src/mail/service.ts';
import { mailSendHandler } from '../src/mail/transport.ts';
import { DIALECTS, inbound, makeApp, makeWorkspace, subscribeToAllEvents } from './helpers.ts';
import { openPrivateDb } from './private-db.ts';
import { startSmtp, type SmtpPeer } from './smtp.ts';
import { readCounts } from '../src/workspaces/counts.ts';

type App = Awaited<ReturnType<typeof makeApp>>['app'];

for (const dialect of DIALECTS) {
  describe(`sending and forwarding mail (${dialect})`, () => {
    let db: Db;
    let app: App;
    let smtp: SmtpPeer;
    let worker: Worker;
    const closers: (() => Promise<unknown>)[] = [];

    beforeAll(async () => {
      smtp = await startSmtp();
      db = await openPrivateDb(dialect, 'mail');
      ({ app } = await makeApp(dialect, { db }));
      worker = new Worker(db, { [MAIL_SEND_JOB]: mailSendHandler(db, { smtpUrl: smtp.url, retrySchedule: [0, 0, 0] }) });
      closers.push(
        () => app.close(),
        () => smtp.close(),
      );
    });
    afterAll(async () => {
      for (const close of closers) await close();
      await db.close();
    });

    async function newReply(headers: Record<string, string>, overrides: Record<string, unknown> = {}) {
      const res = await app.inject({ method: 'POST', url: '/api/replies', headers, payload: inbound(overrides) });
      expect(res.statusCode).toBe(201);
      return res.json().data as { id: string; from_email: string; to_email: string; subject: string };
    }
    const getReply = async (headers: Record<string, string>, id: string) => (await app.inject({ method: 'GET', url: `/api/replies/${id}`, headers })).json().data;
    const outgoingCount = async (workspaceId: string) =>
      Number(
        (
          await db.read
            .selectFrom('outgoing_messages')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('workspace_id', '=', workspaceId)
            .executeTakeFirst()
        )?.n ?? 0,
      );
    const events = (workspaceId: string, type: string) =>
      db.read
        .selectFrom('events')
        .select('payload')
        .where('workspace_id', '=', workspaceId)
        .where('type', '=', type)
        .execute()
        .then((rows) => rows.map((r) => JSON.parse(r.payload)));

    it('a send arrives at the prospect as a threaded answer with a text and an HTML part', async () => {
      const { workspace, headers } = await makeWorkspace(db);
      await subscribeToAllEvents(app, headers);
      const reply = await newReply(headers, { message_id: '<orig-1@prospect.example>', in_reply_to: '<first-1@outreach.example.org>', subject: 'Re: Quick question' });
      await app.inject({ method: 'PATCH', url: `/api/replies/${reply.id}`, headers, payload: { ai_response: 'Hi Ada,\nPricing starts at $99.' } });

      const res = await app.inject({ method: 'POST', url: `/api/replies/${reply.id}/send`, headers });
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data).toEqual({
        success: true,
        sent_to: reply.from_email,
        sent_at: expect.any(String),
        sent_response: 'Hi Ada,\nPricing starts at $99.',
        status: 'sent',
        outgoing: { id: expect.any(String), status: 'queued', send_at: null },
      });

      const after = await getReply(headers, reply.id);
      expect(after).toMatchObject({ status: 'sent', sent_response: 'Hi Ada,\nPricing starts at $99.', handled_at: data.sent_at });
      expect(after.outgoing).toEqual([expect.objectContaining({ kind: 'send', to: [reply.from_email], subject: 'Re: Quick question', status: 'queued', sent_at: null })]);
      const counts = await readCounts(db.read, workspace.id);
      expect(counts).toMatchObject({ replies_pending: 0, replies_ready: 0, replies_sent: 1 });

      await worker.drain();
      const [mail, ...more] = smtp.to(reply.from_email);
      expect(more).toHaveLength(0);
      expect(mail!.from).toBe(reply.to_email);
      expect(mail!.to).toEqual([reply.from_email]);
      const m = mail!.mail;
      expect(m.subject).toBe('Re: Quick question');
      expect(m.inReplyTo).toBe('<orig-1@prospect.example>');
      expect(m.references).toEqual(['<first-1@outreach.example.org>', '<orig-1@prospect.example>']);
      expect(m.to && !Array.isArray(m.to) && m.to.value).toEqual([{ name: 'Ada Lovelace', address: reply.from_email }]);
      expect(m.text).toContain('Hi Ada,\nPricing starts at $99.');
      expect(m.text).toContain('> Sounds interesting, send me pricing.');
      expect(m.html).toContain('Hi Ada,<br>');
      expect(m.html).toContain('<p>Sounds interesting, send me pricing.</p>');
      expect(mail!.raw).toMatch(/Content-Type: multipart\/alternative/i);

      const delivered = await getReply(headers, reply.id);
      expect(delivered.outgoing).toEqual([expect.objectContaining({ status: 'sent', message_id: m.messageId, error: null, attempts: 1, sent_at: expect.any(String) })]);
      const [event] = await events(workspace.id, 'reply.sent');
      expect(event.data).toMatchObject({ id: reply.id, sent_to: reply.from_email, sent_response: 'Hi Ada,\nPricing starts at $99.', status: 'sent' });
    });

    it('a send with a message sends that message, and the subject never reads Re: Re:', async () => {
      const { headers } = await makeWorkspace(db);
      const reply = await newReply(headers, { subject: 'RE: re: Pricing' });
      const res = await app.inject({ method: 'POST', url: `/api/replies/${reply.id}/send`, headers, payload: { message: 'Thanks, booked.' } });
      expect(res.json().data.sent_response).toBe('Thanks, booked.');
      await worker.drain();
      expect(smtp.to(reply.from_email).map((m) => m.mail.subject)).toEqual(['Re: Pricing']);
      expect(smtp.to(reply.from_email)[0]!.mail.text).toContain('Thanks, booked.');
      expect(replySubject('Quick question')).toBe('Re: Quick question');
      expect(replySubject('Re:Re: Quick question')).toBe('Re: Quick question');
      expect(forwardSubject('Fwd: FW: Quick question')).toBe('Fwd: Quick question');
    });

    it('a second send gets 409 and sends no second mail', async () => {
      const { headers } = await makeWorkspace(db);
      const reply = await newReply(headers);
      expect((await app.inject({ method: 'POST', url: `/api/replies/${reply.id}/send`, headers, payload: { message: 'One' } })).statusCode).toBe(200);
      const again = await app.inject({ method: 'POST', url: `/api/replies/${reply.id}/send`, headers, payload: { message: 'Two' } });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ data: null, error: 'This reply was already sent' });
      await worker.drain();
      expect(smtp.to(reply.from_email).map((m) => m.mail.text?.split('\n')[0])).toEqual(['One']);
      expect((await getReply(headers, reply.id)).sent_response).toBe('One');
    });

    it('a double-clicked send (ten requests at once) sends one mail', async () => {
      const { workspace, headers } = await makeWorkspace(db);
      await subscribeToAllEvents(app, headers);
      const reply = await newReply(headers);
      const answers = await Promise.all(Array.from({ length: 10 }, () => app.inject({ method: 'POST', url: `/api/replies/${reply.id}/send`, headers, payload: { message: 'Only once' } })));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
      await worker.drain();
      expect(smtp.to(reply.from_email)).toHaveLength(1);
      expect(await outgoingCount(workspace.id)).toBe(1);
      expect(await events(workspace.id, 'reply.sent')).toHaveLength(1);
    });

    it('a send with nothing to send is 400 and changes nothing', async () => {
      const { workspace, headers } = await makeWorkspace(db);
      const reply = await newReply(headers);
      const jsonHeaders = { ...headers, 'content-type': 'application/json' };
      for (const payload of [undefined, '', {}, { message: '' }, { message: '  \n ' }]) {
        const res = await app.inject({ method: 'POST', url: `/api/replies/${reply.id}/send`, headers: jsonHeaders, ...(payload !== undefined && { payload }) });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ data: null, error: "Nothing to send: give a message, or set the reply's ai_response first" });
      }
      expect(await getReply(headers, reply.id)).toMatchObject({ status: 'pending', sent_response: null, handled_at: null, outgoing: [] });
      expect(await outgoingCount(workspace.id)).toBe(0);
    });

    it('every bad send input is a 4xx in the envelope and changes nothing', async () => {
      const { workspace, headers } = await makeWorkspace(db);
      const reply = await newReply(headers, { ai_response: undefined });
      const cases: [unknown, number, string | RegExp][] = [
        [{ message: 5 }, 400, 'message must be a string'],
        [{ message: null }, 400, 'message must be a string'],
        [{ text: 'hi' }, 400, 'Unknown field in request body: text'],
        [['hi'], 400, /must be an object/],
        [{ message: 'x'.repeat(100_001) }, 400, 'message must be at most 100000 characters'],
      ];
      for (const [payload, status, error] of cases) {
        const res = await app.inject({ method: 'POST', url: `/api/replies/${reply.id}/send`, headers, payload: payload as object });
        expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(status);
        expect(res.json().data).toBeNull();
        expect(res.json().error).toMatch(error);
      }
      const malformed = await app.inject({ method: 'POST', url: `/api/replies/${reply.id}/send`, headers: { ...headers, 'content-type': 'application/json' }, payload: '{"message":' });
      expect(malformed.statusCode).toBe(400);
      const missing = await app.inject({ method: 'POST', url: '/api/replies/00000000-0000-4000-8000-000000000000/send', headers, payload: { message: 'hi' } });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ data: null, error: 'Reply not found' });
      expect(await getReply(headers, reply.id)).toMatchObject({ status: 'pending', sent_response: null, outgoing: [] });
      expect(await outgoingCount(workspace.id)).toBe(0);
    });

    it('a forward carries the message, the forwarded block and the thread; the status does not change', async () => {
      const { workspace, headers } = await makeWorkspace(db);
      await subscribeToAllEvents(app, headers);
      const reply = await newReply(headers, { subject: 'Re: Quick question', from_name: 'Ada Lovelace' });
      const to = [`lead-a.${reply.id}@agency.example`, `lead-b.${reply.id}@agency.example`];
      const res = await app.inject({ method: 'POST', url: `/api/replies/${reply.id}/forward`, headers, payload: { to, message: 'Hot lead, call her today.' } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { success: true, forwarded_to: to, forwarded_at: expect.any(String) } });
      await worker.drain();

      const [mail, ...more] = smtp.to(to[0]!);
      expect(more).toHaveLength(0);
      expect(mail!.to).toEqual(to);
      const m = mail!.mail;
      expect(m.subject).toBe('Fwd: Re: Quick question');
      const text = m.text!;
      expect(text.startsWith('Hot lead, call her today.\n')).toBe(true);
      expect(text).toContain(`---------- Forwarded message ---------\nFrom: Ada Lovelace <${reply.from_email}>\nDate: `);
      expect(text).toMatch(/Date: Thu, 01 Jan 2026 \d\d:\d\d:\d\d \+0000\nSubject: Re: Quick question\nTo: sam@outreach\.example\.org\n\nSounds interesting, send me pricing\./);
      expect(text).toContain('---------- Earlier message ---------\nFrom: sam@outreach.example.org');
      expect(text).toContain('Hi Ada, worth a chat?');
      expect(text.indexOf('Hot lead')).toBeLessThan(text.indexOf('Forwarded message'));
      expect(m.html).toContain('Hot lead, call her today.');
      expect(m.html).toContain('<p>Sounds interesting, send me pricing.</p>');
      expect(m.html).toContain(`From: Ada Lovelace &lt;${reply.from_email}&gt;`);
      expect(m.html).toContain('Hi Ada, worth a chat?');

      const after = await getReply(headers, reply.id);
      expect(after).toMatchObject({ status: 'pending', handled_at: null, sent_response: null });
      expect(after.outgoing).toEqual([expect.objectContaining({ kind: 'forward', to, status: 'sent', subject: 'Fwd: Re: Quick question' })]);
      const [event] = await events(workspace.id, 'reply.forwarded');
      expect(event.data).toMatchObject({ id: reply.id, forwarded_to: to, include_thread: true });
    });

    it('a forward with include_thread false leaves the earlier messages out', async () => {
      const { headers } = await makeWorkspace(db);
      const reply = await newReply(headers);
      const to = `only.${reply.id}@agency.example`;
      const res = await app.inject({ method: 'POST', url: `/api/replies/${reply.id}/forward`, headers, payload: { to: [to], include_thread: false } });
      expect(res.statusCode).toBe(200);
      await worker.drain();
      const m = smtp.to(to)[0]!.mail;
      expect(m.text).toContain('---------- Forwarded message ---------');
      expect(m.text).toContain('Sounds interesting, send me pricing.');
      expect(m.text).not.toContain('Earlier message');
      expect(m.text).not.toContain('worth a chat');
      expect(m.html).not.toContain('worth a chat');
      expect(m.text!.startsWith('---------- Forwarded message')).toBe(true);
    });

    it('every bad forward input is a 400 with the exact message, and nothing is queued', async () => {
      const { workspace, headers } = await makeWorkspace(db);
      await subscribeToAllEvents(app, headers);
      const reply = await newReply(headers);
      const none = 'At least one recipient email is required';
      const many = Array.from({ length: 51 }, (_, i) => `r${i}@agency.example`);
      const cases: [unknown, string | RegExp][] = [
        [{}, none],
        [{ to: [] }, none],
        [{ to: null }, none],
        [{ message: 'hi', include_thread: false }, none],
        [{ to: ['not-an-email'] }, 'Invalid email address: not-an-email'],
        [{ to: ['ok@agency.example', 'bad@'] }, 'Invalid email address: bad@'],
        [{ to: ['a@agency.example, b@agency.example'] }, 'Invalid email address: a@agency.example, b@agency.example'],
        [{ to: ['Boss <boss@agency.example>'] }, 'Invalid email address: Boss <boss@agency.example>'],
        [{ to: ['boss@agency.example\r\nBcc: x@evil.example'] }, 'Invalid email address: boss@agency.example\r\nBcc: x@evil.example'],
        [{ to: ['boss@localhost'] }, 'Invalid email address: boss@localhost'],
        [{ to: ['"quoted"@agency.example'] }, 'Invalid email address: "quoted"@agency.example'],
        [{ to: [''] }, 'Invalid email address: '],
        [{ to: many }, 'Too many recipients: a forward goes to at most 50 addresses'],
        [{ to: 'boss@agency.example' }, 'to must be an array'],
        [{ to: [5] }, 'to[0] must be a string'],
        [{ to: ['ok@agency.example'], include_thread: 'yes' }, 'include_thread must be a boolean'],
        [{ to: ['ok@agency.example'], cc: ['x@agency.example'] }, 'Unknown field in request body: cc'],
      ];
      for (const [payload, error] of cases) {
        const res = await app.inject({ method: 'POST', url: `/api/replies/${reply.id}/forward`, headers, payload: payload as object });
        expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
        expect(res.json()).toEqual({ data: null, error: typeof error === 'string' ? error : expect.stringMatching(error) });
      }
      const missing = await app.inject({ method: 'POST', url: '/api/replies/00000000-0000-4000-8000-000000000000/forward', headers, payload: { to: ['ok@agency.example'] } });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ data: null, error: 'Reply not found' });
      expect(await outgoingCount(workspace.id)).toBe(0);
      expect(await events(workspace.id, 'reply.forwarded')).toHaveLength(0);
    });

    it('duplicate forward recipients are mailed once', async () => {
      const { headers } = await makeWorkspace(db);
      const reply = await newReply(headers);
      const to = `dup.${reply.id}@agency.example`;
      const res = await app.inject({ method: 'POST', url: `/api/replies/${reply.id}/forward`, headers, payload: { to: [to, to.toUpperCase(), to] } });
      expect(res.json().data.forwarded_to).toEqual([to]);
      await worker.drain();
      expect(smtp.to(to).map((m) => m.to)).toEqual([[to]]);
    });

    it('SMTP answering 451 and then 250 delivers the mail once', async () => {
      const { headers } = await makeWorkspace(db);
      const reply = await newReply(headers);
      let refusals = 1;
      const before = smtp.seen.data;
      smtp.refuse.data = () => (refusals-- > 0 ? { code: 451, message: 'Try again later' } : null);
      try {
        await app.inject({ method: 'POST', url: `/api/replies/${reply.id}/send`, headers, payload: { message: 'Retry me' } });
        await worker.drain();
      } finally {
        smtp.refuse.data = undefined;
      }
      expect(smtp.seen.data - before).toBe(2);
      expect(smtp.to(reply.from_email)).toHaveLength(1);
      const [out] = (await getReply(headers, reply.id)).outgoing;
      expect(out).toMatchObject({ status: 'sent', attempts: 2, error: null });
    });

    it('SMTP answering 550 fails the mail for good and records why; a retry sends the same message once', async () => {
      const { headers } = await makeWorkspace(db);
      const reply = await newReply(headers);
      const before = smtp.seen.data;
      smtp.refuse.data = () => ({ code: 550, message: 'No such user here' });
      try {
        await app.inject({ method: 'POST', url: `/api/replies/${reply.id}/send`, headers, payload: { message: 'Bounce me' } });
        await worker.drain();
      } finally {
        smtp.refuse.data = undefined;
      }
      expect(smtp.seen.data - before).toBe(1);
      expect(smtp.to(reply.from_email)).toHaveLength(0);
      const [out] = (await getReply(headers, reply.id)).outgoing;
      expect(out).toMatchObject({ status: 'failed', attempts: 1 });
      expect(out.error).toMatch(/550.*No such user here/);
      const job = await db.read.selectFrom('jobs').select(['status', 'attempts']).where('payload', 'like', `%${out.id}%`).executeTakeFirstOrThrow();
      expect(job).toMatchObject({ status: 'failed', attempts: 1 });

      // once the address is fixed on the other side, a person retries it: the same message goes out
      const retry = (id: string) => app.inject({ method: 'POST', url: `/api/replies/${reply.id}/outgoing/${id}/retry`, headers });
      const retried = await retry(out.id);
      expect(retried.statusCode).toBe(200);
      expect(retried.json().data).toMatchObject({ id: out.id, status: 'queued' });
      await worker.drain();
      const [mail, ...more] = smtp.to(reply.from_email);
      expect(more).toEqual([]);
      expect(mail!.mail.messageId).toBe(out.message_id);
      expect((await getReply(headers, reply.id)).outgoing).toMatchObject([{ id: out.id, status: 'sent', attempts: 2 }]);
      // a sent one, an unknown one, another workspace's: refused, nothing mailed again
      const again = await retry(out.id);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ data: null, error: 'Only failed or held mail can be retried; this message is sent' });
      expect((await retry('no-such-message')).json()).toEqual({ data: null, error: 'Outgoing message not found' });
      const other = await makeWorkspace(db);
      const foreign = await app.inject({ method: 'POST', url: `/api/replies/${reply.id}/outgoing/${out.id}/retry`, headers: other.headers });
      expect(foreign.statusCode).toBe(404);
      await worker.drain();
      expect(smtp.to(reply.from_email)).toHaveLength(1);
    });

    it('a refused connection keeps the mail queued for a retry, and the schedule ends in failed', async () => {
      const { headers } = await makeWorkspace(db);
      const reply = await newReply(headers);
      const closed = await startSmtp();
      await closed.close();
      const unreachable = new Worker(db, { [MAIL_SEND_JOB]: mailSendHandler(db, { smtpUrl: closed.url, retrySchedule: [3600] }) });
      await app.inject({ method: 'POST', url: `/api/replies/${reply.id}/send`, headers, payload: { message: 'Nobody home' } });
      await unreachable.drain();
      let [out] = (await getReply(headers, reply.id)).outgoing;
      expect(out).toMatchObject({ status: 'queued', attempts: 1 });
      expect(out.error).toMatch(/ECONNREFUSED|ECONNECTION/);
      const job = await db.read.selectFrom('jobs').select(['id', 'status', 'run_at']).where('payload', 'like', `%${out.id}%`).executeTakeFirstOrThrow();
      expect(job.status).toBe('queued');
      expect(new Date(job.run_at).getTime()).toBeGreaterThan(Date.now() + 3000 * 1000);
      await db.write((t) =>
        t
          .updateTable('jobs')
          .set({ run_at: new Date(Date.now() - 1000).toISOString() })
          .where('id', '=', job.id)
          .execute(),
      );
      await unreachable.drain();
      [out] = (await getReply(headers, reply.id)).outgoing;
      expect(out).toMatchObject({ status: 'failed', attempts: 2 });
      expect(out.error).toMatch(/^gave up after 2 attempts/);
    });

    it('an SMTP server that stops answering is a temporary failure, retried until it answers', async () => {
      const { headers } = await makeWorkspace(db);
      const reply = await newReply(headers);
      const slow = await startSmtp();
      let stalls = 1;
      slow.refuse.data = () => (stalls-- > 0 ? { code: 0, message: 'stall' } : null);
      const staller = new Worker(db, { [MAIL_SEND_JOB]: mailSendHandler(db, { smtpUrl: slow.url, retrySchedule: [0], timeouts: { socket: 300 } }) });
      try {
        await app.inject({ method: 'POST', url: `/api/replies/${reply.id}/send`, headers, payload: { message: 'Are you there?' } });
        await staller.drain();
        expect(slow.to(reply.from_email)).toHaveLength(1);
        const [out] = (await getReply(headers, reply.id)).outgoing;
        expect(out).toMatchObject({ status: 'sent', attempts: 2 });
      } finally {
        await slow.close();
      }
    });

    it('without SMTP_URL the mail is captured whole in the database', async () => {
      const { workspace, headers } = await makeWorkspace(db);
      const reply = await newReply(headers);
      const capture = new Worker(db, { [MAIL_SEND_JOB]: mailSendHandler(db, { smtpUrl: null }) });
      await app.inject({ method: 'POST', url: `/api/replies/${reply.id}/send`, headers, payload: { message: 'Kept here' } });
      await capture.drain();
      const [out] = (await getReply(headers, reply.id)).outgoing;
      expect(out).toMatchObject({ status: 'captured', sent_at: null });
      const row = await db.read.selectFrom('outgoing_messages').select('raw').where('workspace_id', '=', workspace.id).executeTakeFirstOrThrow();
      expect(row.raw).toContain(`Message-ID: ${out.message_id}`);
      expect(row.raw).toMatch(/^Subject: Re: Quick question$/m);
    });

    it('the hourly quota refuses with 429 and queues nothing', async () => {
      const limited = await makeApp(dialect, { db, mail: { quotaPerHour: 3 } });
      try {
        const { workspace, headers } = await makeWorkspace(db);
        const a = await newReply(headers);
        const b = await newReply(headers);
        const fwd = await limited.app.inject({ method: 'POST', url: `/api/replies/${a.id}/forward`, headers, payload: { to: ['q1@agency.example', 'q2@agency.example'] } });
        expect(fwd.statusCode).toBe(200);
        const over = await limited.app.inject({ method: 'POST', url: `/api/replies/${a.id}/forward`, headers, payload: { to: ['q3@agency.example', 'q4@agency.example'] } });
        expect(over.statusCode).toBe(429);
        expect(over.json()).toEqual({ data: null, error: expect.stringMatching(/^Sending quota of 3 recipients per hour reached for this workspace; nothing was sent\. Try again in \d+ minutes?$/) });
        expect((await limited.app.inject({ method: 'POST', url: `/api/replies/${b.id}/send`, headers, payload: { message: 'fits' } })).statusCode).toBe(200);
        const full = await limited.app.inject({ method: 'POST', url: `/api/replies/${a.id}/send`, headers, payload: { message: 'does not fit' } });
        expect(full.statusCode).toBe(429);
        expect(await getReply(headers, a.id)).toMatchObject({ status: 'pending', sent_response: null });
        expect(await outgoingCount(workspace.id)).toBe(2);
        // another workspace has its own quota
        const other = await makeWorkspace(db);
        const c = await newReply(other.headers);
        expect((await limited.app.inject({ method: 'POST', url: `/api/replies/${c.id}/send`, headers: other.headers, payload: { message: 'mine' } })).statusCode).toBe(200);
      } finally {
        await limited.close();
        await worker.drain();
      }
    });

    it('concurrent forwards cannot overshoot the hourly quota', async () => {
      const limited = await makeApp(dialect, { db, mail: { quotaPerHour: 3 } });
      try {
        const { workspace, headers } = await makeWorkspace(db);
        const reply = await newReply(headers);
        const answers = await Promise.all(
          Array.from({ length: 8 }, (_, i) => limited.app.inject({ method: 'POST', url: `/api/replies/${reply.id}/forward`, headers, payload: { to: [`c${i}@agency.example`] } })),
        );
        expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
        expect(await outgoingCount(workspace.id)).toBe(3);
      } finally {
        await limited.close();
        await worker.drain();
      }
    });

    it('a mail job run again after its mail went out sends nothing more', async () => {
      const { workspace, headers } = await makeWorkspace(db);
      const reply = await newReply(headers);
      await app.inject({ method: 'POST', url: `/api/replies/${reply.id}/send`, headers, payload: { message: 'Just once' } });
      const row = await db.read.selectFrom('jobs').selectAll().where('workspace_id', '=', workspace.id).where('kind', '=', MAIL_SEND_JOB).executeTakeFirstOrThrow();
      const handler = mailSendHandler(db, { smtpUrl: smtp.url });
      const job = { id: row.id, workspaceId: row.workspace_id, kind: row.kind, payload: JSON.parse(row.payload), attempts: 1, maxAttempts: row.max_attempts, createdAt: row.created_at };
      expect(await handler(job)).toEqual({ ok: true });
      expect(await handler({ ...job, attempts: 2 })).toEqual({ ok: true });
      expect(smtp.to(reply.from_email)).toHaveLength(1);
      await worker.drain();
      expect(smtp.to(reply.from_email)).toHaveLength(1);
    });

    it('a key of workspace B gets 404 on send and forward of a reply of workspace A', async () => {
      const a = await makeWorkspace(db);
      const b = await makeWorkspace(db);
      const reply = await newReply(a.headers);
      const send = await app.inject({ method: 'POST', url: `/api/replies/${reply.id}/send`, headers: b.headers, payload: { message: 'hijack' } });
      const forward = await app.inject({ method: 'POST', url: `/api/replies/${reply.id}/forward`, headers: b.headers, payload: { to: ['thief@evil.example'] } });
      for (const res of [send, forward]) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ data: null, error: 'Reply not found' });
      }
      expect(await getReply(a.headers, reply.id)).toMatchObject({ status: 'pending', outgoing: [] });
      expect(await outgoingCount(a.workspace.id)).toBe(0);
      expect(await outgoingCount(b.workspace.id)).toBe(0);
    });

    it('a key without replies:send gets 403 on send and forward', async () => {
      const { workspace } = await makeWorkspace(db);
      const full = await makeWorkspace(db);
      const { createApiKey } = await import('../src/workspaces/service.ts');
      const readOnly = await createApiKey(db, { workspaceId: workspace.id, name: 'ro', permissions: ['replies:read', 'replies:write'] });
      const headers = { authorization: `Bearer ${readOnly.key}` };
      const reply = await newReply(headers);
      for (const action of ['send', 'forward']) {
        const res = await app.inject({ method: 'POST', url: `/api/replies/${reply.id}/${action}`, headers, payload: action === 'send' ? { message: 'x' } : { to: ['a@agency.example'] } });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ data: null, error: 'This API key lacks the replies:send permission' });
      }
      expect(await outgoingCount(workspace.id)).toBe(0);
      expect(full).toBeTruthy();
    });

    it('the OpenAPI document shows send, forward and the outgoing array', async () => {
      const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
      expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/replies/{id}/send', '/api/replies/{id}/forward']));
      expect(doc.components.schemas.ReplyDetail.properties.outgoing).toBeTruthy();
      expect(doc.components.schemas.OutgoingMessage.properties.status.enum).toEqual(['scheduled', 'held', 'cancelled', 'queued', 'sent', 'failed', 'captured']);
      const params = doc.paths['/api/replies/{id}/forward'].post.parameters.map((p: { name: string }) => p.name);
      expect(params).toContain('idempotency-key');
    });
  });
}
