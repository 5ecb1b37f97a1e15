// Snoozing (PATCH snoozed_until, the snoozed filter, the two ways a snooze ends) and
// POST /api/replies/bulk (docs/api.md "PATCH rules", "Endpoints").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Worker } from '../src/jobs/queue.ts';
import { wakeDueSnoozes } from '../src/replies/snooze.ts';
import { readCounts } from '../src/workspaces/counts.ts';
import { DIALECTS, inbound, makeApp, makeWorkspace, subscribeToAllEvents } from './helpers.ts';

for (const dialect of DIALECTS) {
  describe(`snooze and bulk (${dialect})`, () => {
    let ctx: Awaited<ReturnType<typeof makeApp>>;
    let ws: Awaited<ReturnType<typeof makeWorkspace>>;
    const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, headers: Record<string, string> = {}) =>
      ctx.app.inject({ method, url, headers: { ...ws.headers, ...headers }, ...(payload && { payload }) });
    const ingest = async (overrides: Record<string, unknown> = {}) => (await call('POST', '/api/replies', inbound(overrides))).json().data as { id: string; contact_id: string };
    const read = async (id: string) => (await call('GET', `/api/replies/${id}`)).json().data;
    const listIds = async (query: string) => ((await call('GET', `/api/replies?${query}&limit=100`)).json().data as { id: string }[]).map((r) => r.id);
    const updates = async (id: string) => {
      const rows = await ctx.db.read.selectFrom('events').select('payload').where('workspace_id', '=', ws.workspace.id).where('type', '=', 'reply.updated').orderBy('created_at').execute();
      return rows.map((r) => JSON.parse(r.payload).data).filter((d) => d.id === id);
    };
    const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

    beforeAll(async () => {
      ctx = await makeApp(dialect);
      ws = await makeWorkspace(ctx.db);
      await subscribeToAllEvents(ctx.app, ws.headers);
    });
    afterAll(() => ctx.close());

    it('a snoozed reply leaves the snoozed=false list until woken, and each change is recorded', async () => {
      const reply = await ingest();
      const until = inAnHour();
      const res = await call('PATCH', `/api/replies/${reply.id}`, { snoozed_until: until });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.snoozed_until).toBe(until);
      expect((await read(reply.id)).snoozed_until).toBe(until);
      expect(await listIds('snoozed=true')).toContain(reply.id);
      expect(await listIds('snoozed=false')).not.toContain(reply.id);
      expect((await updates(reply.id)).at(-1)).toMatchObject({ snoozed_until: until, changes: { snoozed_until: { previous: null, current: until } } });

      const woken = await call('PATCH', `/api/replies/${reply.id}`, { snoozed_until: null });
      expect(woken.json().data.snoozed_until).toBeNull();
      expect(await listIds('snoozed=false')).toContain(reply.id);
    });

    it('refuses a snooze in the past or a malformed time, and changes nothing', async () => {
      const reply = await ingest();
      for (const [value, message] of [
        ['2020-01-01T00:00:00Z', 'snoozed_until must be in the future (null wakes the reply)'],
        ['tomorrow', 'snoozed_until must be an ISO 8601 date-time such as 2026-01-31T09:30:00Z'],
      ]) {
        const res = await call('PATCH', `/api/replies/${reply.id}`, { snoozed_until: value });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ data: null, error: message });
      }
      expect((await read(reply.id)).snoozed_until).toBeNull();
    });

    it('a snooze ends at its time: the sweep wakes it and records reply.updated', async () => {
      const reply = await ingest();
      const until = new Date(Date.now() + 60_000).toISOString();
      await call('PATCH', `/api/replies/${reply.id}`, { snoozed_until: until });
      // a sweep before the time leaves it; one after it (the clock moved on) wakes it
      await wakeDueSnoozes(ctx.db, new Date(Date.now() + 1_000));
      expect((await read(reply.id)).snoozed_until).toBe(until);
      expect(await wakeDueSnoozes(ctx.db, new Date(Date.now() + 120_000))).toBeGreaterThanOrEqual(1);
      expect((await read(reply.id)).snoozed_until).toBeNull();
      expect((await updates(reply.id)).at(-1)).toMatchObject({ id: reply.id, snoozed_until: null, changes: { snoozed_until: { previous: until, current: null } } });
      expect(await listIds('snoozed=false')).toContain(reply.id);
    });

    it('a snooze ends when the same contact writes again', async () => {
      const first = await ingest({ from_email: 'comes-back@prospects.example' });
      const other = await ingest({ from_email: 'stays-away@prospects.example' });
      for (const r of [first, other]) await call('PATCH', `/api/replies/${r.id}`, { snoozed_until: inAnHour() });
      const again = await ingest({ from_email: 'Comes-Back@prospects.example' });
      expect(again.contact_id).toBe(first.contact_id);
      expect((await read(first.id)).snoozed_until).toBeNull();
      expect((await read(other.id)).snoozed_until).not.toBeNull();
      expect((await updates(first.id)).at(-1)).toMatchObject({ snoozed_until: null, changes: { snoozed_until: { current: null } } });
    });

    it('the job worker runs the periodic tasks it is given, one run at a time, until stopped', async () => {
      let runs = 0;
      let overlapping = 0;
      let active = 0;
      const worker = new Worker(
        ctx.db,
        {},
        {
          pollMs: 1000,
          periodic: [
            {
              name: 'count',
              everyMs: 5,
              run: async () => {
                active += 1;
                overlapping = Math.max(overlapping, active);
                runs += 1;
                await new Promise((r) => setTimeout(r, 20));
                active -= 1;
              },
            },
          ],
        },
      );
      worker.start();
      await new Promise((r) => setTimeout(r, 150));
      await worker.stop();
      const after = runs;
      expect(after).toBeGreaterThan(2);
      expect(overlapping).toBe(1);
      await new Promise((r) => setTimeout(r, 50));
      expect(runs).toBe(after);
    });

    it('bulk applies PATCH rules to every reply in one transaction and records one event per change', async () => {
      const replies = [await ingest(), await ingest(), await ingest()];
      await call('PATCH', `/api/replies/${replies[2]!.id}`, { status: 'archived' });
      const before = await readCounts(ctx.db.read, ws.workspace.id);
      const ids = replies.map((r) => r.id);
      const res = await call('POST', '/api/replies/bulk', { ids: [...ids, ids[0]], status: 'archived' });
      expect(res.statusCode).toBe(200);
      // the third was archived already: it did not change
      expect(res.json()).toEqual({ data: { updated: 2, ids: ids.slice(0, 2) } });
      for (const id of ids) expect((await read(id)).status).toBe('archived');
      const after = await readCounts(ctx.db.read, ws.workspace.id);
      expect(after.replies_archived - before.replies_archived).toBe(2);
      expect(before.replies_pending - after.replies_pending).toBe(2);
      for (const id of ids.slice(0, 2)) expect((await updates(id)).filter((e) => e.changes.status)).toHaveLength(1);
      expect((await updates(ids[2]!)).filter((e) => e.changes.status?.current === 'archived')).toHaveLength(1);
    });

    it('bulk changes nothing when one id is not a reply of the workspace', async () => {
      const replies = [await ingest(), await ingest()];
      const stranger = await makeWorkspace(ctx.db);
      const theirs = (await ctx.app.inject({ method: 'POST', url: '/api/replies', headers: stranger.headers, payload: inbound() })).json().data;
      const category = (await call('POST', '/api/categories', { name: `Bulk ${dialect}` })).json().data;
      const res = await call('POST', '/api/replies/bulk', { ids: [replies[0]!.id, theirs.id, replies[1]!.id], category_id: category.id, snoozed_until: inAnHour() });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ data: null, error: 'Reply not found' });
      for (const r of replies) expect(await read(r.id)).toMatchObject({ category_id: null, snoozed_until: null });
      expect((await ctx.app.inject({ method: 'GET', url: `/api/replies/${theirs.id}`, headers: stranger.headers })).json().data).toMatchObject({ category_id: null, snoozed_until: null });
    });

    it('bulk snoozes and categorises, honours Idempotency-Key, and refuses bad bodies', async () => {
      const replies = [await ingest(), await ingest()];
      const category = (await call('POST', '/api/categories', { name: `Later ${dialect}` })).json().data;
      const until = inAnHour();
      const body = { ids: replies.map((r) => r.id), category_id: category.id, snoozed_until: until };
      const first = await call('POST', '/api/replies/bulk', body, { 'idempotency-key': `bulk-${dialect}` });
      expect(first.json()).toEqual({ data: { updated: 2, ids: body.ids } });
      const replay = await call('POST', '/api/replies/bulk', body, { 'idempotency-key': `bulk-${dialect}` });
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.json()).toEqual(first.json());
      for (const r of replies) expect(await read(r.id)).toMatchObject({ category_id: category.id, snoozed_until: until });

      for (const [payload, message] of [
        [{ ids: [] }, 'ids must have at least 1 item'],
        [{ ids: Array.from({ length: 101 }, () => replies[0]!.id), status: 'archived' }, 'ids must have at most 100 items'],
        [{ ids: [replies[0]!.id] }, 'Nothing to update: give at least one of status, category_id, client_id, ai_response, snoozed_until, assignee_id'],
        [{ ids: [replies[0]!.id], status: 'gone' }, 'status must be one of pending, ready, sent, archived'],
        [{ ids: [replies[0]!.id], ai_response: 'x' }, 'Unknown field in request body: ai_response'],
        [{ ids: [replies[0]!.id], snoozed_until: '2001-01-01T00:00:00Z' }, 'snoozed_until must be in the future (null wakes the reply)'],
      ] as const) {
        const res = await call('POST', '/api/replies/bulk', payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json()).toEqual({ data: null, error: message });
      }
    });
  });
}
