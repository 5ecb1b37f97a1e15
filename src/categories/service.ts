import type { Db } from '../db/connect.ts';
import { bool, isUniqueViolation } from '../db/dialect.ts';
import { uuidv7 } from '../db/ids.ts';
import type { Selectable } from 'kysely';
import { deleteOwned, insertOwned, listOwned, updateOwned } from '../db/owned.ts';
import type { CategoryTable } from '../db/types.ts';
import { Errors } from '../errors.ts';
import { detachReplies } from '../replies/queries.ts';
import { TEMPLATE_VARIABLES, unknownVariables } from '../triage/drafts.ts';

type CategoryRow = Pick<Selectable<CategoryTable>, 'id' | 'name' | 'color' | 'is_positive' | 'drafts' | 'template' | 'created_at'>;

const toCategory = (c: CategoryRow) => ({
  id: c.id,
  name: c.name,
  color: c.color,
  is_positive: Boolean(c.is_positive),
  drafts: Boolean(c.drafts),
  template: c.template ?? null,
  created_at: c.created_at,
});

/** A template that names a variable drafts cannot fill is refused (src/triage/drafts.ts). */
function templateOf(template: string | null | undefined) {
  if (template == null) return template;
  const unknown = unknownVariables(template);
  if (unknown.length) throw Errors.BadRequest(`template: unknown variable(s) ${unknown.map((v) => `{{${v}}}`).join(', ')}; use ${TEMPLATE_VARIABLES.map((v) => `{{${v}}}`).join(', ')}`);
  return template.trim() ? template : null;
}

function nameOf(name: string) {
  const trimmed = name.trim();
  if (!trimmed) throw Errors.BadRequest('name must not be empty');
  return trimmed;
}

async function uniqueName<T>(name: string, write: () => Promise<T>) {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw Errors.CategoryExists(name);
    throw err;
  }
}

export async function createCategory(db: Db, workspaceId: string, input: { name: string; color?: string; is_positive?: boolean; drafts?: boolean; template?: string | null }) {
  const name = nameOf(input.name);
  const template = templateOf(input.template) ?? null;
  const row = {
    id: uuidv7(),
    workspace_id: workspaceId,
    name,
    color: (input.color ?? '#6b7280').toLowerCase(),
    is_positive: bool(db.read, Boolean(input.is_positive)),
    drafts: bool(db.read, Boolean(input.drafts)),
    template,
    created_at: new Date().toISOString(),
  };
  await uniqueName(name, () => db.write((trx) => insertOwned(trx, 'categories', row)));
  return toCategory(row);
}

export async function listCategories(db: Db, workspaceId: string, opts: { limit: number; offset: number }) {
  const { rows, total } = await listOwned(db, 'categories', workspaceId, opts);
  return { items: rows.map((r) => toCategory(r as CategoryRow)), total };
}

/** Renames, recolours or re-flags a category; the replies in it show the change at once (the list joins the category). */
export async function updateCategory(db: Db, workspaceId: string, id: string, input: { name?: string; color?: string; is_positive?: boolean; drafts?: boolean; template?: string | null }) {
  const changes: { name?: string; color?: string; is_positive?: number | boolean; drafts?: number | boolean; template?: string | null } = {};
  if (input.name !== undefined) changes.name = nameOf(input.name);
  if (input.color !== undefined) changes.color = input.color.toLowerCase();
  if (input.is_positive !== undefined) changes.is_positive = bool(db.read, input.is_positive);
  if (input.drafts !== undefined) changes.drafts = bool(db.read, input.drafts);
  if (input.template !== undefined) changes.template = templateOf(input.template) ?? null;
  if (Object.keys(changes).length === 0) throw Errors.BadRequest('Nothing to update: give at least one of name, color, is_positive, drafts, template');
  const row = await uniqueName(changes.name ?? '', () => db.write((trx) => updateOwned(trx, 'categories', workspaceId, id, changes)));
  if (!row) throw Errors.CategoryNotFound();
  return toCategory(row);
}

/** Deletes a category; its replies become uncategorised (updated_at set, no per-reply events). */
export async function deleteCategory(db: Db, workspaceId: string, id: string) {
  await db.write(async (trx) => {
    const at = new Date().toISOString();
    await detachReplies(trx, workspaceId, 'category_id', id, at);
    if (!(await deleteOwned(trx, 'categories', workspaceId, id))) throw Errors.CategoryNotFound();
  });
}
