// The counters behind pagination.total (src/workspaces/counts.ts): spread over slots on
// PostgreSQL so concurrent writers do not queue on one row, and always equal to a count of the
// rows themselves.
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../src/db/connect.ts';
import { counterSlots } from '../src/db/dialect.ts';
import { migrateToLatest, migrator } from '../src/db/migrate.ts';
import { readCounts } from '../src/workspaces/counts.ts';
import { DIALECTS, inbound, makeApp, makeWorkspace, tempDir } from './helpers.ts';

for (const dialect of DIALECTS) {
  describe(`workspace counters (${dialect})`, () => {
    let ctx: Awaited<ReturnType<typeof makeApp>>;
    beforeAll(async () => {
      ctx = await makeApp(dialect);
    });
    afterAll(() => ctx.close());

    it('reply_counts (migration 0010) give every filtered total a count of the rows gives, after concurrent writes of every kind', async () => {
      const ws = await makeWorkspace(ctx.db);
      const post = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url, headers: ws.headers, payload });
      const clients = [(await post('/api/clients', { name: 'A' })).json().data.id, (await post('/api/clients', { name: 'B' })).json().data.id];
      const box = (await post('/api/connections', { name: 'Box', email: 'box@counts.example' })).json().data.id;
      const cats = [(await post('/api/categories', { name: 'Hot' })).json().data.id, (await post('/api/categories', { name: 'Cold' })).json().data.id];
      const created = await Promise.all(
        Array.from({ length: 40 }, (_, i) => post('/api/replies', inbound({ client_id: i % 3 === 2 ? null : clients[i % 2], ...(i % 4 === 0 && { connection_id: box }) }))),
      );
      const ids = created.map((r) => r.json().data.id as string);
      const soon = new Date(Date.now() + 3_600_000).toISOString();
      const changes = await Promise.all([
        ...ids.slice(0, 20).map((id, i) =>
          ctx.app.inject({
            method: 'PATCH',
            url: `/api/replies/${id}`,
            headers: ws.headers,
            payload: i % 2 ? { status: 'archived', category_id: cats[i % 2] } : { category_id: cats[0], snoozed_until: soon },
          }),
        ),
        post('/api/replies/bulk', { ids: ids.slice(20, 30), status: 'ready', category_id: cats[1] }),
        post(`/api/replies/${ids[35]}/send`, { message: 'Thanks!' }),
      ]);
      expect(changes.map((r) => r.statusCode)).toEqual(Array(changes.length).fill(200));
      const queries = [
        '',
        'status=pending',
        'status=ready,archived',
        `client_id=${clients[0]}`,
        `status=pending&client_id=${clients[1]}`,
        `connection_id=${box}`,
        `category_id=${cats[0]}`,
        'category_id=none',
        `category_id=none&client_id=${clients[0]}`,
        'snoozed=false',
        `snoozed=false&category_id=${cats[0]}`,
        'status=sent&snoozed=false',
      ];
      for (const query of queries) {
        const page = (await ctx.app.inject({ method: 'GET', url: `/api/replies?${query}&limit=100&sort=received_at`, headers: ws.headers })).json();
        expect(page.pagination.total, query).toBe(page.data.length);
        expect(page.data.length, query).toBeLessThanOrEqual(40);
      }
    });

    it('equal a count of the rows after concurrent ingestion and status changes', async () => {
      const ws = await makeWorkspace(ctx.db);
      const post = (i: number) => ctx.app.inject({ method: 'POST', url: '/api/replies', headers: ws.headers, payload: inbound({ from_email: `c${i % 20}@counts.example` }) });
      const created = await Promise.all(Array.from({ length: 60 }, (_, i) => post(i)));
      expect(created.map((r) => r.statusCode)).toEqual(Array(60).fill(201));
      const ids = created.map((r) => r.json().data.id as string);
      const moves = ids
        .slice(0, 30)
        .map((id, i) => ctx.app.inject({ method: 'PATCH', url: `/api/replies/${id}`, headers: ws.headers, payload: { status: (['archived', 'ready', 'sent'] as const)[i % 3] } }));
      expect((await Promise.all(moves)).map((r) => r.statusCode)).toEqual(Array(30).fill(200));

      const k = ctx.db.read;
      const byStatus = await k
        .selectFrom('replies')
        .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
        .where('workspace_id', '=', ws.workspace.id)
        .groupBy('status')
        .execute();
      const contacts = await k
        .selectFrom('contacts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('workspace_id', '=', ws.workspace.id)
        .executeTakeFirstOrThrow();
      const actual = Object.fromEntries(byStatus.map((r) => [`replies_${r.status}`, Number(r.n)]));
      expect(await readCounts(k, ws.workspace.id)).toEqual({
        replies_total: 60,
        replies_pending: actual.replies_pending ?? 0,
        replies_ready: actual.replies_ready ?? 0,
        replies_sent: actual.replies_sent ?? 0,
        replies_archived: actual.replies_archived ?? 0,
        contacts_total: Number(contacts.n),
        searched_text_edits: 0,
      });
      expect(Number(contacts.n)).toBe(20);
      for (const status of ['pending', 'ready', 'sent', 'archived']) {
        const list = (await ctx.app.inject({ url: `/api/replies?status=${status}&limit=1`, headers: ws.headers })).json();
        expect(list.pagination.total, status).toBe(actual[`replies_${status}`] ?? 0);
      }

      const slots = await k.selectFrom('workspace_counts').select('slot').where('workspace_id', '=', ws.workspace.id).execute();
      // 90 changes over 16 slots on PostgreSQL: one slot for all of them would be a broken spread
      if (dialect === 'postgres') expect(slots.length).toBeGreaterThan(4);
      else expect(slots.length).toBe(1);
      expect(Math.max(...slots.map((s) => s.slot))).toBeLessThan(counterSlots(k));
    });

    it('stay right when many PATCHes of one reply race (each sees the status the one before it left)', async () => {
      const ws = await makeWorkspace(ctx.db);
      const created = await ctx.app.inject({ method: 'POST', url: '/api/replies', headers: ws.headers, payload: inbound({ from_email: 'race@counts.example' }) });
      const id = created.json().data.id as string;
      const statuses = Array.from({ length: 24 }, (_, i) => (['archived', 'pending', 'sent', 'ready'] as const)[i % 4]);
      const answers = await Promise.all(statuses.map((status) => ctx.app.inject({ method: 'PATCH', url: `/api/replies/${id}`, headers: ws.headers, payload: { status } })));
      expect(answers.map((r) => r.statusCode)).toEqual(Array(24).fill(200));
      const row = await ctx.db.read.selectFrom('replies').select('status').where('id', '=', id).executeTakeFirstOrThrow();
      const counts = await readCounts(ctx.db.read, ws.workspace.id);
      expect(counts).toEqual({ replies_total: 1, replies_pending: 0, replies_ready: 0, replies_sent: 0, replies_archived: 0, contacts_total: 1, searched_text_edits: 0, [`replies_${row.status}`]: 1 });
    });

    it.runIf(dialect === 'postgres')('a status change takes its two reply_counts rows in key order (0014): changes going opposite ways never wait in a circle', async () => {
      const ws = await makeWorkspace(ctx.db);
      const created = await ctx.app.inject({ method: 'POST', url: '/api/replies', headers: ws.headers, payload: inbound({ from_email: 'order@counts.example' }) });
      const id = created.json().data.id as string;
      const rows = (status: string) => sql`select 1 from reply_counts where workspace_id = ${ws.workspace.id} and status = ${status}
        and client_id = '' and connection_id = '' and category_id = '' order by slot for update`;
      // every slot's row of both statuses exists, whichever slot the trigger picks
      await ctx.db.write((trx) =>
        sql`insert into reply_counts (workspace_id, slot, status, client_id, connection_id, category_id, n)
        select ${ws.workspace.id}, slot, status, '', '', '', 0 from generate_series(0, 15) slot, (values ('pending'), ('archived')) s(status)
        on conflict do nothing`.execute(trx),
      );
      let runs = 0;
      let holding!: () => void;
      const held = new Promise<void>((resolve) => (holding = resolve));
      // A takes the rows in key order, as the trigger now does: 'archived' before 'pending'
      const a = ctx.db.write(async (trx) => {
        runs += 1;
        await rows('archived').execute(trx);
        holding();
        // until the change below waits for a row A holds
        for (let i = 0; i < 100; i++) {
          const { rows: waiting } = await sql<{ n: number }>`select count(*)::int as n from pg_locks where not granted and locktype = 'transactionid'`.execute(ctx.db.read);
          if (waiting[0]!.n > 0) break;
          await new Promise((r) => setTimeout(r, 20));
        }
        await rows('pending').execute(trx);
      });
      await held;
      // B moves the reply pending → archived: the old trigger took 'pending' first, then waited for
      // 'archived'; A then waited for 'pending' and PostgreSQL broke the circle after a second,
      // failing one of the two (db.write ran it again)
      const b = ctx.db.write(async (trx) => {
        runs += 1;
        await trx.updateTable('replies').set({ status: 'archived', updated_at: new Date().toISOString() }).where('id', '=', id).execute();
      });
      await Promise.all([a, b]);
      expect(runs).toBe(2);
    });

    it('a new workspace counts zero before any row exists', async () => {
      const ws = await makeWorkspace(ctx.db);
      expect(await readCounts(ctx.db.read, ws.workspace.id)).toEqual({
        replies_total: 0,
        replies_pending: 0,
        replies_ready: 0,
        replies_sent: 0,
        replies_archived: 0,
        contacts_total: 0,
        searched_text_edits: 0,
      });
      const list = (await ctx.app.inject({ url: '/api/replies', headers: ws.headers })).json();
      expect(list.pagination.total).toBe(0);
    });
  });
}

