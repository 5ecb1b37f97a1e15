// No spelling of a path reaches a route without a principal (issue 12): percent-encoded
// characters, absolute-form request targets, doubled slashes, dot segments, trailing slashes,
// for every route the app registers. Requests go over real sockets, byte for byte as written,
// so nothing between the test and Node's parser normalises them.
import net from 'node:net';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createUser } from '../src/dashboard/service.ts';
import { MAX_URL_LENGTH } from '../src/http/json-body.ts';
import type { Db } from '../src/db/connect.ts';
import { DIALECTS, inbound, makeWorkspace, openDb } from './helpers.ts';

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
    socket.on('data', (d: string) => (raw += d)); // latin1, set above
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
    // preValidation: after authentication, before http/path-ids.ts answers an id that names nothing
    app.addHook('preValidation', (request, _reply, done) => {
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

  it("the hostile sweep's own spellings are refused without a key and served with one", async () => {
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
        fc.asyncProperty(
          fc.array(ID_CHARS, { minLength: params, maxLength: params }).chain((ids) => spelling(fill(route.url, ids), port)),
          fc.constantFrom<Record<string, string>>({}, { Authorization: 'Bearer' }, { Authorization: 'bearer rdk_nope' }, { Authorization: 'Basic Zm9vOmJhcg==' }),
          async (target, headers) => {
            const res = await send(port, route.method, target, headers, route.method === 'GET' || route.method === 'DELETE' ? '' : '{}');
            expect(res.status, `${route.method} ${target}`).toBe(401);
            // a spelling the router does not match is answered as no route: 'Invalid API key'
            expect(JSON.parse(res.body)).toEqual({ data: null, error: dashboardOnly(route) ? expect.stringMatching(/^(Not signed in|Invalid API key)$/) : 'Invalid API key' });
            expect(res.headers['x-request-id']).toBeTruthy();
            expect(res.headers['x-ratelimit-limit']).toBeTruthy();
          },
        ),
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
        fc.asyncProperty(
          fc.array(ID_CHARS, { minLength: params, maxLength: params }).chain((ids) => spelling(fill(route.url, ids), port)),
          async (target) => {
            const res = await send(port, route.method, target, { Authorization: `Bearer ${readOnly.key}` }, route.method === 'DELETE' ? '' : '{}');
            // the dashboard's own routes take no key at all: 401
            expect(dashboardOnly(route) ? [401, 404] : [403, 404], `${route.method} ${target}: ${res.status} ${res.body}`).toContain(res.status);
            expect(JSON.parse(res.body)).toMatchObject({ data: null });
          },
        ),
        { numRuns: 15 },
      );
    }
    expect(ranWithoutPrincipal).toEqual([]);
  });

  it('with a valid key the same spellings do reach the routes (the properties above are not vacuous)', async () => {
    for (const route of guarded().filter((r) => r.method === 'GET')) {
      const params = route.url.match(/:[A-Za-z]+/g)?.length ?? 0;
      await fc.assert(
        fc.asyncProperty(
          fc.array(ID_CHARS, { minLength: params, maxLength: params }).chain((ids) => spelling(fill(route.url, ids), port)),
          async (target) => {
            const res = await send(port, 'GET', target, { Authorization: `Bearer ${full.key}` });
            expect(res.status, target).toBeLessThan(500);
            expect(JSON.parse(res.body)).toHaveProperty('data');
          },
        ),
        { numRuns: 10 },
      );
    }
    expect(reached.size, [...reached].join(', ')).toBeGreaterThan(5);
  });

  it('a malformed percent-encoding is refused in the envelope with the request id and rate-limit headers', async () => {
    for (const target of ['/api/replies/%zz', '/%E0%A4%A', '/api/contacts/%C0%AF', '/api/replies/%ED%A0%80']) {
      const res = await send(port, 'GET', target, { Authorization: `Bearer ${full.key}` });
      expect(res.status, target).toBe(400);
      expect(JSON.parse(res.body), target).toEqual({ data: null, error: expect.any(String) });
      expect(res.headers['x-request-id']).toBeTruthy();
      expect(res.headers['x-ratelimit-limit']).toBe('100000');
    }
    // an id of any length reaches the route (404); a URL past the limit is 414
    expect((await send(port, 'GET', `/api/replies/${'a'.repeat(5000)}`, { Authorization: `Bearer ${full.key}` })).status).toBe(404);
    const long = await send(port, 'GET', `/api/replies/${'a'.repeat(MAX_URL_LENGTH)}`, { Authorization: `Bearer ${full.key}` });
    expect(long.status).toBe(414);
    expect(JSON.parse(long.body)).toEqual({ data: null, error: `The URL is longer than ${MAX_URL_LENGTH} characters` });
    expect(long.headers['x-ratelimit-limit']).toBe('100000');
  });

  it("Node's own refusals, before there is a request, answer in the envelope with a request id", async () => {
    const raw = (bytes: string) =>
      new Promise<Answer>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
        let out = '';
        socket.setEncoding('latin1');
        socket.on('data', (d: string) => (out += d)); // latin1, set above
        socket.on('error', reject);
        socket.on('close', () => {
          const [head = '', body = ''] = out.split('\r\n\r\n');
          const headers = Object.fromEntries(
            head
              .split('\r\n')
              .slice(1)
              .map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
          );
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

/** Text of any kind for an id, percent-encoded as a client would send it: short, long, any script, NUL, `/`, `%`, dots. */
const anyId = fc
  .oneof(
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }).filter((t) => t.isWellFormed()),
    fc.constantFrom('\u0000', 'a\u0000b', '/', '..', '.', '%', '%00', '?', '#', ' ', 'ä'.repeat(900), '0190f5a2-7c3e-7d1a-9b2e-4f6a8c0d1e2f', '0190F5A2-7C3E-7D1A-9B2E-4F6A8C0D1E2F'),
    fc.tuple(fc.integer({ min: 200, max: 4000 }), fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 5 })).map(([n, unit]) => unit.repeat(Math.ceil(n / unit.length)).slice(0, n)),
    fc.integer({ min: 1500, max: 9000 }).map((n) => 'x'.repeat(n)),
  )
  .map(encodeURIComponent);

