// Hostile input, generated rather than listed (issue 12): for every operation of the OpenAPI
// document that takes a body or a query string, values drawn from its own schema with hostile
// leaves mixed in — timestamps at and past every field's range, integers in every spelling,
// JSON nested past any sane depth, NUL and lone surrogates, keys included. Whatever comes:
// never a 5xx, every error in the envelope, and what was stored reads back equal to what
// was answered.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, MAX_URL_LENGTH, nestsDeeperThan } from '../src/http/json-body.ts';
import { fromPgTimestamp, parseTimestamp } from '../src/timestamps.ts';
import { DIALECTS, inbound, makeApp, makeWorkspace } from './helpers.ts';

type Schema = {
  type?: string;
  format?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  patternProperties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  maxLength?: number;
  minLength?: number;
  maxItems?: number;
  pattern?: string;
};

const decodeURIComponentSafe = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** RFC 3339 shapes with every field anywhere in and just past its range. */
export const timestampLike = fc
  .record({
    year: fc.oneof(fc.integer({ min: 0, max: 10_001 }), fc.constantFrom(0, 1, 1969, 1970, 9999, 10_000)),
    month: fc.integer({ min: 0, max: 13 }),
    day: fc.integer({ min: 0, max: 32 }),
    hour: fc.integer({ min: 0, max: 25 }),
    minute: fc.integer({ min: 0, max: 60 }),
    second: fc.oneof(fc.integer({ min: 0, max: 61 }), fc.constant(60)),
    fraction: fc.constantFrom('', '.5', '.123', '.123456789', '.1234567890'),
    zone: fc.constantFrom('Z', 'z', '+00:00', '-00:01', '+14:00', '-23:59', '+24:00', '+01:60', ''),
    t: fc.constantFrom('T', 't', ' '),
  })
  .map((p) => `${p.year > 9999 ? p.year : pad(p.year, 4)}-${pad(p.month, 2)}-${pad(p.day, 2)}${p.t}${pad(p.hour, 2)}:${pad(p.minute, 2)}:${pad(p.second, 2)}${p.fraction}${p.zone}`);

const HOSTILE_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\udbff\udfff',
  '\u2028\u2029',
  '﻿',
  '\\u0000',
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  'ä'.repeat(3000),
];

const hostileString = fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), fc.constantFrom(...HOSTILE_STRINGS), timestampLike);

/** JSON nested `depth` levels: arrays, objects or both. */
const nested = (depth: number, kind: 'array' | 'object' | 'mixed') => {
  let v: unknown = 'leaf';
  for (let i = 0; i < depth; i++) v = kind === 'array' || (kind === 'mixed' && i % 2) ? [v] : { k: v };
  return v;
};
// Past the limit but shallow enough for the test's own JSON.stringify; the thousands-deep
// bodies of the sweep are sent as text below.
const deepJson = fc.tuple(fc.integer({ min: 1, max: 40 }), fc.constantFrom('array', 'object', 'mixed') as fc.Arbitrary<'array' | 'object' | 'mixed'>).map(([d, k]) => nested(d, k));
const anyJson = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  deepJson,
  hostileString.map((s) => ({ [s]: s })),
  fc.constantFrom(1e308 * 10, -0, 5e-324, 2 ** 63),
);

const storable = (s: string) => s.isWellFormed() && !s.includes('\u0000');
/** Text that is valid but unkind: any script, emoji, combining marks, controls other than NUL. */
const awkwardText = (maxLength: number) => fc.oneof(fc.string({ unit: 'grapheme', maxLength }), fc.string({ unit: 'binary', maxLength }).filter(storable));
const awkwardJson = fc.jsonValue({ maxDepth: 5 }).filter((v) => storable(JSON.stringify(v)) && !JSON.stringify(v).includes('\\u0000'));

/**
 * A value for `schema`. Hostile: usually a valid one, sometimes a hostile one of the same kind,
 * sometimes anything. Awkward: always one the schema allows, drawn from the unkind corners.
 */
