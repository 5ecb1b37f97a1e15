import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKey, hashKey, isWellFormedKey, KEY_LENGTH, parsePermissions } from '../src/workspaces/keys.ts';
import { createApiKey, revokeApiKey } from '../src/workspaces/service.ts';
import { DIALECTS, inbound, makeApp, makeWorkspace } from './helpers.ts';

describe('API key format', () => {
  it('has the rdk_ prefix, a fixed length and a checksum that catches a typo', () => {
    const keys = Array.from({ length: 200 }, generateKey);
    expect(new Set(keys).size).toBe(200);
    for (const key of keys) {
      expect(key).toMatch(/^rdk_[0-9A-Za-z]{38}$/);
      expect(key).toHaveLength(KEY_LENGTH);
      expect(isWellFormedKey(key)).toBe(true);
      const i = 4 + Math.floor(Math.random() * 32);
      const typo = key.slice(0, i) + (key[i] === 'a' ? 'b' : 'a') + key.slice(i + 1);
      expect(isWellFormedKey(typo)).toBe(false);
    }
    expect(isWellFormedKey(keys[0]!.slice(0, -1))).toBe(false);
    expect(isWellFormedKey(`sk_${keys[0]!.slice(4)}`)).toBe(false);
  });

  it('refuses unknown permissions by name', () => {
    expect(parsePermissions('replies:read, contacts:read')).toEqual(['replies:read', 'contacts:read']);
    expect(() => parsePermissions('replies:read,replies:delete')).toThrow('Unknown permission(s): replies:delete');
  });
});

