// Send later, undo and held mail (docs/mail.md "Send later, undo and held mail"), on each
// database: an answer scheduled with send_at leaves once, at its time, through a real SMTP
// peer; a cancel stops it, and of a cancel racing its send exactly one wins; an answer to a
// prospect who wrote again or became do-not-contact is held, not sent. The restart is a real
// process killed with SIGKILL and started again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/connect.ts';
import { createUser } from '../src/dashboard/service.ts';
import { Worker } from '../src/jobs/queue.ts';
import { MAIL_SEND_JOB } from '../src/mail/service.ts';
import { mailSendHandler } from '../src/mail/transport.ts';
import { cookieFrom, DIALECTS, inbound, makeApp, makeWorkspace, subscribeToAllEvents } from './helpers.ts';
import { openPrivateDatabase, openPrivateDb } from './private-db.ts';
import { startServer, stop } from './processes.ts';
import { startSmtp, type SmtpPeer } from './smtp.ts';

type App = Awaited<ReturnType<typeof makeApp>>['app'];
type Headers = Record<string, string>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Sleeps until `iso` has passed. */
const until = (iso: string) => sleep(Math.max(0, Date.parse(iso) - Date.now() + 50));
const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();

for (const dialect of DIALECTS) {
  describe(`send later and undo (${dialect})`, () => {
    let db: Db;
    let app: App;
    let smtp: SmtpPeer;
    let worker: Worker;
    let ws: Awaited<ReturnType<typeof makeWorkspace>>;
    let ana: Headers;

    const call = async (method: string, url: string, headers: Headers, payload?: unknown) => {
      const res = await app.inject({ method: method as 'GET', url, headers, ...(payload !== undefined && { payload: payload as object }) });
      return { status: res.statusCode, body: res.json() as { data: any; error: string | null } };
    };
    const newReply = async (overrides: Record<string, unknown> = {}) =>
      (await call('POST', '/api/replies', ws.headers, inbound(overrides))).body.data as { id: string; from_email: string; contact_id: string; status: string };
    const detail = async (id: string) => (await call('GET', `/api/replies/${id}`, ws.headers)).body.data;
    const schedule = async (id: string, sendAt: string, headers: Headers = ws.headers) => {
      const res = await call('POST', `/api/replies/${id}/send`, headers, { message: 'Talk tomorrow?', send_at: sendAt });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data as { outgoing: { id: string; status: string; send_at: string } };
    };
    const cancel = (id: string, outgoingId: string, headers: Headers = ws.headers) => call('POST', `/api/replies/${id}/outgoing/${outgoingId}/cancel`, headers);
    const sentEvents = async (id: string) =>
      (await db.read.selectFrom('events').select('payload').where('workspace_id', '=', ws.workspace.id).where('type', '=', 'reply.sent').execute()).filter(
        (r) => (JSON.parse(r.payload) as { data: { id: string } }).data.id === id,
      );

    beforeAll(async () => {
      smtp = await startSmtp();
      db = await openPrivateDb(dialect, 'later');
      ({ app } = await makeApp(dialect, { db }));
      worker = new Worker(db, { [MAIL_SEND_JOB]: mailSendHandler(db, { smtpUrl: smtp.url, retrySchedule: [0, 0, 0] }) });
      ws = await makeWorkspace(db);
      await subscribeToAllEvents(app, ws.headers);
      const email = `ana.${dialect}.${process.pid}@agency.example`;
      await createUser(db, { email, workspaceId: ws.workspace.id, role: 'member', password: 'correct horse battery staple' }, 'http://127.0.0.1');
      const res = await app.inject({ method: 'POST', url: '/dashboard/api/sign-in', payload: { email, password: 'correct horse battery staple' } });
      ana = { cookie: cookieFrom(res), 'x-csrf-token': res.json().data.csrf_token };
    });
    afterAll(async () => {
      await app?.close();
      await smtp?.close();
      await db?.close();
    });

    it('refuses a send_at in the past, more than 30 days ahead or not a time, and changes nothing', async () => {
      const reply = await newReply();
      for (const sendAt of [inMs(-60_000), inMs(31 * 24 * 3_600_000), 'tomorrow']) {
        const res = await call('POST', `/api/replies/${reply.id}/send`, ws.headers, { message: 'Hi', send_at: sendAt });
        expect(res.status).toBe(400);
        expect(res.body.data).toBeNull();
        if (sendAt !== 'tomorrow') expect(res.body.error).toBe('Invalid send_at: give a time in the future, at most 30 days ahead');
      }
      const after = await detail(reply.id);
      expect(after).toMatchObject({ status: reply.status, outgoing: [], sent_response: null });
    });

    it('a scheduled answer waits with the reply unchanged, then leaves exactly once at its time, named as sent by who scheduled it', async () => {
      const reply = await newReply();
      const sendAt = inMs(1_500);
      const answer = await schedule(reply.id, sendAt, ana);
      expect(answer).toMatchObject({ success: true, sent_to: reply.from_email, sent_at: null, status: reply.status, outgoing: { status: 'scheduled', send_at: sendAt } });

      // before its time: a worker finds nothing to do, and a second send is refused
      await worker.drain();
      expect(smtp.to(reply.from_email)).toEqual([]);
      const waiting = await detail(reply.id);
      expect(waiting).toMatchObject({ status: reply.status, sent_response: null, outgoing: [{ id: answer.outgoing.id, status: 'scheduled', send_at: sendAt }] });
      expect(waiting.activity.map((e: { action: string }) => e.action)).toEqual(['schedule']);
      expect(waiting.activity[0]).toMatchObject({ actor: { type: 'user' }, to: sendAt });
      const again = await call('POST', `/api/replies/${reply.id}/send`, ws.headers, { message: 'Now!' });
      expect(again).toEqual({ status: 409, body: { data: null, error: expect.stringMatching(/^This reply already has an answer waiting to be sent/) } });

      await until(sendAt);
      await worker.drain();
      await worker.drain();
      const mails = smtp.to(reply.from_email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.acceptedAt).toBeGreaterThanOrEqual(Date.parse(sendAt));
      expect(mails[0]!.mail.text).toContain('Talk tomorrow?');
      const sent = await detail(reply.id);
      expect(sent).toMatchObject({ status: 'sent', sent_response: 'Talk tomorrow?', outgoing: [{ status: 'sent', send_at: sendAt }] });
      const send = sent.activity.find((e: { action: string }) => e.action === 'send');
      expect(send).toMatchObject({ actor: { type: 'user', name: `ana.${dialect}.${process.pid}` }, to: reply.from_email });
      expect(await sentEvents(reply.id)).toHaveLength(1);
    });

    it('a cancelled answer gives back the hourly quota it spent', async () => {
      const { app: strict } = await makeApp(dialect, { db, mail: { quotaPerHour: 1 } });
      try {
        const own = await makeWorkspace(db);
        const post = async (url: string, payload: object) => {
          const res = await strict.inject({ method: 'POST', url, headers: own.headers, payload });
          return { status: res.statusCode, data: res.json().data };
        };
        const [first, second] = [(await post('/api/replies', inbound())).data, (await post('/api/replies', inbound())).data];
        const answer = await post(`/api/replies/${first.id}/send`, { message: 'Later', send_at: inMs(3_600_000) });
        expect(answer.status).toBe(200);
        expect((await post(`/api/replies/${second.id}/send`, { message: 'Now' })).status).toBe(429);
        expect((await post(`/api/replies/${first.id}/outgoing/${answer.data.outgoing.id}/cancel`, {})).status).toBe(200);
        expect((await post(`/api/replies/${second.id}/send`, { message: 'Now' })).status).toBe(200);
      } finally {
        await strict.close();
      }
    });

    it('a cancelled answer never leaves, and the reply can be answered again', async () => {
      const reply = await newReply();
      const sendAt = inMs(800);
      const answer = await schedule(reply.id, sendAt);
      const res = await cancel(reply.id, answer.outgoing.id, ana);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ id: answer.outgoing.id, status: 'cancelled', send_at: sendAt });
      await until(sendAt);
      await worker.drain();
      expect(smtp.to(reply.from_email)).toEqual([]);
      const after = await detail(reply.id);
      expect(after).toMatchObject({ status: reply.status, sent_response: null });
      expect(after.activity.map((e: { action: string }) => e.action)).toEqual(['schedule', 'cancel']);
      const cancelled = await db.read.selectFrom('outgoing_messages').select('id').where('reply_id', '=', reply.id).where('status', '=', 'cancelled').execute();
      expect(cancelled).toHaveLength(1);

      // a cancel of a cancelled, unknown or sent mail
      expect((await cancel(reply.id, answer.outgoing.id)).body).toEqual({ data: null, error: 'Only scheduled or held mail can be cancelled; this message is cancelled' });
      expect(await cancel(reply.id, '0190f5a4-6b7c-7d8e-9f0a-1b2c3d4e5f6a')).toEqual({ status: 404, body: { data: null, error: 'Outgoing message not found' } });
      const now = await call('POST', `/api/replies/${reply.id}/send`, ws.headers, { message: 'Sent at once' });
      expect(now.status).toBe(200);
      await worker.drain();
      expect(smtp.to(reply.from_email)).toHaveLength(1);
      expect(await cancel(reply.id, now.body.data.outgoing.id)).toEqual({ status: 409, body: { data: null, error: 'Only scheduled or held mail can be cancelled; this message is sent' } });
    });

    it('of a cancel racing its send, exactly one wins: no mail and an unchanged reply, or one mail and a 409', async () => {
      const replies = await Promise.all(Array.from({ length: 8 }, () => newReply()));
      const sendAt = inMs(1_200);
      const answers: { outgoing: { id: string } }[] = [];
      for (const r of replies) answers.push(await schedule(r.id, sendAt));
      await until(sendAt);
      const [, ...cancels] = await Promise.all([worker.drain(), ...replies.map((r, i) => cancel(r.id, answers[i]!.outgoing.id))]);
      await worker.drain();
      for (const [i, r] of replies.entries()) {
        const mails = smtp.to(r.from_email);
        const after = await detail(r.id);
        if (cancels[i]!.status === 200) {
          expect(mails).toEqual([]);
          expect(after).toMatchObject({ status: r.status, sent_response: null, outgoing: [{ status: 'cancelled' }] });
        } else {
          expect(cancels[i]!.body.error).toMatch(/^Only scheduled or held mail can be cancelled; this message is (queued|sent)$/);
          expect(mails).toHaveLength(1);
          expect(after).toMatchObject({ status: 'sent', outgoing: [{ status: 'sent' }] });
        }
      }
    });

    it('holds an answer to a contact who became do-not-contact: not sent, the reason shown, and sending it anyway is refused', async () => {
      const reply = await newReply();
      const sendAt = inMs(800);
      const answer = await schedule(reply.id, sendAt);
      expect((await call('PATCH', `/api/contacts/${reply.contact_id}`, ws.headers, { do_not_contact: true })).status).toBe(200);
      await until(sendAt);
      await worker.drain();
      expect(smtp.to(reply.from_email)).toEqual([]);
      const held = await detail(reply.id);
      expect(held).toMatchObject({ status: reply.status, outgoing: [{ status: 'held', error: 'Held: the contact was marked do-not-contact after this was scheduled.' }] });
      expect(held.activity.at(-1)).toMatchObject({ action: 'hold', actor: { type: 'system' }, to: 'Held: the contact was marked do-not-contact after this was scheduled.' });
      const anyway = await call('POST', `/api/replies/${reply.id}/outgoing/${answer.outgoing.id}/retry`, ws.headers);
      expect(anyway.status).toBe(409);
      expect(anyway.body.error).toMatch(/^The contact is marked do-not-contact/);
      expect((await cancel(reply.id, answer.outgoing.id)).body.data).toMatchObject({ status: 'cancelled' });
      await worker.drain();
      expect(smtp.to(reply.from_email)).toEqual([]);
    });

    it('holds an answer when the prospect writes again before it leaves; a person can then send it anyway, once', async () => {
      const reply = await newReply();
      const sendAt = inMs(1_000);
      const answer = await schedule(reply.id, sendAt);
      await newReply({ from_email: reply.from_email, subject: 'Re: Quick question', body_text: 'Actually, call me instead.' });
      await until(sendAt);
      await worker.drain();
      expect(smtp.to(reply.from_email)).toEqual([]);
      expect((await detail(reply.id)).outgoing).toMatchObject([{ status: 'held', error: `Held: ${reply.from_email} wrote again after this was scheduled.` }]);

      const anyway = await call('POST', `/api/replies/${reply.id}/outgoing/${answer.outgoing.id}/retry`, ana);
      expect(anyway.status).toBe(200);
      expect(anyway.body.data).toMatchObject({ status: 'queued', error: null });
      await worker.drain();
      expect(smtp.to(reply.from_email)).toHaveLength(1);
      const sent = await detail(reply.id);
      expect(sent).toMatchObject({ status: 'sent', sent_response: 'Talk tomorrow?' });
      expect(sent.activity.map((e: { action: string }) => e.action)).toEqual(['schedule', 'hold', 'status', 'send']);
      expect(sent.activity.at(-1).actor).toMatchObject({ type: 'user' });
      expect(await sentEvents(reply.id)).toHaveLength(1);
    });
  });

  describe(`a scheduled answer survives a restart (${dialect})`, () => {
    it('the server killed with SIGKILL before its time; a new one sends it once, at its time', async () => {
      const { db, url } = await openPrivateDatabase(dialect, 'later_restart');
      const smtp = await startSmtp();
      const { headers } = await makeWorkspace(db);
      const env = { DATABASE_URL: url, SMTP_URL: smtp.url, REPLYDESK_SECRET_KEY: Buffer.alloc(32, 7).toString('base64') };
      const json = { ...headers, 'content-type': 'application/json' };
      let first = await startServer(env);
      try {
        const created = await fetch(`${first.base}/api/replies`, { method: 'POST', headers: json, body: JSON.stringify(inbound()) });
        const reply = (await created.json()).data as { id: string; from_email: string };
        const sendAt = inMs(2_500);
        const res = await fetch(`${first.base}/api/replies/${reply.id}/send`, { method: 'POST', headers: json, body: JSON.stringify({ message: 'Still here?', send_at: sendAt }) });
        expect(res.status).toBe(200);
        await stop(first, 'SIGKILL');
        await until(sendAt);
        expect(smtp.received).toEqual([]);
        first = await startServer(env);
        await smtp.waitFor(() => smtp.received.length > 0, 20_000);
        await sleep(1_500); // time for a second copy, were there one
        expect(smtp.to(reply.from_email)).toHaveLength(1);
        expect(smtp.received[0]!.acceptedAt).toBeGreaterThanOrEqual(Date.parse(sendAt));
        const read = await (await fetch(`${first.base}/api/replies/${reply.id}`, { headers })).json();
        expect(read.data).toMatchObject({ status: 'sent', sent_response: 'Still here?', outgoing: [{ status: 'sent' }] });
      } finally {
        await stop(first, 'SIGKILL');
        await smtp.close();
        await db.close();
      }
    });
  });
}
