import crypto from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Db } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { publishEvents } from '../src/webhooks/events.ts';
import { createEndpoint } from '../src/webhooks/service.ts';
import { DIALECTS, makeWorkspace, tempDir } from './helpers.ts';
import { dropWhenFree } from './private-db.ts';
import { startCli, stop, type Child } from './processes.ts';
import { eventually, sleep, startReceiver } from './receiver.ts';

// Two `replydesk worker` processes on one database. On PostgreSQL they get a database of
// their own, so they cannot take jobs queued by other test files running at the same time;
// on SQLite they share one file, as two processes on one host would.
const adminUrl = process.env.TEST_DATABASE_URL;

for (const dialect of DIALECTS)
  describe(`two worker processes on one ${dialect} database`, () => {
    const name = `replydesk_workers_${process.pid}_${Date.now()}`;
    let url: string;
    let db: Db;
    const children: Child[] = [];

    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(statement);
      await client.end();
    };

    beforeAll(async () => {
      if (dialect === 'postgres') {
        await admin(`create database ${name}`);
        const u = new URL(adminUrl!);
        u.pathname = `/${name}`;
        url = u.toString();
        db = connect({ dialect: 'postgres', connectionString: url }, { poolSize: 4 });
      } else {
        const file = path.join(tempDir('replydesk-workers-'), 'replydesk.db');
        url = `file:${file}`;
        db = connect({ dialect: 'sqlite', filename: file });
      }
      await migrateToLatest(db);
    });
    afterAll(async () => {
      for (const c of children) await stop(c, 'SIGKILL');
      await db?.close();
      if (dialect === 'postgres') await dropWhenFree(name);
    });

    it('never deliver the same attempt twice', async () => {
      const key = crypto.randomBytes(32);
      const ws = await makeWorkspace(db);
      const receiver = await startReceiver(() => ({ status: 200, delayMs: 2 }));
      await createEndpoint(db, { secretKey: key, allowPrivateNetworks: true }, ws.workspace.id, { url: receiver.url, events: ['*'] });
      const env = { DATABASE_URL: url, REPLYDESK_SECRET_KEY: key.toString('base64'), WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' };
      for (let i = 0; i < 2; i++) children.push(await startCli(['worker'], env, /replydesk worker ready/));

      const N = 300;
      for (let i = 0; i < N; i += 25) {
        await db.write(async (trx) => {
          for (let j = i; j < i + 25; j++) await publishEvents(trx, ws.workspace.id, [{ type: 'reply.sent', data: { n: j } }]);
        });
      }
      await receiver.waitFor(N, 30_000);
      await sleep(1500);
      const ids = receiver.received.map((r) => r.headers['webhook-id']!);
      expect(ids).toHaveLength(N);
      expect(new Set(ids).size).toBe(N);
      const attempts = await db.read.selectFrom('webhook_attempts').select(['delivery_id', 'attempt']).where('workspace_id', '=', ws.workspace.id).execute();
      expect(attempts).toHaveLength(N);
      expect(attempts.every((a) => a.attempt === 1)).toBe(true);
      await eventually(async () => {
        const left = await db.read.selectFrom('webhook_deliveries').select('id').where('workspace_id', '=', ws.workspace.id).where('status', '!=', 'succeeded').execute();
        return left.length === 0;
      });
      for (const c of children) {
        await stop(c);
        expect(c.proc.exitCode).toBe(0);
      }
      await receiver.close();
    });
  });