describe('the counter-slots migration (sqlite)', () => {
  it('keeps the counts of a database made before it', async () => {
    const db = connect({ dialect: 'sqlite', filename: path.join(tempDir(), 'old.db') });
    try {
      const { error } = await migrator(db).migrateTo('0005_webhooks');
      expect(error).toBeUndefined();
      await db.write((t) =>
        t
          .insertInto('workspaces')
          .values({ id: 'w1', name: 'Old', plan: 'starter', rate_limit: null, api_version: '2026-01-01', created_at: '2026-01-01T00:00:00.000Z' } as never)
          .execute(),
      );
      await db.write((t) =>
        t
          .insertInto('workspace_counts')
          .values({ workspace_id: 'w1', replies_total: 7, replies_pending: 3, replies_ready: 1, replies_sent: 2, replies_archived: 1, contacts_total: 5 } as never)
          .execute(),
      );
      await migrateToLatest(db);
      expect(await readCounts(db.read, 'w1')).toEqual({ replies_total: 7, replies_pending: 3, replies_ready: 1, replies_sent: 2, replies_archived: 1, contacts_total: 5, searched_text_edits: 0 });
      const { error: downError } = await migrator(db).migrateTo('0005_webhooks');
      expect(downError).toBeUndefined();
      expect(
        await db.read
          .selectFrom('workspace_counts' as never)
          .selectAll()
          .execute(),
      ).toEqual([{ workspace_id: 'w1', replies_total: 7, replies_pending: 3, replies_ready: 1, replies_sent: 2, replies_archived: 1, contacts_total: 5 }]);
    } finally {
      await db.close();
    }
  });
});
