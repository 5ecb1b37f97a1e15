// Graceful shutdown of the real server process, as a load balancer sees it (src/http/shutdown.ts,
// src/main.ts): on SIGTERM /healthz fails at once while everything else is still served, with
// `Connection: close`, for SHUTDOWN_DRAIN_SECONDS; then the listener closes, idle connections are
// closed, requests in flight are finished, and the process exits 0. SIGINT skips the drain.
//
// Every server here is `replydesk serve` on a SQLite file. A request "in flight" is written by
// hand on its own connection: headers with `Expect: 100-continue` and half the body. The server's
// `100 Continue` proves it has the request before the signal is sent; the other half is sent
// later, when the test chooses.
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inbound, tempDir } from './helpers.ts';
import { runCli, type Server, startServer, stop } from './processes.ts';

const SHUTTING_DOWN = '{"data":null,"error":"The server is shutting down; retry on another instance"}';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * One request with node:http. Without an agent it goes on a new connection which the client
 * closes after the answer (it sends `Connection: close`).
 */
function send(port: number, opts: { method?: string; path: string; headers?: Record<string, string>; body?: string; agent?: http.Agent }) {
  let connected!: () => void;
  const onConnect = new Promise<void>((resolve) => (connected = resolve));
  const answer = new Promise<Answer & { reusedSocket: boolean; localPort: number | undefined }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: opts.method ?? 'GET', path: opts.path, headers: opts.headers, agent: opts.agent ?? false }, (res) => {
      const localPort = res.socket.localPort;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('error', reject);
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body, reusedSocket: req.reusedSocket, localPort }));
    });
    req.on('socket', (socket) => {
      if (!socket.connecting) connected();
      else socket.once('connect', connected);
    });
    req.on('error', (err) => {
      connected(); // nothing to wait for: the answer says what went wrong
      reject(err);
    });
    req.end(opts.body);
  });
  answer.catch(() => {}); // the caller looks at failures when it chooses
  return { connected: onConnect, answer };
}

const request = (port: number, opts: Parameters<typeof send>[1]) => send(port, opts).answer;

/** A connection written by hand, whose answers are read one at a time (by Content-Length). */
async function rawConnection(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let buffered = Buffer.alloc(0);
  let failure: NodeJS.ErrnoException | null = null;
  let closed = false;
  let wake = () => {};
  socket.on('data', (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    wake();
  });
  socket.on('error', (err) => {
    failure = err;
    wake();
  });
  const ended = new Promise<void>((resolve) =>
    socket.once('close', () => {
      closed = true;
      wake();
      resolve();
    }),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });

  /** The next message, an interim 1xx one included. */
  async function next(): Promise<Answer> {
    for (;;) {
      const end = buffered.indexOf('\r\n\r\n');
      if (end >= 0) {
        const [statusLine, ...lines] = buffered.subarray(0, end).toString('latin1').split('\r\n');
        const status = Number(statusLine!.split(' ')[1]);
        const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).trim().toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
        const length = status < 200 ? 0 : Number(headers['content-length']);
        if (!Number.isInteger(length)) throw new Error(`an answer without Content-Length: ${statusLine}`);
        if (buffered.length >= end + 4 + length) {
          const body = buffered.subarray(end + 4, end + 4 + length).toString('utf8');
          buffered = buffered.subarray(end + 4 + length);
          return { status, headers, body };
        }
      }
      if (failure) throw failure;
      if (closed) throw new Error(`the connection ended before a complete answer; received ${JSON.stringify(buffered.toString('latin1'))}`);
      await new Promise<void>((resolve) => (wake = resolve));
    }
  }

  return {
    socket,
    /** Resolves when the connection has ended, whoever ended it. */
    ended,
    write: (data: string | Buffer) => socket.write(data),
    next,
    /** The next final answer, skipping `100 Continue`. */
    async answer(): Promise<Answer> {
      for (;;) {
        const message = await next();
        if (message.status >= 200) return message;
      }
    },
  };
}

/**
 * POST /api/replies with half its body written: once this resolves the server has the request
 * (it answered `100 Continue`) and waits for the rest, which `finish()` sends.
 */
