// A SQLite database copied while the server writes to it, and what a copy is checked for before
// it is restored (`replydesk backup` and `restore`: cli/backup.ts; docs/deploy.md "Backup and
// restore").
import SQLite from 'better-sqlite3';

/** Pages per step of the online backup: all of them, so the copy is one read transaction. */
const ALL_PAGES = 0x7fffffff;

/**
 * Copies the database at `source` into `destination` (a new file) with SQLite's online backup
 * API, on a connection of its own. The copy is taken in one step, inside one read transaction:
 * in WAL mode that is a snapshot of the last commit, taken without stopping the server's
 * writer. In steps of a few pages instead, any commit between two steps would start the backup
 * over, and under a steady stream of writes it might never end. The copy leaves WAL mode, so it
 * is one self-contained file.
 */
export async function backupSqlite(source: string, destination: string): Promise<void> {
  const db = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    await db.backup(destination, { progress: () => ALL_PAGES });
  } finally {
    db.close();
  }
  const copy = new SQLite(destination);
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
}

/** How many tables a SQLite file holds (0 for a new, empty file). */
export function tablesIn(file: string): number {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare(`select count(*) as n from sqlite_master where type = 'table'`).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

export interface SqliteCopy {
  /** `PRAGMA integrity_check`'s lines: ['ok'] for a sound file. */
  integrity: string[];
  /** The migrations the copy records as applied (Kysely's kysely_migration), by name; null: none recorded. */
  applied: string[] | null;
}

/** What a copy holds, for restore to judge; `quick` reads the migrations only (no integrity check). */
export function inspectSqlite(file: string, opts: { quick?: boolean } = {}): SqliteCopy {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const integrity = opts.quick ? [] : (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check);
    const recorded = db.prepare(`select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'`).get();
    const applied = recorded ? (db.prepare(`select name from kysely_migration order by name`).all() as { name: string }[]).map((r) => r.name) : null;
    return { integrity, applied };
  } finally {
    db.close();
  }
}
