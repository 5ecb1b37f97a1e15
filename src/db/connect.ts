import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  type SqliteDatabase,
  type Transaction,
} from 'kysely';
import { type DatabaseConfig, DEFAULT_SQLITE_CACHE_MB } from '../config.ts';
import { fromPgTimestamp } from '../timestamps.ts';
import { type CheckpointOptions, startCheckpointer } from './checkpointer.ts';
import type { Database } from './types.ts';

import type { Dialect } from './dialect.ts';

export type { Dialect };

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /**
   * Runs fn in a transaction and resolves once it has committed. On SQLite, writes that
   * arrive together share one transaction (group commit): each runs in its own savepoint,
   * so one that throws is rolled back alone and its caller gets the error, while the others
   * commit together. A commit — and the WAL checkpoints behind it — is the dominant cost of a
   * small SQLite write, so sharing it is what lets ingestion keep up with many clients.
   * On PostgreSQL every call is its own transaction: the server already commits in groups.
   */
  write<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * better-sqlite3 as Kysely sees it, with two costs taken out of every query:
 * - Kysely prepares each query afresh, which costs as much as running a small one; here
 *   statements are kept by SQL text (our queries are a fixed set of shapes; the cap guards
 *   against a shape with a varying number of parameters).
 * - better-sqlite3 builds each result row as an object one property at a time, which for a
 *   20-column row costs more than reading it. Readers run in raw mode (arrays) and each row
 *   becomes an object through a function compiled once per statement from its column names,
 *   so every row of a statement shares one object shape.
 */
function withStatementCache(sqlite: SQLite.Database, max = 1000): SqliteDatabase {
  const cache = new Map<string, ReturnType<SqliteDatabase['prepare']>>();
  return {
    close: () => sqlite.close(),
    prepare: (sql: string) => {
      let stmt = cache.get(sql);
      if (!stmt) {
        if (cache.size >= max) cache.clear();
        stmt = fastRows(sqlite.prepare(sql));
        cache.set(sql, stmt);
      }
      return stmt;
    },
  };
}

function fastRows(stmt: SQLite.Statement): ReturnType<SqliteDatabase['prepare']> {
  if (!stmt.reader) return stmt as unknown as ReturnType<SqliteDatabase['prepare']>;
  const names = stmt.columns().map((c) => c.name);
  const toObject = new Function('r', `return {${names.map((n, i) => `${JSON.stringify(n)}: r[${i}]`).join(', ')}};`) as (r: unknown[]) => unknown;
  const raw = stmt.raw(true);
  return {
    reader: true,
    readonly: stmt.readonly,
    all: (parameters: ReadonlyArray<unknown>) => (raw.all(parameters) as unknown[][]).map(toObject),
    run: (parameters: ReadonlyArray<unknown>) => raw.run(parameters),
    *iterate(parameters: ReadonlyArray<unknown>) {
      for (const row of raw.iterate(parameters) as IterableIterator<unknown[]>) yield toObject(row);
    },
  } as unknown as ReturnType<SqliteDatabase['prepare']>;
}

/**
 * SQLite transactions here only ever write, so they start with BEGIN IMMEDIATE. Kysely's plain
 * BEGIN is deferred: the transaction reads first and asks for the write lock later, and if
 * another process (the CLI, a second worker) committed in between, SQLite refuses the upgrade
 * at once with "database is locked" — the busy timeout does not apply to a stale snapshot.
 * IMMEDIATE takes the write lock up front and waits for it (busy_timeout) instead.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class SqliteWriterDialect extends SqliteDialect {
  constructor(private readonly writerConfig: SqliteDialectConfig) {
    super(writerConfig);
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.writerConfig);
  }
}

interface PendingWrite {
  fn: (trx: Transaction<Database>) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

/**
 * Where a precompiled query (db/prepared.ts) can run straight on a SQLite connection, without
 * the few promise hops and object copies Kysely's executor adds to every query:
 * - inside a group commit (keyed by its transaction), on the writer connection the transaction
 *   holds: exactly what Kysely would run;
 * - outside one (keyed by the Kysely instance), a read-only statement runs on a second
 *   connection. In WAL mode it reads the last committed state while a group commit is open on
 *   the writer, so a read neither waits behind a batch of writes nor sees its uncommitted rows.
 *   Anything that writes still goes through Kysely to the writer.
 */
const directStatements = new WeakMap<object, { statements: SqliteDatabase; readsOnly: boolean }>();

export function directSqlite(db: object) {
  return directStatements.get(db);
}

class GroupCommit {
  private queue: PendingWrite[] = [];
  private flushing = false;
  private paused = false;
  private idle: (() => void)[] = [];

  constructor(private readonly kysely: Kysely<Database>, private readonly statements: SqliteDatabase, private readonly maxBatch = 256) {}

