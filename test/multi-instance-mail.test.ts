// Several instances, one product, with mail (docs/deploy.md "Several instances"; the set-up:
// test/instances.ts). Mail the `replydesk worker` syncs from a mailbox on Dovecot reaches a
// dashboard stream on instance A within 2 s of being stored; 200 sends queued through B, the
// worker SIGKILLed in their middle and started again, each arrive at the SMTP server
// (test/smtp.ts) as docs/mail.md "What a crash can cause" promises: through SMTP_URL every mail
// once, or twice when the killed worker's attempt at it was under way; through a mailbox whose
// server files what it sends in Sent (Dovecot), every mail exactly once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_SEND_JOB } from '../src/mail/service.ts';
import { inbound, makeWorkspace } from './helpers.ts';
import { dovecotInstalled, mail, startDovecot } from './imap.ts';
import { type Instances, openStream, postgresUrl, redisUrl, startInstances, until } from './instances.ts';
import { stop } from './processes.ts';
import { type SmtpPeer, startSmtp } from './smtp.ts';

if (process.env.TEST_REQUIRE_SERVICES === '1' && !dovecotInstalled()) throw new Error('dovecot is not installed (apt-get install dovecot-imapd; .ci/run does)');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
type Answer<T> = { data: T };

describe.skipIf(!postgresUrl || !redisUrl)('several instances with mail: a mailbox the worker syncs, sends across a SIGKILL of the worker', () => {
  let set: Instances;
  let smtp: SmtpPeer;

  beforeAll(async () => {
    // a slow server: 40 sessions at a time, each message taken 20–800 ms after its data, so a
    // kill finds mail in every step of an attempt (as in test/crash.test.ts)
    smtp = await startSmtp({ delayMs: () => 20 + Math.random() * 780, sessions: 40 });
    // What every process needs, the API and the worker alike: any of them sends a queued mail
    // and syncs a mailbox (docs/deploy.md "Several instances"); the API checks a mailbox's login.
    set = await startInstances('multimail', {
      SMTP_URL: smtp.url,
      MAIL_RETRY_SCHEDULE: Array(90).fill('1').join(','),
      MAIL_QUOTA_PER_HOUR: '10000',
      MAILBOX_ALLOW_PRIVATE_NETWORKS: 'true',
      // leases that lapse soon after a kill; still far longer than one attempt at this server
      JOB_LEASE_SECONDS: '10',
      WEBHOOK_TIMEOUT_SECONDS: '5',
    });
  }, 240_000);

  afterAll(async () => {
    await set?.close();
    await smtp?.close();
  }, 60_000);

  it.skipIf(!dovecotInstalled())(
    'mail the worker syncs from a mailbox reaches a stream on A within 2 s of being stored',
    async () => {
      const { a, b, db, cookie } = set;
      const dovecot = await startDovecot();
      let stream: ReturnType<typeof openStream> | null = null;
      let id: string | null = null;
      try {
        const user = `box${process.pid}`;
        dovecot.addUser(user, 'secret');
        const created = await set.api(b, 'POST', '/api/connections', {
          name: 'Across instances',
          email: `${user}@agency.example`,
          imap: { host: dovecot.host, port: dovecot.port, tls: 'none', username: user, password: 'secret' },
        });
        expect(created.status, await created.clone().text()).toBe(201);
        id = ((await created.json()) as Answer<{ id: string }>).data.id;
        // Every process syncs mailboxes, and a mailbox goes to the first to scan after its lease
        // is free (mailboxes/sync.ts, every 5 s). For the worker to have this one, A and B are
        // stopped (SIGSTOP) until it has: a lease A or B took in the moments before is let go,
        // and their session ends at their next scan, which finds the lease the worker's.
        a.proc.kill('SIGSTOP');
        b.proc.kill('SIGSTOP');
        let holder: string | null;
        let takenEarlier = false;
        try {
          const lease = async () => (await db.read.selectFrom('connections').select('lease_holder').where('id', '=', id!).executeTakeFirstOrThrow()).lease_holder;
          if ((await lease()) !== null) {
            takenEarlier = true;
            await db.write((trx) => trx.updateTable('connections').set({ lease_holder: null, lease_expires_at: null }).where('id', '=', id!).execute());
          }
          const connected = new RegExp(`"connection":"${id}"[^\\n]*"msg":"mailbox connected"`);
          expect(await until(() => connected.test(set.worker.output()), 30_000, 50), 'the worker never took the mailbox').toBe(true);
          holder = await lease();
        } finally {
          a.proc.kill('SIGCONT');
          b.proc.kill('SIGCONT');
        }
        if (takenEarlier) await sleep(6_000);
        const events = openStream(a.port, cookie);
        stream = events;
        await events.ready;

        const delivered = new Map<string, number>();
        for (let i = 0; i < 5; i++) {
          const subject = `Synced by the worker ${i}`;
          await dovecot.append(user, mail({ subject, from: `Prospect ${i} <prospect${i}.${process.pid}@prospect.example>` }));
          delivered.set(subject, Date.now());
          await sleep(400);
        }
        const arrivals = () => events.events.filter((e) => e.type === 'reply.received' && e.data.connection_id === id);
        // IDLE: Dovecot tells of new mail within its 1 s check (test/imap.ts), the worker fetches
        // and stores it, and the bus carries the event; without IDLE the next look would be up to
        // MAILBOX_POLL_SECONDS (15) away
        expect(await until(() => arrivals().length >= delivered.size, 10_000), `${arrivals().length} of ${delivered.size} reply.received events on A`).toBe(true);
        const timings = arrivals().map((e) => ({ stored: e.at - Date.parse(e.data.created_at!), delivered: e.at - delivered.get(e.data.subject!)! }));
        console.info(`mailbox → stream on A, ms after the worker stored / after delivery: ${timings.map((t) => `${t.stored}/${t.delivered}`).join(', ')}`);
        expect(
          arrivals()
            .map((e) => e.data.subject)
            .sort(),
        ).toEqual([...delivered.keys()].sort());
        for (const t of timings) {
          expect(t.stored).toBeLessThanOrEqual(2_000);
          expect(t.delivered).toBeLessThanOrEqual(6_000);
        }
        // stored by the worker: it held the mailbox's lease throughout
        expect(holder).not.toBeNull();
        expect((await db.read.selectFrom('connections').select('lease_holder').where('id', '=', id).executeTakeFirstOrThrow()).lease_holder).toBe(holder);
      } finally {
        stream?.close();
        if (id) await set.api(b, 'DELETE', `/api/connections/${id}`);
        await dovecot.stop();
      }
    },
    120_000,
  );

  /**
   * 200 sends queued through B, the worker SIGKILLed once some have arrived at `peer` while it
   * holds some of the rest, a new worker started: once all is settled, the copies of each mail
   * that arrived, and the mails the killed worker left uncertain (docs/mail.md: queued with an
   * attempt under way). `mailbox`: sent through that mailbox (its SMTP server is `peer`).
   */
  async function sendAcrossKill(peer: SmtpPeer, sender: Awaited<ReturnType<typeof makeWorkspace>>, mailbox?: { id: string; email: string }) {
    const { a, b, db } = set;
    const MAILS = 200;
    // Queued while the server turns every connection away (421): the workers of all three
    // processes retry them every second, and take them as they fall due when it opens.
    peer.refuse.connect = () => ({ code: 421, message: '4.3.2 Not yet' });
    const replyIds: string[] = [];
    for (let i = 0; i < MAILS; i += 20) {
      await Promise.all(
        Array.from({ length: 20 }, async (_, j) => {
          const created = await set.api(b, 'POST', '/api/replies', inbound(mailbox ? { connection_id: mailbox.id, to_email: mailbox.email } : {}), sender.headers);
          expect(created.status).toBe(201);
          const replyId = ((await created.json()) as Answer<{ id: string }>).data.id;
          expect((await set.api(b, 'POST', `/api/replies/${replyId}/send`, { message: `Mail ${i + j}` }, sender.headers)).status).toBe(200);
          replyIds.push(replyId);
        }),
      );
    }
    expect(peer.received).toHaveLength(0);
    const workerId = /"worker":"(worker-[^"]+)"/.exec(set.worker.output())![1]!;
    const heldByWorker = () =>
      db.read
        .selectFrom('jobs')
        .select('payload')
        .where('workspace_id', '=', sender.workspace.id)
        .where('kind', '=', MAIL_SEND_JOB)
        .where('status', '=', 'running')
        .where('locked_by', '=', workerId)
        .execute();
    const rows = () => db.read.selectFrom('outgoing_messages').select(['id', 'message_id', 'status', 'attempt_started_at', 'sent_copy']).where('workspace_id', '=', sender.workspace.id).execute();
    // Which worker takes a mail that falls due is whichever polls first (every 500 ms each):
    // the worker's share could be next to nothing. So A and B are stopped (SIGSTOP) when the
    // server opens until the worker holds 20; they take the rest once they go on.
    a.proc.kill('SIGSTOP');
    b.proc.kill('SIGSTOP');
    try {
      peer.refuse.connect = undefined;
      expect(await until(async () => (await heldByWorker()).length >= 20, 10_000, 10), 'the worker never took 20 sends').toBe(true);
    } finally {
      a.proc.kill('SIGCONT');
      b.proc.kill('SIGCONT');
    }

    // the kill: once some mail has arrived, while the worker holds some
    const midway = await until(async () => peer.received.length >= 20 && (await heldByWorker()).length > 0, 60_000, 10);
    expect(midway, `the worker held no send once 20 had arrived (${peer.received.length} arrived)`).toBe(true);
    await stop(set.worker, 'SIGKILL');
    const arrivedAtKill = peer.received.length;
    // What the killed worker left: its jobs stay its own until their lease lapses, so this is
    // their state at the kill.
    const held = (await heldByWorker()).map((j) => (JSON.parse(j.payload) as { outgoingId: string }).outgoingId);
    const atKill = (await rows()).filter((r) => held.includes(r.id));
    const uncertain = new Set(atKill.filter((r) => r.status === 'queued' && r.attempt_started_at !== null).map((r) => r.message_id));
    expect(arrivedAtKill).toBeLessThan(MAILS);
    expect(uncertain.size, 'the kill found no attempt under way').toBeGreaterThan(0);

    set.worker = await set.startWorker();
    const settled = await until(
      async () => {
        if (!(await rows()).every((r) => r.status !== 'queued')) return false;
        const busy = await db.read.selectFrom('jobs').select('id').where('workspace_id', '=', sender.workspace.id).where('status', 'in', ['queued', 'running']).execute();
        return busy.length === 0 && peer.taking === 0;
      },
      120_000,
      200,
    );
    expect(settled, `not settled: ${JSON.stringify((await rows()).filter((r) => r.status === 'queued'))}`).toBe(true);

    const final = await rows();
    expect(final).toHaveLength(MAILS);
    expect(final.filter((r) => r.status !== 'sent')).toEqual([]);
    const copies = new Map<string, number>(final.map((r) => [r.message_id, 0]));
    for (const m of peer.received) copies.set(m.mail.messageId!, (copies.get(m.mail.messageId!) ?? 0) + 1);
    expect(copies.size).toBe(MAILS); // nothing arrived that was not one of these
    expect([...copies].filter(([, n]) => n === 0)).toEqual([]); // every mail arrived
    const twice = [...copies].filter(([, n]) => n === 2).length;
    const foundInSent = final.filter((r) => r.sent_copy?.startsWith('found in')).length;
    console.info(
      `${mailbox ? 'mailbox' : 'SMTP_URL'}: ${arrivedAtKill} of ${MAILS} mails had arrived at the kill; the worker held ${held.length} sends, ${uncertain.size} of them with an attempt under way (uncertain); ${peer.received.length} arrivals, ${twice} mails twice, ${foundInSent} found in Sent`,
    );

    // and the API says so, read through A
    for (let i = 0; i < replyIds.length; i += 20) {
      const read = await Promise.all(
        replyIds
          .slice(i, i + 20)
          .map(
            async (id) =>
              ((await (await set.api(a, 'GET', `/api/replies/${id}`, undefined, sender.headers)).json()) as Answer<{ status: string; outgoing: { status: string; message_id: string }[] }>).data,
          ),
      );
      for (const reply of read) {
        expect(reply.status).toBe('sent');
        expect(reply.outgoing).toEqual([expect.objectContaining({ status: 'sent' })]);
        expect(copies.get(reply.outgoing[0]!.message_id)).toBeGreaterThanOrEqual(1);
      }
    }
    return { copies, uncertain, foundInSent };
  }

  it('200 sends through SMTP_URL queued through B, the worker SIGKILLed in their middle and started again: every mail arrives, twice only when the killed attempt was under way', async () => {
    const { copies, uncertain } = await sendAcrossKill(smtp, await makeWorkspace(set.db));
    // docs/mail.md: one extra copy at most of each mail whose attempt was under way at the crash
    expect([...copies].filter(([id, n]) => n > (uncertain.has(id) ? 2 : 1))).toEqual([]);
  }, 300_000);

  it.skipIf(!dovecotInstalled())(
    '200 sends through a mailbox whose server files sent mail, the worker SIGKILLed in their middle: every mail exactly once',
    async () => {
      const dovecot = await startDovecot();
      const user = `sender${process.pid}`;
      dovecot.addUser(user, 'secret');
      const filer = await dovecot.client(user);
      // the mailbox's own SMTP server files what it takes in Sent, as Gmail's does
      const peer = await startSmtp({
        auth: { username: 'sam', password: 'smtp-secret' },
        delayMs: () => 20 + Math.random() * 780,
        sessions: 40,
        file: async (m) => void (await filer.append('Sent', m.raw, ['\\Seen'])),
      });
      const sender = await makeWorkspace(set.db);
      let id: string | null = null;
      try {
        const email = `${user}@agency.example`;
        const created = await set.api(
          set.b,
          'POST',
          '/api/connections',
          {
            name: 'Sender',
            email,
            imap: { host: dovecot.host, port: dovecot.port, tls: 'none', username: user, password: 'secret', sent_folder: null },
            smtp: { host: '127.0.0.1', port: peer.port, tls: 'none', username: 'sam', password: 'smtp-secret' },
          },
          sender.headers,
        );
        expect(created.status, await created.clone().text()).toBe(201);
        id = ((await created.json()) as Answer<{ id: string }>).data.id;
        const { copies } = await sendAcrossKill(peer, sender, { id, email });
        // docs/mail.md: through a mailbox whose server files sent mail, no duplicate
        expect([...copies].filter(([, n]) => n !== 1)).toEqual([]);
      } finally {
        if (id) await set.api(set.b, 'DELETE', `/api/connections/${id}`, undefined, sender.headers);
        await filer.logout().catch(() => {});
        await peer.close();
        await dovecot.stop();
      }
    },
    300_000,
  );
});
