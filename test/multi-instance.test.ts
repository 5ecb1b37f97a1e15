// Several instances, one product (docs/deploy.md "Several instances"): two `replydesk serve`
// processes and a `replydesk worker` on one fresh PostgreSQL database and one Redis, started
// here as a deployment would start them. A person's live stream on instance A hears every
// reply ingested and changed through instance B, in order per reply, within 2 seconds; a
// write through B is what the next read through A answers (lists, counts, search, the
// single read); the per-workspace rate limit is one limit across both instances.
import crypto from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/connect.ts';
import { createUser } from '../src/dashboard/service.ts';
import { inbound, makeWorkspace } from './helpers.ts';
import { openPrivateDatabase } from './private-db.ts';
import { type Child, type Server, startCli, startServer, stop } from './processes.ts';

const postgresUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
if (process.env.TEST_REQUIRE_SERVICES && (!postgresUrl || !redisUrl)) throw new Error('TEST_REQUIRE_SERVICES is set but TEST_DATABASE_URL or TEST_REDIS_URL is not');

interface StreamEvent {
  type: string;
  data: { id?: string };
  at: number;
}

/** A dashboard live stream, parsed into its events as they arrive. */
function openStream(port: number, cookie: string) {
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
          if (type && data) events.push({ type, data: (JSON.parse(data) as { data: { id?: string } }).data, at: Date.now() });
        }
      });
    });
  });
  return { ready, events, close: () => req.destroy() };
}

async function until(check: () => boolean, ms: number) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
  return true;
}

describe.skipIf(!postgresUrl || !redisUrl)('several instances on one PostgreSQL database and one Redis', () => {
  let db: Db & { close(): Promise<void> };
  let a: Server;
  let b: Server;
  let worker: Child;
  let ws: Awaited<ReturnType<typeof makeWorkspace>>;
  let cookie: string;
  let env: Record<string, string>;

  const api = (server: Server, method: string, url: string, body?: unknown, headers = ws.headers) =>
    fetch(`${server.base}${url}`, { method, headers: { ...headers, ...(body !== undefined && { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });

  beforeAll(async () => {
    const opened = await openPrivateDatabase('postgres', 'multi');
    db = opened.db;
    ws = await makeWorkspace(db);
    // every instance shares the key of secrets at rest (docs/deploy.md)
    env = { DATABASE_URL: opened.url, REDIS_URL: redisUrl!, REPLYDESK_SECRET_KEY: crypto.randomBytes(32).toString('base64') };
    // one after the other: the first start bundles the server (bin/replydesk.mjs)
    a = await startServer(env, 120_000);
    b = await startServer(env, 120_000);
    worker = await startCli(['worker'], { ...env, LOG_LEVEL: 'info' }, /replydesk worker ready/, 90_000);
    const email = `owner.${crypto.randomBytes(4).toString('hex')}@agency.example`;
    const password = 'correct horse battery';
    await createUser(db, { email, workspaceId: ws.workspace.id, role: 'owner', password }, a.base);
    const res = await fetch(`${a.base}/dashboard/api/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
    expect(res.status).toBe(200);
    cookie = /^rd_session=[^;]*/.exec(res.headers.get('set-cookie') ?? '')![0];
  }, 240_000);

  afterAll(async () => {
    await Promise.all([a, b, worker].filter(Boolean).map((c) => stop(c)));
    await db?.close();
  }, 60_000);

  it('every reply ingested and changed through B reaches a stream on A within 2 s, in order per reply', async () => {
    const stream = openStream(a.port, cookie);
    await stream.ready;
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await api(b, 'POST', '/api/replies', inbound({ subject: `Across instances ${i}` }));
      expect(res.status).toBe(201);
      const id = ((await res.json()) as { data: { id: string } }).data.id;
      ids.push(id);
      expect((await api(b, 'PATCH', `/api/replies/${id}`, { status: 'ready' })).status).toBe(200);
    }
    const lastWrite = Date.now();
    const all = () => ids.every((id) => stream.events.some((e) => e.type === 'reply.updated' && e.data.id === id));
    expect(await until(all, 2_000), `events on A within 2 s of the last write through B: ${stream.events.length} of ${ids.length * 2}`).toBe(true);
    expect(Math.max(...stream.events.map((e) => e.at)) - lastWrite).toBeLessThanOrEqual(2_000);
    for (const id of ids) {
      const mine = stream.events.filter((e) => e.data.id === id).map((e) => e.type);
      expect(mine).toEqual(['reply.received', 'reply.updated']);
    }
    stream.close();
  });

  it('a write through B is what the next read through A answers: single read, filtered list and total, search', async () => {
    const created = await Promise.all(Array.from({ length: 10 }, (_, i) => api(b, 'POST', '/api/replies', inbound({ subject: `Staleness probe ${i}`, body_text: 'zebracorn pricing question' }))));
    const ids = await Promise.all(created.map(async (r) => ((await r.json()) as { data: { id: string } }).data.id));
    const status = new Map(ids.map((id) => [id, 'pending']));
    const statuses = ['pending', 'ready', 'archived'] as const;
    let stale = 0;
    for (let i = 0; i < 200; i++) {
      const id = ids[i % ids.length]!;
      const next = statuses[(i * 7 + 1) % statuses.length]!;
      expect((await api(b, 'PATCH', `/api/replies/${id}`, { status: next })).status).toBe(200);
      status.set(id, next);
      const want = [...status.values()].filter((s) => s === next).length;
      const [one, list, search] = await Promise.all([
        api(a, 'GET', `/api/replies/${id}`).then((r) => r.json() as Promise<{ data: { status: string } }>),
        api(a, 'GET', `/api/replies?status=${next}&limit=100`).then((r) => r.json() as Promise<{ data: { id: string }[]; pagination: { total: number } }>),
        api(a, 'GET', `/api/replies?status=${next}&q=zebracorn&limit=100`).then((r) => r.json() as Promise<{ data: { id: string }[]; pagination: { total: number } }>),
      ]);
      const listed = list.data.filter((r) => status.has(r.id)).length;
      if (one.data.status !== next || !list.data.some((r) => r.id === id) || listed !== want || search.pagination.total !== want || !search.data.some((r) => r.id === id)) stale++;
    }
    expect(stale).toBe(0);
  }, 180_000);

  it('the per-workspace rate limit is one limit across both instances (counted in Redis)', async () => {
    const limited = await makeWorkspace(db, { rateLimit: 20 });
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => api(i % 2 ? a : b, 'GET', '/api/replies?limit=1', undefined, limited.headers).then((r) => r.status)));
    expect(answers.filter((s) => s === 200)).toHaveLength(20);
    expect(answers.filter((s) => s === 429)).toHaveLength(10);
  });
});
