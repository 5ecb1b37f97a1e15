// db.write, both ways: SQLite's group commit and PostgreSQL's transaction per call, with the
// after-commit hooks that both keep the same way.
import type { Kysely } from 'kysely';
import type { PausableWriter } from './checkpointer.ts';
import { isDeadlock } from './dialect.ts';
import { bindDirect, type StatementCache } from './sqlite.ts';
import type { Database, Tx } from './types.ts';

export type WriteFn<T> = (trx: Tx) => Promise<T>;

export interface WriteOptions {
  /**
   * The write records something that has already happened outside the database and must be
   * durable as soon as it can be (mail/transport.ts: an SMTP server's 250). SQLite: it goes
   * before every queued ordinary write, in a batch of urgent writes only. PostgreSQL: it runs
   * on a connection kept for urgent writes, never waiting for the pool.
   */
  urgent?: boolean;
}

// The hooks of the write running in each open transaction. On SQLite a transaction carries a
// batch of writes, one after the other: the list is swapped for each, and a write that throws
// takes its hooks with it.
const hooksOf = new WeakMap<object, (() => void)[]>();

/**
 * Runs `fn` once the write that `trx` belongs to has committed, and never if it rolls back:
 * for what must not happen before the change is visible to others (waking the job workers).
 * A hook runs synchronously before the write's promise resolves; one that throws is ignored.
 */
export function afterCommit(trx: Tx, fn: () => void): void {
  const hooks = hooksOf.get(trx);
  if (!hooks) throw new Error('afterCommit() called with a transaction db.write did not open');
  hooks.push(fn);
}

/**
 * Runs statements of one write that do not depend on each other, and answers their results in
 * argument order. They run in no promised order: a precompiled query may overtake a built one.
 * On PostgreSQL they leave for the server in one socket write instead of one round trip each
 * (postgres.ts); on SQLite they run one after the other, as they would anyway.
 * Unlike Promise.all it waits for every one of them before it returns or throws (the first
 * failure, in argument order): a write must have nothing still running once it ends, or a
 * statement would reach the server after the ROLLBACK, outside the transaction.
 */
export async function together<T extends readonly unknown[]>(work: [...T]): Promise<{ [K in keyof T]: Awaited<T[K]> }> {
  const settled = await Promise.allSettled(work);
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as { [K in keyof T]: Awaited<T[K]> };
}

function runHooks(hooks: (() => void)[]) {
  for (const hook of hooks) {
    try {
      hook();
    } catch {
      // a hook's failure is not the write's: it has committed
    }
  }
}

/**
 * PostgreSQL: every call its own transaction; the server already commits in groups. A
 * transaction the server ended to break a deadlock is run again, from the start (up to
 * DEADLOCK_RETRIES times): nothing of it was kept, and the other side has gone on.
 */
export async function writeAlone<T>(transaction: <V>(fn: WriteFn<V>) => Promise<V>, fn: WriteFn<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const hooks: (() => void)[] = [];
    try {
      const value = await transaction((trx) => {
        hooksOf.set(trx, hooks);
        return fn(trx);
      });
      runHooks(hooks);
      return value;
    } catch (err) {
      if (!isDeadlock(err) || attempt >= DEADLOCK_RETRIES) throw err;
    }
  }
}

const DEADLOCK_RETRIES = 3;

interface PendingWrite {
  fn: WriteFn<unknown>;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

/**
 * SQLite: writes that arrive together share one transaction. Each runs in its own savepoint,
 * so one that throws is rolled back alone and its caller gets the error, while the others
 * commit together. A commit — and the fsync behind it — is the dominant cost of a small SQLite
 * write, so sharing it is what lets ingestion keep up with many clients.
 */
export class GroupCommit implements PausableWriter {
  private queue: PendingWrite[] = [];
  /**
   * Writes that record what already happened outside (an SMTP server's 250): they go first,
   * in a batch of their own, so none waits for a long batch of ordinary writes to be built.
   */
  private urgent: PendingWrite[] = [];
  private flushing = false;
  private paused = false;
  private idle: (() => void)[] = [];

  constructor(
    private readonly kysely: Kysely<Database>,
    private readonly statements: StatementCache,
    private readonly maxBatch = 256,
  ) {}

  run<T>(fn: WriteFn<T>, opts: WriteOptions = {}): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      (opts.urgent ? this.urgent : this.queue).push({ fn, resolve: resolve as (v: unknown) => void, reject });
      if (!this.flushing && !this.paused) this.schedule(opts.urgent);
    });
  }

  /** Holds commits (writes still queue) until resume(); resolves once none is in progress. */
  pause(): Promise<void> {
    this.paused = true;
    if (!this.flushing) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  resume() {
    this.paused = false;
    if ((this.queue.length || this.urgent.length) && !this.flushing) this.schedule();
  }

  // An ordinary write waits for the end of the turn, so the writes of one turn share a commit;
  // an urgent one starts at once.
  private schedule(urgent = false) {
    this.flushing = true;
    if (urgent) queueMicrotask(() => void this.flush());
    else setImmediate(() => void this.flush());
  }

  private async flush() {
    while ((this.queue.length || this.urgent.length) && !this.paused) {
      const batch = this.urgent.length ? this.urgent.splice(0, this.maxBatch) : this.queue.splice(0, this.maxBatch);
      const outcomes: ({ ok: true; value: unknown; hooks: (() => void)[] } | { ok: false; err: unknown })[] = [];
      try {
        const trx = await this.kysely.startTransaction().execute();
        bindDirect(trx, this.statements, true);
        const savepoint = this.statements.prepare('savepoint w');
        const release = this.statements.prepare('release w');
        const rollbackTo = this.statements.prepare('rollback to w');
        try {
          for (const item of batch) {
            // Savepoints are plain statements on the connection the transaction holds.
            savepoint.run([]);
            const hooks: (() => void)[] = [];
            hooksOf.set(trx, hooks);
            try {
              const value = await item.fn(trx);
              release.run([]);
              outcomes.push({ ok: true, value, hooks });
            } catch (err) {
              rollbackTo.run([]);
              release.run([]);
              outcomes.push({ ok: false, err });
            }
          }
          hooksOf.delete(trx);
          await trx.commit().execute();
        } catch (err) {
          hooksOf.delete(trx);
          await trx
            .rollback()
            .execute()
            .catch(() => {});
          throw err;
        }
      } catch (err) {
        for (const item of batch) item.reject(err);
        continue;
      }
      batch.forEach((item, i) => {
        const o = outcomes[i]!;
        if (o.ok) {
          runHooks(o.hooks);
          item.resolve(o.value);
        } else {
          item.reject(o.err);
        }
      });
    }
    this.flushing = false;
    for (const resolve of this.idle.splice(0)) resolve();
  }
}
