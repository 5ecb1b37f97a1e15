// The SQLite side of connect.ts: two connections to one file, each with its settings and a
// statement cache, and each with the Kysely instance that runs on it.
//
// - The writer runs every transaction (BEGIN IMMEDIATE), and only inside db.write's group
//   commit (group-commit.ts) — apart from the migrations, which run before anything else.
// - The reader is opened read-only. In WAL mode it reads the last committed state while a
//   group commit is open on the writer, so a read never waits behind a batch of writes and
//   never sees its uncommitted rows; a write sent to it fails ("readonly database").
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery, type DatabaseConnection, type Driver, Kysely, SqliteDialect, type SqliteDialectConfig, type SqliteDatabase, SqliteDriver } from 'kysely';
import { type DatabaseConfig, DEFAULT_SQLITE_CACHE_MB } from '../config/index.ts';
import type { Database } from './types.ts';

type SqliteDialectConfigSqlite = DatabaseConfig & { dialect: 'sqlite' };

/** A statement as the cache hands it out: what Kysely's driver uses, and its flags. */
export type CachedStatement = ReturnType<SqliteDatabase['prepare']> & { readonly readonly: boolean };

export interface StatementCache extends SqliteDatabase {
  prepare(sql: string): CachedStatement;
}

/**
 * better-sqlite3 as Kysely sees it, with two costs taken out of every query:
 * - Kysely prepares each query afresh, which costs as much as running a small one; here
 *   statements are kept by SQL text (our queries are a fixed set of shapes; the cap guards
 *   against a shape with a varying number of parameters).
 * - better-sqlite3 builds each result row as an object one property at a time, which for a
 *   20-column row costs more than reading it. Readers with a column list run in raw mode
 *   (arrays) and each row becomes an object through a function compiled once per statement
 *   from its column names, so every row of a statement shares one object shape. Measured
 *   2026-11-23 (scratch micro-benchmark, 500 replies): a 50-row list page 80 µs with it,
 *   113 µs without; a reply's detail row 6.1 µs against 8.8 µs.
 */
function withStatementCache(open: () => SQLite.Database, max = 1000): StatementCache & { reopen(): void } {
  const cache = new Map<string, CachedStatement>();
  let sqlite = open();
  return {
    close: () => sqlite.close(),
    prepare: (sql: string) => {
      let stmt = cache.get(sql);
      if (!stmt) {
        if (cache.size >= max) cache.clear();
        stmt = rowsAsObjects(sqlite.prepare(sql), sql);
        cache.set(sql, stmt);
      }
      return stmt;
    },
    /** Closes the connection and opens another with `open`; statements are prepared afresh on it. */
    reopen() {
      const old = sqlite;
      sqlite = open();
      cache.clear();
      old.close();
    },
  };
}

// `select *` and `t.*`: columns that follow the schema, which another connection (a migration)
// may change after the statement was cached. Their rows are built by better-sqlite3 from the
// columns of the moment; an explicit column list names the same columns whatever the schema.
const SELECTS_ALL = /\bselect\s+\*|\.\*/i;

function rowsAsObjects(stmt: SQLite.Statement, sql: string): CachedStatement {
  if (!stmt.reader || SELECTS_ALL.test(sql)) return stmt as unknown as CachedStatement;
  const names = stmt.columns().map((c) => c.name);
  // Generated once per statement: a literal-shaped constructor V8 optimises like a class. Kept
  // because it measured a 50-row page 113 → 80 µs and a reply's row 8.8 → 6.1 µs
  // (docs/performance.md, the tricks table; off: return the statement unchanged above).
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the code is built from column names through JSON.stringify, and measured (above)
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
  } as unknown as CachedStatement;
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

/**
 * Where a precompiled query (db/prepared.ts) can run straight on a connection, without the
 * few promise hops and object copies Kysely's executor adds to every query: keyed by the
 * reader's Kysely instance (its read-only connection) and by each open write transaction
 * (the writer connection it holds; group-commit.ts adds and removes them).
 */
const direct = new WeakMap<object, { statements: StatementCache; writable: boolean }>();

