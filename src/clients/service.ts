import type { Db } from '../db/connect.ts';
import { uuidv7 } from '../db/ids.ts';
import { deleteOwned, insertOwned, listOwned, updateOwned } from '../db/owned.ts';
import type { ClientTable, Tx } from '../db/types.ts';
import { Errors } from '../errors.ts';
import { detachReplies } from '../replies/queries.ts';
import { findMembers } from '../workspaces/queries.ts';

const toClient = (c: ClientTable) => ({
  id: c.id,
  name: c.name,
  service_description: c.service_description,
  round_robin: JSON.parse(c.round_robin) as string[],
  weekly_report_to: JSON.parse(c.weekly_report_to) as string[],
  created_at: c.created_at,
});

interface ClientInput {
  name?: string;
  service_description?: string;
  round_robin?: string[];
  weekly_report_to?: string[];
}

/** The addresses of the weekly report, each once (any case; the first spelling kept), as stored. */
function recipientsOf(list: string[]) {
  const seen = new Set<string>();
  return JSON.stringify(list.map((a) => a.trim()).filter((a) => !seen.has(a.toLowerCase()) && Boolean(seen.add(a.toLowerCase()))));
}

function nameOf(name: string) {
  const trimmed = name.trim();
  if (!trimmed) throw Errors.BadRequest('name must not be empty');
  return trimmed;
}

/**
 * The members new replies of the client are assigned to in turn (docs/api.md "The team's
 * inbox"), as stored: each a member of the workspace, once, in the order given.
 */
async function roundRobinOf(trx: Tx, workspaceId: string, ids: string[]) {
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  const members = new Set((await findMembers(trx, workspaceId, unique)).map((m) => m.id));
  if (unique.some((id) => !members.has(id))) throw Errors.InvalidRoundRobin();
  return JSON.stringify(unique);
}

export async function createClient(db: Db, workspaceId: string, input: ClientInput & { name: string }) {
  return db.write(async (trx) => {
    const row: ClientTable = {
      id: uuidv7(),
      workspace_id: workspaceId,
      name: nameOf(input.name),
      service_description: input.service_description ?? '',
      created_at: new Date().toISOString(),
      round_robin: await roundRobinOf(trx, workspaceId, input.round_robin ?? []),
      round_robin_turn: 0,
      weekly_report_to: recipientsOf(input.weekly_report_to ?? []),
    };
    await insertOwned(trx, 'clients', row);
    return toClient(row);
  });
}

export async function listClients(db: Db, workspaceId: string, opts: { limit: number; offset: number }) {
  const { rows, total } = await listOwned(db, 'clients', workspaceId, opts);
  return { items: rows.map((r) => toClient(r as ClientTable)), total };
}

export async function updateClient(db: Db, workspaceId: string, id: string, input: ClientInput) {
  if (Object.values(input).every((v) => v === undefined)) {
    throw Errors.BadRequest('Nothing to update: give at least one of name, service_description, round_robin, weekly_report_to');
  }
  const row = await db.write(async (trx) => {
    const changes: Partial<Pick<ClientTable, 'name' | 'service_description' | 'round_robin' | 'weekly_report_to'>> = {};
    if (input.weekly_report_to !== undefined) changes.weekly_report_to = recipientsOf(input.weekly_report_to);
    if (input.name !== undefined) changes.name = nameOf(input.name);
    if (input.service_description !== undefined) changes.service_description = input.service_description;
    if (input.round_robin !== undefined) changes.round_robin = await roundRobinOf(trx, workspaceId, input.round_robin);
    return updateOwned(trx, 'clients', workspaceId, id, changes);
  });
  if (!row) throw Errors.ClientNotFound();
  return toClient(row as ClientTable);
}

/** Deletes a client; its replies keep everything but the client (updated_at set, no per-reply events). */
export async function deleteClient(db: Db, workspaceId: string, id: string) {
  await db.write(async (trx) => {
    await detachReplies(trx, workspaceId, 'client_id', id, new Date().toISOString());
    if (!(await deleteOwned(trx, 'clients', workspaceId, id))) throw Errors.ClientNotFound();
  });
}
