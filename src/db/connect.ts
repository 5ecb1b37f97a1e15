// The one way into the database. connect() hands out a Db with two paths, and every query in
// src/ runs on one of them:
//
//   db.read   reads; never a write (a query that writes takes a Tx, which db.read is not)
//   db.write  a transaction that commits before its promise resolves
//
// Which connection each uses is below; the SQLite settings are in sqlite.ts, the transactions
// in group-commit.ts, the PostgreSQL pool in postgres.ts, the dialect differences a query
// needs in dialect.ts.
import { type Kysely, sql } from 'kysely';
import type { DatabaseConfig } from '../config/index.ts';
import { type CheckpointOptions, startCheckpointer } from './checkpointer.ts';
import { type Dialect, refreshPlannerStatistics } from './dialect.ts';
import { GroupCommit, type WriteFn, type WriteOptions, writeAlone } from './group-commit.ts';
import { maintainWithoutAutovacuum, openPipelinedReader, openPostgres } from './postgres.ts';
import { openSqlite } from './sqlite.ts';
import type { Database } from './types.ts';

export type { Dialect };
export { afterCommit, together, type WriteOptions } from './group-commit.ts';

export interface Db {
  readonly dialect: Dialect;
  /**
   * Reads committed rows, outside any transaction. On SQLite it is a read-only connection of
   * its own: it never waits behind a batch of writes and never sees one that has not committed
   * (with `:memory:` it is the writer, as a second connection would be another database). On
   * PostgreSQL it is a few connections shared by all reads at once (postgres.ts). Inside
   * db.write, read through the transaction instead.
   */
  readonly read: Kysely<Database>;
  /**
   * Runs `fn` in a transaction and resolves once it has committed; if `fn` throws, its changes
   * are rolled back and the promise rejects with that error. `afterCommit(trx, hook)` (from
   * here) runs a hook after that commit and never after a rollback.
   * - SQLite: writes that arrive together share one transaction on the writer connection
   *   (group commit), each in its own savepoint, so one that throws is rolled back alone. The
   *   checkpointer can hold every write here for a few milliseconds (checkpointer.ts).
   * - PostgreSQL: every call is its own transaction from the pool, its statements pipelined
   *   (postgres.ts): the ones `fn` runs `together` (from here) cost one round trip. One that
   *   the server ends to break a deadlock is run again from the start (group-commit.ts), so
   *   `fn` must do nothing outside the transaction that a second run would repeat.
   * `{urgent: true}` is for a small write that records what already happened outside (an SMTP
   * server's 250): it goes ahead of ordinary writes (WriteOptions).
   */
  write<T>(fn: WriteFn<T>, opts?: WriteOptions): Promise<T>;
  /**
   * The writer outside any transaction, for the migrations only (db/migrate.ts): they run
   * before any other query and take a lock of their own.
   */
  readonly migrations: Kysely<Database>;
  /**
   * Brings the query planner's statistics up to date where the database does not keep them
   * itself, and makes every connection plan with them. SQLite: `PRAGMA optimize` (dialect.ts),
   * and the reader is reopened when they changed (sqlite.ts). PostgreSQL: nothing while
   * autovacuum is on; with it off, autovacuum's work on our tables (postgres.ts). At the end of
   * the migrations, then every 15 s (job-handlers.ts).
   */
  refreshPlannerStatistics(): Promise<void>;
  /** Resolves once the database answers a trivial read (the health check). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const ping = async (db: Kysely<Database>) => {
  await sql`select 1`.execute(db);
};

/** PostgreSQL: db.read's pipelined connections (postgres.ts), besides the pool of db.write. */
const READ_CONNECTIONS = 4;
/** PostgreSQL: connections kept for urgent writes, besides the pool of db.write. */
const URGENT_CONNECTIONS = 4;

export function connect(config: DatabaseConfig, opts: { poolSize?: number; checkpoint?: CheckpointOptions } = {}): Db {
  if (config.dialect === 'postgres') {
    const { kysely, transaction } = openPostgres(config.connectionString, opts.poolSize ?? 10);
    const urgent = openPostgres(config.connectionString, URGENT_CONNECTIONS);
    const reader = openPipelinedReader(config.connectionString, READ_CONNECTIONS);
    return {
      dialect: 'postgres',
      read: reader,
      write: (fn, o) => writeAlone(o?.urgent ? urgent.transaction : transaction, fn),
      migrations: kysely,
      refreshPlannerStatistics: () => maintainWithoutAutovacuum(kysely),
      ping: () => ping(kysely),
      close: async () => {
        await Promise.all([reader.destroy(), kysely.destroy(), urgent.kysely.destroy()]);
      },
    };
  }
  const sqlite = openSqlite(config);
  const group = new GroupCommit(sqlite.writer, sqlite.writerStatements);
  const stopCheckpointer = sqlite.fileFd === null ? async () => {} : startCheckpointer(config.filename, sqlite.fileFd, group, opts.checkpoint);
  return {
    dialect: 'sqlite',
    read: sqlite.reader,
    write: (fn, o) => group.run(fn, o),
    migrations: sqlite.writer,
    refreshPlannerStatistics: async () => {
      await group.run(refreshPlannerStatistics);
      sqlite.reloadStatistics();
    },
    ping: () => ping(sqlite.reader),
    close: async () => {
      await stopCheckpointer();
      await sqlite.close();
    },
  };
}
