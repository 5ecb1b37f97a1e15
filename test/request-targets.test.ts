// No spelling of a path reaches a route without a principal (issue 12): percent-encoded
// characters, absolute-form request targets, doubled slashes, dot segments, trailing slashes,
// for every route the app registers. Requests go over real sockets, byte for byte as written,
// so nothing between the test and Node's parser normalises them.
import net from 'node:net';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Db } from '../src/db/connect.ts';
import { makeWorkspace, openDb } from './helpers.ts';

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One request on its own connection; the target is sent exactly as given. */
function send(port: number, method: string, target: string, headers: Record<string, string>, body = ''): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const lines = [`${method} ${target} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
    if (body) lines.push('Content-Type: application/json', `Content-Length: ${Buffer.byteLength(body)}`);
    socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
    let raw = '';
    socket.setEncoding('latin1');
    socket.on('data', (d) => (raw += d));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', ...rest] = raw.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const parsed: Record<string, string> = {};
      for (const l of headerLines) parsed[l.slice(0, l.indexOf(':')).toLowerCase()] = l.slice(l.indexOf(':') + 1).trim();
      resolve({ status: Number(statusLine.split(' ')[1]), headers: parsed, body: rest.join('\r\n\r\n') });
    });
  });
}

const hex = (c: string, upper: boolean) => {
  const bytes = Buffer.from(c, 'utf8');
  return [...bytes].map((b) => `%${upper ? b.toString(16).toUpperCase().padStart(2, '0') : b.toString(16).padStart(2, '0')}`).join('');
};

/** A spelling of `path`: each character kept or percent-encoded, slashes doubled, dot segments, an absolute form. */
const spelling = (path: string, port: number) =>
  fc
    .record({
      chars: fc.array(fc.record({ encode: fc.boolean(), upper: fc.boolean(), doubleSlash: fc.nat(9) }), { minLength: path.length, maxLength: path.length }),
      dots: fc.constantFrom('', '/.', '/x/..', '/./x/..'),
      dotsAt: fc.nat(),
      trailing: fc.constantFrom('', '/', '?', '?limit=1'),
      absolute: fc.constantFrom('', `http://127.0.0.1:${port}`, 'http://other.example', `HTTP://LOCALHOST:${port}`),
    })
    .map(({ chars, dots, dotsAt, trailing, absolute }) => {
      let out = '';
      [...path].forEach((c, i) => {
        const how = chars[i]!;
        if (c === '/') out += how.doubleSlash === 0 ? '//' : '/';
        else out += how.encode ? hex(c, how.upper) : c;
      });
      const slashes = [...out.matchAll(/\//g)].map((m) => m.index!);
      const at = slashes[dotsAt % slashes.length]!;
      return `${absolute}${out.slice(0, at)}${dots}${out.slice(at)}${trailing}`;
    });

const ID_CHARS = fc.stringMatching(/^[A-Za-z0-9._~-]{1,40}$/);
const fill = (template: string, ids: string[]) => template.replace(/:[A-Za-z]+/g, () => ids.shift() ?? 'x');

describe('request targets', () => {
  let app: FastifyInstance;
  let db: Db;
  let port: number;
  let full: Awaited<ReturnType<typeof makeWorkspace>>;
  let readOnly: Awaited<ReturnType<typeof makeWorkspace>>;
  /** Requests that reached a route's handler with no principal: must stay empty. */
  const ranWithoutPrincipal: string[] = [];
  /** Routes a spelled request reached with a principal: the spellings do reach routes. */
  const reached = new Set<string>();

  beforeAll(async () => {
    db = await openDb('sqlite');
    // thousands of requests without a key from one address: the per-address limit is lifted
    app = await buildApp({ db, unauthenticatedRateLimit: 1_000_000 });
    app.addHook('preHandler', (request, _reply, done) => {
      if (request.is404 || request.routeOptions.config.public === true) return done();
      if (!request.principal) ranWithoutPrincipal.push(`${request.method} ${request.url}`);
      else reached.add(`${request.method} ${request.routeOptions.url}`);
      done();
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as net.AddressInfo).port;
    full = await makeWorkspace(db);
    readOnly = await makeWorkspace(db, { permissions: ['contacts:read'] });
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  const guarded = () => app.routeList.filter((r) => !r.public);
  /** Routes for a signed-in person only (docs/dashboard.md): a key is refused as no session. */
  const dashboardOnly = (route: { url: string }) => route.url.startsWith('/dashboard/api/');

  it('the hostile sweep\'s own spellings are refused without a key and served with one', async () => {
    for (const target of ['/%61pi/replies', '/%61%70%69/contacts', `http://127.0.0.1:${port}/api/contacts`, '/api/%72eplies?limit=1']) {
      const anonymous = await send(port, 'GET', target, {});
      expect(anonymous.status, target).toBe(401);
      expect(JSON.parse(anonymous.body)).toEqual({ data: null, error: 'Invalid API key' });
      const keyed = await send(port, 'GET', target, { Authorization: `Bearer ${full.key}` });
      expect(keyed.status, target).toBe(200);
    }
    // HEAD routes are made from the GET routes, with their config
    expect((await send(port, 'HEAD', '/%61pi/replies', {})).status).toBe(401);
    expect((await send(port, 'HEAD', '/%61pi/replies', { Authorization: `Bearer ${full.key}` })).status).toBe(200);
    const patch = await send(port, 'PATCH', '/%61pi/replies/abc', { Authorization: `Bearer ${readOnly.key}` }, '{"status":"archived"}');
    expect(patch.status).toBe(403);
    expect(ranWithoutPrincipal).toEqual([]);
  });

  it('no spelling of any route runs its handler without a key; each answer is 401 in the envelope, with the request id and rate-limit headers', async () => {
    expect(guarded().length).toBeGreaterThan(10);
    for (const route of guarded()) {
      const params = route.url.match(/:[A-Za-z]+/g)?.length ?? 0;
      await fc.assert(
        fc.asyncProperty(fc.array(ID_CHARS, { minLength: params, maxLength: params }).chain((ids) => spelling(fill(route.url, ids), port)), fc.constantFrom<Record<string, string>>({}, { Authorization: 'Bearer' }, { Authorization: 'bearer rdk_nope' }, { Authorization: 'Basic Zm9vOmJhcg==' }), async (target, headers) => {
          const res = await send(port, route.method, target, headers, route.method === 'GET' || route.method === 'DELETE' ? '' : '{}');
          expect(res.status, `${route.method} ${target}`).toBe(401);
          // a spelling the router does not match is answered as no route: 'Invalid API key'
          expect(JSON.parse(res.body)).toEqual({ data: null, error: dashboardOnly(route) ? expect.stringMatching(/^(Not signed in|Invalid API key)$/) : 'Invalid API key' });
          expect(res.headers['x-request-id']).toBeTruthy();
          expect(res.headers['x-ratelimit-limit']).toBeTruthy();
        }),
        { numRuns: 25 },
      );
    }
    expect(ranWithoutPrincipal).toEqual([]);
  });

  it('with a key that lacks the permission, every spelling of a write route is refused (403) or names nothing (404), never served', async () => {
    const writes = guarded().filter((r) => r.method !== 'GET');
    for (const route of writes) {
      const params = route.url.match(/:[A-Za-z]+/g)?.length ?? 0;
      await fc.assert(
        fc.asyncProperty(fc.array(ID_CHARS, { minLength: params, maxLength: params }).chain((ids) => spelling(fill(route.url, ids), port)), async (target) => {
          const res = await send(port, route.method, target, { Authorization: `Bearer ${readOnly.key}` }, route.method === 'DELETE' ? '' : '{}');
          // the dashboard's own routes take no key at all: 401
          expect(dashboardOnly(route) ? [401, 404] : [403, 404], `${route.method} ${target}: ${res.status} ${res.body}`).toContain(res.status);
          expect(JSON.parse(res.body)).toMatchObject({ data: null });
        }),
        { numRuns: 15 },
      );
    }
    expect(ranWithoutPrincipal).toEqual([]);
  });

  it('with a valid key the same spellings do reach the routes (the properties above are not vacuous)', async () => {
    for (const route of guarded().filter((r) => r.method === 'GET')) {
      const params = route.url.match(/:[A-Za-z]+/g)?.length ?? 0;
      await fc.assert(
        fc.asyncProperty(fc.array(ID_CHARS, { minLength: params, maxLength: params }).chain((ids) => spelling(fill(route.url, ids), port)), async (target) => {
          const res = await send(port, 'GET', target, { Authorization: `Bearer ${full.key}` });
          expect(res.status, target).toBeLessThan(500);
          expect(JSON.parse(res.body)).toHaveProperty('data');
        }),
        { numRuns: 10 },
      );
    }
    expect(reached.size).toBeGreaterThan(5);
  });

  it('a malformed percent-encoding is refused in the envelope with the request id and rate-limit headers', async () => {
    for (const target of ['/api/replies/%zz', '/%E0%A4%A', '/api/contacts/%C0%AF', '/api/replies/%ED%A0%80']) {
      const res = await send(port, 'GET', target, { Authorization: `Bearer ${full.key}` });
      expect(res.status, target).toBe(400);
      expect(JSON.parse(res.body), target).toEqual({ data: null, error: expect.any(String) });
      expect(res.headers['x-request-id']).toBeTruthy();
      expect(res.headers['x-ratelimit-limit']).toBe('100000');
    }
    // an id of 150 characters reaches the route (404), one past the router's limit is 414
    expect((await send(port, 'GET', `/api/replies/${'a'.repeat(150)}`, { Authorization: `Bearer ${full.key}` })).status).toBe(404);
    const long = await send(port, 'GET', `/api/replies/${'a'.repeat(5000)}`, { Authorization: `Bearer ${full.key}` });
    expect(long.status).toBe(414);
    expect(JSON.parse(long.body)).toEqual({ data: null, error: 'A segment of the URL path is too long' });
    expect(long.headers['x-ratelimit-limit']).toBe('100000');
  });

  it("Node's own refusals, before there is a request, answer in the envelope with a request id", async () => {
    const raw = (bytes: string) =>
      new Promise<Answer>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
        let out = '';
        socket.setEncoding('latin1');
        socket.on('data', (d) => (out += d));
        socket.on('error', reject);
        socket.on('close', () => {
          const [head = '', body = ''] = out.split('\r\n\r\n');
          const headers = Object.fromEntries(head.split('\r\n').slice(1).map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
          resolve({ status: Number(head.split(' ')[1]), headers, body });
        });
      });
    const cases: [string, string, number][] = [
      ['a control byte in a header', 'GET /api/replies HTTP/1.1\r\nHost: x\r\nX-A: a\x01b\r\n\r\n', 400],
      ['headers over the size limit', `GET /api/replies HTTP/1.1\r\nHost: x\r\nX-A: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
      ['a malformed request line', 'GARBAGE\r\n\r\n', 400],
      ['Content-Length with Transfer-Encoding', 'POST /api/replies HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n', 400],
      ['an HTTP/2 preface', 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', 400],
      ['an Expect other than 100-continue', `GET /api/replies HTTP/1.1\r\nHost: x\r\nExpect: teapot\r\nConnection: close\r\n\r\n`, 417],
      ['CONNECT', 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n', 405],
    ];
    for (const [what, bytes, status] of cases) {
      const res = await raw(bytes);
      expect(res.status, what).toBe(status);
      expect(JSON.parse(res.body), what).toEqual({ data: null, error: expect.any(String) });
      expect(res.headers['x-request-id'], what).toBeTruthy();
    }
  });

  it('the Bearer scheme is case-insensitive; the key is not', async () => {
    for (const scheme of ['bearer', 'BEARER', 'bEaReR']) {
      expect((await send(port, 'GET', '/api/replies', { Authorization: `${scheme} ${full.key}` })).status, scheme).toBe(200);
    }
    expect((await send(port, 'GET', '/api/replies', { Authorization: `Bearer ${full.key.toUpperCase()}` })).status).toBe(401);
  });
});
