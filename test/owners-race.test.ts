// "A workspace keeps at least one owner" holds under concurrency: two owners on two server
// processes sharing one PostgreSQL database demote or remove each other at the same moment,
// again and again, and the workspace never ends up without an owner (docs/dashboard.md).
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/connect.ts';
import { countOwners, insertMembership, setRole } from '../src/dashboard/queries.ts';
import { createUser } from '../src/dashboard/service.ts';
import { makeWorkspace } from './helpers.ts';
import { openPrivateDatabase } from './private-db.ts';
import { freePort, startCli, stop, type Child } from './processes.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl && process.env.TEST_REQUIRE_SERVICES) throw new Error('TEST_REQUIRE_SERVICES is set but TEST_DATABASE_URL is not');

const PASSWORD = 'correct horse battery';
const TRIALS = 8;

describe.runIf(Boolean(adminUrl))('the last owner, with two instances racing on PostgreSQL', () => {
  let db: Db;
  const instances: { child: Child; url: string }[] = [];
  let workspaceId: string;
  const owners: { id: string; email: string }[] = [];

  beforeAll(async () => {
    const opened = await openPrivateDatabase('postgres', 'owners');
    db = opened.db;
    workspaceId = (await makeWorkspace(db)).workspace.id;
    for (const who of ['ada', 'grace']) {
      const email = `${who}.${crypto.randomBytes(3).toString('hex')}@agency.example`;
      owners.push({ id: (await createUser(db, { email, workspaceId, role: 'owner', password: PASSWORD }, 'http://127.0.0.1')).id, email });
    }
    const env = { DATABASE_URL: opened.url, REPLYDESK_SECRET_KEY: crypto.randomBytes(32).toString('base64'), LOG_LEVEL: 'info' };
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      instances.push({ child: await startCli(['serve'], { ...env, PORT: String(port) }, /replydesk ready/), url: `http://127.0.0.1:${port}` });
    }
  }, 90_000);
  afterAll(async () => {
    for (const { child } of instances) await stop(child, 'SIGKILL');
    await db?.close(); // drops the database
  });

  /** Owner `i` signed in through instance `i`. */
  const signIn = async (i: number) => {
    const res = await fetch(`${instances[i]!.url}/dashboard/api/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: owners[i]!.email, password: PASSWORD }),
    });
    expect(res.status).toBe(200);
    const cookie = /^rd_session=[^;]*/.exec(res.headers.get('set-cookie') ?? '')![0];
    return { cookie, csrf: ((await res.json()) as { data: { csrf_token: string } }).data.csrf_token };
  };
  /** Both owners act on each other at once, each through their own instance. */
  const race = async (method: 'PATCH' | 'DELETE') => {
    const sessions = await Promise.all([signIn(0), signIn(1)]);
    return Promise.all(
      [0, 1].map(async (i) => {
        const other = owners[1 - i]!.id;
        const res = await fetch(`${instances[i]!.url}/dashboard/api/members/${other}`, {
          method,
          headers: { cookie: sessions[i]!.cookie, 'x-csrf-token': sessions[i]!.csrf, ...(method === 'PATCH' && { 'content-type': 'application/json' }) },
          ...(method === 'PATCH' && { body: JSON.stringify({ role: 'member' }) }),
        });
        return res.status;
      }),
    );
  };
  const bothOwners = () =>
    db.write(async (trx) => {
      for (const o of owners) {
        await insertMembership(trx, { workspace_id: workspaceId, user_id: o.id, role: 'owner', created_at: new Date().toISOString() });
        await setRole(trx, workspaceId, o.id, 'owner');
      }
    });

  it(`demoting each other at once, ${TRIALS} times: one wins, the other is refused, one owner is left`, async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      await bothOwners();
      const statuses = await race('PATCH');
      expect(await countOwners(db.read, workspaceId), `trial ${trial}: ${statuses}`).toBe(1);
      expect(
        statuses.filter((s) => s === 200),
        `trial ${trial}: ${statuses}`,
      ).toHaveLength(1);
      // the loser was refused as the last owner (409) or, once demoted, as a member (403)
      expect([403, 409]).toContain(statuses.find((s) => s !== 200));
    }
  }, 120_000);

  it(`removing each other at once, ${TRIALS} times: one owner is always left`, async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      await bothOwners();
      const statuses = await race('DELETE');
      expect(await countOwners(db.read, workspaceId), `trial ${trial}: ${statuses}`).toBe(1);
      expect(
        statuses.filter((s) => s === 200),
        `trial ${trial}: ${statuses}`,
      ).toHaveLength(1);
    }
  }, 120_000);
});
