// `replydesk backup` and `restore` (issue 36 item 1; docs/deploy.md "Backup and restore"): a
// backup taken by the real command while replies keep arriving restores to every reply
// acknowledged before it began, whole; restore refuses what it must; and on PostgreSQL the
// documented pg_dump / pg_restore commands give a database the app serves as it was.
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { backup, restore } from '../src/cli/backup.ts';
import { connect } from '../src/db/connect.ts';
import { MIGRATION_NAMES, migrateToLatest, migrator } from '../src/db/migrate.ts';
import { inbound, makeApp, makeWorkspace, tempDir } from './helpers.ts';

const run = promisify(execFile);
const BIN = path.resolve(import.meta.dirname, '..', 'bin', 'replydesk.mjs');
const cli = (args: string[], databaseUrl: string) =>
  run(process.execPath, [BIN, ...args], { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATABASE_URL: databaseUrl } }).then(
    (r) => ({ code: 0, ...r }),
    (e: { code: number; stdout: string; stderr: string }) => e,
  );
const sqlite = (filename: string) => ({ dialect: 'sqlite' as const, filename });
const LATEST = MIGRATION_NAMES[MIGRATION_NAMES.length - 1]!;

describe('replydesk backup and restore (SQLite)', () => {
  const dir = tempDir('replydesk-backup-');

  it('a backup taken by the command during steady ingestion restores to every reply acknowledged before it began, and nothing partial', async () => {
    const live = path.join(dir, 'live.db');
    // The server's checkpointer copies the log into the file within 200 ms, which would hide a
    // backup that copied the file alone; slowed down here, every reply stays in the log only
    // (-wal), so this fails unless the backup reads through the log as SQLite's backup API does.
    const db = connect(sqlite(live), { checkpoint: { intervalMs: 600_000 } });
    await migrateToLatest(db);
    const ctx = await makeApp('sqlite', { db, logger: { level: 'error' } });
    const ws = await makeWorkspace(db);
    const acked: { id: string; at: number }[] = [];
    let stop = false;
    const ingest = async () => {
      while (!stop) {
        const res = await ctx.app.inject({ method: 'POST', url: '/api/replies', headers: ws.headers, payload: inbound({ body_text: 'x'.repeat(2000) }) });
        expect(res.statusCode).toBe(201);
        acked.push({ id: res.json().data.id, at: performance.now() });
      }
    };
    const writers = [ingest(), ingest(), ingest(), ingest()];
    try {
      while (acked.length < 300) await new Promise((r) => setTimeout(r, 20));
      const began = performance.now();
      const before = new Set(acked.map((a) => a.id));
      const out = path.join(dir, 'snapshot.db');
      const made = await cli(['backup', '--out', out], `file:${live}`);
      const ended = performance.now();
      expect(made.code, made.stderr).toBe(0);
      expect(made.stdout).toMatch(new RegExp(`^Backed up to ${out} \\(\\d+\\.\\d MiB, \\d+ bytes\\), migration ${LATEST}\\.\\n`));
      expect(made.stdout).toContain('The key that encrypts webhook secrets and mailbox passwords is not in the database');
      // ingestion went on while the command ran
      expect(acked.filter((a) => a.at > began && a.at < ended).length).toBeGreaterThan(10);
      stop = true;
      await Promise.all(writers);

      const target = path.join(dir, 'restored', 'replydesk.db');
      const restored = await cli(['restore', '--from', out], `file:${target}`);
      expect(restored.code, restored.stderr).toBe(0);
      expect(restored.stdout).toContain(`Restored into ${target}: integrity ok, migration ${LATEST}.\n`);

      const copy = new SQLite(target, { readonly: true });
      try {
        expect(copy.pragma('integrity_check')).toEqual([{ integrity_check: 'ok' }]);
        const ids = new Set((copy.prepare('select id from replies where workspace_id = ?').all(ws.workspace.id) as { id: string }[]).map((r) => r.id));
        expect([...before].filter((id) => !ids.has(id))).toEqual([]);
        expect(ids.size).toBeGreaterThanOrEqual(before.size);
        // only acknowledged replies, each whole: its contact, and the counters kept with it
        const all = new Set(acked.map((a) => a.id));
        expect([...ids].filter((id) => !all.has(id))).toEqual([]);
        const one = (q: string) => Number(Object.values(copy.prepare(q).get(ws.workspace.id) as object)[0]);
        expect(one('select sum(n) from reply_counts where workspace_id = ?')).toBe(ids.size);
        expect(one('select sum(replies_total) from workspace_counts where workspace_id = ?')).toBe(ids.size);
        expect(one('select count(*) from replies r left join contacts c on c.id = r.contact_id where r.workspace_id = ? and c.id is null')).toBe(0);
      } finally {
        copy.close();
      }
      // and the app serves it
      const again = await makeApp('sqlite', { db: connect(sqlite(target)), logger: { level: 'error' } });
      try {
        const list = await again.app.inject({ method: 'GET', url: '/api/replies?limit=1', headers: ws.headers });
        expect(list.statusCode).toBe(200);
        expect(list.json().pagination.total).toBeGreaterThanOrEqual(before.size);
      } finally {
        await again.close();
        await again.db.close();
      }
    } finally {
      stop = true;
      await Promise.allSettled(writers);
      await ctx.close();
      await db.close();
    }
  }, 120_000);

  it('restore refuses a target that holds a database, a damaged copy, a file that is not one, and a copy from a newer Replydesk, leaving the target as it was', async () => {
    const source = path.join(dir, 'src.db');
    const db = connect(sqlite(source));
    await migrateToLatest(db);
    await makeWorkspace(db);
    await db.close();
    const good = path.join(dir, 'good.db');
    expect(await backup(sqlite(source), good)).toMatchObject({ file: good, migration: LATEST, bytes: fs.statSync(good).size });
    await expect(backup(sqlite(source), good)).rejects.toThrow(`${good} exists: choose another --out, or add --force to replace it`);
    await expect(backup(sqlite(source), good, { force: true })).resolves.toMatchObject({ file: good });

    // the target holds a database: by the command, exit 1 and a clear message
    const refused = await cli(['restore', '--from', good], `file:${source}`);
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining(`${source} already holds a database`) });

    const target = path.join(dir, 'empty', 'replydesk.db');
    const damaged = path.join(dir, 'damaged.db');
    const bytes = fs.readFileSync(good);
    const page = 4096;
    for (let p = 2; p < bytes.length / page; p += 3) bytes.fill(0x5a, p * page + 8, p * page + 200);
    fs.writeFileSync(damaged, bytes);
    expect(() => restore(sqlite(target), damaged)).toThrow(/fails PRAGMA integrity_check|is not a readable SQLite database/);
    const text = path.join(dir, 'notes.txt');
    fs.writeFileSync(text, 'not a database at all, but long enough to look like a header'.repeat(100));
    expect(() => restore(sqlite(target), text)).toThrow(`${text} is not a readable SQLite database`);
    const newer = path.join(dir, 'newer.db');
    fs.copyFileSync(good, newer);
    const w = new SQLite(newer);
    w.prepare(`insert into kysely_migration (name, timestamp) values ('9999_from_the_future', ?)`).run(new Date().toISOString());
    w.close();
    expect(() => restore(sqlite(target), newer)).toThrow(`${newer} was made by a newer Replydesk (migrations this code does not know: 9999_from_the_future)`);
    expect(() => restore(sqlite(target), path.join(dir, 'missing.db'))).toThrow('No backup at');
    expect(fs.existsSync(target)).toBe(false);
    expect(fs.readdirSync(path.dirname(target))).toEqual([]);

    expect(restore(sqlite(target), good)).toEqual({ file: target, migration: LATEST, behind: [] });
  });

  it('a copy of an older schema restores and says which migrations replydesk migrate will apply; they then apply', async () => {
    const old = path.join(dir, 'old.db');
    const db = connect(sqlite(old));
    // one migration behind this code, whichever is the newest
    const [older, newest] = MIGRATION_NAMES.slice(-2) as [string, string];
    const { error } = await migrator(db).migrateTo(older);
    expect(error).toBeUndefined();
    await db.close();
    const out = path.join(dir, 'old-backup.db');
    await backup(sqlite(old), out);
    const target = path.join(dir, 'old-restored.db');
    fs.writeFileSync(target, ''); // an empty file is an empty database: allowed
    const restored = await cli(['restore', '--from', out], `file:${target}`);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain(`migration ${older}.\n1 migration(s) behind this code (${newest}): replydesk migrate (or serve) brings it up.`);
    const migrated = await cli(['migrate'], `file:${target}`);
    expect(migrated.stdout).toBe(`Applied: ${newest}\n`);
  });

  it('on PostgreSQL both commands name the pg_dump / pg_restore command to run, and run nothing', async () => {
    const url = 'postgres://nobody@127.0.0.1:1/nothing';
    const b = await cli(['backup', '--out', 'replydesk.dump'], url);
    expect(b).toMatchObject({ code: 1, stderr: expect.stringContaining('  pg_dump --format=custom --file=replydesk.dump "$DATABASE_URL"\n') });
    const r = await cli(['restore', '--from', 'replydesk.dump'], url);
    expect(r).toMatchObject({ code: 1, stderr: expect.stringContaining('  pg_restore --no-owner --dbname="$DATABASE_URL" replydesk.dump\n') });
  });
});

