// The jobs table: a transactional outbox with a worker that claims due rows.
//
// Services call enqueue() with the transaction that writes the change causing the side
// effect, so a rollback leaves no job and a commit leaves one that a worker will run even
// after a crash. Only the worker talks to SMTP or HTTP.
//
// Claiming is one UPDATE … RETURNING over the due rows. On PostgreSQL the inner SELECT takes
// FOR UPDATE SKIP LOCKED, so several workers claim disjoint sets without waiting on each
// other (graphile-worker's getJobs). SQLite has one writer at a time, so the same statement
// without the locking clause is already atomic. A claim is a lease: a worker that dies
// holding a job loses it when locked_until passes, and another worker takes it again.
// complete() and fail() are guarded by locked_by, so only the holder can release a job.
import { EventEmitter } from 'node:events';
import { uuidv7 } from '../db/ids.ts';

import type { Db } from '../db/connect.ts';
import type { JobTable, Q } from '../db/types.ts';
import { forUpdate } from '../db/dialect.ts';

export interface NewJob {
  /** Given when the caller records the job's id elsewhere in the same transaction. */
  id?: string;
  workspaceId: string;
  kind: string;
  payload: unknown;
  runAt?: Date;
  maxAttempts?: number;
}

export interface Job<P = unknown> {
  id: string;
  workspaceId: string;
  kind: string;
  payload: P;
  attempts: number;
  maxAttempts: number;
  createdAt: string;
}

/** What a handler says about one attempt. */
export type Outcome =
  | { ok: true }
  /** Temporary failure: try again at retryAt (unless attempts are used up). */
  | { ok: false; error: string; retryAt: Date }
  /** Permanent failure: never try again. */
  | { ok: false; error: string; permanent: true };

export type Handler = (job: Job<any>) => Promise<Outcome>;

/** Wakes workers in this process as soon as a job is committed, instead of at the next poll. */
export const jobSignals = new EventEmitter();
jobSignals.setMaxListeners(100);

export async function enqueue(db: Q, job: NewJob): Promise<string> {
  const [id] = await enqueueMany(db, [job]);
  return id!;
}

/** Several jobs in one INSERT. */
export async function enqueueMany(db: Q, jobs: NewJob[]): Promise<string[]> {
  if (!jobs.length) return [];
  const t = new Date().toISOString();
  const rows = jobs.map((job) => ({
    id: job.id ?? uuidv7(),
    workspace_id: job.workspaceId,
    kind: job.kind,
    payload: JSON.stringify(job.payload),
    status: 'queued' as const,
    attempts: 0,
    max_attempts: job.maxAttempts ?? 10,
    run_at: (job.runAt ?? new Date()).toISOString(),
    locked_by: null,
    locked_until: null,
    last_error: null,
    created_at: t,
    updated_at: t,
  }));
  await db.insertInto('jobs').values(rows).execute();
  return rows.map((r) => r.id);
}

/** Call after the transaction that enqueued jobs has committed. */
export function notifyJobs() {
  jobSignals.emit('jobs');
}

function toJob(row: JobTable): Job {
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    kind: row.kind,
    payload: JSON.parse(row.payload),
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    createdAt: row.created_at,
  };
}

export async function claimJobs(db: Db, workerId: string, opts: { limit: number; leaseMs: number; kinds?: string[] }): Promise<Job[]> {
  const now = new Date();
  const nowIso = now.toISOString();
  const until = new Date(now.getTime() + opts.leaseMs).toISOString();
  const k = db.kysely;
  // Two branches, each walking the (status, run_at) index in order and stopping at `limit`:
  // one OR over both made SQLite (and PostgreSQL) read and sort every due job to pick the
  // first few, which costs as much as the backlog is long.
  const branch = (status: 'queued' | 'running') => {
    let q = k.selectFrom('jobs').select(['id', 'run_at']).where('status', '=', status);
    q = status === 'queued' ? q.where('run_at', '<=', nowIso) : q.where('locked_until', '<', nowIso);
    if (opts.kinds?.length) q = q.where('kind', 'in', opts.kinds);
    q = q.orderBy('run_at', 'asc').limit(opts.limit);
    return forUpdate(k, q, { skipLocked: true });
  };
  const both = k
    .selectFrom(branch('queued').as('q'))
    .select(['q.id', 'q.run_at'])
    .unionAll(k.selectFrom(branch('running').as('r')).select(['r.id', 'r.run_at']));
  const due = k.selectFrom(both.as('due')).select('due.id').orderBy('due.run_at', 'asc').limit(opts.limit);
  const rows = await k
    .updateTable('jobs')
    .set((eb) => ({
      status: 'running',
      locked_by: workerId,
      locked_until: until,
      attempts: eb('attempts', '+', 1),
      updated_at: nowIso,
    }))
    .where('id', 'in', due)
    .returningAll()
    .execute();
  return rows.map(toJob);
}

export async function completeJob(db: Db, workerId: string, jobId: string): Promise<boolean> {
  return (await completeJobs(db, workerId, [jobId])) > 0;
}

