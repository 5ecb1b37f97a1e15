// The PostgreSQL side of connect.ts: the pool, the type parsers, and named statements.
import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import { fromPgTimestamp } from '../timestamps.ts';
import type { Database } from './types.ts';

// pg hands timestamptz back as Date and int8 (count(*)) as string. Both dialects answer with
// ISO strings and numbers instead, so no query result needs per-dialect conversion.
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === pg.types.builtins.TIMESTAMPTZ || oid === pg.types.builtins.TIMESTAMP) {
      return fromPgTimestamp;
    }
    if (oid === pg.types.builtins.INT8) return (v: string) => Number(v);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

/**
 * SQL texts that run as named prepared statements: PostgreSQL parses and plans each once per
 * connection instead of on every call. Only the precompiled queries of db/prepared.ts are
 * named (a fixed set of shapes), so a connection holds a bounded number of them.
 */
const names = new Map<string, string>();

export function nameStatement(sql: string) {
  if (!names.has(sql)) names.set(sql, `rd_${names.size}`);
}

class NamingClient extends pg.Client {
  // pg's query() has many overloads; Kysely calls query(text, values) and query(cursor).
  override query(config: any, values?: any, callback?: any): any {
    const name = typeof config === 'string' ? names.get(config) : undefined;
    if (name !== undefined) return super.query({ name, text: config, values }, callback);
    return super.query(config, values, callback);
  }
}

export function openPostgres(connectionString: string, poolSize: number): Kysely<Database> {
  const pool = new pg.Pool({ connectionString, max: poolSize, types, Client: NamingClient });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
