// Mailboxes against a real IMAP server (Dovecot, test/imap.ts) and a real SMTP server
// (smtp-server, test/smtp.ts): the connections API, the sync, parsing and threading, the
// failure cases of issue 16, and sending through the mailbox.
import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FILE_SENT_JOB, fileSentHandler, mailboxRoute } from '../src/mailboxes/sending.ts';
import { MailboxSync } from '../src/mailboxes/sync.ts';
import { connect as connectDb } from '../src/db/connect.ts';
import { Worker } from '../src/jobs/queue.ts';
import { MAIL_SEND_JOB } from '../src/mail/service.ts';
import { mailSendHandler } from '../src/mail/transport.ts';
import { DIALECTS, makeApp, makeWorkspace } from './helpers.ts';
import { type Dovecot, dovecotInstalled, mail, startDovecot } from './imap.ts';
import { openPrivateDatabase } from './private-db.ts';
import { type SmtpPeer, startSmtp } from './smtp.ts';

const required = process.env.TEST_REQUIRE_SERVICES === '1';
if (required && !dovecotInstalled()) throw new Error('dovecot is not installed (apt-get install dovecot-imapd; .ci/run does)');

async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const got = await probe();
    if (got) return got;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

let n = 0;
const unique = (prefix: string) => `${prefix}${++n}.${process.pid}`;

