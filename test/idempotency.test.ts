import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/connect.ts';
import { DIALECTS, inbound, makeApp, makeWorkspace, openDb } from './helpers.ts';

type App = Awaited<ReturnType<typeof makeApp>>['app'];

for (const dialect of DIALECTS) {
  describe(`Idempotency-Key (${dialect})`, () => {
    let db: Db;
    let app: App;
    beforeAll(async () => {
      db = await openDb(dialect);
      ({ app } = await makeApp(dialect, { db }));
    });
    afterAll(async () => {
      await app.close();
      await db.close();
    });

    let n = 0;
    const newKey = () => `key-${process.pid}-${Date.now()}-${++n}`;
    const post = (url: string, headers: Record<string, string>, key: string | null, payload?: unknown) =>
      app.inject({ method: 'POST', url, headers: { ...headers, ...(key !== null && { 'idempotency-key': key }) }, ...(payload !== undefined && { payload: payload as object }) });
    const count = async (table: 'outgoing_messages' | 'categories' | 'replies', workspaceId: string) =>
      Number(
        (
          await db.read
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .where('workspace_id', '=', workspaceId)
            .executeTakeFirst()
        )?.n ?? 0,
      );
    const newReply = async (headers: Record<string, string>) => (await post('/api/replies', headers, null, inbound())).json().data as { id: string };

    it('the same key with the same body replays the first answer without running again', async () => {
      const { workspace, headers } = await makeWorkspace(db);
      const key = newKey();
      const first = await post('/api/categories', headers, key, { name: 'Interested', is_positive: true });
      expect(first.statusCode).toBe(201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const again = await post('/api/categories', headers, key, { is_positive: true, name: 'Interested' });
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      expect(await count('categories', workspace.id)).toBe(1);
    });

    it('a replayed send answers 200 with the first body, where a new send would be 409', async () => {
      const { workspace, headers } = await makeWorkspace(db);
      const reply = await newReply(headers);
      const key = newKey();
      const first = await post(`/api/replies/${reply.id}/send`, headers, key, { message: 'Once' });
      const again = await post(`/api/replies/${reply.id}/send`, headers, key, { message: 'Once' });
      expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
      expect(again.body).toBe(first.body);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect((await post(`/api/replies/${reply.id}/send`, headers, newKey(), { message: 'Once' })).statusCode).toBe(409);
      expect(await count('outgoing_messages', workspace.id)).toBe(1);
    });

    it('ingestion replays its 201 for a retried request', async () => {
      const { workspace, headers } = await makeWorkspace(db);
      const body = inbound();
      const key = newKey();
      const first = await post('/api/replies', headers, key, body);
      const again = await post('/api/replies', headers, key, body);
      expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
      expect(again.json().data.id).toBe(first.json().data.id);
      expect(await count('replies', workspace.id)).toBe(1);
    });

    it('the same key with a different body, or on another path, is 422 and runs nothing', async () => {
      const { workspace, headers } = await makeWorkspace(db);
      const key = newKey();
      await post('/api/categories', headers, key, { name: 'Interested' });
      const reused = 'This Idempotency-Key was already used with a different request (method, path or body); use a new key for a new request';
      const other = await post('/api/categories', headers, key, { name: 'Not interested' });
      expect(other.statusCode).toBe(422);
      expect(other.json()).toEqual({ data: null, error: reused });
      const elsewhere = await post('/api/clients', headers, key, { name: 'Interested' });
      expect(elsewhere.statusCode).toBe(422);
      expect(elsewhere.json()).toEqual({ data: null, error: reused });
      expect(await count('categories', workspace.id)).toBe(1);
    });

    it('concurrent requests with one key never both run', async () => {
      const { workspace, headers } = await makeWorkspace(db);
      const reply = await newReply(headers);
      const key = newKey();
      const answers = await Promise.all(Array.from({ length: 8 }, () => post(`/api/replies/${reply.id}/forward`, headers, key, { to: ['boss@agency.example'] })));
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
      expect(answers.filter((a) => a.statusCode === 200 && a.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
      for (const a of answers.filter((x) => x.statusCode === 409)) {
        expect(a.json()).toEqual({ data: null, error: 'A request with this Idempotency-Key is still in progress' });
      }
      expect(await count('outgoing_messages', workspace.id)).toBe(1);
    });

    it('keys are per workspace: one key in two workspaces runs twice', async () => {
      const a = await makeWorkspace(db);
      const b = await makeWorkspace(db);
      const key = newKey();
      expect((await post('/api/categories', a.headers, key, { name: 'Shared' })).headers['idempotent-replayed']).toBeUndefined();
      const inB = await post('/api/categories', b.headers, key, { name: 'Shared' });
      expect(inB.statusCode).toBe(201);
      expect(inB.headers['idempotent-replayed']).toBeUndefined();
      expect(await count('categories', b.workspace.id)).toBe(1);
    });

    it('a malformed key is 400 and runs nothing', async () => {
      const { workspace, headers } = await makeWorkspace(db);
      for (const key of ['x'.repeat(256), 'has space', 'tab\tkey', 'naïve', '']) {
        const res = await post('/api/categories', headers, key, { name: `c-${key.length}` });
        expect(res.statusCode, JSON.stringify(key)).toBe(400);
        expect(res.json().data).toBeNull();
        expect(res.json().error).toMatch(/Idempotency-Key must be 1 to 255 printable ASCII characters|idempotency-key must be at most 255 characters/);
      }
      expect(await count('categories', workspace.id)).toBe(0);
    });

    it('a request refused by validation stores nothing: the key can then be used with a good body', async () => {
      const { headers } = await makeWorkspace(db);
      const reply = await newReply(headers);
      const key = newKey();
      expect((await post(`/api/replies/${reply.id}/forward`, headers, key, { to: 5 })).statusCode).toBe(400);
      const good = await post(`/api/replies/${reply.id}/forward`, headers, key, { to: ['boss@agency.example'] });
      expect(good.statusCode).toBe(200);
    });

    it("a handler's 4xx is replayed; a 429 is not stored", async () => {
      const limited = await makeApp(dialect, { db, mail: { quotaPerHour: 1 } });
      try {
        const { workspace, headers } = await makeWorkspace(db);
        const reply = await newReply(headers);
        const key = newKey();
        const nothing = await limited.app.inject({ method: 'POST', url: `/api/replies/${reply.id}/send`, headers: { ...headers, 'idempotency-key': key }, payload: {} });
        expect(nothing.statusCode).toBe(400);
        const replayed = await limited.app.inject({ method: 'POST', url: `/api/replies/${reply.id}/send`, headers: { ...headers, 'idempotency-key': key }, payload: {} });
        expect(replayed.statusCode).toBe(400);
        expect(replayed.headers['idempotent-replayed']).toBe('true');

        await limited.app.inject({ method: 'POST', url: `/api/replies/${reply.id}/forward`, headers, payload: { to: ['one@agency.example'] } });
        const quotaKey = newKey();
        const over = await limited.app.inject({
          method: 'POST',
          url: `/api/replies/${reply.id}/forward`,
          headers: { ...headers, 'idempotency-key': quotaKey },
          payload: { to: ['two@agency.example'] },
        });
        expect(over.statusCode).toBe(429);
        const row = await db.read.selectFrom('idempotency_keys').select('key').where('workspace_id', '=', workspace.id).where('key', '=', quotaKey).executeTakeFirst();
        expect(row).toBeUndefined();
        const retry = await limited.app.inject({
          method: 'POST',
          url: `/api/replies/${reply.id}/forward`,
          headers: { ...headers, 'idempotency-key': quotaKey },
          payload: { to: ['two@agency.example'] },
        });
        expect(retry.statusCode).toBe(429);
        expect(retry.headers['idempotent-replayed']).toBeUndefined();
      } finally {
        await limited.close();
      }
    });

    it('a key older than 24 hours is forgotten', async () => {
      const { workspace, headers } = await makeWorkspace(db);
      const key = newKey();
      await post('/api/categories', headers, key, { name: 'Old' });
      await db.write((t) =>
        t
          .updateTable('idempotency_keys')
          .set({ created_at: new Date(Date.now() - 25 * 3_600_000).toISOString() })
          .where('workspace_id', '=', workspace.id)
          .where('key', '=', key)
          .execute(),
      );
      const fresh = await post('/api/categories', headers, key, { name: 'New' });
      expect(fresh.statusCode).toBe(201);
      expect(fresh.headers['idempotent-replayed']).toBeUndefined();
      expect(await count('categories', workspace.id)).toBe(2);
    });

    it('a key left in progress by a crashed process is taken over after a minute, not before', async () => {
      const { workspace, headers } = await makeWorkspace(db);
      const body = { name: 'Taken over' };
      const key = newKey();
      const { canonicalJson } = await import('../src/idempotency/plugin.ts');
      const crypto = await import('node:crypto');
      const hash = crypto
        .createHash('sha256')
        .update(`POST\n/api/categories\n${canonicalJson(body)}`)
        .digest('hex');
      const stuck = (lockedAgoMs: number) => ({
        workspace_id: workspace.id,
        key,
        method: 'POST',
        path: '/api/categories',
        request_hash: hash,
        state: 'in_progress' as const,
        response_status: null,
        response_body: null,
        created_at: new Date(Date.now() - lockedAgoMs).toISOString(),
        locked_at: new Date(Date.now() - lockedAgoMs).toISOString(),
      });
      await db.write((t) => t.insertInto('idempotency_keys').values(stuck(5_000)).execute());
      expect((await post('/api/categories', headers, key, body)).statusCode).toBe(409);
      await db.write((t) =>
        t
          .updateTable('idempotency_keys')
          .set({ locked_at: new Date(Date.now() - 120_000).toISOString() })
          .where('workspace_id', '=', workspace.id)
          .where('key', '=', key)
          .execute(),
      );
      const res = await post('/api/categories', headers, key, body);
      expect(res.statusCode).toBe(201);
      expect((await post('/api/categories', headers, key, body)).headers['idempotent-replayed']).toBe('true');
    });

    it('requests without a key behave as before', async () => {
      const { headers } = await makeWorkspace(db);
      expect((await post('/api/categories', headers, null, { name: 'A' })).statusCode).toBe(201);
      expect((await post('/api/categories', headers, null, { name: 'A' })).statusCode).toBe(409);
    });
  });
}