for (const dialect of DIALECTS) {
  describe(`ids in paths (${dialect})`, () => {
    let app: FastifyInstance;
    let db: Db;
    let port: number;
    let ws: Awaited<ReturnType<typeof makeWorkspace>>;
    let browser: Record<string, string>;
    const real: Record<string, string> = {};
    let operations: { method: string; path: string; body: string; notFound: string[] }[] = [];

    beforeAll(async () => {
      db = await openDb(dialect);
      app = await buildApp({ db });
      await app.listen({ port: 0, host: '127.0.0.1' });
      port = (app.server.address() as net.AddressInfo).port;
      ws = await makeWorkspace(db);
      const auth = { Authorization: `Bearer ${ws.key}` };
      real.replies = JSON.parse((await send(port, 'POST', '/api/replies', auth, JSON.stringify(inbound()))).body).data.id;
      real.webhooks = JSON.parse((await send(port, 'POST', '/api/webhooks', auth, JSON.stringify({ url: 'https://hooks.example.com/x', events: ['*'] }))).body).data.id;
      const email = `owner.ids.${dialect}.${process.pid}@agency.example`;
      await createUser(db, { email, workspaceId: ws.workspace.id, role: 'owner', password: 'correct horse battery staple' }, 'http://127.0.0.1');
      const signIn = await app.inject({ method: 'POST', url: '/dashboard/api/sign-in', payload: { email, password: 'correct horse battery staple' } });
      browser = { Cookie: /^rd_session=[^;]*/.exec(String(signIn.headers['set-cookie']))![0], 'X-CSRF-Token': signIn.json().data.csrf_token };
      type Op = {
        requestBody?: { content: Record<string, { examples?: Record<string, { value: unknown }> }> };
        responses: Record<string, { content?: Record<string, { examples?: Record<string, { value: { error: string } }> }> }>;
      };
      const doc = app.swagger() as unknown as { paths: Record<string, Record<string, Op>> };
      operations = Object.entries(doc.paths)
        .filter(([path]) => path.includes('{'))
        .flatMap(([path, ops]) =>
          Object.entries(ops).map(([method, op]) => ({
            method: method.toUpperCase(),
            path,
            // a valid body (the document's own example), so the answer is about the id alone
            body: JSON.stringify(Object.values(op.requestBody?.content['application/json']?.examples ?? {})[0]?.value ?? ''),
            notFound: Object.values(op.responses['404']?.content?.['application/json']?.examples ?? {}).map((e) => e.value.error),
          })),
        );
    });
    afterAll(async () => {
      await app.close();
      await db.close();
    });

    const target = (path: string, ids: readonly string[]) => {
      let i = 0;
      return path.replace(/\{[A-Za-z]+\}/g, () => ids[i++]!);
    };
    const sendTo = (op: { method: string; body: string }, url: string, headers: Record<string, string> = { Authorization: `Bearer ${ws.key}` }) =>
      send(port, op.method, url, headers, op.body === '""' ? '' : op.body);

    it('the document lists every route with an id in its path, and a 404 message for each', () => {
      const routes = app.routeList.filter((r) => r.url.startsWith('/api/') && r.url.includes(':')).map((r) => `${r.method} ${r.url.replace(/:([A-Za-z]+)/g, '{$1}')}`);
      expect(operations.map((o) => `${o.method} ${o.path}`).sort()).toEqual(routes.sort());
      for (const op of operations) expect(op.notFound.length, `${op.method} ${op.path}`).toBeGreaterThan(0);
    });

    it("an id that names nothing is the route's own 404 whatever its length or characters; a URL past the limit is 414, both in the envelope", async () => {
      let found = 0;
      let tooLong = 0;
      for (const op of operations) {
        const params = op.path.match(/\{[A-Za-z]+\}/g)!.length;
        await fc.assert(
          fc.asyncProperty(fc.array(anyId, { minLength: params, maxLength: params }), fc.boolean(), async (ids, realFirst) => {
            // the first id real, so the second one is the one that names nothing
            const url = target(op.path, realFirst && params > 1 ? [real[op.path.split('/')[2]!]!, ...ids.slice(1)] : ids);
            const res = await sendTo(op, url);
            const what = `${op.method} ${url.slice(0, 120)}… (${url.length}): ${res.status} ${res.body.slice(0, 200)}`;
            if (url.length > MAX_URL_LENGTH) {
              tooLong++;
              expect(res.status, what).toBe(414);
              expect(JSON.parse(res.body), what).toEqual({ data: null, error: `The URL is longer than ${MAX_URL_LENGTH} characters` });
            } else {
              found++;
              expect(res.status, what).toBe(404);
              expect(op.notFound, what).toContain(JSON.parse(res.body).error);
              expect(JSON.parse(res.body).data, what).toBeNull();
              expect(res.headers['x-ratelimit-limit'], what).toBe('100000');
            }
          }),
          { numRuns: 30 },
        );
      }
      expect(found).toBeGreaterThan(operations.length * 15);
      expect(tooLong).toBeGreaterThan(0);
    });

    it('an id as long as the URL limit allows is still the 404; one character more is the 414', async () => {
      for (const op of operations) {
        const base = target(
          op.path,
          op.path.match(/\{[A-Za-z]+\}/g)!.map(() => 'x'),
        );
        const longest = target(
          op.path,
          op.path.match(/\{[A-Za-z]+\}/g)!.map((_, i) => (i === 0 ? 'x'.repeat(MAX_URL_LENGTH - base.length + 1) : 'x')),
        );
        expect(longest.length).toBe(MAX_URL_LENGTH);
        const res = await sendTo(op, longest);
        expect(res.status, `${op.method} ${op.path}`).toBe(404);
        expect(op.notFound).toContain(JSON.parse(res.body).error);
        expect((await sendTo(op, longest.replace('/x', '/xx'))).status, `${op.method} ${op.path}`).toBe(414);
      }
    });

    it("a request line longer than Node's 16 KiB limit on a request's head is the URL's 414, not the headers' 431", async () => {
      for (const length of [17_000, 70_000]) {
        const res = await send(port, 'GET', `/api/replies/${'a'.repeat(length)}`, { Authorization: `Bearer ${ws.key}` });
        expect(res.status, String(length)).toBe(414);
        expect(JSON.parse(res.body)).toEqual({ data: null, error: `The URL is longer than ${MAX_URL_LENGTH} characters` });
      }
      const headers = await send(port, 'GET', '/api/replies', { Authorization: `Bearer ${ws.key}`, 'X-Padding': 'a'.repeat(17_000) });
      expect(headers.status).toBe(431);
    });

    it("the dashboard's routes with an id answer their 404 for any id as well", async () => {
      const routes = app.routeList.filter((r) => r.url.startsWith('/dashboard/api/') && r.url.includes(':'));
      expect(routes.length).toBeGreaterThanOrEqual(3);
      for (const route of routes) {
        await fc.assert(
          fc.asyncProperty(anyId, async (id) => {
            const url = route.url.replace(/:[A-Za-z]+/, id);
            const res = await send(port, route.method, url, browser, route.method === 'PATCH' ? '{"role":"member"}' : '');
            const what = `${route.method} ${url.slice(0, 100)} (${url.length}): ${res.status} ${res.body.slice(0, 200)}`;
            expect(res.status, what).toBe(url.length > MAX_URL_LENGTH ? 414 : 404);
            expect(JSON.parse(res.body), what).toEqual({
              data: null,
              error: url.length > MAX_URL_LENGTH ? expect.any(String) : expect.stringMatching(/^(Reply|Member )?not found$|^Reply not found$/i),
            });
          }),
          { numRuns: 15 },
        );
      }
    });
  });
}
