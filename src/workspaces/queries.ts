// workspaces and api_keys: their queries, and only here (the rules are in service.ts).
import { prepared } from '../db/prepared.ts';
import type { ApiKeyTable, CategoryTable, Q, Tx, WorkspaceTable } from '../db/types.ts';
import type { Insertable } from 'kysely';

export function insertWorkspace(db: Tx, row: Insertable<WorkspaceTable>) {
  return db.insertInto('workspaces').values(row).execute();
}

/** A new workspace's categories (its defaults). */
export function insertCategories(db: Tx, rows: Insertable<CategoryTable>[]) {
  return db.insertInto('categories').values(rows).execute();
}

export function findWorkspace(db: Q, id: string) {
  return db.selectFrom('workspaces').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertApiKey(db: Tx, row: Insertable<ApiKeyTable>) {
  return db.insertInto('api_keys').values(row).execute();
}

export function listApiKeys(db: Q, workspaceId: string) {
  return db
    .selectFrom('api_keys')
    .select(['id', 'name', 'prefix', 'permissions', 'created_at', 'last_used_at', 'revoked_at'])
    .where('workspace_id', '=', workspaceId)
    .orderBy('created_at', 'asc')
    .execute();
}

/** Revokes a live key of the workspace; false when there was none. */
export async function revokeApiKey(db: Tx, workspaceId: string, keyId: string, at: string): Promise<boolean> {
  const res = await db.updateTable('api_keys').set({ revoked_at: at }).where('workspace_id', '=', workspaceId).where('id', '=', keyId).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** A key by its hash, with what its principal needs of the workspace (the hot path). */
export const keyByHash = prepared((db, a: { hash: string }) =>
  db
    .selectFrom('api_keys')
    .innerJoin('workspaces', 'workspaces.id', 'api_keys.workspace_id')
    .select(['api_keys.id', 'api_keys.name', 'api_keys.workspace_id', 'api_keys.permissions', 'api_keys.revoked_at', 'workspaces.plan', 'workspaces.rate_limit', 'workspaces.api_version'])
    .where('api_keys.key_hash', '=', a.hash),
);

export function touchApiKey(db: Tx, keyId: string, at: string) {
  return db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', keyId).execute();
}

/** Whether the workspace has triage on (asked on every reply ingested: replies/triage-jobs.ts). */
export const triageEnabled = prepared((db, a: { ws: string }) => db.selectFrom('workspaces').select('triage_enabled').where('id', '=', a.ws));

/** The workspace's members (docs/api.md "The team's inbox"), by address. */
export function listMembers(db: Q, workspaceId: string) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.name', 'u.email', 'm.role'])
    .where('m.workspace_id', '=', workspaceId)
    .orderBy('u.email', 'asc')
    .execute();
}

/** The members of the workspace among `userIds` (in no particular order). */
export function findMembers(db: Q, workspaceId: string, userIds: string[]) {
  if (!userIds.length) return Promise.resolve([]);
  return db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.name', 'u.email'])
    .where('m.workspace_id', '=', workspaceId)
    .where('m.user_id', 'in', userIds)
    .execute();
}

/** One member of the workspace, or undefined when the user is not one. */
export function findMember(db: Q, workspaceId: string, userId: string) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.name', 'u.email'])
    .where('m.workspace_id', '=', workspaceId)
    .where('m.user_id', '=', userId)
    .executeTakeFirst();
}

/** The workspace's time zone (Settings → Workspace; reports/weekly.ts sends on its Monday). */
export async function setTimeZone(db: Tx, workspaceId: string, tz: string) {
  await db.updateTable('workspaces').set({ time_zone: tz }).where('id', '=', workspaceId).execute();
}
