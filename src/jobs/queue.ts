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
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Db } from '../db/connect.ts';
import type { Database, JobTable } from '../db/types.ts';

type Q = Kysely<Database> | Transaction<Database>;

export interface NewJob {
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
  const id = uuidv7();
  const t = new Date().toISOString();
  await db
    .insertInto('jobs')
    .values({
      id,
      workspace_id: job.workspaceId,
      kind: job.kind,
      payload: JSON.stringify(job.payload),
      status: 'queued',
      attempts: 0,
      max_attempts: job.maxAttempts ?? 10,
      run_at: (job.runAt ?? new Date()).toISOString(),
      locked_by: null,
      locked_until: null,
      last_error: null,
      created_at: t,
      updated_at: t,
    })
    .execute();
  return id;
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
  let due = k
    .selectFrom('jobs')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', nowIso)]),
        eb.and([eb('status', '=', 'running'), eb('locked_until', '<', nowIso)]),
      ]),
    )
    .orderBy('run_at', 'asc')
    .limit(opts.limit);
  if (opts.kinds?.length) due = due.where('kind', 'in', opts.kinds);
  if (db.dialect === 'postgres') due = due.forUpdate().skipLocked();
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
  const res = await db.kysely
    .updateTable('jobs')
    .set({ status: 'done', locked_by: null, locked_until: null, last_error: null, updated_at: new Date().toISOString() })
    .where('id', '=', jobId)
    .where('locked_by', '=', workerId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
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
  /** Jobs claimed per round. */
  batch?: number;
  /** How long a claim holds before another worker may take the job again (ms). */
  leaseMs?: number;
  kinds?: string[];
  log?: { error(obj: unknown, msg?: string): void; info?(obj: unknown, msg?: string): void };
}

/** Claims due jobs and runs their handlers, a batch at a time, until stopped. */
export class Worker {
  readonly id = `worker-${uuidv7()}`;
  private running = false;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private readonly onSignal = () => this.wakeUp?.();

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

  async stop() {
    this.running = false;
    jobSignals.off('jobs', this.onSignal);
    this.wakeUp?.();
    await this.loop;
  }

  /** Runs every due job once; for tests and the CLI. Returns how many ran. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.tick();
      total += n;
      if (n === 0) return total;
    }
  }

  private async run() {
    const pollMs = this.opts.pollMs ?? 500;
    while (this.running) {
      let n = 0;
      try {
        n = await this.tick();
      } catch (err) {
        this.opts.log?.error({ err }, 'job round failed');
      }
      if (n > 0 || !this.running) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wakeUp = null;
    }
  }

  private async tick(): Promise<number> {
    const jobs = await claimJobs(this.db, this.id, {
      limit: this.opts.batch ?? 50,
      leaseMs: this.opts.leaseMs ?? 60_000,
      kinds: this.opts.kinds ?? Object.keys(this.handlers),
    });
    await Promise.all(jobs.map((job) => this.runOne(job)));
    return jobs.length;
  }

  private async runOne(job: Job) {
    const handler = this.handlers[job.kind];
    let outcome: Outcome;
    try {
      outcome = handler ? await handler(job) : { ok: false, error: `no handler for ${job.kind}`, permanent: true };
    } catch (err) {
      outcome = { ok: false, error: (err as Error).message ?? String(err), retryAt: new Date(Date.now() + 30_000) };
    }
    try {
      if (outcome.ok) await completeJob(this.db, this.id, job.id);
      else await failJob(this.db, this.id, job, outcome);
    } catch (err) {
      this.opts.log?.error({ err, job: job.id }, 'could not record job outcome');
    }
  }
}
