// `replydesk backup --out FILE [--force]` and `replydesk restore --from FILE` (docs/deploy.md
// "Backup and restore"). SQLite only: on PostgreSQL both answer with the pg_dump / pg_restore
// command to run instead, and run nothing themselves.
import fs from 'node:fs';
import path from 'node:path';
import { type DatabaseConfig, postgresUrlOf } from '../config/index.ts';
import { backupSqlite, inspectSqlite, tablesIn } from '../db/backup.ts';
import { MIGRATION_NAMES } from '../db/migrate.ts';
import { KEY_FILE_NAME } from '../security/secrets.ts';

export const PG_DUMP = (file: string) => `pg_dump --format=custom --file=${file} "$DATABASE_URL"`;
export const PG_RESTORE = (file: string) => `pg_restore --no-owner --dbname="$DATABASE_URL" ${file}`;

const onPostgres = (command: string) =>
  new Error(`DATABASE_URL is a PostgreSQL database: replydesk backup and restore copy SQLite files only. Use PostgreSQL's own tools:\n  ${command}\n(docs/deploy.md "Backup and restore")`);

const sqliteFile = (database: DatabaseConfig): string => {
  if (postgresUrlOf(database) !== null || !('filename' in database)) throw new Error('not a SQLite database');
  return database.filename;
};

const levelOf = (applied: string[] | null) => (applied?.length ? applied[applied.length - 1]! : 'none');

/**
 * What to say of the master key that encrypts webhook secrets and mailbox passwords
 * (security/secrets.ts): it is not in the database, and without it they cannot be read.
 */
export function secretKeyNote(database: DatabaseConfig, configured: boolean): string {
  if (configured) return 'Keep REPLYDESK_SECRET_KEY with the backups (apart from them): without it webhook secrets and mailbox passwords cannot be read.';
  const file = path.join(path.dirname(sqliteFile(database)), KEY_FILE_NAME);
  return fs.existsSync(file)
    ? `Keep ${file} too, apart from the backups: without it webhook secrets and mailbox passwords cannot be read.`
    : `The key that encrypts webhook secrets and mailbox passwords is not in the database: keep REPLYDESK_SECRET_KEY or its file (${KEY_FILE_NAME}, beside the database) with the backups, and put it back before a restored database is served.`;
}

export interface BackupResult {
  file: string;
  bytes: number;
  /** The last migration the copy records. */
  migration: string;
}

/**
 * Copies the database into `out` while the server keeps running (db/backup.ts). The copy is
 * written beside `out` under a temporary name and renamed when whole, so `out` is never half a
 * database; an existing `out` is kept unless `force`.
 */
export async function backup(database: DatabaseConfig, out: string, opts: { force?: boolean } = {}): Promise<BackupResult> {
  if (postgresUrlOf(database) !== null) throw onPostgres(PG_DUMP(out));
  const source = sqliteFile(database);
  const file = path.resolve(out);
  if (!fs.existsSync(source)) throw new Error(`No database at ${source} (DATABASE_URL)`);
  if (fs.existsSync(file) && !opts.force) throw new Error(`${file} exists: choose another --out, or add --force to replace it`);
  const partial = `${file}.partial-${process.pid}`;
  try {
    await backupSqlite(source, partial);
    const { applied } = inspectSqlite(partial, { quick: true });
    fs.renameSync(partial, file);
    return { file, bytes: fs.statSync(file).size, migration: levelOf(applied) };
  } finally {
    fs.rmSync(partial, { force: true });
  }
}

export interface RestoreResult {
  file: string;
  migration: string;
  /** Migrations this code has that the copy has not had yet: `replydesk migrate` (or serve) applies them. */
  behind: string[];
}

/**
 * Restores a copy into the DATABASE_URL file, which must not exist or hold no table. The copy is
 * copied beside the target first and checked there: PRAGMA integrity_check must say ok, and its
 * migrations must be ones this code knows (a copy made by a newer Replydesk is refused). Only
 * then is it renamed into place, so a refused restore leaves the target as it was.
 */
export function restore(database: DatabaseConfig, from: string): RestoreResult {
  if (postgresUrlOf(database) !== null) throw onPostgres(PG_RESTORE(from));
  const target = sqliteFile(database);
  const source = path.resolve(from);
  if (!fs.existsSync(source)) throw new Error(`No backup at ${source}`);
  if (fs.existsSync(target)) {
    const tables = tablesIn(target);
    if (tables > 0) throw new Error(`${target} already holds a database (${tables} tables): restore only into an empty path (DATABASE_URL)`);
  }
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const incoming = path.join(path.dirname(target), `.${path.basename(target)}.restore-${process.pid}`);
  try {
    fs.copyFileSync(source, incoming);
    let copy;
    try {
      copy = inspectSqlite(incoming);
    } catch (err) {
      throw new Error(`${source} is not a readable SQLite database: ${(err as Error).message}`);
    }
    if (copy.integrity.join('\n') !== 'ok') throw new Error(`${source} fails PRAGMA integrity_check:\n  ${copy.integrity.slice(0, 10).join('\n  ')}`);
    if (copy.applied === null) throw new Error(`${source} is not a Replydesk database (no kysely_migration table)`);
    const unknown = copy.applied.filter((m) => !MIGRATION_NAMES.includes(m));
    if (unknown.length) throw new Error(`${source} was made by a newer Replydesk (migrations this code does not know: ${unknown.join(', ')}): restore it with that version`);
    for (const side of ['-wal', '-shm', '-journal']) fs.rmSync(`${target}${side}`, { force: true });
    fs.renameSync(incoming, target);
    return { file: target, migration: levelOf(copy.applied), behind: MIGRATION_NAMES.filter((m) => !copy.applied!.includes(m)) };
  } finally {
    fs.rmSync(incoming, { force: true });
    for (const side of ['-wal', '-shm', '-journal']) fs.rmSync(`${incoming}${side}`, { force: true });
  }
}
