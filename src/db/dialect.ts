// Where SQLite and PostgreSQL differ, side by side (as Kysely's own adapters keep them). A
// query module asks here instead of testing the dialect itself.
import { type Kysely, PostgresAdapter, type SelectQueryBuilder } from 'kysely';
import type { Q } from './types.ts';

export type Dialect = 'sqlite' | 'postgres';

/** The dialect a Kysely instance or transaction talks to. */
export const dialectOf = (db: Q | Kysely<any>): Dialect => (db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite');

/**
 * Rows a transaction reads to change, held from other transactions until it ends: `FOR
 * UPDATE` (with `SKIP LOCKED`, rows another transaction holds are passed over instead of
 * waited for) on PostgreSQL. SQLite lets one transaction write at a time, which holds them
 * already: the query is unchanged.
 */
export function forUpdate<T extends SelectQueryBuilder<any, any, any>>(db: Q, query: T, opts: { skipLocked?: boolean } = {}): T {
  if (dialectOf(db) !== 'postgres') return query;
  const locked = query.forUpdate();
  return (opts.skipLocked ? locked.skipLocked() : locked) as T;
}

/**
 * Holds the rows `query` selects from other writers until the transaction ends: `FOR UPDATE`
 * on PostgreSQL. On SQLite the transaction's write lock holds every row already, so nothing
 * runs.
 */
export async function lockRows(db: Q, query: SelectQueryBuilder<any, any, any>): Promise<void> {
  if (dialectOf(db) === 'postgres') await query.forUpdate().execute();
}

/** A boolean column's value: PostgreSQL has booleans, SQLite stores 0 and 1. */
export const bool = (db: Q, value: boolean) => (dialectOf(db) === 'postgres' ? value : value ? 1 : 0) as boolean;

/**
 * How many rows a workspace's counters are spread over (src/workspaces/counts.ts). On
 * PostgreSQL every write that counts locks the row it adds to until it commits, so one row
 * would make every concurrent ingestion of a workspace wait for the one before it; spread
 * over 16, they rarely meet. SQLite has one writer at a time anyway: one row, one read.
 */
export const counterSlots = (db: Q) => (dialectOf(db) === 'postgres' ? 16 : 1);

/** A unique-constraint violation, as either dialect reports it. */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