/** Completes several held jobs in one statement (one commit); returns how many were still held. */
export async function completeJobs(db: Db, workerId: string, jobIds: string[]): Promise<number> {
  if (!jobIds.length) return 0;
  const res = await db.kysely
    .updateTable('jobs')
    .set({ status: 'done', locked_by: null, locked_until: null, last_error: null, updated_at: new Date().toISOString() })
    .where('id', 'in', jobIds)
    .where('locked_by', '=', workerId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export async function failJob(db: Db, workerId: string, job: Job, outcome: Exclude<Outcome, { ok: true }>): Promise<'queued' | 'failed'> {
  const final = 'permanent' in outcome || job.attempts >= job.maxAttempts;
  const status = final ? 'failed' : 'queued';
  await db.kysely
    .updateTable('jobs')
    .set({
      status,
      locked_by: null,
      locked_until: null,
      last_error: outcome.error.slice(0, 2000),
      ...('retryAt' in outcome && !final && { run_at: outcome.retryAt.toISOString() }),
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', job.id)
    .where('locked_by', '=', workerId)
    .execute();
  return status;
}

export interface WorkerOptions {
  /** How often an idle worker looks for due jobs (ms). */
  pollMs?: number;
  /** Most jobs claimed in one statement. */
  batch?: number;
  /** Most jobs running at once; a slot that frees up is filled at once (default 4 × batch). */
  concurrency?: number;
  /** How long a claim holds before another worker may take the job again (ms). */
  leaseMs?: number;
  /**
   * After a wake-up by a new job, wait this long (ms) before claiming, so jobs committed
   * within that window are claimed, run and completed together: a few milliseconds of
   * latency for far fewer commits under a steady stream of small transactions.
   */
  coalesceMs?: number;
  kinds?: string[];
  log?: { error(obj: unknown, msg?: string): void; info?(obj: unknown, msg?: string): void };
}

/** How long finished jobs wait to be completed together in one statement (ms). */
const COMPLETE_WINDOW_MS = 5;

/**
 * Claims due jobs and runs their handlers until stopped.
 *
 * A pool, not rounds: up to `concurrency` jobs run at once, and whenever slots are free the
 * worker claims as many due jobs as fit (never more, so no claimed job waits in memory while
 * its lease runs). A slow job — a webhook endpoint that takes its whole timeout — holds only
 * its own slot instead of the round it was claimed with. Successes are completed together:
 * jobs finishing within a few milliseconds share one UPDATE (one commit on SQLite).
 */
export class Worker {
  readonly id = `worker-${uuidv7()}`;
  private running = false;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private readonly onSignal = () => this.wakeUp?.();
  private inFlight = new Set<Promise<void>>();
  private finished: string[] = [];
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly handlers: Record<string, Handler>,
    private readonly opts: WorkerOptions = {},
  ) {}

  start() {
    if (this.running) return;
    this.running = true;
    jobSignals.on('jobs', this.onSignal);
    this.loop = this.run();
  }

  /** Stops claiming, lets running jobs finish and records their outcomes. */
  async stop() {
    this.running = false;
    jobSignals.off('jobs', this.onSignal);
    this.wakeUp?.();
    await this.loop;
    await Promise.all(this.inFlight);
    await this.flushCompletions();
  }

  /** Runs every due job once; for tests and the CLI. Returns how many ran. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const jobs = await this.claim(this.opts.batch ?? 50);
      await Promise.all(jobs.map((job) => this.runOne(job)));
      await this.flushCompletions();
      total += jobs.length;
      if (jobs.length === 0) return total;
    }
  }

  private claim(limit: number) {
    return claimJobs(this.db, this.id, {
      limit,
      leaseMs: this.opts.leaseMs ?? 60_000,
      kinds: this.opts.kinds ?? Object.keys(this.handlers),
    });
  }

  private async run() {
    const pollMs = this.opts.pollMs ?? 500;
    const batch = this.opts.batch ?? 50;
    const concurrency = Math.max(this.opts.concurrency ?? batch * 4, 1);
    while (this.running) {
      const free = concurrency - this.inFlight.size;
      if (free <= 0) {
        await Promise.race(this.inFlight);
        continue;
      }
      let claimed = 0;
      try {
        const jobs = await this.claim(Math.min(batch, free));
        claimed = jobs.length;
        for (const job of jobs) {
          const p: Promise<void> = this.runOne(job).finally(() => this.inFlight.delete(p));
          this.inFlight.add(p);
        }
      } catch (err) {
        this.opts.log?.error({ err }, 'could not claim jobs');
      }
      if (claimed === Math.min(batch, free) || !this.running) continue;
      // The queue has no more due jobs for now: sleep until a poll or a new job.
      const signalled = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), pollMs);
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve(true);
        };
      });
      this.wakeUp = null;
      const coalesceMs = this.opts.coalesceMs ?? 10;
      if (signalled && coalesceMs > 0 && this.running) await new Promise((r) => setTimeout(r, coalesceMs));
    }
  }

  private async runOne(job: Job): Promise<void> {
    const handler = this.handlers[job.kind];
    let outcome: Outcome;
    try {
      outcome = handler ? await handler(job) : { ok: false, error: `no handler for ${job.kind}`, permanent: true };
    } catch (err) {
      outcome = { ok: false, error: (err as Error).message ?? String(err), retryAt: new Date(Date.now() + 30_000) };
    }
    if (outcome.ok) {
      this.finished.push(job.id);
      if (!this.flushing) {
        this.flushing = new Promise<void>((resolve) => setTimeout(resolve, COMPLETE_WINDOW_MS)).then(() => this.flushCompletions());
      }
      return;
    }
    try {
      await failJob(this.db, this.id, job, outcome);
    } catch (err) {
      this.opts.log?.error({ err, job: job.id }, 'could not record job outcome');
    }
  }

  private async flushCompletions() {
    const ids = this.finished;
    this.finished = [];
    this.flushing = null;
    if (!ids.length) return;
    try {
      await completeJobs(this.db, this.id, ids);
    } catch (err) {
      this.opts.log?.error({ err, jobs: ids.length }, 'could not record job outcomes');
    }
  }
}