export const directStatements = (db: object) => direct.get(db);
export const bindDirect = (db: object, statements: StatementCache, writable: boolean) => direct.set(db, { statements, writable });

export interface SqliteConnections {
  writer: Kysely<Database>;
  /** The writer connection's statements, for the group commit's savepoints. */
  writerStatements: StatementCache;
  /** The reader; the writer itself for `:memory:`, where a second connection would be a second database. */
  reader: Kysely<Database>;
  /**
   * Reopens the reader when the planner's statistics (sqlite_stat1) have changed since it
   * opened, so that it plans with them; the writer's own ANALYZE already re-plans the writer.
   */
  reloadStatistics(): void;
  /** The database file, open for the checkpoint worker's fsync (null for `:memory:`). */
  fileFd: number | null;
  close(): Promise<void>;
}

/** What sqlite_stat1 holds, as one string (empty before the first ANALYZE). */
function statisticsOf(statements: StatementCache): string {
  const [exists] = statements.prepare(`select 1 as x from sqlite_master where name = 'sqlite_stat1'`).all([]);
  if (!exists) return '';
  const [row] = statements.prepare(`select group_concat(tbl || ' ' || idx || ' ' || stat, ';') as s from sqlite_stat1`).all([]) as { s: string | null }[];
  return row?.s ?? '';
}

export function openSqlite(config: SqliteDialectConfigSqlite): SqliteConnections {
  const inMemory = config.filename === ':memory:';
  if (!inMemory) fs.mkdirSync(path.dirname(config.filename), { recursive: true });
  const sqlite = new SQLite(config.filename);
  sqlite.pragma('journal_mode = WAL');
  // FULL unless NORMAL was asked for by name (SQLITE_SYNCHRONOUS, config/index.ts): Replydesk is
  // the system of record for the replies it acknowledges.
  sqlite.pragma(`synchronous = ${config.synchronous === 'normal' ? 'NORMAL' : 'FULL'}`);
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  // Checkpoints run in a worker thread (db/checkpointer.ts), which also lets the log start
  // over once it passes 16,384 pages; this is only the backstop, should that fail.
  sqlite.pragma('wal_autocheckpoint = 50000');
  // The cache budget (SQLITE_CACHE_MB, config/index.ts): two thirds for the writer, whose pages a
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
  // ANALYZE (run by `PRAGMA optimize`, dialect.ts) samples at most this many rows per index: the
  // planner's statistics in milliseconds, whatever the size of the database
  sqlite.pragma('analysis_limit = 1000');
  const writerStatements = withStatementCache(() => sqlite);
  const writer = new Kysely<Database>({ dialect: new SqliteWriterDialect({ database: writerStatements }) });

  let reader = writer;
  let reloadStatistics = () => {};
  if (!inMemory) {
    const readerStatements = withStatementCache(() => {
      const connection = new SQLite(config.filename, { readonly: true });
      connection.pragma('busy_timeout = 5000');
      connection.pragma(`cache_size = -${Math.round(cacheKiB / 3)}`);
      return connection;
    });
    reader = new Kysely<Database>({ dialect: new SqliteDialect({ database: readerStatements }) });
    bindDirect(reader, readerStatements, false);
    // SQLite loads the planner's statistics when a connection reads the schema, and ANALYZE
    // on the writer changes no schema: a long-lived reader would plan with the statistics of
    // its first minute, when the tables were small, for the rest of its life (a triage read of
    // 50 replies by id walked the whole workspace: 140 ms at 40,000 replies and growing).
    let loaded = statisticsOf(readerStatements);
    reloadStatistics = () => {
      const now = statisticsOf(readerStatements);
      if (now === loaded) return;
      readerStatements.reopen();
      loaded = now;
    };
  }
  const fileFd = inMemory ? null : fs.openSync(config.filename, 'r');
  return {
    writer,
    writerStatements,
    reader,
    reloadStatistics: () => reloadStatistics(),
    fileFd,
    close: async () => {
      if (reader !== writer) await reader.destroy();
      await writer.destroy();
      // Only after every connection is closed: closing any descriptor of a file drops all
      // of the process's POSIX locks on it, SQLite's included.
      if (fileFd !== null) fs.closeSync(fileFd);
    },
  };
}
