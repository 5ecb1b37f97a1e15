// The service as a real process: killed with SIGKILL before its worker delivered a mail, then
// restarted, it delivers that mail exactly once. And the `mail list` command. The server gets
// a database of its own (a SQLite file, or a new PostgreSQL database): its worker claims every
// due job of its database, and must not take the other test files' mail.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { connect } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { Worker } from '../src/jobs/queue.ts';
import { MAIL_SEND_JOB } from '../src/mail/service.ts';
import { mailSendHandler } from '../src/mail/transport.ts';
import { DIALECTS, inbound, makeApp, makeWorkspace, tempDir } from './helpers.ts';
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
  const exited = new Promise<void>((resolve) => child.once('exit', () => { children.delete(child); resolve(); }));
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
      const env = { PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: url, SMTP_URL: smtp.url, MAIL_RETRY_SCHEDULE: '1,1,1,1,1,1,1,1,1,1', REPLYDESK_SECRET_KEY: Buffer.alloc(32, 9).toString('base64') };
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
