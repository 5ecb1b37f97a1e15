// The service as a real process: killed with SIGKILL before its worker delivered a mail, then
// restarted, it delivers that mail exactly once; killed three times in the middle of 200 sends
// to a slow SMTP server, it delivers every mail, with no duplicate through a mailbox whose
// server files what it sends in Sent (found there on recovery), and within docs/mail.md's bound
// without one (issue 28). And the `mail list` command. The server gets a database of its own (a
// SQLite file, or a new PostgreSQL database): its worker claims every due job of its database,
// and must not take the other test files' mail.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { Worker } from '../src/jobs/queue.ts';
import { MAIL_SEND_JOB } from '../src/mail/service.ts';
import { mailSendHandler } from '../src/mail/transport.ts';
import { DIALECTS, inbound, makeApp, makeWorkspace, tempDir } from './helpers.ts';
import { type Dovecot, dovecotInstalled, startDovecot } from './imap.ts';
import { openPrivateDatabase } from './private-db.ts';
import { startSmtp } from './smtp.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const BIN = path.join(ROOT, 'bin', 'replydesk.mjs');
const run = promisify(execFile);

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const children = new Set<ChildProcess>();

function serve(env: Record<string, string>) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn', SHUTDOWN_DRAIN_SECONDS: '0', ...env };
  if (!env.SMTP_URL) delete childEnv.SMTP_URL;
  const child = spawn(process.execPath, [BIN, 'serve'], { cwd: ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (c) => (output += c));
  child.stderr!.on('data', (c) => (output += c));
  children.add(child);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      children.delete(child);
      resolve();
    }),
  );
  return { child, exited, output: () => output };
}

async function healthy(port: number, server: ReturnType<typeof serve>) {
  const until = Date.now() + 90_000;
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until || server.child.exitCode !== null) throw new Error(`server did not start (exit ${server.child.exitCode}, signal ${server.child.signalCode}):\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

for (const dialect of DIALECTS) {
  describe(`a real server process (${dialect})`, () => {
    it('killed with SIGKILL before delivering, then restarted, delivers the mail exactly once', async () => {
      const { db, url } = await openPrivateDatabase(dialect, 'crash');
      const { workspace, headers } = await makeWorkspace(db);
      const smtp = await startSmtp();
      // Until the kill, the SMTP server turns every connection away with a temporary error.
      smtp.refuse.connect = () => ({ code: 421, message: '4.3.2 Service not available, closing channel' });
      const port = await freePort();
      // REPLYDESK_SECRET_KEY: PostgreSQL deployments must share the key of webhook secrets (docs/webhooks.md).
      const env = {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: url,
        SMTP_URL: smtp.url,
        MAIL_RETRY_SCHEDULE: '1,1,1,1,1,1,1,1,1,1',
        REPLYDESK_SECRET_KEY: Buffer.alloc(32, 9).toString('base64'),
      };
      const base = `http://127.0.0.1:${port}`;
      const json = { ...headers, 'content-type': 'application/json' };
      try {
        const first = serve(env);
        await healthy(port, first);
        const body = inbound();
        const created = await fetch(`${base}/api/replies`, { method: 'POST', headers: json, body: JSON.stringify(body) });
        expect(created.status).toBe(201);
        const reply = (await created.json()).data;
        const sent = await fetch(`${base}/api/replies/${reply.id}/send`, { method: 'POST', headers: json, body: JSON.stringify({ message: 'Exactly once, please.' }) });
        expect(sent.status).toBe(200);

        // Kill once the worker has tried and been turned away, and its job waits for a retry.
        // (Killed in the middle of an attempt, the job would wait out its 60-second lease first.)
        await smtp.waitFor(() => smtp.seen.connects >= 1, 60_000);
        const until = Date.now() + 60_000;
        while ((await db.read.selectFrom('jobs').select('status').where('workspace_id', '=', workspace.id).executeTakeFirst())?.status !== 'queued') {
          if (Date.now() > until) throw new Error('the job never went back to queued');
          await new Promise((r) => setTimeout(r, 20));
        }
        first.child.kill('SIGKILL');
        await first.exited;
        const queued = await db.read.selectFrom('outgoing_messages').select(['status', 'attempts']).where('workspace_id', '=', workspace.id).execute();
        expect(queued).toEqual([{ status: 'queued', attempts: expect.any(Number) }]);
        expect(smtp.to(body.from_email)).toHaveLength(0);

        smtp.refuse.connect = undefined;
        const second = serve(env);
        await healthy(port, second);
        await smtp.waitFor(() => smtp.to(body.from_email).length > 0, 60_000);
        // a duplicate would come within the next retry interval or two
        await new Promise((r) => setTimeout(r, 2500));
        const delivered = smtp.to(body.from_email);
        expect(delivered).toHaveLength(1);
        expect(delivered[0]!.mail.text).toContain('Exactly once, please.');
        const read = await (await fetch(`${base}/api/replies/${reply.id}`, { headers })).json();
        expect(read.data.status).toBe('sent');
        expect(read.data.outgoing).toEqual([expect.objectContaining({ status: 'sent', message_id: delivered[0]!.mail.messageId })]);

        second.child.kill('SIGTERM');
        await second.exited;
      } finally {
        await smtp.close();
        await db.close();
      }
    }, 240_000);
  });
}

