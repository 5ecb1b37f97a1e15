import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientNameFor, operationIdFor } from '../src/openapi/document.ts';
import { EVENT_TYPES } from '../src/events.ts';
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
        expect(
          codes.some((c) => c.startsWith('2')),
          `${method} ${path}`,
        ).toBe(true);
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

describe('OpenAPI document as a product (issue 18)', () => {
  let ctx: Awaited<ReturnType<typeof makeApp>>;
  let doc: Doc;
  beforeAll(async () => {
    ctx = await makeApp('sqlite');
    doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { host: 'replies.acme.test:8443' } })).json();
  });
  afterAll(() => ctx.close());

  const operations = () => Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ where: `${method.toUpperCase()} ${path}`, method, path, op })));

  it('gives every operation a unique operationId from the naming rule, a summary, and examples of its body and every 2xx and 4xx answer', () => {
    const missing: string[] = [];
    const ids = new Set<string>();
    for (const { where, method, path, op } of operations()) {
      if (!op.operationId) missing.push(`${where}: operationId`);
      else if (ids.has(op.operationId)) missing.push(`${where}: operationId ${op.operationId} used twice`);
      ids.add(op.operationId ?? '');
      if (op.operationId && op.operationId !== operationIdFor(method, path))
        missing.push(`${where}: ${op.operationId} is not the naming rule's ${operationIdFor(method, path)} (add it to OPERATION_ID_OVERRIDES if meant)`);
      if (!op.summary) missing.push(`${where}: summary`);
      const body = op.requestBody?.content['application/json'];
      if (body && !Object.keys(body.examples ?? {}).length) missing.push(`${where}: request body example`);
      for (const [code, response] of Object.entries(op.responses)) {
        const media = response.content?.['application/json'];
        if ((code.startsWith('2') && media) || code.startsWith('4')) {
          if (!Object.keys(media?.examples ?? {}).length) missing.push(`${where}: example of the ${code} answer`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('error examples are the envelope with the exact messages of docs/api.md "Errors"', () => {
    const messages = (path: string, method: string, code: number) => Object.values(doc.paths[path]![method]!.responses[code]!.content!['application/json']!.examples!).map((e) => e.value);
    expect(messages('/api/replies', 'get', 401)).toEqual([{ data: null, error: 'Invalid API key' }]);
    expect(messages('/api/replies/{id}', 'get', 404)).toEqual([{ data: null, error: 'Reply not found' }]);
    expect(messages('/api/replies/{id}', 'patch', 400)).toContainEqual({ data: null, error: 'Invalid category_id' });
    expect(messages('/api/contacts/{id}', 'get', 404)).toEqual([{ data: null, error: 'Contact not found' }]);
    expect(messages('/api/replies/{id}/forward', 'post', 400)).toEqual(
      expect.arrayContaining([
        { data: null, error: 'At least one recipient email is required' },
        { data: null, error: 'Invalid email address: closer@' },
      ]),
    );
    expect(messages('/api/contacts', 'get', 403)).toEqual([{ data: null, error: 'This API key lacks the contacts:read permission' }]);
    expect(doc.paths['/api/contacts']!.get!['x-replydesk-permission']).toBe('contacts:read');
    expect(doc.paths['/api/replies']!.get!.responses[429]!.headers).toHaveProperty('Retry-After');
  });

  it('names operations as integrators expect, and the client methods after them', () => {
    const byRoute = Object.fromEntries(operations().map(({ where, op }) => [where, op.operationId]));
    expect(byRoute).toMatchObject({
      'GET /api/replies': 'listReplies',
      'GET /api/replies/{id}': 'getReply',
      'PATCH /api/replies/{id}': 'updateReply',
      'POST /api/replies/{id}/send': 'sendReply',
      'POST /api/replies/{id}/forward': 'forwardReply',
      'POST /api/replies/bulk': 'bulkUpdateReplies',
      'POST /api/replies': 'createReply',
      'GET /api/contacts': 'listContacts',
      'GET /api/contacts/{id}': 'getContact',
      'GET /api/categories': 'listCategories',
      'POST /api/categories': 'createCategory',
      'POST /api/webhooks/{id}/rotate-secret': 'rotateWebhookSecret',
      'GET /api/webhooks/{id}/deliveries': 'listWebhookDeliveries',
      'POST /api/webhooks/{id}/deliveries/{deliveryId}/retry': 'retryWebhookDelivery',
    });
    // routes still to come get their names from the same rule
    expect(operationIdFor('PATCH', '/api/categories/:id')).toBe('updateCategory');
    expect(operationIdFor('DELETE', '/api/categories/:id')).toBe('deleteCategory');
    expect(operationIdFor('GET', '/api/connections/:id')).toBe('getConnection');
    expect(operationIdFor('POST', '/api/connections/:id/test')).toBe('testConnection');
    expect(operationIdFor('POST', '/api/webhooks/:id/deliveries')).toBe('createWebhookDelivery');
    const names = new Set<string>();
    for (const { path, op } of operations()) {
      const { group, name } = clientNameFor(op.operationId!, path);
      expect(names.has(`${group}.${name}`), `${group}.${name}`).toBe(false);
      names.add(`${group}.${name}`);
    }
    expect([...names]).toEqual(
      expect.arrayContaining([
        'replies.list',
        'replies.get',
        'replies.update',
        'replies.send',
        'replies.forward',
        'replies.bulkUpdate',
        'replies.create',
        'contacts.list',
        'webhooks.rotateSecret',
        'webhooks.listDeliveries',
      ]),
    );
  });

  it("has a licence, and servers that follow the request's host or PUBLIC_URL", async () => {
    expect(doc.info.license).toEqual({ name: 'MIT', identifier: 'MIT' });
    expect(doc.servers).toEqual([{ url: 'http://replies.acme.test:8443', description: expect.any(String) }]);
    const local = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { host: 'localhost:3000' } })).json();
    expect(local.servers[0].url).toBe('http://127.0.0.1:3000');
    const forwarded = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { host: 'bad host/<x>' } })).json();
    expect(forwarded.servers[0].url).toBe('http://127.0.0.1:3000');
    const configured = await makeApp('sqlite', { publicUrl: 'https://replies.example.org/desk' });
    try {
      const res = await configured.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { host: 'internal:3000' } });
      expect(res.json().servers).toEqual([{ url: 'https://replies.example.org/desk', description: expect.any(String) }]);
    } finally {
      await configured.close();
    }
  });

  it('describes one webhook per event type, each payload {type, timestamp, data} with an example', () => {
    expect(Object.keys(doc.webhooks).sort()).toEqual([...EVENT_TYPES, 'webhook.test'].sort());
    for (const [type, item] of Object.entries(doc.webhooks)) {
      const media = item.post.requestBody.content['application/json'];
      expect(media.schema.properties.type.const, type).toBe(type);
      const [example] = Object.values(media.examples as Record<string, { value: { type: string } }>);
      expect(example!.value.type).toBe(type);
      expect(item.post.parameters.map((p: { name: string }) => p.name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
    }
  });

  it("keeps the dashboard's routes out", () => {
    expect(Object.keys(doc.paths).filter((p) => !p.startsWith('/api/'))).toEqual([]);
    expect(ctx.app.routeList.some((r) => r.url.startsWith('/dashboard/api/'))).toBe(true);
  });
});

interface Media {
  schema?: unknown;
  examples?: Record<string, { summary: string; value: unknown }>;
}
interface Doc {
  info: { license: unknown };
  servers: { url: string }[];
  paths: Record<
    string,
    Record<
      string,
      {
        operationId?: string;
        summary?: string;
        'x-replydesk-permission'?: string;
        requestBody?: { content: Record<string, Media> };
        responses: Record<string, { content?: Record<string, Media>; headers?: Record<string, unknown> }>;
      }
    >
  >;
  webhooks: Record<string, any>;
}
