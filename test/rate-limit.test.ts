import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis } from '../src/http/auth.ts';
import { DIALECTS, inbound, makeApp, makeWorkspace, openDb } from './helpers.ts';

const headersOf = (res: { headers: Record<string, unknown> }) => ({
  limit: Number(res.headers['x-ratelimit-limit']),
  remaining: Number(res.headers['x-ratelimit-remaining']),
  reset: Number(res.headers['x-ratelimit-reset']),
});

for (const dialect of DIALECTS) {
  describe(`rate limits (${dialect})`, () => {
    let ctx: Awaited<ReturnType<typeof makeApp>>;
    beforeAll(async () => {
      ctx = await makeApp(dialect);
    });
    afterAll(() => ctx.close());

    it('each plan gets its requests per minute; a custom limit overrides the plan', async () => {
      for (const [plan, limit] of [
        ['starter', 60],
        ['growth', 120],
        ['scale', 300],
      ] as const) {
        const ws = await makeWorkspace(ctx.db, { plan, rateLimit: undefined });
        await ctx.db.write((t) => t.updateTable('workspaces').set({ rate_limit: null }).where('id', '=', ws.workspace.id).execute());
        const res = await ctx.app.inject({ method: 'GET', url: '/api/replies', headers: ws.headers });
        expect(headersOf(res)).toEqual({ limit, remaining: limit - 1, reset: 60 });
      }
      const custom = await makeWorkspace(ctx.db, { plan: 'starter', rateLimit: 5000 });
      expect(headersOf(await ctx.app.inject({ method: 'GET', url: '/api/replies', headers: custom.headers })).limit).toBe(5000);
    });

    it('the headers are on error answers too (400, 403, 404)', async () => {
      const ws = await makeWorkspace(ctx.db, { rateLimit: 50, permissions: ['replies:read'] });
      const answers = [
        await ctx.app.inject({ method: 'GET', url: '/api/replies?limit=0', headers: ws.headers }),
        await ctx.app.inject({ method: 'GET', url: '/api/replies/nope', headers: ws.headers }),
        await ctx.app.inject({ method: 'GET', url: '/api/contacts', headers: ws.headers }),
      ];
      expect(answers.map((a) => a.statusCode)).toEqual([400, 404, 403]);
      expect(answers.map((a) => headersOf(a).remaining)).toEqual([49, 48, 47]);
    });

    it('over the limit: 429 in the envelope with Retry-After, other workspaces unaffected', async () => {
      const ws = await makeWorkspace(ctx.db, { rateLimit: 3 });
      const other = await makeWorkspace(ctx.db, { rateLimit: 3 });
      for (let i = 0; i < 3; i++) expect((await ctx.app.inject({ method: 'GET', url: '/api/replies', headers: ws.headers })).statusCode).toBe(200);
      const limited = await ctx.app.inject({ method: 'POST', url: '/api/replies', headers: ws.headers, payload: inbound() });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ data: null, error: expect.stringMatching(/^Rate limit of 3 requests per minute exceeded; retry in \d+ seconds$/) });
      expect(headersOf(limited)).toMatchObject({ limit: 3, remaining: 0 });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
      // the refused ingestion stored nothing
      const count = await ctx.db.read
        .selectFrom('replies')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('workspace_id', '=', ws.workspace.id)
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(0);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/replies', headers: other.headers })).statusCode).toBe(200);
    });

    it('requests without a valid key are limited per client address', async () => {
      const from = (ip: string) => ctx.app.inject({ method: 'GET', url: '/api/replies', remoteAddress: ip, headers: { authorization: 'Bearer nope' } });
      let last;
      for (let i = 0; i < 60; i++) last = await from('203.0.113.7');
      expect(last!.statusCode).toBe(401);
      expect(headersOf(last!)).toMatchObject({ limit: 60, remaining: 0 });
      const over = await from('203.0.113.7');
      expect(over.statusCode).toBe(429);
      expect((await from('203.0.113.8')).statusCode).toBe(401);
    });

    it('an unreachable Redis lets requests through instead of failing them', async () => {
      const down = await connectRedis('redis://127.0.0.1:1', { waitMs: 300 });
      const app = await makeApp(dialect, { db: ctx.db, redis: down });
      try {
        const ws = await makeWorkspace(ctx.db, { rateLimit: 1 });
        const statuses = [];
        for (let i = 0; i < 3; i++) statuses.push((await app.app.inject({ method: 'GET', url: '/api/replies', headers: ws.headers })).statusCode);
        expect(statuses).toEqual([200, 200, 200]);
      } finally {
        await app.close();
        down.disconnect();
      }
    });

    it('health and documentation are not limited', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/healthz' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    });
  });
}

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl && process.env.TEST_REQUIRE_SERVICES) throw new Error('TEST_REQUIRE_SERVICES is set but TEST_REDIS_URL is not');

describe.runIf(Boolean(redisUrl))('rate limits shared through Redis', () => {
  it('two instances on one Redis share one workspace limit', async () => {
    const db = await openDb('sqlite');
    const redisA = await connectRedis(redisUrl!);
    const redisB = await connectRedis(redisUrl!);
    const one = await makeApp('sqlite', { db, redis: redisA });
    const two = await makeApp('sqlite', { db, redis: redisB });
    try {
      const ws = await makeWorkspace(db, { rateLimit: 10 });
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        const app = i % 2 ? two.app : one.app;
        statuses.push((await app.inject({ method: 'GET', url: '/api/replies', headers: ws.headers })).statusCode);
      }
      expect(statuses).toEqual([...Array(10).fill(200), 429, 429]);
      const keys = await redisA.keys(`replydesk:rl:ws:${ws.workspace.id}`);
      expect(keys).toHaveLength(1);
    } finally {
      await one.close();
      await two.close();
      redisA.disconnect();
      redisB.disconnect();
      await db.close();
    }
  });
});