const has = (bin: string) => {
  try {
    execFileSync('which', [bin], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
const PG_URL = process.env.TEST_DATABASE_URL;

describe.runIf(PG_URL && has('pg_dump') && has('pg_restore') && has('psql'))('PostgreSQL: pg_dump and pg_restore as docs/deploy.md has them', () => {
  const names = [`wt_backup_src_${process.pid}`, `wt_backup_dst_${process.pid}`];
  const urlOf = (name: string) => {
    const u = new URL(PG_URL!);
    u.pathname = `/${name}`;
    return u.toString();
  };
  const psql = (command: string) => execFileSync('psql', [urlOf('postgres'), '-v', 'ON_ERROR_STOP=1', '-qc', command], { stdio: 'pipe' });
  afterAll(() => {
    for (const name of names) psql(`drop database if exists ${name} with (force)`);
  });

  it('a dump restored into an empty database is served by the app with the same replies', async () => {
    for (const name of names) {
      psql(`drop database if exists ${name} with (force)`);
      psql(`create database ${name}`);
    }
    const [src, dst] = names.map(urlOf) as [string, string];
    const first = await makeApp('postgres', { db: connect({ dialect: 'postgres', connectionString: src }, { poolSize: 2 }), logger: { level: 'error' } });
    let ws: Awaited<ReturnType<typeof makeWorkspace>>;
    let listed: unknown;
    try {
      await migrateToLatest(first.db);
      ws = await makeWorkspace(first.db);
      for (const subject of ['Re: pricing', 'Re: Ünïcödé 🚀', 'Re: later']) {
        const res = await first.app.inject({ method: 'POST', url: '/api/replies', headers: ws.headers, payload: inbound({ subject }) });
        expect(res.statusCode).toBe(201);
      }
      listed = (await first.app.inject({ method: 'GET', url: '/api/replies', headers: ws.headers })).json();
    } finally {
      await first.close();
      await first.db.close();
    }
    const dump = path.join(tempDir('replydesk-pgdump-'), 'replydesk.dump');
    execFileSync('pg_dump', ['--format=custom', `--file=${dump}`, src], { stdio: 'pipe' });
    execFileSync('pg_restore', ['--no-owner', `--dbname=${dst}`, dump], { stdio: 'pipe' });

    const second = await makeApp('postgres', { db: connect({ dialect: 'postgres', connectionString: dst }, { poolSize: 2 }), logger: { level: 'error' } });
    try {
      expect(await migrateToLatest(second.db)).toEqual([]);
      const res = await second.app.inject({ method: 'GET', url: '/api/replies', headers: ws.headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(listed);
      expect((listed as { data: { subject: string }[] }).data.map((r) => r.subject).sort()).toEqual(['Re: later', 'Re: pricing', 'Re: Ünïcödé 🚀']);
    } finally {
      await second.close();
      await second.db.close();
    }
  });
});