  run<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ fn, resolve: resolve as (v: unknown) => void, reject });
      if (!this.flushing && !this.paused) this.schedule();
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
    if (this.queue.length && !this.flushing) this.schedule();
  }

  private schedule() {
    this.flushing = true;
    setImmediate(() => void this.flush());
  }

  private async flush() {
    while (this.queue.length && !this.paused) {
      const batch = this.queue.splice(0, this.maxBatch);
      const outcomes: ({ ok: true; value: unknown } | { ok: false; err: unknown })[] = [];
      try {
        const trx = await this.kysely.startTransaction().execute();
        directStatements.set(trx, { statements: this.statements, readsOnly: false });
        const savepoint = this.statements.prepare('savepoint w');
        const release = this.statements.prepare('release w');
        const rollbackTo = this.statements.prepare('rollback to w');
        try {
          for (const item of batch) {
            // Savepoints are plain statements on the connection the transaction holds.
            savepoint.run([]);
            try {
              const value = await item.fn(trx);
              release.run([]);
              outcomes.push({ ok: true, value });
            } catch (err) {
              rollbackTo.run([]);
              release.run([]);
              outcomes.push({ ok: false, err });
            }
          }
          await trx.commit().execute();
        } catch (err) {
          await trx.rollback().execute().catch(() => {});
          throw err;
        }
      } catch (err) {
        for (const item of batch) item.reject(err);
        continue;
      }
      batch.forEach((item, i) => {
        const o = outcomes[i]!;
        if (o.ok) item.resolve(o.value);
        else item.reject(o.err);
      });
    }
    this.flushing = false;
    for (const resolve of this.idle.splice(0)) resolve();
  }
}

// pg hands timestamptz back as Date and int8 (count(*)) as string. Both dialects answer with
// ISO strings and numbers instead, so no query result needs per-dialect conversion.
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === pg.types.builtins.TIMESTAMPTZ || oid === pg.types.builtins.TIMESTAMP) {
      return fromPgTimestamp;
    }
    if (oid === pg.types.builtins.INT8) return (v: string) => Number(v);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

export function connect(config: DatabaseConfig, opts: { poolSize?: number; checkpoint?: CheckpointOptions } = {}): Db {
  if (config.dialect === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.connectionString, max: opts.poolSize ?? 10, types: pgTypes });
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: 'postgres', write: (fn) => kysely.transaction().execute(fn), close: () => kysely.destroy() };
  }
  if (config.filename !== ':memory:') fs.mkdirSync(path.dirname(config.filename), { recursive: true });
  const sqlite = new SQLite(config.filename);
  sqlite.pragma('journal_mode = WAL');
  // FULL unless NORMAL was asked for by name (SQLITE_SYNCHRONOUS, config.ts): Replydesk is
  // the system of record for the replies it acknowledges.
  sqlite.pragma(`synchronous = ${config.synchronous === 'normal' ? 'NORMAL' : 'FULL'}`);
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  // Checkpoints run in a worker thread (db/checkpointer.ts), which also lets the log start
  // over once it passes 16,384 pages; this is only the backstop, should that fail.
  sqlite.pragma('wal_autocheckpoint = 50000');
  // The cache budget (SQLITE_CACHE_MB, config.ts): two thirds for the writer, whose pages a
  // write must read and dirty, a third for the reader. Memory-mapped I/O stays off: mapped
  // pages count in the process's resident memory (~200 MiB of the 490 MiB peak in the
  // benchmark with a 256 MiB map) and the benchmark showed no speed from them.
  const cacheKiB = (config.cacheMiB ?? DEFAULT_SQLITE_CACHE_MB) * 1024;
  sqlite.pragma(`cache_size = -${Math.round((cacheKiB * 2) / 3)}`);
  // Each write of a group commit runs in a savepoint, and SQLite keeps the original of every
  // page a savepoint changes in a sub-journal. With temp_store = FILE that journal spills to
  // a temporary file after 64 KB: ~30 pwrite calls per ingested reply, a third of its system
  // time. In memory it is a copy (bounded by one write's pages, freed at its RELEASE).
  sqlite.pragma('temp_store = MEMORY');
  const statements = withStatementCache(sqlite);
  const kysely = new Kysely<Database>({ dialect: new SqliteWriterDialect({ database: statements }) });
  const group = new GroupCommit(kysely, statements);
  const inMemory = config.filename === ':memory:';
  // (a second connection to :memory: would be a second, empty database)
  const reader = inMemory ? null : new SQLite(config.filename);
  if (reader) {
    reader.pragma('busy_timeout = 5000');
    reader.pragma(`cache_size = -${Math.round(cacheKiB / 3)}`);
    directStatements.set(kysely, { statements: withStatementCache(reader), readsOnly: true });
  }
  const fileFd = inMemory ? null : fs.openSync(config.filename, 'r');
  const stopCheckpointer = fileFd === null ? async () => {} : startCheckpointer(config.filename, fileFd, group, opts.checkpoint);
  return {
    kysely,
    dialect: 'sqlite',
    write: (fn) => group.run(fn),
    close: async () => {
      await stopCheckpointer();
      await kysely.destroy();
      reader?.close();
      if (fileFd !== null) fs.closeSync(fileFd);
    },
  };
}

/** A unique-constraint violation, as either dialect reports it. */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
