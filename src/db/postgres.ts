// The PostgreSQL side of connect.ts: the write pool, the pipelined reader, the type parsers,
// named statements, and autovacuum's work where a server runs without it.
import pg from 'pg';
import { CompiledQuery, Kysely, PostgresDialect, sql, Transaction, type DatabaseConnection, type PostgresPool, type PostgresPoolClient, type QueryResult } from 'kysely';
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
    return pg.types.getTypeParser(oid, format) as (value: string) => unknown;
  },
} as pg.CustomTypesConfig;

/**
 * Every connection's session: UTC, so timestamps come back in the one shape that
 * fromPgTimestamp rewrites without a Date (values are stored as instants either way).
 */
const session = { types, options: '-c TimeZone=UTC' };

/**
 * db.read's few connections also sort and build bitmaps in up to 32 MB (the default is 4): a
 * common word's matches at a million replies (175,000-455,000) overflow a 4 MB bitmap, which
 * then keeps only pages and has every row on them parsed again — 17.6 s against 2.4 s
 * (docs/performance.md "Search while replies arrive"). Four connections: at most 128 MB.
 */
const readSession = { ...session, options: `${session.options} -c work_mem=32MB` };

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
    if (name !== undefined) return super.query({ name, text: config as string, values: values as unknown[] | undefined }, callback);
    // eslint-disable-next-line @typescript-eslint/no-unsafe-argument -- any of pg's overloads (text, config, cursor), passed on as given
    return super.query(config, values, callback);
  }
}

/**
 * Sends a query on a connection in pipeline mode without waiting for the ones ahead of it: the
 * queries sent in one turn of the event loop leave in one write to the socket
 * (cork → setImmediate → uncork). On loopback a socket write costs the writer the receiving
 * side's TCP work too: one write per query was a third of the server's CPU time on
 * GET /api/replies/{id} (four reads) and half of it on PATCH.
 */
function sendBatched(client: NamingClient, text: string, values: readonly unknown[]) {
  if (!corked.has(client)) {
    // looked up per write, not once: with SSL, pg swaps in the TLS stream after connecting
    const stream = (client as unknown as { connection: { stream: import('node:net').Socket } }).connection.stream;
    corked.add(client);
    stream.cork();
    setImmediate(() => {
      corked.delete(client);
      stream.uncork();
    });
  }
  return client.query(text, values as unknown[]) as Promise<pg.QueryResult<Record<string, unknown>>>;
}
const corked = new WeakSet<pg.Client>();

/** The runner of db.write's transactions, and the same pool as a plain Kysely (migrations, maintenance). */
export interface PostgresWriter {
  kysely: Kysely<Database>;
  /** Uses no \`this\`: connect.ts hands it around on its own. */
  transaction: <T>(fn: (trx: Transaction<Database>) => Promise<T>) => Promise<T>;
}

/**
 * The pool of connections that transactions (db.write) take one at a time, in pipeline mode.
 * A transaction's statements do not wait for each other to be sent: BEGIN leaves with the
 * transaction's first statement, and the statements a write runs `together` (group-commit.ts)
 * leave in one socket write. The server runs them in the order sent and answers in that order;
 * after one fails, the rest of the transaction fails too ("current transaction is aborted"),
 * as it would have one after the other.
 *
 * Kysely's own transactions send each statement only once the one before has answered (its
 * Transaction takes the connection for one query at a time); `transaction` builds the same
 * Transaction over a connection handed to every statement at once. Everything else about it
 * (query building, compiling, results) is Kysely's.
 */
export function openPostgres(connectionString: string, poolSize: number): PostgresWriter {
  const pool = new pg.Pool({ connectionString, max: poolSize, ...session, Client: NamingClient, pipeline: true } as pg.PoolConfig);
  const dialect = new PostgresDialect({ pool });
  const kysely = new Kysely<Database>({ dialect });
  // the Transaction's own: it never opens a connection (a Transaction refuses transaction()
  // and connection()), so this driver is never initialised
  const props = { config: { dialect }, dialect, driver: dialect.createDriver() };
  return {
    kysely,
    async transaction(fn) {
      const client = (await pool.connect()) as unknown as NamingClient & pg.PoolClient;
      const connection: DatabaseConnection = {
        async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
          const { command, rowCount, rows } = await sendBatched(client, query.sql, query.parameters);
          const changed = command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE';
          return { rows: (rows ?? []) as R[], ...(changed && { numAffectedRows: BigInt(rowCount ?? 0) }) };
        },
        // eslint-disable-next-line require-yield -- a generator only because Kysely's interface wants one; it throws
        async *streamQuery() {
          throw new Error('db.write streams no query');
        },
      };
      const run = (text: string) => connection.executeQuery(CompiledQuery.raw(text));
      const executor = kysely.getExecutor().withConnectionProvider({ provideConnection: (use) => use(connection) });
      const begun = run('begin');
      begun.catch(() => {}); // its failure is the first statement's too, and is awaited below
      let broken: Error | undefined;
      try {
        const value = await fn(new Transaction<Database>({ ...props, executor }));
        await begun;
        await run('commit');
        return value;
      } catch (err) {
        // queued after whatever of fn's statements is still in flight: once it answers, they have
        await run('rollback').catch((e: Error) => {
          broken = e;
        });
        throw err;
      } finally {
        // a connection that cannot even roll back is closed, not reused
        client.release(broken);
      }
    },
  };
}

