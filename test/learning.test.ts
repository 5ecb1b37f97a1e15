// Triage learns the team's corrections from the replies' history (src/triage/learning.ts,
// migration 0028): every correction once, however sweeps, transactions and deletions interleave.
// A database of the file's own: a sweep learns every workspace's corrections, and one test moves
// the mark the way a restore would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { Worker } from '../src/jobs/queue.ts';
import { enqueue } from '../src/jobs/queries.ts';
import { TRIAGE_LEARN_JOB } from '../src/replies/triage-jobs.ts';
import { triageHandlers } from '../src/triage/handlers.ts';
import { learnCorrections } from '../src/triage/learning.ts';
import { DIALECTS, inbound, makeApp, makeWorkspace } from './helpers.ts';
import { openPrivateDatabase } from './private-db.ts';

for (const dialect of DIALECTS) {
  describe(`learning from corrections (${dialect})`, () => {
    let ctx: Awaited<ReturnType<typeof makeApp>>;
    let url = '';
    beforeAll(async () => {
      const opened = await openPrivateDatabase(dialect, 'learning');
      url = opened.url;
      ctx = await makeApp(dialect, { db: opened.db });
    });
    afterAll(async () => {
      await ctx.close();
      await ctx.db.close();
    });

    const call = async (method: string, url: string, headers: Record<string, string>, payload?: unknown) => {
      const res = await ctx.app.inject({ method: method as 'GET', url, headers, ...(payload !== undefined && { payload: payload as object }) });
      return { status: res.statusCode, body: res.json() };
    };
    /** A workspace with triage on, `n` replies and a custom category to correct them to. */
    const setUp = async (n: number) => {
      const ws = await makeWorkspace(ctx.db, { triage: true });
      const category = (await call('POST', '/api/categories', ws.headers, { name: 'Partnership' })).body.data as { id: string };
      const ids: string[] = [];
      for (let i = 0; i < n; i++) ids.push((await call('POST', '/api/replies', ws.headers, inbound({ body_text: `Could our agency resell your product? (${i})` }))).body.data.id);
      const learned = async () => (await call('GET', '/api/triage', ws.headers)).body.data.learned_examples as number;
      const correct = async (id: string, categoryId = category.id) => expect((await call('PATCH', `/api/replies/${id}`, ws.headers, { category_id: categoryId })).status).toBe(200);
      return { ws, category, ids, learned, correct };
    };

    it('two sweeps at once learn each correction once', async () => {
      const { ids, learned, correct } = await setUp(3);
      for (const id of ids) await correct(id);
      await Promise.all([learnCorrections(ctx.db), learnCorrections(ctx.db), learnCorrections(ctx.db)]);
      expect(await learned()).toBe(3);
      await learnCorrections(ctx.db);
      expect(await learned()).toBe(3);
    });

    it('a category cleared, or chosen by triage, is not a correction; choosing it again is', async () => {
      const { ids, learned, correct, ws } = await setUp(1);
      expect((await call('PATCH', `/api/replies/${ids[0]}`, ws.headers, { category_id: null })).status).toBe(200);
      await learnCorrections(ctx.db);
      expect(await learned()).toBe(0);
      await correct(ids[0]!);
      await learnCorrections(ctx.db);
      expect(await learned()).toBe(1);
    });

    it('a triage.learn job queued before the upgrade is still learned', async () => {
      const { ws, category, ids, learned } = await setUp(1);
      await ctx.db.write((trx) => enqueue(trx, { workspaceId: ws.workspace.id, kind: TRIAGE_LEARN_JOB, payload: { replyId: ids[0], categoryId: category.id }, maxAttempts: 5 }));
      await new Worker(ctx.db, triageHandlers({ db: ctx.db, llm: null }), { kinds: [TRIAGE_LEARN_JOB] }).drain();
      expect(await learned()).toBe(1);
    });

    if (dialect === 'postgres') {
      it('a correction whose transaction commits after a sweep began is learned by the next sweep, not skipped', async () => {
        const { ws, category, ids, learned, correct } = await setUp(2);
        // a transaction writes a correction (its id from the sequence, below the next one's) and stays open
        const slow = new pg.Client({ connectionString: url });
        await slow.connect();
        try {
          await slow.query('begin');
          await slow.query(
            `insert into reply_activity (workspace_id, reply_id, at, actor_type, actor_id, actor_name, action, from_value, to_value)
               values ($1, $2, now(), 'user', null, 'Ana', 'category', null, $3)`,
            [ws.workspace.id, ids[0], category.id],
          );
          await correct(ids[1]!); // began after the slow one, commits first, with a larger id
          await learnCorrections(ctx.db); // the slow transaction is in this sweep's snapshot, unseen
          expect(await learned()).toBe(1);
          await slow.query('commit');
        } finally {
          await slow.end();
        }
        await learnCorrections(ctx.db);
        expect(await learned()).toBe(2);
        await learnCorrections(ctx.db);
        expect(await learned()).toBe(2);
      });

      it('a mark of another server (a database restored into a new one) starts from now, learning nothing twice', async () => {
        const { ids, learned, correct } = await setUp(2);
        await correct(ids[0]!);
        await learnCorrections(ctx.db);
        expect(await learned()).toBe(1);
        // as a restore into a new server leaves it: the snapshot's numbers are another server's
        await ctx.db.write((trx) => trx.updateTable('triage_learning').set({ mark: '42/1:1:' }).where('id', '=', 1).execute());
        await learnCorrections(ctx.db);
        expect(await learned()).toBe(1);
        const { mark } = await ctx.db.read.selectFrom('triage_learning').select('mark').executeTakeFirstOrThrow();
        expect(mark).not.toMatch(/^42\//);
        await correct(ids[1]!);
        await learnCorrections(ctx.db);
        expect(await learned()).toBe(2);
      });
    } else {
      it('a correction that takes the id of deleted history rows is learned (SQLite hands out the largest id + 1 again)', async () => {
        const { ids, learned, correct, ws } = await setUp(2);
        await correct(ids[0]!);
        await correct(ids[1]!); // the newest history row
        await learnCorrections(ctx.db);
        expect(await learned()).toBe(2);
        const top = await ctx.db.read
          .selectFrom('reply_activity')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirstOrThrow();
        // the newest reply erased with its history: the next row takes its id again
        await ctx.db.write((trx) => trx.deleteFrom('replies').where('workspace_id', '=', ws.workspace.id).where('id', '=', ids[1]!).execute());
        const other = (await call('POST', '/api/categories', ws.headers, { name: 'Reseller' })).body.data as { id: string };
        await correct(ids[0]!, other.id);
        const reused = await ctx.db.read
          .selectFrom('reply_activity')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirstOrThrow();
        expect(Number(reused.id)).toBeLessThanOrEqual(Number(top.id));
        await learnCorrections(ctx.db);
        expect(await learned()).toBe(3);
      });
    }
  });
}