function valueFor(schema: Schema, mode: 'hostile' | 'awkward' = 'hostile'): fc.Arbitrary<unknown> {
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => valueFor(s, mode)));
  if (mode === 'awkward') return awkwardValueFor(schema);
  const hostile = (...arbs: fc.Arbitrary<unknown>[]) => fc.oneof({ weight: 1, arbitrary: fc.oneof(...arbs) }, { weight: 1, arbitrary: anyJson });
  switch (schema.type) {
    case 'string': {
      if (schema.enum) return fc.oneof(fc.constantFrom(...schema.enum), hostileString);
      const valid =
        schema.format === 'date-time'
          ? fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }).map((d) => d.toISOString())
          : schema.format === 'email'
            ? fc.emailAddress()
            : schema.pattern?.startsWith('^#')
              ? fc.constantFrom('#22c55e', '#abc')
              : fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 60, 60) });
      return fc.oneof({ weight: 3, arbitrary: valid }, { weight: 2, arbitrary: hostileString }, { weight: schema.format === 'date-time' ? 3 : 0, arbitrary: timestampLike });
    }
    case 'integer':
    case 'number':
      return hostile(fc.integer(), fc.constantFrom(1e19, 2 ** 63, -(2 ** 63), 0.5, Number.MAX_SAFE_INTEGER + 2));
    case 'boolean':
      return hostile(fc.boolean());
    case 'array':
      return hostile(fc.array(schema.items ? valueFor(schema.items) : anyJson, { maxLength: Math.min(schema.maxItems ?? 4, 4) }));
    case 'object': {
      const props = Object.entries(schema.properties ?? {});
      const valueSchema = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : Object.values(schema.patternProperties ?? {})[0];
      if (!props.length) return fc.dictionary(hostileString, valueSchema && Object.keys(valueSchema).length ? valueFor(valueSchema) : anyJson, { maxKeys: 3 });
      const required = new Set(schema.required ?? []);
      return fc.record(Object.fromEntries(props.map(([k, s]) => [k, valueFor(s)])), { requiredKeys: props.map(([k]) => k).filter((k) => required.has(k)) });
    }
    default:
      return anyJson;
  }
}

const awkwardTimestamp = fc
  .tuple(
    fc.date({ min: new Date('0001-01-02T00:00:00Z'), max: new Date('9999-12-30T23:59:59Z'), noInvalidDate: true }),
    fc.integer({ min: -23 * 60 - 59, max: 23 * 60 + 59 }),
    fc.constantFrom('', '.5', '.123456'),
  )
  .map(([d, offset, frac]) => {
    const local = new Date(d.getTime() + offset * 60_000).toISOString().slice(0, 19);
    const sign = offset < 0 ? '-' : '+';
    return `${local}${frac}${sign}${pad(Math.floor(Math.abs(offset) / 60), 2)}:${pad(Math.abs(offset) % 60, 2)}`;
  });

function awkwardValueFor(schema: Schema): fc.Arbitrary<unknown> {
  switch (schema.type) {
    case 'string':
      if (schema.enum) return fc.constantFrom(...schema.enum);
      if (schema.format === 'date-time') return awkwardTimestamp;
      if (schema.format === 'email') return fc.emailAddress();
      // a file's bytes (http/attachments.ts), any bytes at all; a MIME type as mail carries them
      if (schema.format === 'byte') return fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b).toString('base64'));
      if (schema.pattern?.includes('/')) return fc.constantFrom('application/pdf', 'text/plain', 'image/png', 'Application/Octet-Stream');
      return awkwardText(Math.min(schema.maxLength ?? 200, 200)).filter((s) => s.length >= (schema.minLength ?? 0));
    case 'integer':
      return fc.integer();
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(schema.items ? awkwardValueFor(schema.items) : awkwardJson, { maxLength: Math.min(schema.maxItems ?? 4, 4) });
    case 'object': {
      const props = Object.entries(schema.properties ?? {});
      if (!props.length) return fc.dictionary(awkwardText(20), awkwardJson, { maxKeys: 4 });
      const required = new Set(schema.required ?? []);
      return fc.record(Object.fromEntries(props.map(([k, s]) => [k, valueFor(s, 'awkward')])), { requiredKeys: props.map(([k]) => k).filter((k) => required.has(k)) });
    }
    default:
      return awkwardJson;
  }
}

