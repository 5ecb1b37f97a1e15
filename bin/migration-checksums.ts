// The recorded checksums of the migrations (docs/architecture.md "Migrations"): a committed
// migration is never edited, and test/migration-checksums.test.ts compares each file of
// src/db/migrations/ with its SHA-256 in src/db/migrations/checksums.json.
//
//   tsx bin/migration-checksums.ts     (npm run migrations:checksum)
//
// records the checksum of every migration that has none, and nothing else: an existing record
// is never rewritten, so running it cannot make an edited migration pass.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'db', 'migrations');
export const RECORD_FILE = path.join(MIGRATIONS_DIR, 'checksums.json');

/** A migration is a file named NNNN_name.ts. */
export const MIGRATION_FILE = /^\d{4}_[\w-]+\.ts$/;

/** SHA-256 of a migration's bytes, CRLF read as LF (so a checkout with Windows line ends agrees), in hex. */
export function checksumOf(bytes: Buffer): string {
  const text = bytes.toString('latin1').replace(/\r\n/g, '\n');
  return crypto.createHash('sha256').update(Buffer.from(text, 'latin1')).digest('hex');
}

/** The migration files, in order. */
export function migrationFiles(dir = MIGRATIONS_DIR): string[] {
  return fs
    .readdirSync(dir)
    .filter((f) => MIGRATION_FILE.test(f))
    .sort();
}

/** The recorded checksums, by file name ({} when there is no record yet). */
export function readRecord(file = RECORD_FILE): Record<string, string> {
  if (!fs.existsSync(file)) return {};
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
}

/** Records the checksum of each migration without one; answers the files it added. */
export function recordMissing(dir = MIGRATIONS_DIR, file = RECORD_FILE): string[] {
  const record = readRecord(file);
  const added = migrationFiles(dir).filter((f) => !(f in record));
  if (added.length === 0) return added;
  for (const f of added) record[f] = checksumOf(fs.readFileSync(path.join(dir, f)));
  const sorted = Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
  fs.writeFileSync(file, `${JSON.stringify(sorted, null, 2)}\n`);
  return added;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const added = recordMissing();
  console.log(added.length ? `recorded: ${added.join(', ')}` : 'every migration already has a record; nothing changed');
}
