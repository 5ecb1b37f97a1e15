import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { DatabaseConfig } from '../config.ts';
import type { Database } from './types.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

// pg hands timestamptz back as Date and int8 (count(*)) as string. Both dialects answer with
// ISO strings and numbers instead, so no query result needs per-dialect conversion.
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === pg.types.builtins.TIMESTAMPTZ || oid === pg.types.builtins.TIMESTAMP) {
      return (v: string) => new Date(v).toISOString();
    }
    if (oid === pg.types.builtins.INT8) return (v: string) => Number(v);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

export function connect(config: DatabaseConfig, opts: { poolSize?: number } = {}): Db {
  if (config.dialect === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.connectionString, max: opts.poolSize ?? 10, types: pgTypes });
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: 'postgres', close: () => kysely.destroy() };
  }
  if (config.filename !== ':memory:') fs.mkdirSync(path.dirname(config.filename), { recursive: true });
  const sqlite = new SQLite(config.filename);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { kysely, dialect: 'sqlite', close: () => kysely.destroy() };
}

/**
 * Kysely's SQLite driver prepares every statement it runs, and preparing costs more than
 * running a small one. The same SQL text reuses its prepared statement (better-sqlite3
 * statements are reusable and re-prepare themselves after a schema change). Bounded, since
 * IN lists and multi-row inserts make SQL texts that vary with their length.
 */
function withStatementCache(sqlite: SQLite.Database, size = 500) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let stmt = cache.get(text);
      if (!stmt) {
        stmt = sqlite.prepare(text);
        if (cache.size >= size) cache.delete(cache.keys().next().value!);
        cache.set(text, stmt);
      }
      return stmt;
    },
  };
}