/**
 * 200 sends, the server SIGKILLed three times while they go out to a slow SMTP server (40
 * sessions at a time, each message taken 20–800 ms after its data, so at every kill some are in
 * the middle of DATA and one has just been answered 250: the kill lands right after that 250,
 * and the server keeps what it had whole, as an MTA does), restarted each time,
 * then left to settle. `imap`: the mail leaves through a mailbox whose SMTP server files what
 * it accepts in the mailbox's Sent folder on Dovecot, as Gmail's does (sent_folder null: no
 * copy of ours); without: through SMTP_URL.
 */
async function sendThroughKills(dialect: 'sqlite' | 'postgres', imap: Dovecot | null) {
  const MAILS = 200;
  const KILLS = 3;
  const { db, url } = await openPrivateDatabase(dialect, imap ? 'crashimap' : 'crashsmtp');
  const { workspace, headers } = await makeWorkspace(db);
  const user = `sender${process.pid}${dialect}`;
  imap?.addUser(user, 'secret');
  const filer = imap ? await imap.client(user) : null;
  let server: ReturnType<typeof serve> | null = null;
  let killAt: number | null = null;
  const kills: { at: number; accepted: number }[] = [];
  const smtp = await startSmtp({
    auth: imap ? { username: 'sam', password: 'smtp-secret' } : undefined,
    delayMs: () => 20 + Math.random() * 780,
    // 40 sessions at a time: at every kill about 40 mails are in DATA or just answered
    sessions: 40,
    file: filer ? async (m) => void (await filer.append('Sent', m.raw, ['\\Seen'])) : undefined,
    // the kill lands right after the 250 that reaches the threshold
    answered: () => {
      if (killAt === null || smtp.received.length < killAt || !server) return;
      killAt = null;
      server.child.kill('SIGKILL');
      kills.push({ at: Date.now(), accepted: smtp.received.length });
    },
  });
  const port = await freePort();
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: url,
    REPLYDESK_SECRET_KEY: Buffer.alloc(32, 9).toString('base64'),
    MAIL_RETRY_SCHEDULE: Array(90).fill('1').join(','),
    MAIL_QUOTA_PER_HOUR: '10000',
    MAILBOX_ALLOW_PRIVATE_NETWORKS: 'true',
    // leases that lapse soon after a kill; still far longer than one attempt at this server
    JOB_LEASE_SECONDS: '10',
    WEBHOOK_TIMEOUT_SECONDS: '5',
    ...(imap ? {} : { SMTP_URL: smtp.url }),
  };
  const base = `http://127.0.0.1:${port}`;
  const json = { ...headers, 'content-type': 'application/json' };
  const post = async (path: string, body: object) => {
    const res = await fetch(`${base}${path}`, { method: 'POST', headers: json, body: JSON.stringify(body) });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`POST ${path}: ${res.status} ${text}`);
    return JSON.parse(text).data;
  };
  const rows = () => db.read.selectFrom('outgoing_messages').select(['message_id', 'status', 'attempt_started_at', 'sent_copy']).where('workspace_id', '=', workspace.id).execute();
  try {
    // Queue the 200 while the SMTP server turns every attempt away, then stop the server cleanly.
    server = serve(env);
    await healthy(port, server);
    let connectionId: string | null = null;
    if (imap) {
      const submission = { port: smtp.port, host: '127.0.0.1', tls: 'none', username: 'sam', password: 'smtp-secret' };
      connectionId = (
        await post('/api/connections', {
          name: 'Sender',
          email: `${user}@agency.example`,
          imap: { host: imap.host, port: imap.port, tls: 'none', username: user, password: 'secret', sent_folder: null },
          smtp: submission,
        })
      ).id;
    }
    smtp.refuse.connect = () => ({ code: 421, message: '4.3.2 Not yet' });
    for (let i = 0; i < MAILS; i += 20) {
      await Promise.all(
        Array.from({ length: Math.min(20, MAILS - i) }, async (_, j) => {
          const reply = await post('/api/replies', inbound({ connection_id: connectionId, ...(imap && { to_email: `${user}@agency.example` }) }));
          await post(`/api/replies/${reply.id}/send`, { message: `Mail ${i + j}` });
        }),
      );
    }
    server.child.kill('SIGTERM');
    await server.exited;
    expect(smtp.received).toHaveLength(0);

    smtp.refuse.connect = undefined;
    const uncertain: Set<string>[] = [];
    for (let k = 0; k < KILLS; k++) {
      killAt = smtp.received.length + 25;
      const startedAt = Date.now();
      server = serve(env);
      const running = server;
      // the SMTP server's `answered` kills it
      const timer = setTimeout(() => running.child.kill('SIGKILL'), 240_000);
      await running.exited;
      clearTimeout(timer);
      if (kills.length !== k + 1) throw new Error(`kill ${k + 1} never came:\n${running.output()}`);
      // what the server had whole at the kill it takes all the same, as an MTA does
      await smtp.waitFor(() => smtp.taking === 0, 30_000);
      const after = await rows();
      uncertain.push(new Set(after.filter((r) => r.status === 'queued' && r.attempt_started_at !== null).map((r) => r.message_id)));
      const kill = kills[k]!;
      // the 250s this process was given (a mail taken after a kill never got its 250 through)
      const unrecorded = smtp.received.filter((m) => m.acceptedAt > startedAt && m.acceptedAt <= kill.at && after.find((r) => r.message_id === m.mail.messageId)?.status !== 'sent');
      const ages = unrecorded.map((m) => kill.at - m.acceptedAt).sort((a, b) => a - b);
      console.info(
        `${dialect} ${imap ? 'imap' : 'smtp_url'} kill ${k + 1}: ${uncertain[k]!.size} attempts under way; answered 250 but not recorded sent: ${ages.length} (${ages.join(', ')} ms before the kill)`,
      );
    }
    killAt = null;
    server = serve(env);
    await healthy(port, server);
    const until = Date.now() + 240_000;
    for (;;) {
      const settled = (await rows()).every((r) => r.status === 'sent');
      const busy = await db.read.selectFrom('jobs').select('id').where('workspace_id', '=', workspace.id).where('kind', '=', MAIL_SEND_JOB).where('status', 'in', ['queued', 'running']).execute();
      if (settled && busy.length === 0) break;
      if (Date.now() > until) throw new Error(`not settled: ${JSON.stringify(await rows())}\n${server.output()}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    server.child.kill('SIGTERM');
    await server.exited;

    expect(kills).toHaveLength(KILLS);
    const settled = await rows();
    const ids = settled.map((r) => r.message_id);
    const foundInSent = settled.filter((r) => r.sent_copy?.startsWith('found in')).length;
    const copies = new Map<string, number>(ids.map((id) => [id, 0]));
    for (const m of smtp.received) copies.set(m.mail.messageId!, (copies.get(m.mail.messageId!) ?? 0) + 1);
    expect(copies.size).toBe(MAILS); // nothing arrived that was not ours
    expect([...copies.values()].filter((n) => n === 0)).toEqual([]); // every mail arrived
    const duplicates = [...copies.values()].reduce((sum, n) => sum + n - 1, 0);
    console.info(`${dialect} ${imap ? 'imap' : 'smtp_url'}: ${smtp.received.length} arrivals of ${MAILS} mails, ${duplicates} duplicates; ${foundInSent} found in Sent, not sent again`);
    return { copies, uncertain, foundInSent };
  } finally {
    if (server && server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await filer?.logout().catch(() => {});
    await smtp.close();
    await db.close();
  }
}

for (const dialect of DIALECTS) {
  describe(`a real server process killed during 200 sends (${dialect})`, () => {
    it('without IMAP, every mail arrives, and a mail arrives twice only when its attempt was under way at a kill', async () => {
      const { copies, uncertain } = await sendThroughKills(dialect, null);
      // docs/mail.md: per kill, one extra copy at most of each mail whose attempt was under way,
      // and never more such mail than the worker runs jobs at once (200)
      for (const [id, n] of copies) expect(n, id).toBeLessThanOrEqual(1 + uncertain.filter((u) => u.has(id)).length);
      for (const u of uncertain) expect(u.size).toBeLessThanOrEqual(200);
    }, 600_000);

    describe.skipIf(!dovecotInstalled())('through a mailbox whose server files sent mail (Dovecot)', () => {
      let dovecot: Dovecot;
      beforeAll(async () => {
        dovecot = await startDovecot();
      });
      afterAll(async () => {
        await dovecot?.stop();
      });
      it('every mail arrives exactly once: a mail found in Sent after a kill is not sent again', async () => {
        const { copies, foundInSent } = await sendThroughKills(dialect, dovecot);
        expect(foundInSent).toBeGreaterThan(0); // the kills left mail the server had taken
        expect([...copies.entries()].filter(([, n]) => n !== 1)).toEqual([]);
      }, 600_000);
    });
  });
}

describe('the replydesk command', () => {
  it('`replydesk mail list` shows captured and queued mail of a workspace', async () => {
    const file = path.join(tempDir(), 'cli.db');
    const db = connect({ dialect: 'sqlite', filename: file });
    await migrateToLatest(db);
    const { app, close } = await makeApp('sqlite', { db });
    try {
      const { workspace, headers } = await makeWorkspace(db);
      const other = await makeWorkspace(db);
      const post = (h: Record<string, string>, url: string, payload: object) => app.inject({ method: 'POST', url, headers: h, payload });
      const body = inbound();
      const reply = (await post(headers, '/api/replies', body)).json().data;
      await post(headers, `/api/replies/${reply.id}/send`, { message: 'Captured, not sent' });
      await new Worker(db, { [MAIL_SEND_JOB]: mailSendHandler(db, { smtpUrl: null }) }).drain();
      await post(headers, `/api/replies/${reply.id}/forward`, { to: ['boss@agency.example'] });
      const theirs = (await post(other.headers, '/api/replies', inbound())).json().data;
      await post(other.headers, `/api/replies/${theirs.id}/send`, { message: 'not mine' });

      const env = { ...process.env, DATABASE_URL: `file:${file}` };
      const listed = JSON.parse((await run(process.execPath, [BIN, 'mail', 'list', '--workspace', workspace.id, '--json'], { cwd: ROOT, env })).stdout);
      expect(listed.data.map((m: { kind: string; status: string; to: string[] }) => [m.kind, m.status, m.to])).toEqual([
        ['forward', 'queued', ['boss@agency.example']],
        ['send', 'captured', [body.from_email]],
      ]);
      const human = (await run(process.execPath, [BIN, 'mail', 'list', '--workspace', workspace.id], { cwd: ROOT, env })).stdout;
      expect(human).toMatch(/captured\s+send\s+.*"Re: Quick question"/);
      const shown = (await run(process.execPath, [BIN, 'mail', 'show', '--id', listed.data[1].id], { cwd: ROOT, env })).stdout;
      expect(shown).toContain('Captured, not sent');
      expect(shown).toMatch(/^Subject: Re: Quick question$/m);
    } finally {
      await close();
      await db.close();
    }
  }, 120_000);
});
