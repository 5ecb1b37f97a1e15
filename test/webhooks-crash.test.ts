import fs from 'node:fs';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, describe, expect, it } from 'vitest';
import { connect } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { KEY_FILE_NAME } from '../src/security/secrets.ts';
import { inbound, makeWorkspace, tempDir } from './helpers.ts';
import { startCli, stop, type Child } from './processes.ts';
import { eventually, startReceiver } from './receiver.ts';

describe('a server killed mid-delivery (SQLite)', () => {
  const children: Child[] = [];
  afterAll(async () => {
    for (const c of children) await stop(c, 'SIGKILL');
  });

  it('delivers every event at least once after SIGKILL and a restart, signed with the same secret', async () => {
    const dir = tempDir('replydesk-crash-');
    const file = path.join(dir, 'replydesk.db');
    const db = connect({ dialect: 'sqlite', filename: file });
    await migrateToLatest(db);
    const ws = await makeWorkspace(db);

    const delivered = new Set<string>();
    const receiver = await startReceiver(() => ({ hang: true }));
    // PORT=0: the server takes a free port itself and logs it (no race with other test files).
    let port = 0;
    const env = {
      PORT: '0',
      DATABASE_URL: `file:${file}`,
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      WEBHOOK_RETRY_SCHEDULE: '0.2,0.2,0.2,0.2,0.2,0.2,0.2,0.2,0.2,0.2',
      WEBHOOK_TIMEOUT_SECONDS: '1',
      JOB_LEASE_SECONDS: '2',
      LOG_LEVEL: 'info',
    };
    const start = async () => {
      const child = await startCli(['serve'], env, /replydesk ready/);
      children.push(child);
      port = Number(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(child.output())![1]);
      await eventually(async () => (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.ok);
      return child;
    };
    const api = (method: string, url: string, body?: unknown) =>
      fetch(`http://127.0.0.1:${port}${url}`, { method, headers: { ...ws.headers, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });

    let server = await start();
    const created = await (await api('POST', '/api/webhooks', { url: receiver.url, events: ['reply.received'] })).json();
    const secret = created.data.secret as string;
    const N = 20;
    for (let i = 0; i < N; i++) expect((await api('POST', '/api/replies', inbound())).status).toBe(201);
    await receiver.waitFor(3);
    await stop(server, 'SIGKILL');
    expect(server.proc.signalCode).toBe('SIGKILL');
    // The kill caught deliveries in flight: their jobs are still claimed by the dead process.
    const held = await db.read.selectFrom('jobs').select('id').where('workspace_id', '=', ws.workspace.id).where('status', '=', 'running').execute();
    expect(held.length).toBeGreaterThan(0);

    const keyFile = path.join(dir, KEY_FILE_NAME);
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);

    receiver.setAnswer((r) => {
      delivered.add(r.headers['webhook-id']!);
      return { status: 200 };
    });
    server = await start();
    const events = await db.read.selectFrom('events').select('id').where('workspace_id', '=', ws.workspace.id).where('type', '=', 'reply.received').execute();
    expect(events).toHaveLength(N);
    await eventually(() => events.every((e) => delivered.has(e.id)), 20_000);
    const verifier = new Webhook(secret);
    for (const r of receiver.received) verifier.verify(r.body, r.headers);

    await stop(server);
    expect(server.proc.exitCode).toBe(0);
    await receiver.close();
    await db.close();
  });
});
