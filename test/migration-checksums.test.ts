// Migrations are never edited once committed (issue 31 item 8; docs/architecture.md
// "Migrations"): each file of src/db/migrations/ is compared with the SHA-256 recorded for it in
// src/db/migrations/checksums.json. A new migration gets its record from
// `npm run migrations:checksum` (bin/migration-checksums.ts), which never rewrites one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checksumOf, MIGRATIONS_DIR, migrationFiles, readRecord, RECORD_FILE, recordMissing } from '../bin/migration-checksums.ts';

const RULE =
  'A committed migration must not be edited: a database that already ran it will not run it again. ' +
  'Put the file back as it was and write a new migration instead (docs/architecture.md "Migrations").';

describe('migrations are never edited once committed', () => {
  const files = migrationFiles();
  const record = readRecord();

  it('every migration has a recorded checksum', () => {
    expect(fs.existsSync(RECORD_FILE), `${path.relative(process.cwd(), RECORD_FILE)} is missing`).toBe(true);
    expect(files.length).toBeGreaterThan(0);
    const unrecorded = files.filter((f) => !(f in record));
    expect(unrecorded, 'a migration without a record: run `npm run migrations:checksum` and commit src/db/migrations/checksums.json with it').toEqual([]);
  });

  it('every record names a migration that exists', () => {
    const orphans = Object.keys(record).filter((f) => !files.includes(f));
    expect(orphans, `a record without its migration: a committed migration was renamed or deleted. ${RULE}`).toEqual([]);
  });

  it('every migration reads as it did when it was recorded', () => {
    const edited = files.filter((f) => f in record && checksumOf(fs.readFileSync(path.join(MIGRATIONS_DIR, f))) !== record[f]);
    expect(edited, `edited since it was recorded: ${RULE}`).toEqual([]);
  });

  describe('npm run migrations:checksum', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'replydesk-migrations-'));
    const file = path.join(dir, 'checksums.json');
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('records only the migrations that have no record, never rewriting one', () => {
      fs.writeFileSync(path.join(dir, '0001_a.ts'), 'export const a = 1;\n');
      fs.writeFileSync(path.join(dir, 'helpers.ts'), 'not a migration\n');
      expect(recordMissing(dir, file)).toEqual(['0001_a.ts']);
      const first = readRecord(file)['0001_a.ts'];
      expect(first).toBe(checksumOf(Buffer.from('export const a = 1;\n')));

      fs.writeFileSync(path.join(dir, '0001_a.ts'), 'export const a = 2;\n'); // an edit
      fs.writeFileSync(path.join(dir, '0002_b.ts'), 'export const b = 1;\n');
      expect(recordMissing(dir, file)).toEqual(['0002_b.ts']);
      expect(readRecord(file)).toEqual({ '0001_a.ts': first, '0002_b.ts': checksumOf(Buffer.from('export const b = 1;\n')) });
      expect(recordMissing(dir, file)).toEqual([]);
    });

    it('reads CRLF line ends as LF, and any other change as a change', () => {
      expect(checksumOf(Buffer.from('a\r\nb\r\n'))).toBe(checksumOf(Buffer.from('a\nb\n')));
      expect(checksumOf(Buffer.from('a\nb\n'))).not.toBe(checksumOf(Buffer.from('a\nb \n')));
      // plain SHA-256 of the bytes otherwise (`sha256sum` agrees)
      expect(checksumOf(Buffer.from('abc'))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    });
  });
});
