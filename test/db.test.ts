// Db.write and precompiled queries, on each dialect: what a caller may rely on.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/index.ts';
import { afterCommit, connect, type Db, together } from '../src/db/connect.ts';
import { uuidv7 } from '../src/db/ids.ts';
import { refreshPlannerStatistics } from '../src/db/dialect.ts';
import { GroupCommit } from '../src/db/group-commit.ts';
import { prepared } from '../src/db/prepared.ts';
import { maintenanceFor } from '../src/db/postgres.ts';
import { openSqlite } from '../src/db/sqlite.ts';
import { CURRENT_API_VERSION } from '../src/http/versioning.ts';
import { DIALECTS, openDb, tempDir } from './helpers.ts';

const workspaceName = prepared((db, a: { id: string }) => db.selectFrom('workspaces').select('name').where('id', '=', a.id));
const row = (name: string) => ({ id: uuidv7(), name, plan: 'starter' as const, rate_limit: null, api_version: CURRENT_API_VERSION, created_at: new Date().toISOString() });

for (const dialect of DIALECTS) {
  describe(`database access (${dialect})`, () => {
    let db: Db;
    beforeAll(async () => {
      db = await openDb(dialect);
    });
    afterAll(() => db.close());

    it('a read neither waits for a write in progress nor sees its uncommitted rows', async () => {
      const ws = row('in progress');
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let inserted!: () => void;
      const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
      const writing = db.write(async (trx) => {
        await trx.insertInto('workspaces').values(ws).execute();
        inserted();
        await gate;
      });
      await insertedYet;
      // the write's transaction is open: the read answers at once, from the last commit
      expect(await workspaceName(db.read, { id: ws.id })).toEqual([]);
      release();
      await writing;
      expect(await workspaceName(db.read, { id: ws.id })).toEqual([{ name: 'in progress' }]);
    });

    it('writes that share a commit keep their own outcome: one that throws leaves nothing, the others are stored', async () => {
      const [a, b, c] = [row('a'), row('b'), row('c')];
      const results = await Promise.allSettled(
        [a, b, c].map((ws) =>
          db.write(async (trx) => {
            await trx.insertInto('workspaces').values(ws).execute();
            if (ws.name === 'b') throw new Error('b fails after its insert');
            return ws.name;
          }),
        ),
      );
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      for (const ws of [a, b, c]) {
        expect(await workspaceName(db.read, { id: ws.id })).toEqual(ws.name === 'b' ? [] : [{ name: ws.name }]);
      }
      // a precompiled read inside a write sees that write's own rows
      const seen = await db.write(async (trx) => {
        const ws = row('own');
        await trx.insertInto('workspaces').values(ws).execute();
        return workspaceName(trx, { id: ws.id });
      });
      expect(seen).toEqual([{ name: 'own' }]);
    });

    it('afterCommit hooks run once their write has committed, and never for a write that threw', async () => {
      const seen: string[] = [];
      const [a, b, c] = [row('hook a'), row('hook b'), row('hook c')];
      // three writes at once: on SQLite they share one commit, b rolled back to its savepoint
      const results = await Promise.allSettled(
        [a, b, c].map((ws) =>
          db.write(async (trx) => {
            await trx.insertInto('workspaces').values(ws).execute();
            afterCommit(trx, () => {
              // by the time a hook runs, what its write did is visible to every reader
              void workspaceName(db.read, { id: ws.id }).then((r) => seen.push(`${ws.name}: ${r.length}`));
            });
            afterCommit(trx, () => {
              throw new Error('a hook that throws changes nothing for the write');
            });
            if (ws.name === 'hook b') throw new Error('b fails after registering its hook');
            return ws.name;
          }),
        ),
      );
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      await new Promise((r) => setTimeout(r, 50));
      expect(seen.sort()).toEqual(['hook a: 1', 'hook c: 1']);
      // a hook needs a transaction db.write opened: anything else is a mistake caught at once
      expect(() => afterCommit(db.read as never, () => {})).toThrow('afterCommit() called with a transaction db.write did not open');
    });

    it("together runs a write's independent statements side by side, answers in order, and ends only once all of them have", async () => {
      const [a, b, earlier] = [row('together a'), row('together b'), row('together earlier')];
      await db.write((trx) => trx.insertInto('workspaces').values(earlier).execute());
      const answers = await db.write((trx) =>
        together([
          trx
            .insertInto('workspaces')
            .values(a)
            .execute()
            .then(() => 'a'),
          workspaceName(trx, { id: earlier.id }),
          trx
            .insertInto('workspaces')
            .values(b)
            .execute()
            .then(() => 'b'),
          null,
        ]),
      );
      // answers in argument order (the statements themselves run in no promised order)
      expect(answers).toEqual(['a', [{ name: 'together earlier' }], 'b', null]);
      for (const ws of [a, b]) expect(await workspaceName(db.read, { id: ws.id })).toEqual([{ name: ws.name }]);

      // one fails: the error is the first failure in argument order, and the whole write is
      // rolled back only after every statement of it has answered (nothing runs after ROLLBACK)
      const [c, d] = [row('together c'), row('together d')];
      let lateDone = false;
      const failing = db.write(async (trx) => {
        await together([
          trx.insertInto('workspaces').values(c).execute(),
          trx
            .insertInto('workspaces')
            .values({ ...c, name: 'same id' })
            .execute(),
          (async () => {
            await workspaceName(trx, { id: c.id }).catch(() => []);
            await trx
              .insertInto('workspaces')
              .values(d)
              .execute()
              .catch(() => {});
            lateDone = true;
          })(),
        ]);
      });
      await expect(failing).rejects.toThrow(/unique|duplicate/i);
      expect(lateDone).toBe(true);
      for (const ws of [c, d]) expect(await workspaceName(db.read, { id: ws.id })).toEqual([]);
      // the connection it ran on is fine for the next write
      await db.write((trx) => trx.insertInto('workspaces').values(row('after')).execute());
    });

    it.runIf(dialect === 'postgres')("a write's statements run together leave in one socket write, BEGIN with them", async () => {
      const pgPort = Number(new URL(process.env.TEST_DATABASE_URL!).port || 5432);
      const sent: number[] = [];
      const writes = ['_write', '_writev'] as const;
      // eslint-disable-next-line @typescript-eslint/unbound-method -- kept to be called with the socket as this, and put back
      const originals = writes.map((m) => net.Socket.prototype[m]);
      writes.forEach((m, i) => {
        net.Socket.prototype[m] = function (this: net.Socket, ...args: unknown[]) {
          if (this.remotePort === pgPort) sent.push(1);
          return (originals[i] as (...a: unknown[]) => unknown).apply(this, args);
        } as never;
      });
      try {
        const ids = [row('w1'), row('w2'), row('w3')];
        await db.write((trx) => together(ids.map((ws) => trx.insertInto('workspaces').values(ws).execute())));
      } finally {
        writes.forEach((m, i) => {
          net.Socket.prototype[m] = originals[i] as never;
        });
      }
      // BEGIN and three inserts in one write, COMMIT in a second: one at a time it was five
      expect(sent.length).toBe(2);
    });

    it.runIf(dialect === 'postgres')('precompiled queries run as named statements, parsed and planned once per connection', async () => {
      const ws = row('named');
      const statements = await db.write(async (trx) => {
        await trx.insertInto('workspaces').values(ws).execute();
        expect(await workspaceName(trx, { id: ws.id })).toEqual([{ name: 'named' }]);
        const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements where name like 'rd\_%'`.execute(trx);
        return rows.map((r) => r.statement);
      });
      expect(statements.some((s) => s.includes('from "workspaces"') && s.includes('"name"'))).toBe(true);
    });

    it.runIf(dialect === 'sqlite')('refreshPlannerStatistics gives the SQLite planner statistics of the tables with rows (PRAGMA optimize)', async () => {
      // without them SQLite walks a whole workspace for a filter with few matches (docs/performance.md)
      await db.write((trx) => trx.insertInto('workspaces').values(row('counted')).execute());
      const stats = () => sql<{ n: number }>`select count(*) as n from sqlite_master where name = 'sqlite_stat1'`.execute(db.read);
      await db.write(refreshPlannerStatistics);
      expect((await stats()).rows).toEqual([{ n: 1 }]);
      const { rows } = await sql<{ n: number }>`select count(*) as n from sqlite_stat1 where tbl = 'workspaces'`.execute(db.read);
      expect(rows[0]!.n).toBeGreaterThan(0);
    });

    it.runIf(dialect === 'sqlite')('after db.refreshPlannerStatistics the reader plans with the new statistics, not those it opened with', async () => {
      // a fresh database: the reader opened while every table was empty
      const fresh = await openDb('sqlite');
      try {
        const ws = row('planned');
        const at = new Date().toISOString();
        const ids = Array.from({ length: 3000 }, () => uuidv7());
        await fresh.write(async (trx) => {
          await trx.insertInto('workspaces').values(ws).execute();
          for (const [i, id] of ids.entries()) {
            await trx
              .insertInto('contacts')
              .values({ id, workspace_id: ws.id, email: `c${i}@example.com`, metadata: '{}', reply_count: 1, last_reply_at: at, created_at: at, updated_at: at })
              .execute();
          }
        });
        await fresh.refreshPlannerStatistics();
        // 30 contacts by id: each found by its key, not by walking the workspace's 3,000
        const wanted = ids.slice(0, 30);
        const { rows } = await sql<{ detail: string }>`explain query plan select id from contacts where workspace_id = ${ws.id} and id in (${sql.join(wanted)})`.execute(fresh.read);
        expect(rows.map((r) => r.detail).join('\n')).toMatch(/sqlite_autoindex_contacts_1/);
      } finally {
        await fresh.close();
      }
    });

    it.runIf(dialect === 'postgres')('db.read pipelines over a few connections: each read gets its own answer, a failing one fails alone, no transaction', async () => {
      const reads = Array.from({ length: 60 }, (_, i) => sql<{ n: number; pid: number }>`select ${i}::int as n, pg_backend_pid() as pid, pg_sleep(${i % 7 === 0 ? 0.02 : 0})`.execute(db.read));
      const failing = sql`select 1 / 0`.execute(db.read);
      const results = await Promise.all(reads);
      await expect(failing).rejects.toThrow(/division by zero/);
      expect(results.map((r) => r.rows[0]!.n)).toEqual(Array.from({ length: 60 }, (_, i) => i));
      // sixty reads at once shared the reader's few connections instead of taking sixty
      expect(new Set(results.map((r) => r.rows[0]!.pid)).size).toBeLessThanOrEqual(4);
      // the connections are still good after the error
      expect((await sql<{ one: number }>`select 1 as one`.execute(db.read)).rows).toEqual([{ one: 1 }]);
      // a transaction would take in the other reads pipelined on its connection
      await expect(db.read.transaction().execute(async () => {})).rejects.toThrow('db.read runs no transaction');
    });

    it.runIf(dialect === 'postgres')('refreshPlannerStatistics vacuums and analyzes a table that moved, when the server runs without autovacuum', async () => {
      await sql`drop table if exists maintenance_probe`.execute(db.migrations);
      await sql`create table maintenance_probe (id int primary key)`.execute(db.migrations);
      try {
        await sql`insert into maintenance_probe select generate_series(1, 3000)`.execute(db.migrations);
        const activity = () =>
          sql<{ inserted: number; vacuumed: boolean; analyzed: boolean }>`
          select n_ins_since_vacuum as inserted, last_vacuum is not null as vacuumed, last_analyze is not null as analyzed
          from pg_stat_user_tables where relname = 'maintenance_probe'`
            .execute(db.migrations)
            .then((r) => r.rows[0]);
        // the statistics collector sees the inserts within a second or so
        for (let i = 0; i < 50 && ((await activity())?.inserted ?? 0) < 3000; i++) await new Promise((r) => setTimeout(r, 100));
        const {
          rows: [setting],
        } = await sql<{ on: boolean }>`select current_setting('autovacuum') = 'on' as on`.execute(db.migrations);
        await db.refreshPlannerStatistics();
        const after = await activity();
        // with autovacuum on, PostgreSQL does it and Replydesk leaves it alone
        expect({ vacuumed: after!.vacuumed, analyzed: after!.analyzed }).toEqual(setting!.on ? { vacuumed: false, analyzed: false } : { vacuumed: true, analyzed: true });
      } finally {
        await sql`drop table maintenance_probe`.execute(db.migrations);
      }
    });

    it.runIf(dialect === 'postgres')('a write the server ends to break a deadlock runs again, and both writes land', async () => {
      const [a, b] = [row('lock a'), row('lock b')];
      await db.write((trx) => trx.insertInto('workspaces').values([a, b]).execute());
      // two writes lock the same two rows in opposite orders; the first attempts wait for each other
      let arrived = 0;
      let meet!: () => void;
      const met = new Promise<void>((resolve) => (meet = resolve));
      let runs = 0;
      const cross = (first: { id: string }, second: { id: string }, name: string) =>
        db.write(async (trx) => {
          runs += 1;
          await trx.updateTable('workspaces').set({ name }).where('id', '=', first.id).execute();
          arrived += 1;
          if (arrived === 2) meet();
          if (arrived <= 2) await met;
          await trx.updateTable('workspaces').set({ name }).where('id', '=', second.id).execute();
          return name;
        });
      expect(await Promise.all([cross(a, b, 'x'), cross(b, a, 'y')])).toEqual(['x', 'y']);
      expect(runs).toBe(3);
      // the one run again came last: both rows carry its name
      const names = [...(await workspaceName(db.read, { id: a.id })), ...(await workspaceName(db.read, { id: b.id }))].map((r) => r.name);
      expect(names[0]).toBe(names[1]);
    });

    it.runIf(dialect === 'sqlite')('db.read is a read-only connection: a write sent to it fails and changes nothing', async () => {
      const ws = row('through read');
      await expect(db.read.insertInto('workspaces').values(ws).execute()).rejects.toThrow(/readonly/);
      expect(await workspaceName(db.read, { id: ws.id })).toEqual([]);
    });

    it.runIf(dialect === 'sqlite')('keeps SQLite temporary storage in memory (the savepoint sub-journals would spill to files)', async () => {
      // temp_store: 0 default, 1 file, 2 memory. With files, every grouped write's savepoint
      // journal went to /var/tmp: ~30 pwrite calls per ingested reply (docs/performance.md).
      const { rows } = await db.write((trx) => sql<{ temp_store: number }>`pragma temp_store`.execute(trx));
      expect(rows).toEqual([{ temp_store: 2 }]);
    });

    it.runIf(dialect === 'sqlite')('commits durably by default: synchronous = FULL on the writer', async () => {
      // synchronous: 0 off, 1 normal, 2 full. NORMAL can lose acknowledged commits in a power cut.
      const { rows } = await db.write((trx) => sql<{ synchronous: number }>`pragma synchronous`.execute(trx));
      expect(rows).toEqual([{ synchronous: 2 }]);
    });
  });
}

describe('the group commit (sqlite)', () => {
  it('while the checkpointer holds it, no write starts; on resume every held write runs', async () => {
    const connections = openSqlite({ dialect: 'sqlite', filename: path.join(tempDir(), 'held.db') });
    const group = new GroupCommit(connections.writer, connections.writerStatements);
    try {
      await group.pause();
      const started: number[] = [];
      const writes = [1, 2, 3].map((n) =>
        group.run(async (trx) => {
          started.push(n);
          await sql`create table ${sql.table(`t${n}`)} (x integer)`.execute(trx);
          return n;
        }),
      );
      await new Promise((r) => setTimeout(r, 50));
      expect(started).toEqual([]);
      group.resume();
      expect(await Promise.all(writes)).toEqual([1, 2, 3]);
      expect(started).toEqual([1, 2, 3]);
    } finally {
      await connections.close();
    }
  });
});

describe('SQLITE_CACHE_MB', () => {
  it('splits the page-cache budget two thirds to the writer, a third to the reader, with no memory map', async () => {
    const file = `file:${path.join(tempDir(), 'cache.db')}`;
    expect(loadConfig({ DATABASE_URL: file }).database).toMatchObject({ cacheMiB: 40 });
    expect(() => loadConfig({ DATABASE_URL: file, SQLITE_CACHE_MB: '1.5' })).toThrow('SQLITE_CACHE_MB: expected a whole number of MiB from 2 to 65536, e.g. 40');
    const db = connect(loadConfig({ DATABASE_URL: file, SQLITE_CACHE_MB: '96' }).database);
    try {
      // negative cache_size is KiB; the writer's connection answers through Kysely
      const { rows } = await db.write((trx) => sql<{ cache_size: number }>`pragma cache_size`.execute(trx));
      expect(rows).toEqual([{ cache_size: -65536 }]);
      const { rows: mmap } = await db.write((trx) => sql<{ mmap_size: number }>`pragma mmap_size`.execute(trx));
      expect(mmap).toEqual([{ mmap_size: 0 }]);
    } finally {
      await db.close();
    }
  });
});

describe('SQLITE_SYNCHRONOUS', () => {
  it('is FULL unless NORMAL is asked for by name, and nothing else is accepted', async () => {
    const file = `file:${path.join(tempDir(), 'sync.db')}`;
    expect(loadConfig({ DATABASE_URL: file }).database).toMatchObject({ dialect: 'sqlite', synchronous: 'full' });
    const relaxed = loadConfig({ DATABASE_URL: file, SQLITE_SYNCHRONOUS: 'NORMAL' }).database;
    expect(relaxed).toMatchObject({ synchronous: 'normal' });
    expect(() => loadConfig({ DATABASE_URL: file, SQLITE_SYNCHRONOUS: 'off' })).toThrow('SQLITE_SYNCHRONOUS: expected full (the default) or normal');
    const db = connect(relaxed);
    try {
      const { rows } = await db.write((trx) => sql<{ synchronous: number }>`pragma synchronous`.execute(trx));
      expect(rows).toEqual([{ synchronous: 1 }]);
    } finally {
      await db.close();
    }
  });
});

describe('WAL checkpoints (sqlite)', () => {
  it('the log starts over under a steady stream of writes, and no write held for it is lost', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'replydesk.db');
    // a small threshold and a quick worker, so a second of writes crosses it many times
    const db = connect({ dialect: 'sqlite', filename: file }, { checkpoint: { intervalMs: 10, restartFrames: 256 } });
    try {
      await db.write((trx) => sql`create table pages (id integer primary key, body blob not null)`.execute(trx));
      const page = Buffer.alloc(3000, 7); // one row, about one page
      const writes = 20_000;
      let largestWal = 0;
      let next = 0;
      // 8 writers, each starting its next write as soon as the last commits: the log never
      // goes quiet, so only the checkpointer's pause lets it start over
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (next < writes) {
            const id = next++;
            await db.write((trx) => sql`insert into pages (id, body) values (${id}, ${page})`.execute(trx));
            largestWal = Math.max(largestWal, fs.statSync(`${file}-wal`).size);
          }
        }),
      );
      const { rows } = await sql<{ n: number }>`select count(*) as n from pages`.execute(db.read);
      expect(rows).toEqual([{ n: writes }]);
      // ~20,000 pages written in all: without the restart the log holds them all (~100 MB;
      // the backstop is at 50,000 pages). With it, it stays within what the writers add while
      // the worker syncs (6–12 MB seen).
      expect(largestWal).toBeLessThan(24 * 1024 * 1024);
    } finally {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('PostgreSQL maintenance without autovacuum: what is due', () => {
  const table = { table: 'replies', live: 100_000, dead: 0, insertedSinceVacuum: 0, modifiedSinceAnalyze: 0 };
  it('leaves a table that has not moved enough', () => {
    expect(maintenanceFor({ ...table, dead: 1500, insertedSinceVacuum: 1500, modifiedSinceAnalyze: 10_050 })).toBe(null);
  });
  it('vacuums (and analyzes) after dead rows and inserts past 1,000 + 2%, analyzes after changes past 50 + 10%', () => {
    expect(maintenanceFor({ ...table, dead: 3001 })).toBe('vacuum (analyze)');
    expect(maintenanceFor({ ...table, insertedSinceVacuum: 3001 })).toBe('vacuum (analyze)');
    expect(maintenanceFor({ ...table, dead: 1501, insertedSinceVacuum: 1500 })).toBe('vacuum (analyze)');
    expect(maintenanceFor({ ...table, modifiedSinceAnalyze: 10_051 })).toBe('analyze');
    expect(maintenanceFor({ ...table, live: 0, insertedSinceVacuum: 1001 })).toBe('vacuum (analyze)');
  });
});
