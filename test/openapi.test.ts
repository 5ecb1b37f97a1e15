import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp } from './helpers.ts';

describe('OpenAPI document', () => {
  let ctx: Awaited<ReturnType<typeof makeApp>>;
  beforeAll(async () => {
    ctx = await makeApp('sqlite');
  });
  afterAll(() => ctx.close());

  it('is OpenAPI 3.1, served without a key, and describes exactly the routes that exist', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    const existing = ctx.app.routeList
      .filter((r) => !r.public && r.url.startsWith('/api/'))
      .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`)
      .sort();
    expect(documented).toEqual(existing);
  });

  it('gives every operation its success and error answers, and resolves every schema reference', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const text = JSON.stringify(doc);
    for (const ref of text.match(/"#\/components\/schemas\/[^"]+"/g) ?? []) {
      const name = ref.slice('"#/components/schemas/'.length, -1);
      expect(doc.components.schemas, ref).toHaveProperty(name);
    }
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, { responses: Record<string, unknown>; summary?: string }>>)) {
      for (const [method, op] of Object.entries(ops)) {
        const codes = Object.keys(op.responses);
        expect(codes.some((c) => c.startsWith('2')), `${method} ${path}`).toBe(true);
        expect(codes, `${method} ${path}`).toContain('401');
        expect(op.summary, `${method} ${path}`).toBeTruthy();
      }
    }
    const listItem = doc.components.schemas.ReplyListItem;
    expect(Object.keys(listItem.properties)).toContain('category');
    expect(Object.keys(listItem.properties)).not.toContain('thread');
  });

  it('serves a readable reference at /docs', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});
