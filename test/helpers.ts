// Test set-up: a real database per dialect, the real app, small factories.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../src/app.ts';
import { connect, type Db, type Dialect } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import type { Plan } from '../src/db/types.ts';
import type { Permission } from '../src/workspaces/keys.ts';
import { createApiKey, createWorkspace } from '../src/workspaces/service.ts';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (.ci/run sets it). */
export const DIALECTS: Dialect[] = ['sqlite', ...(process.env.TEST_DATABASE_URL ? (['postgres'] as const) : [])];

export function tempDir(prefix = 'replydesk-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export async function openDb(dialect: Dialect): Promise<Db> {
  const db =
    dialect === 'postgres'
      ? connect({ dialect: 'postgres', connectionString: process.env.TEST_DATABASE_URL! }, { poolSize: 4 })
      : connect({ dialect: 'sqlite', filename: path.join(tempDir(), 'replydesk.db') });
  await migrateToLatest(db);
  return db;
}

export async function makeApp(dialect: Dialect, deps: Partial<AppDeps> = {}) {
  const db = deps.db ?? (await openDb(dialect));
  const app = await buildApp({ checkResponses: true, ...deps, db });
  await app.ready();
  return {
    app,
    db,
    close: async () => {
      await app.close();
      if (!deps.db) await db.close();
    },
  };
}

/**
 * A workspace and a key. Unlike a real new workspace, triage is off and there are no default
 * categories unless asked (`triage: true`): the tests of other features make their own
 * categories and count their own jobs; test/triage.test.ts asks for the real defaults.
 */
export async function makeWorkspace(db: Db, opts: { plan?: Plan; rateLimit?: number; permissions?: Permission[]; name?: string; triage?: boolean } = {}) {
  const workspace = await createWorkspace(db, {
    name: opts.name ?? 'Test workspace',
    plan: opts.plan ?? 'scale',
    rateLimit: opts.rateLimit ?? 100_000,
    triage: opts.triage ?? false,
    defaultCategories: opts.triage ?? false,
  });
  const key = await createApiKey(db, { workspaceId: workspace.id, name: 'test', permissions: opts.permissions });
  return { workspace, key: key.key, keyId: key.id, headers: { authorization: `Bearer ${key.key}` } };
}

/**
 * Subscribes the workspace to every event through the API. Events no endpoint subscribes to are
 * not stored, so a test that reads the event log needs one.
 */
export async function subscribeToAllEvents(app: { inject: FastifyInstance['inject'] }, headers: Record<string, string>) {
  const res = await app.inject({ method: 'POST', url: '/api/webhooks', headers, payload: { url: 'https://hooks.example.com/replydesk', events: ['*'] } });
  if (res.statusCode !== 201) throw new Error(`POST /api/webhooks: ${res.statusCode} ${res.body}`);
  return res.json().data as { id: string };
}

let seq = 0;
/** A valid ingestion body; every call a new sender unless from_email is given. */
export function inbound(overrides: Record<string, unknown> = {}) {
  seq += 1;
  return {
    from_email: `prospect${seq}.${process.pid}@example.com`,
    from_name: 'Ada Lovelace',
    to_email: 'sam@outreach.example.org',
    subject: 'Re: Quick question',
    body_text: 'Sounds interesting, send me pricing.',
    body_html: '<p>Sounds interesting, send me pricing.</p>',
    received_at: new Date(Date.UTC(2026, 0, 1) + seq * 60_000).toISOString(),
    thread: [{ from: 'sam@outreach.example.org', to: 'prospect@example.com', subject: 'Quick question', body: 'Hi Ada, worth a chat?', sent_at: '2025-12-31T09:00:00.000Z' }],
    ...overrides,
  };
}

/** The session cookie a response sets, as a browser would send it back (`rd_session=…`). */
export function cookieFrom(res: { headers: Record<string, string | string[] | number | undefined> }): string {
  const match = /^rd_session=([^;]*)/.exec(String(res.headers['set-cookie'] ?? ''));
  if (!match) throw new Error(`no session cookie in ${String(res.headers['set-cookie'])}`);
  return `rd_session=${match[1]}`;
}

/**
 * A reply text the shipped classifier is unsure of today (categorise() decides nothing, suggest()
 * offers two): the first of several that stays so, since which one does moves with the corpus.
 */
export async function unsureReplyText(): Promise<string> {
  const { categorise, suggest } = await import('../src/triage/local/index.ts');
  const candidates = ['Who are you?', 'Hmm, maybe. Depends on a few things.', 'Noted.', 'We will see.', 'Tuesday.', 'Why?', 'Interesting.', 'And?', 'Hm.', 'Well.'];
  const found = candidates.find((bodyText) => {
    const input = { subject: 'Re: Quick question', bodyText, fromEmail: 'who@curious.example' };
    return categorise(input) === null && suggest(input).length === 2;
  });
  if (!found) throw new Error('every candidate text is now decided: add a vaguer one');
  return found;
}