async function halfWritten(port: number, key: string, opts: { keepAlive?: boolean } = {}) {
  const body = Buffer.from(JSON.stringify(inbound()));
  const half = Math.floor(body.length / 2);
  const conn = await rawConnection(port);
  conn.write(
    `POST /api/replies HTTP/1.1\r\nHost: replydesk\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n` +
      `Expect: 100-continue\r\n${opts.keepAlive ? '' : 'Connection: close\r\n'}\r\n`,
  );
  conn.write(body.subarray(0, half));
  const interim = await conn.next();
  if (interim.status !== 100) throw new Error(`expected 100 Continue, got ${interim.status} ${interim.body}`);
  return {
    conn,
    finish(): Promise<Answer> {
      conn.write(body.subarray(half));
      const answer = conn.answer();
      answer.catch(() => {});
      return answer;
    },
  };
}

/** 'connected', or the error code of a new connection to the port. */
function probe(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once a new connection to the port is refused (the listener is closed), within 40 s. */
async function untilRefused(port: number) {
  const deadline = Date.now() + 40_000;
  while ((await probe(port)) !== 'ECONNREFUSED') {
    if (Date.now() > deadline) throw new Error('new connections were still accepted 40 s after the signal');
    await pause(50);
  }
}

/**
 * Polls /healthz on new connections until it answers 503, for at most 20 s; null when the
 * listener closed first (a drain shorter than the wait).
 */
async function untilDraining(port: number): Promise<Answer | null> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      const health = await request(port, { path: '/healthz' });
      if (health.status === 503) return health;
      if (Date.now() > deadline) throw new Error(`/healthz still answered ${health.status} 20 s after the signal`);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ECONNREFUSED') return null;
      throw err;
    }
    await pause(50);
  }
}

/** `promise`, or a failure saying `what` when it takes longer than `ms`. */
async function within<T>(ms: number, promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(what)), ms)));
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

const failureOf = (result: PromiseSettledResult<unknown>) => (result.status === 'rejected' ? String((result.reason as NodeJS.ErrnoException).code ?? (result.reason as Error).message) : null);

