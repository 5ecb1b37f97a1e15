// Rules of the code's shape that the compiler does not check (docs/architecture.md).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.join(import.meta.dirname, '..', 'src');
const files = (fs.readdirSync(SRC, { recursive: true }) as string[])
  .filter((f) => f.endsWith('.ts'))
  .map((f) => ({ name: f.split(path.sep).join('/'), text: fs.readFileSync(path.join(SRC, f), 'utf8') }));
const where = (pattern: RegExp) => files.filter((f) => pattern.test(f.text)).map((f) => f.name).sort();

describe('the data layer', () => {
  it('SQL is written only in queries modules and src/db/ (one owner per table; none in services or http/)', () => {
    const owners = (name: string) => /\/(\w+-)?queries\.ts$/.test(name) || name.startsWith('db/') || name === 'workspaces/counts.ts';
    const withSql = where(/\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\bsql(<[^>]*>)?`/);
    expect(withSql.length).toBeGreaterThan(5);
    expect(withSql.filter((f) => !owners(f))).toEqual([]);
  });

  it('the dialect is tested only in src/db/dialect.ts (and where the configuration picks a driver)', () => {
    const tests = where(/\bdialect\s*[!=]==|dialectOf\(/);
    expect(tests).toEqual(['config/index.ts', 'db/connect.ts', 'db/dialect.ts', 'security/secrets.ts']);
  });

  it('the writer outside a transaction (db.migrations) is used by the migrations alone', () => {
    expect(where(/\.migrations\b/)).toEqual(['db/migrate.ts']);
  });

  it('no code is generated at run time outside the statement cache (db/sqlite.ts)', () => {
    expect(where(/new Function\(|\beval\(/)).toEqual(['db/sqlite.ts']);
  });
});
