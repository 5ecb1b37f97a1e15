import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/connect.ts';
import { claimJobs as claimIn, completeJobs, enqueue as enqueueIn, failJob as failIn, type Job, type NewJob, type Outcome } from '../src/jobs/queries.ts';
import { Worker } from '../src/jobs/queue.ts';
import { DIALECTS, makeWorkspace, openDb } from './helpers.ts';

for (const dialect of DIALECTS) {
  describe(`jobs table (${dialect})`, () => {
    let db: Db;
    beforeAll(async () => {
      db = await openDb(dialect);
    });
    afterAll(() => db.close());

    // each a db.write of its own, as the worker runs them
    const enqueue = (job: NewJob) => db.write((trx) => enqueueIn(trx, job));
    const claimJobs = (on: Db, worker: string, opts: Parameters<typeof claimIn>[2]) => on.write((trx) => claimIn(trx, worker, opts));
    const completeJob = async (on: Db, worker: string, id: string) => (await on.write((trx) => completeJobs(trx, worker, [id]))) > 0;
    const failJob = (on: Db, worker: string, job: Job, outcome: Exclude<Outcome, { ok: true }>) => on.write((trx) => failIn(trx, worker, job, outcome));

    const kind = () => `test.${Math.random().toString(36).slice(2)}`;

    it('a job enqueued in a rolled-back transaction never runs', async () => {
      const { workspace } = await makeWorkspace(db);
      const k = kind();
      await db
        .write(async (trx) => {
          await enqueueIn(trx, { workspaceId: workspace.id, kind: k, payload: {} });
          throw new Error('rollback');
        })
        .catch(() => {});
      expect(await claimJobs(db, 'w1', { limit: 10, leaseMs: 1000, kinds: [k] })).toHaveLength(0);
    });

    it('a claimed job is not claimed again while its lease holds, and is after it lapses', async () => {
      const { workspace } = await makeWorkspace(db);
      const k = kind();
      await enqueue({ workspaceId: workspace.id, kind: k, payload: { n: 1 } });
      const first = await claimJobs(db, 'w1', { limit: 10, leaseMs: 200, kinds: [k] });
      expect(first.map((j) => j.payload)).toEqual([{ n: 1 }]);
      expect(await claimJobs(db, 'w2', { limit: 10, leaseMs: 200, kinds: [k] })).toHaveLength(0);
      await new Promise((r) => setTimeout(r, 250));
      const again = await claimJobs(db, 'w2', { limit: 10, leaseMs: 200, kinds: [k] });
      expect(again).toHaveLength(1);
      expect(again[0]!.attempts).toBe(2);
      // the first holder lost the lease: its completion is refused
      expect(await completeJob(db, 'w1', first[0]!.id)).toBe(false);
      expect(await completeJob(db, 'w2', first[0]!.id)).toBe(true);
    });

    it('a temporary failure is retried at the given time; the last attempt fails for good', async () => {
      const { workspace } = await makeWorkspace(db);
      const k = kind();
      await enqueue({ workspaceId: workspace.id, kind: k, payload: {}, maxAttempts: 2 });
      const [job] = await claimJobs(db, 'w1', { limit: 1, leaseMs: 10_000, kinds: [k] });
      expect(await failJob(db, 'w1', job!, { ok: false, error: 'busy', retryAt: new Date(Date.now() + 60_000) })).toBe('queued');
      expect(await claimJobs(db, 'w1', { limit: 1, leaseMs: 10_000, kinds: [k] })).toHaveLength(0);
      await db.write((t) =>
        t
          .updateTable('jobs')
          .set({ run_at: new Date(Date.now() - 1000).toISOString() })
          .where('id', '=', job!.id)
          .execute(),
      );
      const [retry] = await claimJobs(db, 'w1', { limit: 1, leaseMs: 10_000, kinds: [k] });
      expect(await failJob(db, 'w1', retry!, { ok: false, error: 'busy', retryAt: new Date() })).toBe('failed');
      const row = await db.read.selectFrom('jobs').selectAll().where('id', '=', job!.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'failed', attempts: 2, last_error: 'busy' });
    });

    it('two workers draining one queue run every job exactly once', async () => {
      const { workspace } = await makeWorkspace(db);
      const k = kind();
      for (let i = 0; i < 60; i++) await enqueue({ workspaceId: workspace.id, kind: k, payload: { i } });
      const seen: number[] = [];
      const handler = async (job: Job<{ i: number }>) => {
        seen.push(job.payload.i);
        await new Promise((r) => setTimeout(r, 2));
        return { ok: true as const };
      };
      const other = dialect === 'postgres' ? await openDb(dialect) : db;
      const a = new Worker(db, { [k]: handler }, { batch: 5 });
      const b = new Worker(other, { [k]: handler }, { batch: 5 });
      await Promise.all([a.drain(), b.drain()]);
      if (other !== db) await other.close();
      expect(seen.sort((x, y) => x - y)).toEqual(Array.from({ length: 60 }, (_, i) => i));
    });
  });
}
