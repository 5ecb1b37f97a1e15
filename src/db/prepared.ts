// Precompiled queries for hot paths. Building and compiling a Kysely query costs tens of
// microseconds, as much as running a small one on SQLite; a hot path's query has the same
// shape every time, only its values change. So the query is built once per database with a
// sentinel standing for each argument, compiled, and afterwards only the parameter list is
// rebuilt: the SQL text still comes from Kysely, and the argument and result types from the
// builder function.
//
//   const byId = prepared((db, a: { ws: string; id: string }) =>
//     db.selectFrom('replies').select('subject').where('workspace_id', '=', a.ws).where('id', '=', a.id));
//   const rows = await byId(db.read, { ws, id }); // {subject: string}[]; a missing or mistyped argument fails tsc
//
// A query that writes takes a write transaction (Tx); one that reads takes db.read or a Tx.
import type { CompiledQuery, Insertable, Kysely, SelectQueryBuilder } from 'kysely';
import { nameStatement } from './postgres.ts';
import { directStatements } from './sqlite.ts';
import type { Database, Q, Tx } from './types.ts';

interface Compilable<O> {
  compile(): CompiledQuery<O>;
}
type Output<B> = B extends Compilable<infer O> ? O : never;
/** Where a prepared query may run: a read anywhere, a write only inside db.write. */
type RunsOn<B> = B extends SelectQueryBuilder<any, any, any> ? Q : Tx;

const SENTINEL = /^\u0000arg:(.*)\u0000$/;

/** Arguments whose every property is a placeholder naming itself. */
const placeholders = new Proxy({}, { get: (_, key) => (typeof key === 'string' ? `\u0000arg:${key}\u0000` : undefined) });

export function prepared<A extends object, B extends Compilable<any>>(build: (db: Kysely<Database>, args: A) => B) {
  type Entry = { compiled: CompiledQuery<Output<B>>; slots: (keyof A | null)[] };
  const byAdapter = new WeakMap<object, Entry>();

  function compileFor(db: Q): Entry {
    // A transaction shares its Kysely instance's adapter; key the cache by the adapter.
    const adapter = db.getExecutor().adapter;
    let entry = byAdapter.get(adapter);
    if (!entry) {
      const compiled = build(db as Kysely<Database>, placeholders as A).compile() as CompiledQuery<Output<B>>;
      // PostgreSQL runs it as a named statement (db/postgres.ts); SQLite's cache is by text anyway
      nameStatement(compiled.sql);
      // a parameter that is no placeholder is a constant of the query and is passed as compiled
      const slots = compiled.parameters.map((p) => (typeof p === 'string' ? ((SENTINEL.exec(p)?.[1] as keyof A | undefined) ?? null) : null));
      entry = { compiled, slots };
      byAdapter.set(adapter, entry);
    }
    return entry;
  }

  return async (db: RunsOn<B>, args: A): Promise<Output<B>[]> => {
    const { compiled, slots } = compileFor(db);
    const parameters = slots.map((key, i) => (key === null ? compiled.parameters[i] : args[key]));
    const direct = directStatements(db);
    if (direct) {
      const stmt = direct.statements.prepare(compiled.sql);
      if (stmt.reader) return stmt.all(parameters) as Output<B>[];
      stmt.run(parameters);
      return [];
    }
    const result = await db.executeQuery<Output<B>>({ ...compiled, parameters });
    return result.rows;
  };
}

/** A row of `table` with (exactly) the given columns, as a prepared INSERT takes it. */
export type RowOf<T extends keyof Database, K extends string> = Pick<Required<Insertable<Database[T]>>, K & keyof Insertable<Database[T]>>;

/**
 * The values of an INSERT of `columns`, read one by one from the arguments: a prepared query's
 * arguments are placeholders with no keys of their own to spread.
 */
export const valuesOf = <K extends string>(columns: readonly K[], args: Record<K, unknown>) => Object.fromEntries(columns.map((c) => [c, args[c]])) as never;

/** A precompiled single-row INSERT of the given columns; call it (in db.write) with the row. */
export function preparedInsert<T extends keyof Database, K extends keyof Database[T] & string>(table: T, columns: readonly K[]) {
  return prepared((db, a: RowOf<T, K>) => db.insertInto(table).values(valuesOf(columns, a as Record<K, unknown>)));
}
