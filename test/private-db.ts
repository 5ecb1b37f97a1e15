// A database of the test file's own. Files whose tests run a mail worker (in process or as a
// child process) use it: a worker claims every due job of its database, so on the PostgreSQL
// database the other files share it could deliver their mail to its SMTP server (and they to
// theirs). On SQLite a new file; on PostgreSQL a database created from TEST_DATABASE_URL and
// dropped at close.
import path from 'node:path';
import pg from 'pg';
import { connect, type Db, type Dialect } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { tempDir } from './helpers.ts';

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Drops the database once its last connection has gone. The pool's end() can resolve while
 * a connection is still saying goodbye; DROP … WITH (FORCE) would terminate that connection
 * and pg would raise the termination as an uncaught error in the test process. So: wait for
 * the database to be free (55006 = still in use), and force only as a last resort.
 */
export async function dropWhenFree(name: string) {
  for (let i = 0; i < 50; i++) {
    try {
      await admin(`drop database if exists "${name}"`);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '55006') throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  await admin(`drop database if exists "${name}" with (force)`);
}

/** The database and its DATABASE_URL, for a child process to use too. */
export async function openPrivateDatabase(dialect: Dialect, tag: string): Promise<{ db: Db; url: string }> {
  if (dialect === 'sqlite') {
    const filename = path.join(tempDir(), `${tag}.db`);
    const db = connect({ dialect: 'sqlite', filename });
    await migrateToLatest(db);
    return { db, url: `file:${filename}` };
  }
  const base = new URL(process.env.TEST_DATABASE_URL!);
  const name = `${base.pathname.slice(1)}_${tag}_${process.pid}_${Date.now().toString(36)}`.replace(/[^a-z0-9_]/gi, '_').slice(0, 63);
  await admin(`create database "${name}"`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const db = connect({ dialect: 'postgres', connectionString: url.toString() }, { poolSize: 4 });
  await migrateToLatest(db);
  return {
    url: url.toString(),
    db: {
      ...db,
      async close() {
        await db.close();
        await dropWhenFree(name);
      },
    },
  };
}

export async function openPrivateDb(dialect: Dialect, tag: string): Promise<Db> {
  return (await openPrivateDatabase(dialect, tag)).db;
}