for (const dialect of DIALECTS) {
  describe.skipIf(!dovecotInstalled())(`mailboxes (${dialect})`, () => {
    let dovecot: Dovecot;
    let smtp: SmtpPeer;
    let ctx: Awaited<ReturnType<typeof makeApp>>;
    let ws: Awaited<ReturnType<typeof makeWorkspace>>;
    let dbUrl: string;
    const secretKey = crypto.randomBytes(32);
    const syncs: MailboxSync[] = [];

    const log = process.env.MAILBOX_TEST_LOG ? { info: console.log, warn: console.log, error: console.log } : undefined;
    const newSync = (extra: Partial<ConstructorParameters<typeof MailboxSync>[1]> = {}) => {
      const s = new MailboxSync(ctx.db, {
        log,
        secretKey,
        allowPrivateNetworks: true,
        maxAttachmentBytes: 5 * 1024 * 1024,
        pollMs: 1_000,
        scanMs: 200,
        leaseMs: 5_000,
        timeoutMs: 10_000,
        backoff: { baseMs: 300, capMs: 2_000 },
        ...extra,
      });
      syncs.push(s);
      return s;
    };
    const api = (method: string, url: string, payload?: unknown) => ctx.app.inject({ method: method as 'GET', url, headers: ws.headers, ...(payload !== undefined && { payload: payload as object }) });
    const imapOf = (user: string, password = 'secret') => ({ host: dovecot.host, port: dovecot.port, tls: 'none', username: user, password });
    const smtpOf = (user = 'sam', password = 'smtp-secret') => ({ host: '127.0.0.1', port: smtp.port, tls: 'none', username: user, password });
    /** A new mailbox user on Dovecot and a connection to it through the API. */
    const connect = async (extra: Record<string, unknown> = {}) => {
      const user = unique('box');
      dovecot.addUser(user, 'secret');
      const email = `${user}@agency.example`;
      const res = await api('POST', '/api/connections', { name: `Box ${user}`, email, imap: imapOf(user), ...extra });
      expect(res.statusCode, res.body).toBe(201);
      return { user, email, id: res.json().data.id as string, data: res.json().data };
    };
    const repliesOf = async (connectionId: string) =>
      (await api('GET', `/api/replies?connection_id=${connectionId}&limit=100&sort=received_at`)).json() as {
        data: { id: string; subject: string; from_email: string; body_text: string }[];
        pagination: { total: number };
      };

    beforeAll(async () => {
      dovecot = await startDovecot();
      smtp = await startSmtp({ auth: { username: 'sam', password: 'smtp-secret' } });
      const { db, url } = await openPrivateDatabase(dialect, 'mailboxes');
      dbUrl = url;
      ctx = await makeApp(dialect, { db, webhooks: { secretKey }, mailboxes: { allowPrivateNetworks: true, timeoutMs: 5_000 } });
      ws = await makeWorkspace(ctx.db);
    });
    // every test's workers stop with it: a worker left running would sync the next test's mailboxes
    afterEach(async () => {
      await Promise.all(syncs.splice(0).map((s) => s.stop()));
    });
    afterAll(async () => {
      await ctx?.close();
      await ctx?.db.close();
      await smtp?.close();
      await dovecot?.stop();
    });

    it('creates a connection after logging in to IMAP and SMTP; passwords are never returned', async () => {
      const { data, user } = await connect({ smtp: smtpOf(), signature: { text: 'Sam\nAgency' } });
      expect(data).toMatchObject({
        imap: { host: dovecot.host, port: dovecot.port, tls: 'none', username: user, folder: 'INBOX', sent_folder: null },
        smtp: { host: '127.0.0.1', port: smtp.port, tls: 'none', username: 'sam' },
        signature: { text: 'Sam\nAgency', html: '' },
        paused: false,
        sync: { state: 'pending', last_synced_at: null, last_error: null, skipped: 0 },
      });
      const read = await api('GET', `/api/connections/${data.id}`);
      expect(read.json().data).toEqual(data);
      const everything = JSON.stringify([read.json(), (await api('GET', '/api/connections')).json()]);
      expect(everything).not.toContain('secret');
      const stored = await ctx.db.read.selectFrom('connections').select(['imap_password_enc', 'smtp_password_enc']).where('id', '=', data.id).executeTakeFirstOrThrow();
      expect(stored.imap_password_enc).toMatch(/^v1:/);
      expect(JSON.stringify(stored)).not.toContain('secret');
    });

    it('refuses credentials that do not work with a 400 naming the protocol and the step, storing nothing', async () => {
      const user = unique('box');
      dovecot.addUser(user, 'secret');
      const before = (await api('GET', '/api/connections')).json().pagination.total;
      const cases: [unknown, RegExp][] = [
        [{ imap: imapOf(user, 'wrong') }, /^IMAP: login failed: the server refused the username or password/],
        [{ imap: { ...imapOf(user), host: 'no-such-host.invalid' } }, /^IMAP: DNS lookup of no-such-host\.invalid failed/],
        [{ imap: { ...imapOf(user), tls: 'implicit' } }, /^IMAP: TLS with 127\.0\.0\.1:\d+ failed/],
        [{ imap: { ...imapOf(user), tls: 'starttls' } }, /^IMAP: TLS with 127\.0\.0\.1:\d+ failed/],
        [{ imap: { ...imapOf(user), folder: 'Nope' } }, /^IMAP: the folder "Nope" does not exist/],
        [{ imap: imapOf(user), smtp: smtpOf('sam', 'wrong') }, /^SMTP: login failed: the server refused the username or password/],
        [{ smtp: { ...smtpOf(), port: dovecot.port } }, /^SMTP: /],
      ];
      for (const [extra, message] of cases) {
        const res = await api('POST', '/api/connections', { name: 'Bad', email: 'bad@agency.example', ...(extra as object) });
        expect(res.statusCode, JSON.stringify(extra)).toBe(400);
        expect(res.json().data).toBeNull();
        expect(res.json().error, JSON.stringify(extra)).toMatch(message);
        expect(res.json().error).not.toContain('wrong');
      }
      expect((await api('GET', '/api/connections')).json().pagination.total).toBe(before);
    });

    it('refuses a mailbox host on an internal network unless MAILBOX_ALLOW_PRIVATE_NETWORKS is set, judging the address connected to', async () => {
      const guarded = await makeApp(dialect, { db: ctx.db, webhooks: { secretKey } });
      try {
        for (const host of ['127.0.0.1', 'localhost', '10.1.2.3', '[::1]', '169.254.169.254']) {
          const res = await guarded.app.inject({
            method: 'POST',
            url: '/api/connections',
            headers: ws.headers,
            payload: { name: 'Inside', email: 'in@agency.example', imap: { ...imapOf('x'), host } },
          });
          expect(res.statusCode, host).toBe(400);
          expect(res.json().error, host).toMatch(/^IMAP: .*internal networks are refused \(MAILBOX_ALLOW_PRIVATE_NETWORKS=true allows them\)$/);
        }
        const smtpInside = await guarded.app.inject({ method: 'POST', url: '/api/connections', headers: ws.headers, payload: { name: 'Inside', email: 'in@agency.example', smtp: smtpOf() } });
        expect(smtpInside.json().error).toMatch(/^SMTP: 127\.0\.0\.1, a loopback address/);
      } finally {
        await guarded.app.close();
      }
    });

    it('needs connections:manage to create, change or delete; a key without it may still list', async () => {
      const limited = await makeWorkspace(ctx.db, { permissions: ['replies:read', 'replies:write'] });
      const post = await ctx.app.inject({ method: 'POST', url: '/api/connections', headers: limited.headers, payload: { name: 'x', email: 'x@agency.example' } });
      expect(post.statusCode).toBe(403);
      expect(post.json()).toEqual({ data: null, error: 'This API key lacks the connections:manage permission' });
      expect((await ctx.app.inject({ method: 'GET', url: '/api/connections', headers: limited.headers })).statusCode).toBe(200);
    });

    it('turns every message that arrives after the connection is made into one reply, and skips its own mail', async () => {
      const sync = newSync();
      const before = mail({ subject: 'Before the connection' });
      const user = unique('box');
      dovecot.addUser(user, 'secret');
      await dovecot.append(user, before);
      const res = await api('POST', '/api/connections', { name: 'Arrivals', email: `${user}@agency.example`, imap: imapOf(user) });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json().data.id;
      sync.start();
      await dovecot.append(
        user,
        mail({ subject: 'First answer', from: 'Grace Hopper <grace@prospect.example>', text: 'Yes, let us talk.\n\nOn Mon, 5 Jan 2026, Sam <sam@agency.example> wrote:\n> Worth a chat?\n> Sam' }),
      );
      await dovecot.append(user, mail({ subject: 'Mine', from: `Sam <${user}@agency.example>` }));
      const replies = await waitFor('the reply', async () => {
        const r = await repliesOf(id);
        return r.pagination.total >= 1 && r;
      });
      expect(replies.data.map((r) => r.subject)).toEqual(['First answer']);
      const reply = (await api('GET', `/api/replies/${replies.data[0]!.id}`)).json().data;
      expect(reply).toMatchObject({
        from_email: 'grace@prospect.example',
        from_name: 'Grace Hopper',
        to_email: `${user}@agency.example`,
        connection_id: id,
        body_text: 'Yes, let us talk.',
        status: 'pending',
        attachments: [],
      });
      const conn = await waitFor('the skipped message', async () => {
        const c = (await api('GET', `/api/connections/${id}`)).json().data;
        return c.sync.skipped === 1 && c.sync.state === 'active' && c;
      });
      expect(conn.sync).toMatchObject({ state: 'active', last_error: null });
      expect(conn.sync.last_synced_at).not.toBeNull();
      expect((await api('GET', `/api/connections/${id}/skipped`)).json().data).toEqual([expect.objectContaining({ folder: 'INBOX', reason: 'sent by the mailbox itself' })]);
    });

    const waitForReplies = (id: string, count: number, ms?: number) =>
      waitFor(
        `${count} replies`,
        async () => {
          const r = await repliesOf(id);
          return r.pagination.total >= count && r;
        },
        ms,
      );
    const stateOf = async (id: string) => (await api('GET', `/api/connections/${id}`)).json().data;

    it('answers through the mailbox: its SMTP login, its address, its signature; the answer lands in Sent, and the next reply threads onto it', async () => {
      const sync = newSync();
      sync.start();
      const client = (await api('POST', '/api/clients', { name: 'Linus Corp', service_description: 'Kernels' })).json().data;
      const { id, email, user } = await connect({ smtp: smtpOf(), signature: { text: 'Sam Rivera\nThe Agency' }, display_name: 'Sam Rivera', client_id: client.id });
      await dovecot.append(user, mail({ subject: 'Re: Quick question', from: 'Linus <linus@prospect.example>', text: 'How much does it cost?' }));
      const first = (await waitForReplies(id, 1)).data[0]!;
      // the mailbox works for the client: what arrives in it is the client's
      expect((await api('GET', `/api/replies/${first.id}`)).json().data.client).toMatchObject({ id: client.id, name: 'Linus Corp' });
      const sent = await api('POST', `/api/replies/${first.id}/send`, { message: 'It is 100 a month.' });
      expect(sent.statusCode, sent.body).toBe(200);
      const worker = new Worker(
        ctx.db,
        {
          [MAIL_SEND_JOB]: mailSendHandler(ctx.db, { smtpUrl: null, mailbox: mailboxRoute(ctx.db, { secretKey, allowPrivateNetworks: true }) }),
          [FILE_SENT_JOB]: fileSentHandler(ctx.db, { secretKey, allowPrivateNetworks: true }),
        },
        { kinds: [MAIL_SEND_JOB, FILE_SENT_JOB] },
      );
      await worker.drain();
      const delivered = smtp.to('linus@prospect.example');
      expect(delivered).toHaveLength(1);
      expect(delivered[0]!.from).toBe(email);
      expect(delivered[0]!.mail.from?.value).toEqual([{ name: 'Sam Rivera', address: email }]);
      expect(delivered[0]!.mail.text).toContain('It is 100 a month.\n\n-- \nSam Rivera\nThe Agency');
      const outgoing = (await api('GET', `/api/replies/${first.id}`)).json().data.outgoing[0];
      expect(outgoing).toMatchObject({ status: 'sent', kind: 'send' });
      const row = await ctx.db.read.selectFrom('outgoing_messages').select(['sent_copy', 'connection_id']).where('id', '=', outgoing.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ sent_copy: 'appended to Sent', connection_id: id });
      const imap = await dovecot.client(user);
      try {
        await imap.mailboxOpen('Sent');
        const inSent = await imap.fetchAll('1:*', { envelope: true, flags: true });
        expect(inSent.map((m) => m.envelope?.messageId)).toEqual([outgoing.message_id]);
        expect([...(inSent[0]!.flags ?? [])]).toContain('\\Seen');
      } finally {
        await imap.logout();
      }
      // the prospect answers our answer: threaded onto it
      await dovecot.append(
        user,
        mail({
          subject: 'Re: Re: Quick question',
          from: 'Linus <linus@prospect.example>',
          inReplyTo: outgoing.message_id,
          references: `<campaign@agency.example> ${outgoing.message_id}`,
          text: 'Deal. Send the contract.',
        }),
      );
      const second = (await waitForReplies(id, 2)).data[1]!;
      const thread = (await api('GET', `/api/replies/${second.id}`)).json().data.thread;
      expect(thread.map((t: { from: string; body: string }) => [t.from, t.body.split('\n')[0]])).toEqual([
        ['linus@prospect.example', 'How much does it cost?'],
        [email, 'It is 100 a month.'],
      ]);
    });

    it('a restart in the middle of a sync and a worker outage lose nothing and store nothing twice', async () => {
      const { id, user } = await connect();
      // 12 messages, 3 UIDs a page: the first worker stops after its first pages
      for (let i = 0; i < 12; i++) await dovecot.append(user, mail({ subject: `Batch ${i}` }));
      const first = newSync({ pageSize: 3 });
      first.start();
      await waitForReplies(id, 3);
      await first.stop();
      // the worker is down: mail keeps arriving
      for (let i = 12; i < 15; i++) await dovecot.append(user, mail({ subject: `Batch ${i}` }));
      const second = newSync({ pageSize: 3 });
      second.start();
      const all = await waitForReplies(id, 15);
      await new Promise((r) => setTimeout(r, 1_500));
      const again = await repliesOf(id);
      expect(again.pagination.total).toBe(15);
      expect(new Set(again.data.map((r) => r.subject)).size).toBe(15);
      expect(all.data.map((r) => r.subject).sort()).toEqual(Array.from({ length: 15 }, (_, i) => `Batch ${i}`).sort());
      await second.stop();
    });

    it('a server outage shows as error with the reason, and the mail that arrives once it is back is stored once', async () => {
      const sync = newSync();
      sync.start();
      const { id, user } = await connect();
      await dovecot.append(user, mail({ subject: 'Before the outage' }));
      await waitForReplies(id, 1);
      await dovecot.stop();
      const down = await waitFor('the error state', async () => {
        const c = await stateOf(id);
        return c.sync.state === 'error' && c;
      });
      expect(down.sync.last_error).toMatch(/^IMAP: /);
      await dovecot.start();
      await dovecot.append(user, mail({ subject: 'After the outage' }));
      const after = await waitForReplies(id, 2);
      expect(after.data.map((r) => r.subject)).toEqual(['Before the outage', 'After the outage']);
      expect(await waitFor('active again', async () => (await stateOf(id)).sync.state === 'active' && true)).toBe(true);
    });

    it('a UIDVALIDITY change reads the folder again without storing anything twice', async () => {
      const sync = newSync();
      sync.start();
      const { id, user } = await connect();
      for (let i = 0; i < 3; i++) await dovecot.append(user, mail({ subject: `Kept ${i}` }));
      await waitForReplies(id, 3);
      const before = await ctx.db.read.selectFrom('mailbox_folders').select('uidvalidity').where('connection_id', '=', id).executeTakeFirstOrThrow();
      await dovecot.renumber(user);
      await dovecot.append(user, mail({ subject: 'After renumbering' }));
      await waitForReplies(id, 4);
      const after = await ctx.db.read.selectFrom('mailbox_folders').select(['uidvalidity', 'last_uid']).where('connection_id', '=', id).executeTakeFirstOrThrow();
      expect(after.uidvalidity).not.toBe(before.uidvalidity);
      await new Promise((r) => setTimeout(r, 1_500));
      expect((await repliesOf(id)).data.map((r) => r.subject).sort()).toEqual(['After renumbering', 'Kept 0', 'Kept 1', 'Kept 2']);
    });

    it('a password that stops working: state error with the reason, retried with a growing backoff, no crash', async () => {
      const sync = newSync();
      sync.start();
      const { id, user } = await connect();
      await dovecot.append(user, mail({ subject: 'While it worked' }));
      await waitForReplies(id, 1);
      dovecot.addUser(user, 'changed-by-the-admin');
      await dovecot.stop();
      await dovecot.start();
      const failed = await waitFor('two failed attempts', async () => {
        const row = await ctx.db.read.selectFrom('connections').select(['sync_state', 'last_error', 'sync_failures', 'next_sync_at']).where('id', '=', id).executeTakeFirstOrThrow();
        return row.sync_failures >= 2 && row;
      });
      expect(failed.sync_state).toBe('error');
      expect(failed.last_error).toMatch(/^IMAP: login failed: the server refused the username or password/);
      expect(Date.parse(failed.next_sync_at!)).toBeGreaterThan(Date.now() - 1_000);
      expect((await stateOf(id)).sync).toMatchObject({ state: 'error', last_error: failed.last_error });
      // the new password, given through the API, is checked and the sync resumes
      const fixed = await api('PATCH', `/api/connections/${id}`, { imap: { password: 'changed-by-the-admin' } });
      expect(fixed.statusCode, fixed.body).toBe(200);
      await dovecot.append(user, mail({ subject: 'After the fix' }));
      await waitForReplies(id, 2);
      expect(await waitFor('active', async () => (await stateOf(id)).sync.state === 'active' && true, 60_000)).toBe(true);
    }, 120_000);

    it('settings changed again and again: each restart ends the old session and its lease before the new one starts, and the state comes back to active', async () => {
      const sync = newSync();
      sync.start();
      const { id, user } = await connect();
      await dovecot.append(user, mail({ subject: 'Before the changes' }));
      await waitForReplies(id, 1);
      for (let i = 0; i < 6; i++) {
        const res = await api('PATCH', `/api/connections/${id}`, { imap: { password: 'secret' } });
        expect(res.json().data.sync.state).toBe('pending');
        await waitFor(`active after change ${i + 1}`, async () => (await stateOf(id)).sync.state === 'active');
        const row = await ctx.db.read.selectFrom('connections').select('lease_holder').where('id', '=', id).executeTakeFirstOrThrow();
        expect(row.lease_holder).toBe(sync.holder);
      }
      await dovecot.append(user, mail({ subject: 'After the changes' }));
      await waitForReplies(id, 2);
    });

    it('bad mail is stored or skipped with a recorded reason, never a crash loop: malformed MIME, a 20 MB attachment, 500 recipients, NUL in a header', async () => {
      const sync = newSync();
      sync.start();
      const { id, user } = await connect();
      const boundary = 'b0undary';
      const big = crypto
        .randomBytes(20 * 1024 * 1024)
        .toString('base64')
        .replace(/.{76}/g, '$&\r\n');
      const withAttachment = [
        'From: Big Sender <big@prospect.example>',
        'To: x@agency.example',
        'Subject: Big attachment',
        `Message-ID: <big.${process.pid}@prospect.example>`,
        'MIME-Version: 1.0',
        `Content-Type: multipart/mixed; boundary="${boundary}"`,
        '',
        `--${boundary}`,
        'Content-Type: text/plain',
        '',
        'See the attached deck.',
        `--${boundary}`,
        'Content-Type: application/pdf; name="deck.pdf"',
        'Content-Disposition: attachment; filename="deck.pdf"',
        'Content-Transfer-Encoding: base64',
        '',
        big,
        `--${boundary}`,
        'Content-Type: application/octet-stream; name="small.bin"',
        'Content-Disposition: attachment; filename="small.bin"',
        'Content-Transfer-Encoding: base64',
        '',
        Buffer.from([0, 1, 2, 255, 10, 13]).toString('base64'),
        `--${boundary}--`,
        '',
      ].join('\r\n');
      const malformed =
        'From: Broken <broken@prospect.example>\r\nSubject: Broken MIME\r\nContent-Type: multipart/mixed; boundary="never-closed"\r\n\r\n--never-closed\r\nContent-Type: text/plain\r\n\r\nHalf a message';
      const recipients = Array.from({ length: 500 }, (_, i) => `person${i}@prospect.example`).join(', ');
      await dovecot.append(user, withAttachment);
      await dovecot.append(user, malformed);
      await dovecot.append(user, mail({ subject: 'Many recipients', to: recipients }));
      await dovecot.append(user, mail({ subject: 'Nul\u0000 in the subject', headers: { 'X-Note': 'a\u0000b' } }));
      await dovecot.append(user, 'This is not a mail at all, no headers, no sender.\r\n');
      await dovecot.append(user, mail({ subject: 'Still flowing' }));
      const replies = await waitForReplies(id, 5, 60_000);
      // the NUL never reaches the database (Dovecot stores it as U+FFFD; parse.ts drops any that arrives)
      expect(replies.data.some((r) => r.subject.includes('\u0000'))).toBe(false);
      const bySubject = Object.fromEntries(replies.data.map((r) => [r.subject.replace('\ufffd', ''), r]));
      expect(Object.keys(bySubject).sort()).toEqual(['Big attachment', 'Broken MIME', 'Many recipients', 'Nul in the subject', 'Still flowing']);
      const bigReply = (await api('GET', `/api/replies/${bySubject['Big attachment']!.id}`)).json().data;
      expect(bigReply.attachments).toEqual([
        expect.objectContaining({ filename: 'deck.pdf', content_type: 'application/pdf', stored: false, download_url: null, skipped_reason: expect.stringContaining('larger than the limit') }),
        expect.objectContaining({ filename: 'small.bin', content_type: 'application/octet-stream', size: 6, stored: true }),
      ]);
      expect(bigReply.attachments[0].size).toBeGreaterThan(20 * 1024 * 1024 - 10);
      const download = await ctx.app.inject({ method: 'GET', url: bigReply.attachments[1].download_url, headers: ws.headers });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload).toEqual(Buffer.from([0, 1, 2, 255, 10, 13]));
      expect(download.headers['content-disposition']).toBe('attachment; filename="small.bin"; filename*=UTF-8\'\'small.bin');
      expect((await ctx.app.inject({ method: 'GET', url: `/api/replies/${bigReply.id}/attachments/${bigReply.attachments[0].id}`, headers: ws.headers })).statusCode).toBe(404);
      expect((await api('GET', `/api/replies/${bySubject['Broken MIME']!.id}`)).json().data.body_text).toBe('Half a message');
      const skipped = await waitFor('the skipped message', async () => {
        const list = (await api('GET', `/api/connections/${id}/skipped`)).json().data;
        return list.length > 0 && list;
      });
      expect(skipped.map((s: { reason: string }) => s.reason)).toEqual(['no sender address']);
      expect((await stateOf(id)).sync).toMatchObject({ state: 'active', skipped: 1 });
    }, 120_000);

    it('recognises auto-replies and bounces from their headers and keeps the headers for triage', async () => {
      const sync = newSync();
      sync.start();
      const { id, user } = await connect();
      await dovecot.append(user, mail({ subject: 'Out of office', headers: { 'Auto-Submitted': 'auto-replied', 'X-Auto-Response-Suppress': 'All' } }));
      await dovecot.append(user, mail({ subject: 'Undelivered Mail Returned to Sender', from: 'MAILER-DAEMON@mx.prospect.example', headers: { 'Return-Path': '<>' } }));
      const replies = await waitForReplies(id, 2);
      const { triageHints } = await import('../src/mailboxes/parse.ts');
      const hints: Record<string, ReturnType<typeof triageHints>> = {};
      for (const r of replies.data) {
        const row = await ctx.db.read.selectFrom('replies').select('mail_headers').where('id', '=', r.id).executeTakeFirstOrThrow();
        hints[r.subject] = triageHints(JSON.parse(row.mail_headers!));
      }
      expect(hints['Out of office']).toMatchObject({ auto_reply: true, bounce: false });
      expect(hints['Undelivered Mail Returned to Sender']).toMatchObject({ auto_reply: false, bounce: true });
    });

    it('pause stops the sync and resume picks up the mail that arrived meanwhile; delete stops it and keeps the replies', async () => {
      const sync = newSync();
      sync.start();
      const { id, user } = await connect();
      await dovecot.append(user, mail({ subject: 'One' }));
      await waitForReplies(id, 1);
      const paused = await api('PATCH', `/api/connections/${id}`, { paused: true });
      expect(paused.json().data).toMatchObject({ paused: true, sync: { state: 'paused' } });
      await waitFor('the lease given up', async () => !sync.syncing.includes(id));
      await dovecot.append(user, mail({ subject: 'Two' }));
      await new Promise((r) => setTimeout(r, 1_500));
      expect((await repliesOf(id)).pagination.total).toBe(1);
      expect((await api('PATCH', `/api/connections/${id}`, { paused: false })).json().data.paused).toBe(false);
      await waitForReplies(id, 2);
      const replyIds = (await repliesOf(id)).data.map((r) => r.id);
      expect((await api('DELETE', `/api/connections/${id}`)).statusCode).toBe(204);
      expect((await api('GET', `/api/connections/${id}`)).statusCode).toBe(404);
      await waitFor('the sync stopped', async () => !sync.syncing.includes(id));
      for (const replyId of replyIds) expect((await api('GET', `/api/replies/${replyId}`)).json().data.connection_id).toBeNull();
    });

    it.runIf(dialect === 'postgres')('two workers on PostgreSQL sync one mailbox without duplicates, and one takes over when the other stops', async () => {
      const otherDb = connectDb({ dialect: 'postgres', connectionString: dbUrl }, { poolSize: 4 });
      try {
        const a = newSync();
        const b = new MailboxSync(otherDb, { ...a.opts, holder: undefined });
        syncs.push(b);
        const { id, user } = await connect();
        a.start();
        b.start();
        for (let i = 0; i < 20; i++) await dovecot.append(user, mail({ subject: `Two workers ${i}` }));
        await waitForReplies(id, 20);
        const holders = [a.syncing.includes(id), b.syncing.includes(id)];
        expect(holders.filter(Boolean)).toHaveLength(1);
        // the holder stops; the other takes the mailbox over
        const [holder, other] = holders[0] ? [a, b] : [b, a];
        await holder.stop();
        await waitFor('the take-over', async () => other.syncing.includes(id));
        for (let i = 20; i < 25; i++) await dovecot.append(user, mail({ subject: `Two workers ${i}` }));
        await waitForReplies(id, 25);
        await new Promise((r) => setTimeout(r, 1_500));
        const all = await repliesOf(id);
        expect(all.pagination.total).toBe(25);
        expect(new Set(all.data.map((r) => r.subject)).size).toBe(25);
        await other.stop();
      } finally {
        await otherDb.close();
      }
    });
  });
}

