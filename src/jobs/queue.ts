// The job worker: claims due jobs (jobs/queries.ts, the table's SQL and its rules), runs
// their handlers and records each outcome. Every claim and outcome is a db.write of its own.
import { uuidv7 } from '../db/ids.ts';
import type { Db } from '../db/connect.ts';
import { claimJobs, completeJobs, failJob, type Handler, type Job, jobSignals, type Outcome } from './queries.ts';

export type { Handler, Job, NewJob, Outcome } from './queries.ts';

export interface Periodic {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
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
  /** Work this process runs on a timer beside the jobs (ending snoozes, say); one run at a time each. */
  periodic?: Periodic[];
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
  private timers: NodeJS.Timeout[] = [];
  private periodicRuns = new Set<Promise<void>>();

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
    for (const task of this.opts.periodic ?? []) {
      let busy = false;
      const tick = () => {
        if (busy || !this.running) return;
        busy = true;
        const run: Promise<void> = task
          .run()
          .then(
            () => {},
            (err: unknown) => this.opts.log?.error({ err, task: task.name }, 'periodic task failed'),
          )
          .finally(() => {
            busy = false;
            this.periodicRuns.delete(run);
          });
        this.periodicRuns.add(run);
      };
      this.timers.push(setInterval(tick, task.everyMs));
      // and once now: a worker that starts does what is due at once (a weekly report whose
      // Monday morning passed while it was down, wakes of snoozes)
      tick();
    }
  }

  /** Stops claiming, lets running jobs finish and records their outcomes. */
  async stop() {
    this.running = false;
    for (const timer of this.timers.splice(0)) clearInterval(timer);
    await Promise.all(this.periodicRuns);
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
    const opts = { limit, leaseMs: this.opts.leaseMs ?? 60_000, kinds: this.opts.kinds ?? Object.keys(this.handlers) };
    return this.db.write((trx) => claimJobs(trx, this.id, opts));
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
      await this.db.write((trx) => failJob(trx, this.id, job, outcome));
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
      await this.db.write((trx) => completeJobs(trx, this.id, ids));
    } catch (err) {
      this.opts.log?.error({ err, jobs: ids.length }, 'could not record job outcomes');
    }
  }
}
