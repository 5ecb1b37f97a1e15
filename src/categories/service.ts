import type { Db } from '../db/connect.ts';
import { isUniqueViolation } from '../db/dialect.ts';
import { uuidv7 } from '../db/ids.ts';
import type { Selectable } from 'kysely';
import type { CategoryTable } from '../db/types.ts';
import { insertOwned, listOwned } from '../db/owned.ts';
import { Errors } from '../http/errors.ts';
import { bool } from '../db/dialect.ts';

const toCategory = (c: Pick<CategoryTable, 'id' | 'name' | 'color' | 'is_positive' | 'created_at'>) => ({ id: c.id, name: c.name, color: c.color, is_positive: Boolean(c.is_positive), created_at: c.created_at });

export async function createCategory(db: Db, workspaceId: string, input: { name: string; color?: string; is_positive?: boolean }) {
  const name = input.name.trim();
  if (!name) throw Errors.BadRequest('name must not be empty');
  const row = {
    id: uuidv7(),
    workspace_id: workspaceId,
    name,
    color: (input.color ?? '#6b7280').toLowerCase(),
    is_positive: bool(db.read, Boolean(input.is_positive)),
    created_at: new Date().toISOString(),
  };
  try {
    await db.write((trx) => insertOwned(trx, 'categories', row));
  } catch (err) {
    if (isUniqueViolation(err)) throw Errors.CategoryExists(name);
    throw err;
  }
  return toCategory(row);
}

export async function listCategories(db: Db, workspaceId: string, opts: { limit: number; offset: number }) {
  const { rows, total } = await listOwned(db, 'categories', workspaceId, opts);
  return { items: rows.map((r) => toCategory(r as Selectable<CategoryTable>)), total };
}
