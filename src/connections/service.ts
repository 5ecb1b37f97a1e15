import type { Db } from '../db/connect.ts';
import { uuidv7 } from '../db/ids.ts';
import { insertOwned, listOwned } from '../db/owned.ts';
import { Errors } from '../http/errors.ts';

export async function createConnection(db: Db, workspaceId: string, input: { name: string; email: string }) {
  const name = input.name.trim();
  if (!name) throw Errors.BadRequest('name must not be empty');
  const row = { id: uuidv7(), workspace_id: workspaceId, name, email: input.email.trim(), created_at: new Date().toISOString() };
  await db.write((trx) => insertOwned(trx, 'connections', row));
  return { id: row.id, name: row.name, email: row.email, created_at: row.created_at };
}

export async function listConnections(db: Db, workspaceId: string, opts: { limit: number; offset: number }) {
  const { rows, total } = await listOwned(db, 'connections', workspaceId, opts);
  return { items: rows.map((r) => ({ id: r.id, name: r.name, email: (r as { email: string }).email, created_at: r.created_at })), total };
}