/** Integers in query strings as people and attackers write them. */
const integerText = fc
  .oneof(
    fc.nat(200).map(String),
    fc.constantFrom('1e19', '9223372036854775808', '18446744073709551616', '0x10', '1e3', '-0', '+5', ' 5', '5 ', '007', '', '1.0', 'NaN', 'Infinity', '-1', '9007199254740993', '١٢'),
  )
  .map(encodeURIComponent);

/** Arbitrary bytes, percent-encoded: invalid UTF-8, NUL, encoded surrogates (%ED%A0%80). */
const encodedBytes = fc.oneof(
  fc.uint8Array({ maxLength: 12 }).map((b) => [...b].map((x) => `%${x.toString(16).padStart(2, '0')}`).join('')),
  fc.constantFrom('%ED%A0%80', '%00', '%C0%80', '%F4%90%80%80', '%E2%80%AE', '%'),
);

for (const dialect of DIALECTS) {
  describe(`hostile input (${dialect})`, () => {
    let ctx: Awaited<ReturnType<typeof makeApp>>;
    let ws: Awaited<ReturnType<typeof makeWorkspace>>;
    const ids: Record<string, string> = {};
    let operations: { method: string; path: string; body?: Schema; query: { name: string; schema: Schema }[] }[] = [];

    const inject = (method: string, url: string, payload?: unknown) =>
      ctx.app.inject({
        method: method as 'GET',
        url,
        headers: { ...ws.headers, ...(payload !== undefined && { 'content-type': 'application/json' }) },
        ...(payload !== undefined && { payload: JSON.stringify(payload) }),
      });

    /** The answer is never a 5xx, and every error is `{data: null, error: string}`. */
    const expectSane = (res: Awaited<ReturnType<typeof inject>>, what: string) => {
      expect(res.statusCode, `${what} → ${res.statusCode} ${res.body.slice(0, 300)}`).toBeLessThan(500);
      const body = res.json();
      if (res.statusCode >= 400) expect(body, what).toEqual({ data: null, error: expect.any(String) });
      else expect(body, what).toHaveProperty('data');
      return body;
    };

    beforeAll(async () => {
      ctx = await makeApp(dialect);
      ws = await makeWorkspace(ctx.db);
      ids.id = (await inject('POST', '/api/replies', inbound())).json().data.id;
      const hook = (await inject('POST', '/api/webhooks', { url: 'https://hooks.example.com/x', events: ['*'] })).json().data;
      ids.webhook = hook.id;
      const doc = ctx.app.swagger() as {
        paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Schema }> }; parameters?: { in: string; name: string; schema: Schema }[] }>>;
      };
      operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.entries(ops).map(([method, op]) => ({
          method: method.toUpperCase(),
          path,
          body: op.requestBody?.content['application/json']?.schema,
          query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema })),
        })),
      );
    });
    afterAll(() => ctx.close());

    const concrete = (path: string) => path.replace('/api/webhooks/{id}', `/api/webhooks/${ids.webhook}`).replace('{id}', ids.id!).replace('{deliveryId}', 'none');

    it('every operation that takes a body answers generated bodies without a 5xx, in the envelope', async () => {
      const writes = operations.filter((o) => o.body);
      expect(writes.map((o) => `${o.method} ${o.path}`)).toEqual(expect.arrayContaining(['POST /api/replies', 'PATCH /api/replies/{id}', 'POST /api/webhooks/{id}/recover']));
      for (const op of writes) {
        await fc.assert(
          fc.asyncProperty(fc.oneof({ weight: 4, arbitrary: valueFor(op.body!) }, { weight: 1, arbitrary: anyJson }), async (body) => {
            expectSane(await inject(op.method, concrete(op.path), body), `${op.method} ${op.path} ${JSON.stringify(body).slice(0, 200)}`);
          }),
          { numRuns: 60 },
        );
      }
    });

    it('every operation that takes a body refuses one nested past the limit, wherever the nesting is, before looking at it', async () => {
      for (const op of operations.filter((o) => o.body)) {
        await fc.assert(
          fc.asyncProperty(
            valueFor(op.body!, 'awkward'),
            fc.integer({ min: MAX_JSON_DEPTH, max: 300 }),
            fc.constantFrom('array', 'object', 'mixed') as fc.Arbitrary<'array' | 'object' | 'mixed'>,
            async (body, depth, kind) => {
              const keys = Object.keys(body as object);
              const at = keys.length ? keys[depth % keys.length]! : 'extra';
              const res = await inject(op.method, concrete(op.path), { ...(body as object), [at]: nested(depth, kind) });
              expect(res.json(), `${op.method} ${op.path} .${at} ${depth}`).toEqual({ data: null, error: `The request body nests objects and arrays more than ${MAX_JSON_DEPTH} levels deep` });
            },
          ),
          { numRuns: 10 },
        );
      }
    });

    it('an ingested reply, its thread and its contact read back exactly as the 201 answered them', async () => {
      const ingest = operations.find((o) => o.method === 'POST' && o.path === '/api/replies')!;
      let n = 0;
      let stored = 0;
      const refusals: string[] = [];
      await fc.assert(
        fc.asyncProperty(valueFor(ingest.body!, 'awkward'), async (generated) => {
          // a new sender each time, so the contact is created from this body
          // ids that name something: random ones are refused (the property above covers that)
          const body = { ...(generated as object), from_email: `fuzz${n++}.${dialect}@example.com`, to_email: 'sam@example.org', client_id: null, connection_id: null, category_id: null };
          const res = await inject('POST', '/api/replies', body);
          const answered = expectSane(res, JSON.stringify(body).slice(0, 300));
          if (res.statusCode !== 201) return void refusals.push(answered.error);
          stored++;
          const read = expectSane(await inject('GET', `/api/replies/${answered.data.id}`), 'read back');
          expect(read.data).toEqual(answered.data);
          const contact = expectSane(await inject('GET', `/api/contacts/${answered.data.contact_id}`), 'contact read back');
          const sent = (body as { contact?: Record<string, unknown> }).contact ?? {};
          for (const field of ['first_name', 'last_name', 'company', 'title', 'linkedin_url', 'phone'] as const) {
            if (sent[field] !== undefined) expect(contact.data[field], field).toBe(sent[field]);
          }
          // as sent on the wire (JSON has no -0)
          if (sent.metadata !== undefined) expect(contact.data.metadata).toEqual(JSON.parse(JSON.stringify(sent.metadata)));
        }),
        { numRuns: 150 },
      );
      expect(stored, `the generated replies are valid and stored; refused: ${refusals.join('; ')}`).toBeGreaterThan(140);
    });

    it('a PATCH reads back as answered', async () => {
      const patch = operations.find((o) => o.method === 'PATCH' && o.path === '/api/replies/{id}')!;
      await fc.assert(
        fc.asyncProperty(fc.oneof(valueFor(patch.body!), valueFor(patch.body!, 'awkward')), async (body) => {
          const res = await inject('PATCH', `/api/replies/${ids.id}`, body);
          const answered = expectSane(res, JSON.stringify(body).slice(0, 300));
          if (res.statusCode !== 200) return;
          const read = (await inject('GET', `/api/replies/${ids.id}`)).json().data;
          for (const field of ['status', 'category_id', 'ai_response', 'from_email', 'from_name'] as const) expect(read[field], field).toEqual(answered.data[field]);
        }),
        { numRuns: 80 },
      );
    });

    it('every query string parameter takes any spelling without a 5xx; an integer counts only in decimal digits', async () => {
      const lists = operations.filter((o) => o.query.length);
      for (const op of lists) {
        const arbs = Object.fromEntries(
          op.query.map((q) => [
            q.name,
            q.schema.type === 'integer'
              ? fc.oneof(integerText, encodedBytes)
              : fc.oneof(
                  encodedBytes,
                  hostileString.map((s) => encodeURIComponent(s.isWellFormed() ? s : 'x')),
                  timestampLike,
                ),
          ]),
        );
        await fc.assert(
          fc.asyncProperty(fc.record(arbs, { requiredKeys: [] }), async (query) => {
            const qs = Object.entries(query)
              .map(([k, v]) => `${k}=${v}`)
              .join('&');
            const url = `${concrete(op.path)}?${qs}`;
            const res = await inject('GET', url);
            const body = expectSane(res, `${op.path}?${qs}`);
            if (url.length > MAX_URL_LENGTH) return void expect(body.error).toBe(`The URL is longer than ${MAX_URL_LENGTH} characters`);
            const given = (name: string) => (query as Record<string, string>)[name];
            const notDecimal = op.query.filter((q) => q.schema.type === 'integer' && given(q.name) !== undefined && !/^-?\d+$/.test(decodeURIComponentSafe(given(q.name)!)));
            if (notDecimal.length) {
              expect(res.statusCode, qs).toBe(400);
              expect(
                op.query.some((q) => body.error.includes(q.name)),
                `${qs}: ${body.error}`,
              ).toBe(true);
            }
          }),
          { numRuns: 80 },
        );
      }
    });

    it("the hostile sweep's findings are refused with a 400 that names the problem, and nothing is stored", async () => {
      const before = (await inject('GET', '/api/replies')).json().pagination.total;
      const refused: [unknown, string][] = [
        [inbound({ received_at: '2016-12-31T23:59:60Z' }), 'received_at must be an ISO 8601 date-time such as 2026-01-31T09:30:00Z'],
        [inbound({ received_at: '9999-12-31T23:59:59-01:00' }), 'received_at must be an ISO 8601 date-time such as 2026-01-31T09:30:00Z'],
        [inbound({ thread: [{ from: 'a@b.c', to: 'c@d.e', sent_at: '2016-12-31T23:59:60Z' }] }), 'thread[0].sent_at must be an ISO 8601 date-time such as 2026-01-31T09:30:00Z'],
        [inbound({ contact: { metadata: { deep: nested(MAX_JSON_DEPTH, 'object') } } }), `The request body nests objects and arrays more than ${MAX_JSON_DEPTH} levels deep`],
        [inbound({ contact: { metadata: { deep: nested(28, 'mixed'), k: 'a\u0000' } } }), 'Text in the request body must not contain NUL characters (\\u0000)'],
        [inbound({ subject: 'Re: \ud800' }), 'Text in the request body must be well-formed Unicode: it holds a lone surrogate (\\ud800-\\udfff without its pair)'],
        [inbound({ contact: { metadata: { 'k\udc00': 1 } } }), 'Text in the request body must be well-formed Unicode: it holds a lone surrogate (\\ud800-\\udfff without its pair)'],
      ];
      for (const [body, error] of refused) {
        const res = await inject('POST', '/api/replies', body);
        expect(res.statusCode, error).toBe(400);
        expect(res.json()).toEqual({ data: null, error });
      }
      for (const number of ['1e309', '-1e400']) {
        const text = JSON.stringify(inbound()).replace(/}$/, `,"contact":{"metadata":{"n":${number}}}}`);
        const res = await ctx.app.inject({ method: 'POST', url: '/api/replies', headers: { ...ws.headers, 'content-type': 'application/json' }, payload: text });
        expect(res.json(), number).toEqual({ data: null, error: 'Numbers in the request body must be finite: one is beyond the range of a double (about 1.8e308)' });
      }
      // thousands deep, as text: the sweep's 4,177 levels were stored and then failed every read
      for (const depth of [33, 4_177, 4_200, 100_000]) {
        const text = JSON.stringify(inbound()).replace(/}$/, `,"contact":{"metadata":{"deep":${'['.repeat(depth)}${']'.repeat(depth)}}}}`);
        const res = await ctx.app.inject({ method: 'POST', url: '/api/replies', headers: { ...ws.headers, 'content-type': 'application/json' }, payload: text });
        expect(res.json(), String(depth)).toEqual({ data: null, error: `The request body nests objects and arrays more than ${MAX_JSON_DEPTH} levels deep` });
      }
      expect((await inject('GET', '/api/replies')).json().pagination.total).toBe(before);

      const recover = await inject('POST', `/api/webhooks/${ids.webhook}/recover`, { since: '2016-12-31T23:59:60Z' });
      expect(recover.statusCode).toBe(400);
      for (const offset of ['1e19', '0x10', '1.0', ' 5']) {
        const res = await inject('GET', `/api/replies?offset=${encodeURIComponent(offset)}`);
        expect(res.json()).toEqual({ data: null, error: 'offset must be an integer' });
      }
      expect((await inject('GET', `/api/replies?offset=${2n ** 63n}`)).json()).toEqual({ data: null, error: `offset must be at most ${Number.MAX_SAFE_INTEGER}` });
      expect((await inject('GET', '/api/replies?limit=0x10')).json()).toEqual({ data: null, error: 'limit must be an integer' });
      expect((await inject('GET', `/api/replies?offset=${Number.MAX_SAFE_INTEGER + 1}`)).json()).toEqual({ data: null, error: `offset must be at most ${Number.MAX_SAFE_INTEGER}` });
    });

    it('a cursor of any shape is answered without a 5xx, in the envelope: one that is not ours is a 400 naming cursor', async () => {
      for (let i = 0; i < 3; i++) await inject('POST', '/api/replies', inbound());
      const nextOf = async (path: string) => (await inject('GET', path)).json().pagination.next_cursor as string;
      const real = { replies: await nextOf('/api/replies?limit=1'), oldest: await nextOf('/api/replies?limit=1&sort=received_at'), contacts: await nextOf('/api/contacts?limit=1') };
      expect(Object.values(real).every((c) => typeof c === 'string')).toBe(true);
      const [realDirection, realAt, realId] = JSON.parse(Buffer.from(real.replies, 'base64url').toString()) as string[];
      const b64 = (text: string | Uint8Array) => Buffer.from(text).toString('base64url');
      /** A position the list could have written: its direction, a stored timestamp, an id; spelt as the server spells it. */
      const wellFormed = (given: string, direction: string) => {
        let v: unknown;
        try {
          v = JSON.parse(Buffer.from(given, 'base64url').toString());
        } catch {
          return false;
        }
        if (!Array.isArray(v) || v.length !== 3 || v[0] !== direction || b64(JSON.stringify(v)) !== given) return false;
        const at = new Date(typeof v[1] === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(v[1]) ? v[1] : NaN);
        return !Number.isNaN(at.getTime()) && at.toISOString() === v[1] && at.getUTCFullYear() >= 1 && typeof v[2] === 'string' && /^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/.test(v[2]);
      };
      expect([real.replies, real.oldest, real.contacts].map((c, i) => wellFormed(c, 'dac'[i]!))).toEqual([true, true, true]);
      const piece = fc.oneof(
        fc.constantFrom('d', 'a', 'c', realDirection, realAt, realId, '', `${realId}\u0000`, realId!.toUpperCase(), `${realAt}\u0000`, realAt!.replace('Z', '+00:00'), 'a'.repeat(400)),
        hostileString,
        timestampLike,
        fc.uuid(),
        fc.jsonValue({ maxDepth: 2 }),
      );
      const cursor = fc.oneof(
        // shaped like ours, with any piece in any place
        fc.tuple(fc.constantFrom('d', 'a', 'c'), piece, piece).map((v) => b64(JSON.stringify(v))),
        fc.tuple(fc.constantFrom('d', 'a', 'c'), fc.constantFrom(realAt!), piece).map((v) => b64(JSON.stringify(v))),
        fc.tuple(fc.constantFrom('d', 'a', 'c'), piece, fc.constantFrom(realId!)).map((v) => b64(JSON.stringify(v))),
        // any JSON array, any JSON text (raw escapes of NUL and lone surrogates included)
        fc.array(piece, { maxLength: 5 }).map((v) => b64(JSON.stringify(v))),
        fc
          .constantFrom(`["d","${realAt}","a\\u0000b"]`, `["c","${realAt}","\\ud800"]`, `["d","\\u0000","${realId}"]`, `["c","",""]`, `["d","${realAt}","${realId}",1]`, '[]', 'null', '{"0":"d"}')
          .map(b64),
        // random bytes, in base64url and in base64; random text; ours, respelt
        fc.uint8Array({ maxLength: 80 }).map(b64),
        fc.uint8Array({ maxLength: 80 }).map((b) => Buffer.from(b).toString('base64')),
        fc.string({ unit: 'binary', maxLength: 60 }),
        fc.constantFrom(real.replies, real.oldest, real.contacts, `${real.replies}=`, ` ${real.replies}`, real.contacts.replace(/-/g, '+'), `${real.replies}${real.replies}`),
      );
      await fc.assert(
        fc.asyncProperty(
          cursor,
          fc.constantFrom('/api/replies', '/api/replies?sort=received_at', '/api/replies?status=pending,ready', '/api/replies?q=pricing', '/api/contacts', '/api/contacts?q=ada'),
          async (given, path) => {
            const url = `${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(given)}`;
            const res = await inject('GET', url);
            const body = expectSane(res, `${url} (${JSON.stringify(Buffer.from(given, 'base64url').toString('latin1'))})`);
            const direction = path.startsWith('/api/contacts') ? 'c' : path.includes('sort=received_at') ? 'a' : 'd';
            if (url.length > MAX_URL_LENGTH) expect(res.statusCode, url).toBe(414);
            else if (wellFormed(given, direction)) expect(res.statusCode, url).toBe(200);
            else {
              expect(res.statusCode, url).toBe(400);
              expect(body.error, url).toMatch(/cursor/);
            }
          },
        ),
        { numRuns: 400 },
      );
    });

    it('timestamps are stored in UTC with milliseconds, and the first and last storable instants read back as sent', async () => {
      for (const [sent, stored] of [
        ['0001-01-01T00:00:00Z', '0001-01-01T00:00:00.000Z'],
        ['9999-12-31T23:59:59.999999Z', '9999-12-31T23:59:59.999Z'],
        ['2026-03-01T01:30:00+02:00', '2026-02-28T23:30:00.000Z'],
        ['2024-02-29t12:00:00z', '2024-02-29T12:00:00.000Z'],
      ]) {
        const res = await inject('POST', '/api/replies', inbound({ received_at: sent, thread: [{ from: 'a@b.c', to: 'c@d.e', sent_at: sent }] }));
        expect(res.statusCode, sent).toBe(201);
        const read = (await inject('GET', `/api/replies/${res.json().data.id}`)).json().data;
        expect([read.received_at, read.thread[0].sent_at], sent).toEqual([stored, stored]);
      }
    });

    it('a route that takes no body refuses one, and accepts none or {}', async () => {
      const url = `/api/webhooks/${ids.webhook}/rotate-secret`;
      const refused = await inject('POST', url, { secret: 'mine' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ data: null, error: 'This endpoint takes no request body' });
      expect((await inject('POST', url, {})).statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'POST', url, headers: ws.headers })).statusCode).toBe(200);
      const getWithBody = await ctx.app.inject({ method: 'GET', url: '/api/replies', headers: { ...ws.headers, 'content-type': 'application/json' }, payload: '{"status":"sent"}' });
      expect(getWithBody.statusCode).toBe(400);
    });
  });
}

