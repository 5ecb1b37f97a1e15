// Precompiled queries for hot paths. Building and compiling a Kysely query costs tens of
// microseconds, as much as running a small one on SQLite; a hot path's query has the same
// shape every time, only its values change. So the query is built once per database with a
// sentinel standing for each argument, compiled, and afterwards only the parameter list is
// rebuilt: the SQL text still comes from Kysely and the result type from the builder.
import type { CompiledQuery, Kysely, SqliteDatabase } from 'kysely';
import { directSqlite } from './connect.ts';
import type { Database, Q } from './types.ts';

interface Compilable<O> {
  compile(): CompiledQuery<O>;
}

export function prepared<K extends string, O>(keys: readonly K[], build: (db: Kysely<Database>, args: Record<K, any>) => Compilable<O>) {
  const sentinels = Object.fromEntries(keys.map((k) => [k, `\u0000arg:${k}\u0000`])) as Record<K, string>;
  const byDialect = new WeakMap<object, { compiled: CompiledQuery<O>; bind: (args: Record<K, unknown>) => unknown[] }>();

  function compileFor(db: Q) {
    // A transaction shares its Kysely instance's adapter; key the cache by the adapter.
    const adapter = db.getExecutor().adapter;
    let entry = byDialect.get(adapter);
    if (!entry) {
      const compiled = build(db as Kysely<Database>, sentinels).compile();
      // a parameter that is no sentinel is a constant of the query and is passed as compiled
      const slots = compiled.parameters.map((p) => keys.find((k) => sentinels[k] === p) ?? null);
      // The parameter list as one compiled function of the arguments: each query's argument
      // objects have one shape, so its reads stay monomorphic (a generic loop over the slots
      // read every query's arguments at one site, megamorphic).
      const list = slots.map((k, i) => (k === null ? `c[${i}]` : `a[${JSON.stringify(k)}]`)).join(', ');
      const bind = new Function('c', `return (a) => [${list}];`)(compiled.parameters) as (args: Record<K, unknown>) => unknown[];
      entry = { compiled, bind };
      byDialect.set(adapter, entry);
    }
    return entry;
  }

  return async (db: Q, args: Record<K, unknown>): Promise<O[]> => {
    const { compiled, bind } = compileFor(db);
    const parameters = bind(args);
    const direct = directSqlite(db);
    if (direct) {
      const stmt = direct.statements.prepare(compiled.sql) as ReturnType<SqliteDatabase['prepare']> & { readonly?: boolean };
      if (!direct.readsOnly) {
        if (stmt.reader) return stmt.all(parameters) as O[];
        stmt.run(parameters);
        return [];
      }
      if (stmt.readonly) return stmt.all(parameters) as O[];
    }
    const result = await db.executeQuery<O>({ ...compiled, parameters });
    return result.rows;
  };
}

/** A precompiled single-row INSERT of the given columns; call it with the row. */
export function preparedInsert<T extends keyof Database, K extends keyof Database[T] & string>(table: T, columns: readonly K[]) {
  return prepared(columns, (db, a) => db.insertInto(table).values(a as never));
}
