// Several instances, one product (docs/deploy.md "Several instances"), as the multi-instance
// tests start it: two `replydesk serve` processes (A and B) and a `replydesk worker` on one
// fresh PostgreSQL database and one Redis, started as a deployment would start them, and a
// person signed in to the dashboard on A. Each test file starts its own set (the files may run
// side by side); its tests share it.
import crypto from 'node:crypto';
import http from 'node:http';
import { expect } from 'vitest';
import type { Db } from '../src/db/connect.ts';
import { createUser } from '../src/dashboard/service.ts';
import { makeWorkspace } from './helpers.ts';
import { openPrivateDatabase } from './private-db.ts';
import { type Child, type Server, startCli, startServer, stop } from './processes.ts';

export const postgresUrl = process.env.TEST_DATABASE_URL;
export const redisUrl = process.env.TEST_REDIS_URL;
if (process.env.TEST_REQUIRE_SERVICES && (!postgresUrl || !redisUrl)) throw new Error('TEST_REQUIRE_SERVICES is set but TEST_DATABASE_URL or TEST_REDIS_URL is not');

export interface StreamEvent {
  type: string;
  /** The event's data: for reply.* the reply as the API answers it. */
  data: { id?: string; created_at?: string; connection_id?: string | null; subject?: string };
  /** When this process read it (Date.now()). */
  at: number;
}

/** A dashboard live stream, parsed into its events as they arrive. */
export function openStream(port: number, cookie: string) {
  const events: StreamEvent[] = [];
  let buffer = '';
  const req = http.get({ port, host: '127.0.0.1', path: '/dashboard/api/events', headers: { cookie } });
  const ready = new Promise<void>((resolve, reject) => {
    req.on('error', reject);
    req.on('response', (res) => {
      if (res.statusCode !== 200) return reject(new Error(`events: ${res.statusCode}`));
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        if (buffer.includes(': connected')) resolve();
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const type = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (type && data) events.push({ type, data: (JSON.parse(data) as { data: StreamEvent['data'] }).data, at: Date.now() });
        }
      });
    });
  });
  return { ready, events, close: () => req.destroy() };
}

/** Waits until `check` holds, at most `ms`; whether it did. */
export async function until(check: () => boolean | Promise<boolean>, ms: number, everyMs = 20) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  return true;
}

export interface Instances {
  db: Db & { close(): Promise<void> };
  a: Server;
  b: Server;
  /** The `replydesk worker`; a test that kills it puts the new one here. */
  worker: Child;
  /** What every process was started with (a new worker gets the same). */
  env: Record<string, string>;
  ws: Awaited<ReturnType<typeof makeWorkspace>>;
  /** The owner's dashboard session on A: its cookie and CSRF token. */
  cookie: string;
  csrf: string;
  /** A request with ws's key unless `headers` are given; JSON in, the fetch Response out. */
  api(server: Server, method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
  startWorker(): Promise<Child>;
  close(): Promise<void>;
}

/**
 * Starts the set on a database of its own (a worker claims every due job of its database).
 * `env` is added to every process's environment: a deployment gives every instance the same.
 */
export async function startInstances(tag: string, extra: Record<string, string> = {}): Promise<Instances> {
  const opened = await openPrivateDatabase('postgres', tag);
  const db = opened.db as Instances['db'];
  const ws = await makeWorkspace(db);
  // every instance shares the key of secrets at rest (docs/deploy.md)
  const env = { DATABASE_URL: opened.url, REDIS_URL: redisUrl!, REPLYDESK_SECRET_KEY: crypto.randomBytes(32).toString('base64'), ...extra };
  const startWorker = () => startCli(['worker'], { ...env, LOG_LEVEL: 'info' }, /replydesk worker ready/, 90_000);
  const started: Child[] = [];
  try {
    // one after the other: the first start bundles the server (bin/replydesk.mjs)
    const a = await startServer(env, 120_000);
    started.push(a);
    const b = await startServer(env, 120_000);
    started.push(b);
    const worker = await startWorker();
    started.push(worker);
    const email = `owner.${crypto.randomBytes(4).toString('hex')}@agency.example`;
    const password = 'correct horse battery';
    await createUser(db, { email, workspaceId: ws.workspace.id, role: 'owner', password }, a.base);
    const res = await fetch(`${a.base}/dashboard/api/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
    expect(res.status).toBe(200);
    const cookie = /^rd_session=[^;]*/.exec(res.headers.get('set-cookie') ?? '')![0];
    const csrf = ((await res.json()) as { data: { csrf_token: string } }).data.csrf_token;
    const set: Instances = {
      db,
      a,
      b,
      worker,
      env,
      ws,
      cookie,
      csrf,
      api: (server, method, url, body, headers = ws.headers) =>
        fetch(`${server.base}${url}`, {
          method,
          headers: { ...headers, ...(body !== undefined && { 'content-type': 'application/json' }) },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      startWorker,
      async close() {
        await Promise.all([set.a, set.b, set.worker].map((c) => stop(c)));
        await db.close();
      },
    };
    return set;
  } catch (err) {
    await Promise.all(started.map((c) => stop(c, 'SIGKILL')));
    await db.close();
    throw err;
  }
}