describe('the rules underneath', () => {
  it('parseTimestamp accepts exactly the RFC 3339 instants of years 0001-9999, as the Date they name', () => {
    fc.assert(
      fc.property(timestampLike, (text) => {
        const m = /^(\d+)-(\d\d)-(\d\d)[Tt](\d\d):(\d\d):(\d\d)(\.\d+)?(Z|z|[+-]\d\d:\d\d)$/.exec(text);
        const got = parseTimestamp(text);
        if (!m) {
          expect(got).toBeNull();
          return;
        }
        const [, y, mo, d, h, mi, s, frac = '', zone] = m;
        const [year, month, day] = [Number(y), Number(mo), Number(d)];
        // 2000 + year % 400 has the same leap rule as the year itself
        const daysInMonth = new Date(Date.UTC(2000 + (year % 400), month, 0)).getUTCDate();
        const fieldsOk =
          y!.length === 4 &&
          month >= 1 &&
          month <= 12 &&
          day >= 1 &&
          day <= daysInMonth &&
          Number(h) <= 23 &&
          Number(mi) <= 59 &&
          Number(s) <= 59 &&
          frac.length <= 10 &&
          /^(Z|z|[+-]([01]\d|2[0-3]):[0-5]\d)$/.test(zone!);
        if (!fieldsOk) {
          expect(got, text).toBeNull();
          return;
        }
        const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}${frac.slice(0, 4)}${zone!.toUpperCase()}`);
        const utcYear = date.getUTCFullYear();
        if (utcYear < 1 || utcYear > 9999) {
          expect(got, text).toBeNull();
          return;
        }
        expect(got, text).toBe(date.toISOString());
      }),
      { numRuns: 2000 },
    );
  });

  it('fromPgTimestamp reads what PostgreSQL writes, years 1 to 99 included', () => {
    expect(fromPgTimestamp('0001-01-01 00:00:00+00')).toBe('0001-01-01T00:00:00.000Z');
    expect(fromPgTimestamp('0099-03-01 00:00:00.5+00')).toBe('0099-03-01T00:00:00.500Z');
    expect(fromPgTimestamp('2026-01-01 10:00:00.123456+02:30')).toBe('2026-01-01T07:30:00.123Z');
    expect(fromPgTimestamp('1900-01-01 00:00:00+00:53:28')).toBe('1899-12-31T23:06:32.000Z');
    expect(fromPgTimestamp('2026-01-01 10:00:00.987654+00')).toBe('2026-01-01T10:00:00.987Z');
    expect(fromPgTimestamp('0044-03-15 12:00:00+00 BC')).toBe('-000043-03-15T12:00:00.000Z');
  });

  it('fromPgTimestamp reads every UTC instant as PostgreSQL writes it (trailing zeros of the fraction dropped)', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('0001-01-01T00:00:00.000Z'), max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true }), (date) => {
        const iso = date.toISOString();
        const fraction = iso.slice(20, 23).replace(/0+$/, '');
        const text = `${iso.slice(0, 10)} ${iso.slice(11, 19)}${fraction ? `.${fraction}` : ''}+00`;
        expect(fromPgTimestamp(text), text).toBe(iso);
      }),
      { numRuns: 2000 },
    );
  });

  it('nestsDeeperThan counts brackets outside strings only', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.integer({ min: 0, max: 8 }), (value, max) => {
        const depth = (v: unknown): number => (v !== null && typeof v === 'object' ? 1 + Math.max(0, ...Object.values(v as object).map(depth)) : 0);
        expect(nestsDeeperThan(JSON.stringify(value), max)).toBe(depth(value) > max);
      }),
      { numRuns: 500 },
    );
  });
});