describe('graceful shutdown of `replydesk serve`', () => {
  const env = { DATABASE_URL: `file:${path.join(tempDir(), 'shutdown.db')}` };
  const servers: Server[] = [];
  let key = '';

  async function credentials(name: string) {
    const ws = await runCli(['workspace', 'create', '--name', name, '--rate-limit', '100000', '--json'], env);
    if (ws.code !== 0) throw new Error(`workspace create: ${ws.stdout}${ws.stderr}`);
    const made = await runCli(['key', 'create', '--workspace', JSON.parse(ws.stdout).data.id, '--name', 'k', '--json'], env);
    if (made.code !== 0) throw new Error(`key create: ${made.stdout}${made.stderr}`);
    return JSON.parse(made.stdout).data.key as string;
  }

  async function launch(settings: Record<string, string>) {
    const server = await startServer({ ...env, ...settings });
    servers.push(server);
    return server;
  }

  beforeAll(async () => {
    key = await credentials('Shutdown');
  });

  afterEach(async () => {
    for (const server of servers.splice(0)) await stop(server, 'SIGKILL');
  });

  it('answers every request of a burst that SIGTERM interrupts, exits 0, and has stored every reply it answered 201', { timeout: 90_000 }, async () => {
    const burstKey = await credentials('Burst'); // its own workspace: the count below is exact
    const auth = { authorization: `Bearer ${burstKey}` };
    const server = await launch({ SHUTDOWN_DRAIN_SECONDS: '3', SHUTDOWN_TIMEOUT_SECONDS: '30' });
    const fire = (n: number) =>
      Array.from({ length: n }, (_, i) =>
        i % 2 === 0
          ? { method: 'POST', ...send(server.port, { method: 'POST', path: '/api/replies', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(inbound()) }) }
          : { method: 'GET', ...send(server.port, { path: '/api/replies?limit=20', headers: auth }) },
      );

    // 14 POSTs in flight: the server has their headers and half their bodies
    const held = await Promise.all(Array.from({ length: 14 }, () => halfWritten(server.port, burstKey)));
    // 16 more, each on a new connection, POSTs and list pages fired together: SIGTERM once they are connected
    const fired = fire(16);
    await Promise.all(fired.map((f) => f.connected));
    const exit = server.exited;
    server.proc.kill('SIGTERM');

    // the balancer has not noticed yet: 10 more on new connections once the drain has begun
    const health = await untilDraining(server.port);
    expect(health?.status, 'the 3 s drain had begun').toBe(503);
    fired.push(...fire(10));
    // half the held bodies arrive during the drain, the other half once the listener has closed
    const duringDrain = held.slice(0, 7).map((h) => h.finish());
    await untilRefused(server.port);
    const runningAtClose = server.proc.exitCode === null;
    const afterClose = held.slice(7).map((h) => h.finish());

    const results = await Promise.allSettled([...fired.map((f) => f.answer), ...duringDrain, ...afterClose]);
    expect(
      results.map(failureOf).filter((f) => f !== null),
      'connection errors (ECONNRESET, socket hang up…)',
    ).toEqual([]);
    expect(runningAtClose, 'the process waited for the requests in flight').toBe(true);
    const answers = results.map((r) => (r as PromiseFulfilledResult<Answer>).value);
    const methods = [...fired.map((f) => f.method), ...held.map(() => 'POST')];
    expect(answers).toHaveLength(40);
    expect(answers.map((a, i) => `${methods[i]} ${a.status}`)).toEqual(methods.map((m) => (m === 'POST' ? 'POST 201' : 'GET 200')));
    for (const a of answers) expect(() => JSON.parse(a.body)).not.toThrow();
    expect(await exit).toBe(0);

    // every reply answered 201 is in the database
    const created = answers.filter((a) => a.status === 201).map((a) => JSON.parse(a.body).data.id as string);
    expect(created).toHaveLength(27);
    const again = await launch({ SHUTDOWN_DRAIN_SECONDS: '0' });
    const list = await request(again.port, { path: '/api/replies?limit=100', headers: auth });
    expect(list.status).toBe(200);
    const page = JSON.parse(list.body) as { data: { id: string }[]; pagination: { total: number } };
    expect(page.pagination.total).toBe(created.length);
    expect(page.data.map((r) => r.id).sort()).toEqual([...created].sort());
  });

  it('during the drain, /healthz answers 503 while other requests, new connections and open keep-alive connections are served with Connection: close', { timeout: 60_000 }, async () => {
    const auth = { authorization: `Bearer ${key}` };
    // a drain far longer than the test: everything below happens while draining
    const server = await launch({ SHUTDOWN_DRAIN_SECONDS: '60' });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const before = await request(server.port, { path: '/api/replies?limit=1', headers: auth, agent });
      expect(before.status).toBe(200);
      expect(before.headers.connection).toBe('keep-alive');

      server.proc.kill('SIGTERM');
      const health = await untilDraining(server.port);
      expect(health, 'the listener closed before the 60 s drain ended').not.toBeNull();
      expect(health!.body).toBe(SHUTTING_DOWN);
      expect(health!.headers['content-type']).toMatch(/^application\/json/);
      expect(health!.headers['x-request-id']).toMatch(/.+/);
      expect(health!.headers.connection).toBe('close');

      // the keep-alive connection opened before the signal, idle since: still served, then let go
      const reused = await request(server.port, { path: '/api/replies?limit=1', headers: auth, agent });
      expect(reused.reusedSocket, 'the request went on the connection opened before SIGTERM').toBe(true);
      expect(reused.localPort).toBe(before.localPort);
      expect(reused.status).toBe(200);
      expect(JSON.parse(reused.body)).toEqual(JSON.parse(before.body));
      expect(reused.headers.connection).toBe('close');

      // new connections are still accepted and served as usual
      const created = await request(server.port, { method: 'POST', path: '/api/replies', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(inbound()) });
      expect(created.status).toBe(201);
      expect(created.headers.connection).toBe('close');
      const unauthorized = await request(server.port, { path: '/api/replies', headers: { authorization: 'Bearer rdk_nope' } });
      expect(unauthorized.status).toBe(401);
      expect(unauthorized.headers.connection).toBe('close');
      const read = await request(server.port, { path: `/api/replies/${JSON.parse(created.body).data.id}`, headers: auth });
      expect(read.status).toBe(200);

      expect((await untilDraining(server.port))?.status, '/healthz still fails').toBe(503);
      expect(server.proc.exitCode, 'still draining').toBeNull();
    } finally {
      agent.destroy();
    }
  });

  it('when the drain ends, refuses new connections, closes idle ones, finishes the request in flight, and exits 0', { timeout: 60_000 }, async () => {
    const server = await launch({ SHUTDOWN_DRAIN_SECONDS: '3', SHUTDOWN_TIMEOUT_SECONDS: '30' });
    // an idle keep-alive connection, open since before the signal
    const idle = await rawConnection(server.port);
    idle.write(`GET /api/replies?limit=1 HTTP/1.1\r\nHost: replydesk\r\nAuthorization: Bearer ${key}\r\n\r\n`);
    expect((await idle.answer()).status).toBe(200);
    // a request in flight
    const held = await halfWritten(server.port, key);

    const exit = server.exited;
    server.proc.kill('SIGTERM');
    expect((await untilDraining(server.port))?.status).toBe(503);
    await untilRefused(server.port);
    // the listener is closed while the process still waits for the request in flight
    expect(server.proc.exitCode).toBeNull();
    await expect(request(server.port, { path: '/healthz' })).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    await within(10_000, idle.ended, 'the idle keep-alive connection was still open 10 s after the listener closed');

    const answer = await held.finish();
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.body).data.id).toEqual(expect.any(String));
    expect(answer.headers.connection).toBe('close');
    expect(await exit).toBe(0);
  });

  it('on SIGINT skips the drain: the listener closes at once, the request in flight is finished, and the process exits 0', { timeout: 60_000 }, async () => {
    // were SIGINT to drain, the listener would stay open 30 s
    const server = await launch({ SHUTDOWN_DRAIN_SECONDS: '30', SHUTDOWN_TIMEOUT_SECONDS: '30' });
    const held = await halfWritten(server.port, key);
    const exit = server.exited;
    server.proc.kill('SIGINT');
    await within(20_000, untilRefused(server.port), 'the listener was still open 20 s after SIGINT: SIGINT drained');
    expect(server.proc.exitCode).toBeNull();
    const answer = await held.finish();
    expect(answer.status).toBe(201);
    expect(await within(20_000, exit, 'the process had not exited 20 s after SIGINT')).toBe(0);
  });

  it('on a second signal during the drain exits at once, without finishing the drain', { timeout: 60_000 }, async () => {
    const server = await launch({ SHUTDOWN_DRAIN_SECONDS: '30' });
    const exit = server.exited;
    server.proc.kill('SIGTERM');
    expect((await untilDraining(server.port))?.status).toBe(503);
    server.proc.kill('SIGTERM');
    await within(20_000, exit, 'the process had not exited 20 s after the second signal');
    expect(server.proc.exitCode, 'not a clean shutdown').not.toBe(0);
  });

  // A request whose hooks ran before the signal: the header is set when the answer leaves.
  it('answers a keep-alive request in flight with Connection: close, so its connection ends and the process exits 0 without waiting for the timeout', { timeout: 60_000 }, async () => {
    const server = await launch({ SHUTDOWN_DRAIN_SECONDS: '1', SHUTDOWN_TIMEOUT_SECONDS: '5' });
    const held = await halfWritten(server.port, key, { keepAlive: true });
    const exit = server.exited;
    server.proc.kill('SIGTERM');
    await untilRefused(server.port);
    const answer = await held.finish();
    expect(answer.status).toBe(201);
    expect(answer.headers.connection).toBe('close');
    await held.conn.ended;
    expect(await exit).toBe(0);
  });
});
