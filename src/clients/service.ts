import type { Db } from '../db/connect.ts';
import { uuidv7 } from '../db/ids.ts';
import { deleteOwned, insertOwned, listOwned, updateOwned } from '../db/owned.ts';
import type { ClientTable } from '../db/types.ts';
import { Errors } from '../errors.ts';
import { detachReplies } from '../replies/queries.ts';

const toClient = (c: ClientTable) => ({ id: c.id, name: c.name, service_description: c.service_description, created_at: c.created_at });

function nameOf(name: string) {
  const trimmed = name.trim();
  if (!trimmed) throw Errors.BadRequest('name must not be empty');
  return trimmed;
}

export async function createClient(db: Db, workspaceId: string, input: { name: string; service_description?: string }) {
  const row = { id: uuidv7(), workspace_id: workspaceId, name: nameOf(input.name), service_description: input.service_description ?? '', created_at: new Date().toISOString() };
  await db.write((trx) => insertOwned(trx, 'clients', row));
  return toClient(row);
}

export async function listClients(db: Db, workspaceId: string, opts: { limit: number; offset: number }) {
  const { rows, total } = await listOwned(db, 'clients', workspaceId, opts);
  return { items: rows.map((r) => toClient(r as ClientTable)), total };
}

export async function updateClient(db: Db, workspaceId: string, id: string, input: { name?: string; service_description?: string }) {
  const changes: { name?: string; service_description?: string } = {};
  if (input.name !== undefined) changes.name = nameOf(input.name);
  if (input.service_description !== undefined) changes.service_description = input.service_description;
  if (Object.keys(changes).length === 0) throw Errors.BadRequest('Nothing to update: give at least one of name, service_description');
  const row = await db.write((trx) => updateOwned(trx, 'clients', workspaceId, id, changes));
  if (!row) throw Errors.ClientNotFound();
  return toClient(row);
}

/** Deletes a client; its replies keep everything but the client (updated_at set, no per-reply events). */
export async function deleteClient(db: Db, workspaceId: string, id: string) {
  await db.write(async (trx) => {
    await detachReplies(trx, workspaceId, 'client_id', id, new Date().toISOString());
    if (!(await deleteOwned(trx, 'clients', workspaceId, id))) throw Errors.ClientNotFound();
  });
}
