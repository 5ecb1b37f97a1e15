import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asciiJson, FixedTextMemo } from '../src/replies/list-page.ts';
import { ReplyListItem } from '../src/replies/schemas.ts';
import { DIALECTS, inbound, makeApp, makeWorkspace } from './helpers.ts';

const text = (n: number) => ({ head: `{"id":"${n}"`, middle: '"client_id":null', end: '"created_at":"2026-01-01T00:00:00.000Z"}' });

describe('the list page memo', () => {
  it('answers only for the updated_at an entry was read at', () => {
    const memo = new FixedTextMemo(10);
    memo.set('a', '2026-01-01T00:00:00.000Z', text(1));
    expect(memo.get('a', '2026-01-01T00:00:00.000Z')).toMatchObject(text(1));
    expect(memo.get('a', '2026-01-02T00:00:00.000Z')).toBeUndefined();
    memo.set('a', '2026-01-02T00:00:00.000Z', text(2));
    expect(memo.get('a', '2026-01-02T00:00:00.000Z')).toMatchObject(text(2));
    expect(memo.get('a', '2026-01-01T00:00:00.000Z')).toBeUndefined();
    expect(memo.size).toBe(1);
  });

  it('holds at most its capacity, dropping the oldest entry first', () => {
    const memo = new FixedTextMemo(3);
    for (const id of ['a', 'b', 'c', 'd']) memo.set(id, 't', text(id.charCodeAt(0)));
    expect(memo.size).toBe(3);
    expect(memo.get('a', 't')).toBeUndefined();
    expect(memo.get('d', 't')).toBeDefined();
  });
});

/**
 * The hand-built page (replies/list-page.ts) against the plain way: for random replies — any
 * Unicode, quotes and backslashes, line separators, nulls, long bodies — the bytes of
 * GET /api/replies are those of JSON.stringify of the objects the ReplyListItem schema
 * describes (each reply's own GET, cut to the schema's fields in its order), with every
 * character above U+007F written as a \uXXXX escape (asciiJson, the same value to any parser).
 * Every page goes through the response check too (http/response-check.ts).
 */
describe.each(DIALECTS)('the list page, property (%s)', (dialect) => {
  let app: Awaited<ReturnType<typeof makeApp>>;
  beforeAll(async () => {
    app = await makeApp(dialect);
  });
  afterAll(async () => app?.close());

  const awkward = fc.constantFrom('"', '\\', '\u2028', '\u2029', '\n', '\t', '\u0001', '\u007f', '</script>', 'é', '—', '😀', 'ﬀ', '\u200d');
  const text = fc.string({ unit: fc.oneof(fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), awkward), maxLength: 40 }).map((s) => s.replaceAll('\u0000', ''));
  const long = fc.tuple(text, fc.integer({ min: 50, max: 400 })).map(([s, n]) => (s || 'x').repeat(n));
  const body = fc.oneof({ weight: 4, arbitrary: text }, { weight: 1, arbitrary: long });
  const reply = fc.record({
    from_name: fc.option(text, { nil: undefined }),
    subject: fc.option(text, { nil: undefined }),
    body_text: fc.option(body, { nil: undefined }),
    body_html: fc.option(body, { nil: undefined }),
    minute: fc.integer({ min: 0, max: 5 }),
    status: fc.option(fc.constantFrom('pending', 'ready', 'archived', 'sent'), { nil: undefined }),
    ai_response: fc.option(fc.option(body, { nil: null }), { nil: undefined }),
    category: fc.option(fc.nat(2), { nil: undefined }),
  });
  const categories = fc.array(fc.record({ name: text.filter((s) => s.trim().length > 0), color: fc.constantFrom('#22c55e', '#ABC', '#6b7280') }), { minLength: 0, maxLength: 3 });

  it('equals JSON.stringify of the schema-shaped objects, for random replies, on every read path', async () => {
    const itemKeys = Object.keys(ReplyListItem.properties);
    await fc.assert(
      fc.asyncProperty(categories, fc.array(reply, { minLength: 1, maxLength: 6 }), async (cats, replies) => {
        const { headers } = await makeWorkspace(app.db);
        const categoryIds: string[] = [];
        for (const c of cats) {
          const res = await app.app.inject({ method: 'POST', url: '/api/categories', headers, payload: c });
          if (res.statusCode === 201) categoryIds.push(res.json().data.id);
        }
        for (const [i, r] of replies.entries()) {
          const { minute, status, ai_response, category, ...fields } = r;
          const payload = { ...inbound({ received_at: new Date(Date.UTC(2026, 0, 1, 9, minute)).toISOString() }), ...fields, thread: [] };
          for (const k of ['from_name', 'subject', 'body_text', 'body_html'] as const) if (fields[k] === undefined) delete payload[k];
          const created = await app.app.inject({ method: 'POST', url: '/api/replies', headers, payload });
          expect(created.statusCode, `reply ${i}: ${created.body}`).toBe(201);
          const patch = { status, ai_response, category_id: category === undefined ? undefined : (categoryIds[category] ?? null) };
          if (Object.values(patch).some((v) => v !== undefined)) await app.app.inject({ method: 'PATCH', url: `/api/replies/${created.json().data.id}`, headers, payload: patch });
        }

        const list = await app.app.inject({ method: 'GET', url: '/api/replies?limit=100', headers });
        const ids: string[] = list.json().data.map((d: { id: string }) => d.id);
        const items = new Map<string, Record<string, unknown>>();
        for (const id of ids) {
          const detail = (await app.app.inject({ method: 'GET', url: `/api/replies/${id}`, headers })).json().data;
          const item = Object.fromEntries(itemKeys.map((k) => [k, detail[k]]));
          item.category = detail.category && { id: detail.category.id, name: detail.category.name, color: detail.category.color };
          items.set(id, item);
        }
        const newestFirst = [...items.values()].sort((a, b) => String(b.received_at).localeCompare(String(a.received_at)) || String(b.id).localeCompare(String(a.id)));
        const page = (data: unknown[], limit: number) => asciiJson({ data, pagination: { total: replies.length, limit, offset: 0, hasMore: false, next_cursor: null } });

        expect(items.size).toBe(replies.length);
        // the unfiltered first page (precompiled queries, counters), the general path (another order) and a status's page
        expect(list.body).toBe(page(newestFirst, 100));
        const oldestFirst = await app.app.inject({ method: 'GET', url: '/api/replies?limit=100&sort=received_at', headers });
        expect(oldestFirst.body).toBe(page([...newestFirst].reverse(), 100));
        const pending = newestFirst.filter((r) => r.status === 'pending');
        const byStatus = await app.app.inject({ method: 'GET', url: '/api/replies?limit=100&status=pending', headers });
        expect(byStatus.body).toBe(asciiJson({ data: pending, pagination: { total: pending.length, limit: 100, offset: 0, hasMore: false, next_cursor: null } }));
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});
