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
import { afterCommit } from '../db/connect.ts';
import { forUpdate } from '../db/dialect.ts';
import { preparedInsert } from '../db/prepared.ts';
import type { JobTable, Tx } from '../db/types.ts';

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

/** Queues a job in the caller's write; the workers of this process are woken once it commits. */
export async function enqueue(db: Tx, job: NewJob): Promise<string> {
  // one row through a precompiled INSERT: ingestion queues one per reply (triage)
  const [row] = jobRows([job]);
  await insertJob(db, row!);
  afterCommit(db, wakeWorkers);
  return row!.id;
}

const insertJob = preparedInsert('jobs', [
  'id',
  'workspace_id',
  'kind',
  'payload',
  'status',
  'attempts',
  'max_attempts',
  'run_at',
  'locked_by',
  'locked_until',
  'last_error',
  'created_at',
  'updated_at',
]);

function jobRows(jobs: NewJob[]) {
  const t = new Date().toISOString();
  return jobs.map((job) => ({
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
}

/** Several jobs in one INSERT. */
export async function enqueueMany(db: Tx, jobs: NewJob[]): Promise<string[]> {
  if (!jobs.length) return [];
  const rows = jobRows(jobs);
  await db.insertInto('jobs').values(rows).execute();
  afterCommit(db, wakeWorkers);
  return rows.map((r) => r.id);
}

const wakeWorkers = () => jobSignals.emit('jobs');

/** Moves a queued (not running) job's next run to `at`; false when it is running or gone. */
export async function runJobNow(db: Tx, jobId: string, at: string): Promise<boolean> {
  const res = await db.updateTable('jobs').set({ run_at: at, updated_at: at }).where('id', '=', jobId).where('status', '=', 'queued').executeTakeFirst();
  const moved = Number(res.numUpdatedRows) > 0;
  if (moved) afterCommit(db, wakeWorkers);
  return moved;
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

export async function claimJobs(k: Tx, workerId: string, opts: { limit: number; leaseMs: number; kinds?: string[] }): Promise<Job[]> {
  const now = new Date();
  const nowIso = now.toISOString();
  const until = new Date(now.getTime() + opts.leaseMs).toISOString();
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

/** Completes several held jobs in one statement (one commit); returns how many were still held. */
export async function completeJobs(db: Tx, workerId: string, jobIds: string[]): Promise<number> {
  if (!jobIds.length) return 0;
  const res = await db
    .updateTable('jobs')
    .set({ status: 'done', locked_by: null, locked_until: null, last_error: null, updated_at: new Date().toISOString() })
    .where('id', 'in', jobIds)
    .where('locked_by', '=', workerId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export async function failJob(db: Tx, workerId: string, job: Job, outcome: Exclude<Outcome, { ok: true }>): Promise<'queued' | 'failed'> {
  const final = 'permanent' in outcome || job.attempts >= job.maxAttempts;
  const status = final ? 'failed' : 'queued';
  await db
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
