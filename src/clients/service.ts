import type { Db } from '../db/connect.ts';
import { uuidv7 } from '../db/ids.ts';
import { insertOwned, listOwned } from '../db/owned.ts';
import { Errors } from '../http/errors.ts';

export async function createClient(db: Db, workspaceId: string, input: { name: string; service_description?: string }) {
  const name = input.name.trim();
  if (!name) throw Errors.BadRequest('name must not be empty');
  const row = { id: uuidv7(), workspace_id: workspaceId, name, service_description: input.service_description ?? '', created_at: new Date().toISOString() };
  await db.write((trx) => insertOwned(trx, 'clients', row));
  return { id: row.id, name: row.name, service_description: row.service_description, created_at: row.created_at };
}

export async function listClients(db: Db, workspaceId: string, opts: { limit: number; offset: number }) {
  const { rows, total } = await listOwned(db, 'clients', workspaceId, opts);
  return { items: rows.map((r) => ({ id: r.id, name: r.name, service_description: (r as { service_description: string }).service_description, created_at: r.created_at })), total };
}