describe.skipIf(!dovecotInstalled())('mailboxes on a server without IDLE (sqlite)', () => {
  it('polls: mail arrives without IDLE, within the poll interval', async () => {
    const dovecot = await startDovecot({ idle: false });
    const secretKey = crypto.randomBytes(32);
    const ctx = await makeApp('sqlite', { webhooks: { secretKey }, mailboxes: { allowPrivateNetworks: true, timeoutMs: 5_000 } });
    const seen: unknown[] = [];
    const sync = new MailboxSync(ctx.db, {
      secretKey,
      allowPrivateNetworks: true,
      maxAttachmentBytes: 1024,
      pollMs: 1_000,
      scanMs: 200,
      log: { info: (o) => seen.push(o), warn: () => {}, error: () => {} },
    });
    try {
      const ws = await makeWorkspace(ctx.db);
      dovecot.addUser('poller', 'secret');
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/connections',
        headers: ws.headers,
        payload: { name: 'Poll', email: 'poll@agency.example', imap: { host: dovecot.host, port: dovecot.port, tls: 'none', username: 'poller', password: 'secret' } },
      });
      expect(created.statusCode).toBe(201);
      const id = created.json().data.id;
      sync.start();
      await waitFor('the connection', async () => seen.some((o) => (o as { idle?: boolean }).idle === false));
      await dovecot.append('poller', mail({ subject: 'Polled' }));
      const replies = await waitFor('the polled reply', async () => {
        const r = (await ctx.app.inject({ method: 'GET', url: `/api/replies?connection_id=${id}`, headers: ws.headers })).json();
        return r.pagination.total === 1 && r;
      });
      expect(replies.data[0].subject).toBe('Polled');
    } finally {
      await sync.stop();
      await ctx.close();
      await dovecot.stop();
    }
  });
});
