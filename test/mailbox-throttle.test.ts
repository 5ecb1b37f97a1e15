// A mailbox server that asks us to slow down (Gmail's `NO [THROTTLED]`, Microsoft's "Request is
// throttled") is told apart from a wrong password: the check says so, and the sync waits at
// least THROTTLE_WAIT_MS before asking again, whatever its backoff (docs/mailboxes.md). The
// server is a few lines of IMAP on a real socket that answers every login with Gmail's words.
import crypto from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THROTTLE_WAIT_MS } from '../src/mailboxes/net.ts';
import * as q from '../src/mailboxes/queries.ts';
import { passwordContext } from '../src/mailboxes/service.ts';
import { MailboxSync } from '../src/mailboxes/sync.ts';
import { encryptSecret } from '../src/security/secrets.ts';
import { until } from './e2e/wait.ts';
import { makeApp, makeWorkspace } from './helpers.ts';

const THROTTLED = 'NO [THROTTLED] Account exceeded command or bandwidth limits. (Failure)';

/** IMAP that greets, answers CAPABILITY, ID and LOGOUT, and refuses everything else as throttled. */
async function startThrottlingImap() {
  const logins: string[] = [];
  const server = net.createServer((socket) => {
    socket.write('* OK Gimap ready\r\n');
    let buffer = '';
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const [tag = '*', command = ''] = line.split(' ');
        const verb = command.toUpperCase();
        if (verb === 'CAPABILITY') socket.write(`* CAPABILITY IMAP4rev1 ID\r\n${tag} OK Success\r\n`);
        else if (verb === 'ID') socket.write(`* ID NIL\r\n${tag} OK Success\r\n`);
        else if (verb === 'LOGOUT') socket.end(`* BYE LOGOUT Requested\r\n${tag} OK 73 good day\r\n`);
        else {
          if (verb === 'LOGIN' || verb === 'AUTHENTICATE') logins.push(verb);
          socket.write(`${tag} ${THROTTLED}\r\n`);
        }
      }
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as net.AddressInfo).port, logins, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('a throttling mailbox server', () => {
  let imap: Awaited<ReturnType<typeof startThrottlingImap>>;
  let ctx: Awaited<ReturnType<typeof makeApp>>;
  const secretKey = crypto.randomBytes(32);
  beforeAll(async () => {
    imap = await startThrottlingImap();
    ctx = await makeApp('sqlite', { webhooks: { secretKey }, mailboxes: { allowPrivateNetworks: true, timeoutMs: 5_000 } });
  });
  afterAll(async () => {
    await ctx.close();
    await imap.close();
  });

  it('the login check says the server is throttling, not that the password is wrong', async () => {
    const ws = await makeWorkspace(ctx.db);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/connections',
      headers: ws.headers,
      payload: { name: 'Busy', email: 'busy@agency.example', imap: { host: '127.0.0.1', port: imap.port, tls: 'none', username: 'busy@agency.example', password: 'app password' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/IMAP: 127\.0\.0\.1:\d+ is throttling this mailbox \(.*\[THROTTLED\].*\); waiting at least 5 minutes before trying again/);
    expect(res.json().error).not.toMatch(/username or password/);
  });

  it('the sync records it and waits at least five minutes, where its backoff alone would ask again in a second', async () => {
    const ws = await makeWorkspace(ctx.db);
    const made = await ctx.app.inject({ method: 'POST', url: '/api/connections', headers: ws.headers, payload: { name: 'Busy', email: 'busy2@agency.example' } });
    const id = made.json().data.id as string;
    // IMAP settings as a PATCH would store them, were the server not refusing the check
    await ctx.db.write((trx) =>
      q.updateConnection(trx, ws.workspace.id, id, {
        imap_host: '127.0.0.1',
        imap_port: imap.port,
        imap_tls: 'none',
        imap_username: 'busy2@agency.example',
        imap_folder: 'INBOX',
        imap_password_enc: encryptSecret(secretKey, passwordContext(id, 'imap'), 'app password'),
        next_sync_at: new Date().toISOString(),
      }),
    );
    const sync = new MailboxSync(ctx.db, {
      secretKey,
      allowPrivateNetworks: true,
      maxAttachmentBytes: 1024,
      pollMs: 500,
      scanMs: 100,
      leaseMs: 3_000,
      timeoutMs: 5_000,
      backoff: { baseMs: 1_000, capMs: 1_000 },
    });
    const before = Date.now();
    sync.start();
    try {
      const row = await until(
        () => q.getConnection(ctx.db.read, ws.workspace.id, id),
        (r) => r?.sync_state === 'error',
        'the sync to fail',
        15_000,
      );
      expect(row!.last_error).toMatch(/is throttling this mailbox/);
      expect(Date.parse(row!.next_sync_at!) - before).toBeGreaterThanOrEqual(THROTTLE_WAIT_MS - 1_000);
    } finally {
      await sync.stop();
    }
  });
});
