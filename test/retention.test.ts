// Retention (issue 36 item 4; docs/api.md "Retention"): GET/PATCH /api/retention, and the
// worker's sweep deleting replies older than the workspace's days in batches, with what hangs
// off them, its counters and contacts' reply counts moved once even when two workers sweep at
// once; workspaces without a retention keep everything.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepRetention, sweepWorkspace } from '../src/replies/retention.ts';
import { DIALECTS, inbound, makeApp, makeWorkspace } from './helpers.ts';

const DAY = 86_400_000;

for (const dialect of DIALECTS) {
  describe(`retention (${dialect})`, () => {
    let ctx: Awaited<ReturnType<typeof makeApp>>;
    beforeAll(async () => {
      ctx = await makeApp(dialect);
    });
    afterAll(() => ctx.close());

    const api = async (headers: Record<string, string>, method: string, url: string, payload?: object) => {
      const res = await ctx.app.inject({ method: method as 'GET', url, headers, ...(payload && { payload }) });
      return { status: res.statusCode, body: res.body ? res.json() : null };
    };

    it('is off by default; PATCH sets days from 1 to 3650 or null, refuses anything else, and the audit log keeps the change', async () => {
      const ws = await makeWorkspace(ctx.db);
      const call = (method: string, url: string, payload?: object) => api(ws.headers, method, url, payload);
      expect(await call('GET', '/api/retention')).toEqual({ status: 200, body: { data: { days: null } } });
      expect(await call('PATCH', '/api/retention', { days: 90 })).toEqual({ status: 200, body: { data: { days: 90 } } });
      expect((await call('GET', '/api/retention')).body.data).toEqual({ days: 90 });
      for (const [payload, error] of [
        [{ days: 0 }, 'days must be at least 1'],
        [{ days: 3651 }, 'days must be at most 3650'],
        [{ days: 1.5 }, 'days must be an integer'],
        [{}, 'days is required'],
        [{ days: 30, keep: true }, 'Unknown field in request body: keep'],
      ] as const) {
        expect(await call('PATCH', '/api/retention', payload), JSON.stringify(payload)).toEqual({ status: 400, body: { data: null, error } });
      }
      expect((await call('GET', '/api/retention')).body.data).toEqual({ days: 90 });
      expect(await call('PATCH', '/api/retention', { days: null })).toEqual({ status: 200, body: { data: { days: null } } });
      const { rows } = await sql<{ details: string }>`select details from audit_log where workspace_id = ${ws.workspace.id} and action = 'retention.changed' order by created_at, id`.execute(
        ctx.db.read,
      );
      expect(rows.map((r) => JSON.parse(r.details))).toEqual([
        { fields: ['days'], days: 90 },
        { fields: ['days'], days: null },
      ]);
    });

    it('the sweep deletes what is older than the days, in batches, counting each reply once with two workers; newer replies and other workspaces stay', async () => {
      const ws = await makeWorkspace(ctx.db);
      const other = await makeWorkspace(ctx.db);
      const call = (method: string, url: string, payload?: object) => api(ws.headers, method, url, payload);
      const tag = `${dialect}.${process.pid}.${Date.now()}`;
      const at = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString();
      const old: string[] = [];
      for (let i = 0; i < 7; i++) {
        const made = await call('POST', '/api/replies', inbound({ from_email: `ann.${tag}@prospect.example`, received_at: at(40 + i), body_text: `quokka${i} from long ago` }));
        old.push(made.body.data.id);
      }
      expect((await call('PATCH', `/api/replies/${old[0]}`, { status: 'archived' })).status).toBe(200);
      expect((await call('POST', `/api/replies/${old[1]}/notes`, { body: 'an old note' })).status).toBe(201);
      const recent = (await call('POST', '/api/replies', inbound({ from_email: `ann.${tag}@prospect.example`, received_at: at(5) }))).body.data.id as string;
      const recentOther = (await call('POST', '/api/replies', inbound({ from_email: `bo.${tag}@prospect.example`, received_at: at(1) }))).body.data.id as string;
      await api(other.headers, 'POST', '/api/replies', inbound({ received_at: at(400) }));
      const contactId = (await call('GET', `/api/replies/${recent}`)).body.data.contact_id as string;
      expect((await call('GET', `/api/contacts/${contactId}`)).body.data.reply_count).toBe(8);
      expect((await call('GET', '/api/replies?q=quokka3')).body.pagination.total).toBe(1);

      expect((await call('PATCH', '/api/retention', { days: 30 })).status).toBe(200);
      // two workers at once, a batch of two replies each time
      const swept = await Promise.all([sweepWorkspace(ctx.db, ws.workspace.id, 30, Date.now(), 2), sweepWorkspace(ctx.db, ws.workspace.id, 30, Date.now(), 2)]);
      expect(swept[0]!.replies + swept[1]!.replies).toBe(7);

      for (const id of old) expect((await call('GET', `/api/replies/${id}`)).status).toBe(404);
      const list = await call('GET', '/api/replies?limit=50');
      expect(list.body.data.map((r: { id: string }) => r.id).sort()).toEqual([recent, recentOther].sort());
      expect(list.body.pagination.total).toBe(2);
      expect((await call('GET', '/api/replies?status=archived')).body.pagination.total).toBe(0);
      expect((await call('GET', '/api/replies?status=pending')).body.pagination.total).toBe(2);
      expect((await call('GET', '/api/replies?q=quokka3')).body.pagination.total).toBe(0);
      expect((await call('GET', `/api/contacts/${contactId}`)).body.data.reply_count).toBe(1);
      const { rows: notes } = await sql<{ n: number }>`select count(*) as n from reply_notes where workspace_id = ${ws.workspace.id}`.execute(ctx.db.read);
      expect(Number(notes[0]!.n)).toBe(0);
      const report = (await call('GET', `/api/reports/replies?from=${at(60).slice(0, 10)}&to=${at(0).slice(0, 10)}`)).body.data;
      expect(report.totals.received).toBe(2);

      // the worker's task: workspaces without a retention keep everything
      await sweepRetention(ctx.db);
      expect((await api(other.headers, 'GET', '/api/replies')).body.pagination.total).toBe(1);
      expect((await call('GET', '/api/replies')).body.pagination.total).toBe(2);
    });
  });
}
