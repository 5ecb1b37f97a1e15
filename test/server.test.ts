// The real thing: the replydesk CLI and `npm start`'s server as child processes, over HTTP.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from './e2e/wait.ts';
import { inbound, tempDir } from './helpers.ts';
import { freePort, STARTUP_MS } from './processes.ts';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '..');
const BIN = path.join(ROOT, 'bin', 'replydesk.mjs');

async function cli(env: NodeJS.ProcessEnv, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { env: { ...process.env, ...env }, cwd: ROOT });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

async function startServer(env: NodeJS.ProcessEnv) {
  const port = await freePort();
  const child = spawn(process.execPath, [BIN, 'serve'], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: env.LOG_LEVEL ?? 'warn' },
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + STARTUP_MS; Date.now() < deadline;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    try {
      if ((await fetch(`${base}/healthz`)).status === 200) return { child, base, port, output: () => output };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not become ready: ${output}`);
}

const exited = (child: ChildProcess) => new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

describe('replydesk CLI', () => {
  const env = { DATABASE_URL: `file:${path.join(tempDir(), 'cli.db')}` };

  it('migrate is idempotent', async () => {
    const first = await cli(env, 'migrate', '--json');
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout).data.applied.length).toBeGreaterThan(0);
    const second = await cli(env, 'migrate', '--json');
    expect(JSON.parse(second.stdout)).toEqual({ data: { applied: [] } });
  });

  it('creates workspaces and keys, lists and revokes keys, with the documented --json output', async () => {
    const ws = JSON.parse((await cli(env, 'workspace', 'create', '--name', 'Acme Agency', '--json')).stdout);
    expect(ws).toEqual({ data: { id: expect.any(String), name: 'Acme Agency', plan: 'starter' } });
    const growth = JSON.parse((await cli(env, 'workspace', 'create', '--name', 'G', '--plan', 'growth', '--rate-limit', '1000', '--json')).stdout);
    expect(growth.data).toMatchObject({ plan: 'growth', rate_limit: 1000 });

    const key = JSON.parse((await cli(env, 'key', 'create', '--workspace', ws.data.id, '--name', 'zapier', '--permissions', 'replies:read,contacts:read', '--json')).stdout);
    expect(key).toEqual({ data: { id: expect.any(String), name: 'zapier', key: expect.stringMatching(/^rdk_/), permissions: ['replies:read', 'contacts:read'] } });
    const all = JSON.parse((await cli(env, 'key', 'create', '--workspace', ws.data.id, '--name', 'full', '--json')).stdout);
    expect(all.data.permissions).toEqual(['replies:read', 'replies:write', 'replies:send', 'contacts:read', 'contacts:write', 'webhooks:manage', 'connections:manage']);

    const list = JSON.parse((await cli(env, 'key', 'list', '--workspace', ws.data.id, '--json')).stdout);
    expect(list.data.map((k: { name: string }) => k.name)).toEqual(['zapier', 'full']);
    expect(JSON.stringify(list)).not.toContain(key.data.key);

    const revoked = await cli(env, 'key', 'revoke', '--workspace', ws.data.id, '--id', key.data.id, '--json');
    expect(JSON.parse(revoked.stdout)).toEqual({ data: { id: key.data.id, revoked: true } });
    const again = await cli(env, 'key', 'revoke', '--workspace', ws.data.id, '--id', key.data.id, '--json');
    expect(again.code).toBe(1);
    expect(JSON.parse(again.stdout).error).toContain('No active key');
  });

  it('refuses bad arguments with a message and a non-zero exit', async () => {
    const cases: [string[], string][] = [
      [['workspace', 'create', '--json'], '--name is required'],
      [['workspace', 'create', '--name', 'X', '--plan', 'gold', '--json'], '--plan must be one of starter, growth, scale'],
      [['workspace', 'create', '--name', 'X', '--rate-limit', '-4', '--json'], "Option '--rate-limit' argument is ambiguous"],
      [['workspace', 'create', '--name', 'X', '--rate-limit', '0', '--json'], '--rate-limit must be a positive whole number'],
      [['key', 'create', '--workspace', 'nope', '--name', 'k', '--json'], 'No workspace with id nope'],
      [['key', 'create', '--workspace', 'nope', '--name', 'k', '--permissions', 'replies:delete', '--json'], 'Unknown permission(s): replies:delete'],
      [['frobnicate', '--json'], 'Unknown command: frobnicate'],
    ];
    // each case is a process of its own: run side by side (on a migrated database, so none of
    // them migrates it at the same time as another), the test does not take eight start-ups
    expect((await cli(env, 'migrate')).code).toBe(0);
    const [badUrl, ...answers] = await Promise.all([cli({ DATABASE_URL: 'mysql://x' }, 'migrate'), ...cases.map(([args]) => cli(env, ...args))]);
    for (const [i, [args, message]] of cases.entries()) {
      const res = answers[i]!;
      expect(res.code, args.join(' ')).not.toBe(0);
      expect(JSON.parse(res.stdout).error, args.join(' ')).toContain(message);
    }
    expect(badUrl.code).toBe(1);
    expect(badUrl.stderr).toContain('DATABASE_URL: expected file:/path.db or postgres://');
  });
});

describe('npm start: the server process', () => {
  // no drain period: these tests stop the server and go on (shutdown.test.ts tests the drain)
  const env = { DATABASE_URL: `file:${path.join(tempDir(), 'server.db')}`, SHUTDOWN_DRAIN_SECONDS: '0' };
  let key = '';
  let workspaceId = '';
  let server: Awaited<ReturnType<typeof startServer>>;

  beforeAll(async () => {
    workspaceId = JSON.parse((await cli(env, 'workspace', 'create', '--name', 'Walkthrough', '--rate-limit', '100000', '--json')).stdout).data.id;
    key = JSON.parse((await cli(env, 'key', 'create', '--workspace', workspaceId, '--name', 'k', '--json')).stdout).data.key;
    server = await startServer(env);
  });
  afterAll(() => {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
  });

  it("follows the README's walk-through: seed, ingest, list, read, patch", async () => {
    const seeded = JSON.parse((await cli(env, 'seed', '--workspace', workspaceId, '--replies', '60', '--json')).stdout);
    expect(seeded.data).toMatchObject({ categories: 5, clients: 3, replies: 60 });
    const auth = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const created = await fetch(`${server.base}/api/replies`, { method: 'POST', headers: auth, body: JSON.stringify(inbound({ received_at: new Date().toISOString() })) });
    expect(created.status).toBe(201);
    const id = (await created.json()).data.id;
    const list = await (await fetch(`${server.base}/api/replies?limit=5`, { headers: auth })).json();
    expect(list.pagination.total).toBe(61);
    expect(list.data[0].id).toBe(id);
    expect((await (await fetch(`${server.base}/api/replies/${id}`, { headers: auth })).json()).data.thread).toHaveLength(1);
    const patched = await fetch(`${server.base}/api/replies/${id}`, { method: 'PATCH', headers: auth, body: JSON.stringify({ ai_response: 'Thanks!' }) });
    expect((await patched.json()).data.status).toBe('ready');
    // the four totals are four reads: while the worker still triages the seeded replies
    // (pending → ready), one can be counted in two of them; once it is done they add up
    const sumOfStatuses = async () =>
      (
        await Promise.all(
          ['pending', 'ready', 'sent', 'archived'].map(async (s) => (await (await fetch(`${server.base}/api/replies?status=${s}`, { headers: auth })).json()).pagination.total as number),
        )
      ).reduce((a, b) => a + b, 0);
    expect(await until(sumOfStatuses, (sum) => sum === 61, 'the four status totals to add up to 61')).toBe(61);
  });

  it('the CLI can write to the SQLite file while the server ingests into it (no "database is locked")', async () => {
    const other = JSON.parse((await cli(env, 'workspace', 'create', '--name', 'Concurrent', '--json')).stdout).data.id;
    const auth = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    let posting = true;
    const statuses: number[] = [];
    const poster = (async () => {
      while (posting) {
        const res = await fetch(`${server.base}/api/replies`, { method: 'POST', headers: auth, body: JSON.stringify(inbound()) });
        statuses.push(res.status);
        await res.arrayBuffer();
      }
    })();
    const seeded = await cli(env, 'seed', '--workspace', other, '--replies', '150', '--json');
    posting = false;
    await poster;
    expect(seeded.code, seeded.stdout + seeded.stderr).toBe(0);
    expect(JSON.parse(seeded.stdout).data.replies).toBe(150);
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s !== 201)).toEqual([]);
  });

  it('logs one JSON line per request with its request id, and never the key', async () => {
    const logged = await startServer({ ...env, LOG_LEVEL: 'info' });
    try {
      await fetch(`${logged.base}/api/replies`, { headers: { authorization: `Bearer ${key}`, 'x-request-id': 'walkthrough-1' } });
      await new Promise((r) => setTimeout(r, 200));
    } finally {
      logged.child.kill('SIGTERM');
      await exited(logged.child);
    }
    const line = logged
      .output()
      .split('\n')
      .find((l) => l.includes('walkthrough-1'));
    expect(JSON.parse(line!)).toMatchObject({ reqId: 'walkthrough-1', method: 'GET', url: '/api/replies', status: 200, workspace: workspaceId });
    expect(logged.output()).not.toContain(key);
  });
});