/**
 * db.read's connections: a few, each in node-postgres's pipeline mode and shared by every read
 * at once. A read is written to its connection without waiting for the reads ahead of it
 * (sendBatched), where a pool would hand the connection to one query at a time. The server
 * answers pipelined queries in order, so a slow read delays the
 * ones behind it on its connection: each read takes the connection with the fewest in flight.
 * No transaction ever runs here (a BEGIN would take in the other reads): connect() refuses one.
 */
export function openPipelinedReader(connectionString: string, connections: number): Kysely<Database> {
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: new PipelinedPool(connectionString, connections) }) });
}

const TRANSACTION = /^\s*(begin|start\s+transaction|commit|rollback|savepoint|release)\b/i;

interface Lane {
  client: NamingClient;
  connected: Promise<void>;
  inFlight: number;
  /** The shape Kysely's driver expects of a pooled client; release() gives nothing back. */
  handle: PostgresPoolClient;
}

class PipelinedPool implements PostgresPool {
  private lanes: Lane[] = [];
  private ended = false;

  constructor(
    private readonly connectionString: string,
    private readonly size: number,
  ) {}

  private open(): Lane {
    const client = new NamingClient({ connectionString: this.connectionString, ...readSession, pipeline: true } as pg.ClientConfig);
    const lane: Lane = {
      client,
      connected: client.connect(),
      inFlight: 0,
      handle: {
        query: ((text: string, values: unknown[]) => {
          if (TRANSACTION.test(text)) return Promise.reject(new Error('db.read runs no transaction: use db.write'));
          lane.inFlight++;
          return sendBatched(client, text, values).finally(() => lane.inFlight--);
        }) as PostgresPoolClient['query'],
        release() {},
      },
    };
    // a connection that fails is dropped; the next read opens another
    client.on('error', () => this.drop(lane));
    client.on('end', () => this.drop(lane));
    lane.connected.catch(() => this.drop(lane));
    return lane;
  }

  private drop(lane: Lane) {
    this.lanes = this.lanes.filter((l) => l !== lane);
  }

  async connect(): Promise<PostgresPoolClient> {
    if (this.ended) throw new Error('the database connection is closed');
    let lane: Lane | undefined;
    if (this.lanes.length < this.size) {
      lane = this.open();
      this.lanes.push(lane);
    } else {
      for (const l of this.lanes) if (!lane || l.inFlight < lane.inFlight) lane = l;
    }
    await lane!.connected;
    return lane!.handle;
  }

  async end() {
    this.ended = true;
    const lanes = this.lanes;
    this.lanes = [];
    await Promise.all(lanes.map((l) => l.client.end().catch(() => {})));
  }
}

/** A table's activity since PostgreSQL last vacuumed and analyzed it (pg_stat_user_tables). */
export interface TableActivity {
  table: string;
  live: number;
  dead: number;
  insertedSinceVacuum: number;
  modifiedSinceAnalyze: number;
}

/**
 * What a table needs now: a vacuum once dead rows, or rows inserted that the visibility map
 * does not know yet, pass 1,000 + 2% of its rows; an analyze once the rows changed since the
 * planner's statistics were taken pass 50 + 10% (autovacuum's default). Autovacuum waits for
 * 20% before it vacuums; a deep list page reads the heap for every row on a page the map does
 * not mark all-visible (40,592 heap reads at offset 90,000 with 10% of the table inserted and
 * 8% updated since the last vacuum: 45 ms against 10 ms), and a vacuum reads only the pages
 * that changed, so vacuuming after 2% costs little more in all. Nothing, for a table that has
 * not moved enough.
 */
export function maintenanceFor(t: TableActivity): 'vacuum (analyze)' | 'analyze' | null {
  const vacuum = t.dead + t.insertedSinceVacuum > 1000 + 0.02 * t.live;
  const analyze = t.modifiedSinceAnalyze > 50 + 0.1 * t.live;
  return vacuum ? 'vacuum (analyze)' : analyze ? 'analyze' : null;
}

/**
 * PostgreSQL keeps its planner's statistics and its visibility map itself, in autovacuum, when
 * it is on (the default). Where a server runs with it off, nobody would: the planner would go
 * on planning with the statistics of an empty database, and a deep list page would check every
 * row's visibility in the heap instead of reading the index alone (28 ms against 3 ms at offset
 * 18,000 of 20,000 replies). So then Replydesk does autovacuum's work on its own tables (thresholds
 * in maintenanceFor) whenever db.refreshPlannerStatistics is called (every 15 s).
 * VACUUM cannot run in a transaction: each statement runs alone on a pooled connection.
 */
export async function maintainWithoutAutovacuum(db: Kysely<Database>): Promise<void> {
  const {
    rows: [setting],
  } = await sql<{ on: boolean }>`select current_setting('autovacuum') = 'on' as on`.execute(db);
  if (setting?.on) return;
  const { rows } = await sql<TableActivity>`
    select relname as "table", n_live_tup as live, n_dead_tup as dead,
           n_ins_since_vacuum as "insertedSinceVacuum", n_mod_since_analyze as "modifiedSinceAnalyze"
    from pg_stat_user_tables where schemaname = current_schema()`.execute(db);
  for (const t of rows) {
    const what = maintenanceFor(t);
    if (what) await sql`${sql.raw(what)} ${sql.id(t.table)}`.execute(db);
  }
}