for (const dialect of DIALECTS) {
  describe(`authentication and permissions (${dialect})`, () => {
    let ctx: Awaited<ReturnType<typeof makeApp>>;
    beforeAll(async () => {
      ctx = await makeApp(dialect, { authCacheTtlMs: 60_000 });
    });
    afterAll(() => ctx.close());
    const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

    const BAD_AUTH: [string, Record<string, string>][] = [
      ['no Authorization header', {}],
      ['an empty bearer', { authorization: 'Bearer ' }],
      ['another scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
      ['a malformed key', { authorization: 'Bearer hello' }],
      ['a well-formed key that does not exist', { authorization: `Bearer ${generateKey()}` }],
    ];
    for (const [what, headers] of BAD_AUTH) {
      it(`answers ${what} with 401 "Invalid API key" on every /api route`, async () => {
        for (const [method, url] of [
          ['GET', '/api/replies'],
          ['GET', '/api/replies/x'],
          ['PATCH', '/api/replies/x'],
          ['POST', '/api/replies'],
          ['GET', '/api/contacts'],
          ['GET', '/api/contacts/x'],
          ['POST', '/api/categories'],
          ['GET', '/api/nowhere'],
        ]) {
          const res = await ctx.app.inject({ method: method as 'GET', url, headers, ...(method !== 'GET' && { payload: {} }) });
          expect(res.statusCode, `${method} ${url}`).toBe(401);
          expect(res.json()).toEqual({ data: null, error: 'Invalid API key' });
        }
      });
    }

    it('a revoked key stops working at once in this process', async () => {
      const ws = await makeWorkspace(ctx.db);
      expect((await get('/api/replies', ws.headers)).statusCode).toBe(200);
      expect(await revokeApiKey(ctx.db, ws.workspace.id, ws.keyId)).toBe(true);
      ctx.app.authenticator.invalidate();
      const res = await get('/api/replies', ws.headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ data: null, error: 'Invalid API key' });
    });

    it('keys are stored as a SHA-256 hash only, and last use is recorded', async () => {
      const ws = await makeWorkspace(ctx.db);
      await get('/api/replies', ws.headers);
      await new Promise((r) => setTimeout(r, 50));
      const row = await ctx.db.read.selectFrom('api_keys').selectAll().where('id', '=', ws.keyId).executeTakeFirstOrThrow();
      expect(JSON.stringify(row)).not.toContain(ws.key.slice(4, 20));
      expect(row.key_hash).toBe(hashKey(ws.key));
      expect(row.prefix).toBe(ws.key.slice(0, 10));
      expect(row.last_used_at).not.toBeNull();
    });

    it('a key lacking the permission an operation needs gets 403 and changes nothing', async () => {
      const ws = await makeWorkspace(ctx.db);
      const id = (await ctx.app.inject({ method: 'POST', url: '/api/replies', headers: ws.headers, payload: inbound() })).json().data.id;
      const readOnly = await createApiKey(ctx.db, { workspaceId: ws.workspace.id, name: 'ro', permissions: ['replies:read'] });
      const contactsOnly = await createApiKey(ctx.db, { workspaceId: ws.workspace.id, name: 'co', permissions: ['contacts:read'] });
      const ro = { authorization: `Bearer ${readOnly.key}` };
      const co = { authorization: `Bearer ${contactsOnly.key}` };

      expect((await get('/api/replies', ro)).statusCode).toBe(200);
      const patch = await ctx.app.inject({ method: 'PATCH', url: `/api/replies/${id}`, headers: ro, payload: { status: 'archived' } });
      expect(patch.statusCode).toBe(403);
      expect(patch.json()).toEqual({ data: null, error: 'This API key lacks the replies:write permission' });
      const ingest = await ctx.app.inject({ method: 'POST', url: '/api/replies', headers: ro, payload: inbound() });
      expect(ingest.statusCode).toBe(403);
      expect((await get('/api/contacts', ro)).json()).toEqual({ data: null, error: 'This API key lacks the contacts:read permission' });

      expect((await get('/api/contacts', co)).statusCode).toBe(200);
      expect((await get(`/api/replies/${id}`, co)).statusCode).toBe(403);
      expect((await get('/api/replies', ws.headers)).json()).toMatchObject({ data: [{ id, status: 'pending' }], pagination: { total: 1 } });
    });

    it('an unknown route answers 404 in the envelope', async () => {
      const ws = await makeWorkspace(ctx.db);
      const res = await ctx.app.inject({ method: 'DELETE', url: '/api/replies?x=1', headers: ws.headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ data: null, error: 'Route DELETE /api/replies not found' });
    });

    it('the request id is echoed, and a sane incoming X-Request-Id is kept', async () => {
      const ws = await makeWorkspace(ctx.db);
      const own = await get('/api/replies', { ...ws.headers, 'x-request-id': 'trace-123' });
      expect(own.headers['x-request-id']).toBe('trace-123');
      const generated = await get('/api/replies', { ...ws.headers, 'x-request-id': 'bad id with spaces' });
      expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });
  });

  describe(`versioning (${dialect})`, () => {
    let ctx: Awaited<ReturnType<typeof makeApp>>;
    beforeAll(async () => {
      ctx = await makeApp(dialect);
    });
    afterAll(() => ctx.close());

    it("answers under the workspace's pinned version, or the one asked for", async () => {
      const ws = await makeWorkspace(ctx.db);
      const pinned = await ctx.app.inject({ method: 'GET', url: '/api/replies', headers: ws.headers });
      expect(pinned.headers['replydesk-version']).toBe(ws.workspace.api_version);
      const asked = await ctx.app.inject({ method: 'GET', url: '/api/replies', headers: { ...ws.headers, 'replydesk-version': '2026-11-01' } });
      expect(asked.statusCode).toBe(200);
      expect(asked.headers['replydesk-version']).toBe('2026-11-01');
    });

    it('refuses an unknown version with 400 naming the supported ones', async () => {
      const ws = await makeWorkspace(ctx.db);
      const res = await ctx.app.inject({ method: 'GET', url: '/api/replies', headers: { ...ws.headers, 'replydesk-version': '2020-01-01' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ data: null, error: 'Unsupported Replydesk-Version "2020-01-01"; supported: 2026-11-01' });
    });
  });
}
