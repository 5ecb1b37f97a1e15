// The statements of the dashboard's tables: users, memberships, sessions and user_tokens.
// Every query about a workspace's people takes the workspace id.
import type { Insertable } from 'kysely';
import { lockRows } from '../db/dialect.ts';
import type { Database, Q, Role, Tx, UserTokenKind } from '../db/types.ts';

export async function countUsers(db: Q): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findUserByEmail(db: Q, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUser(db: Q, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertUser(db: Tx, row: Insertable<Database['users']>) {
  await db.insertInto('users').values(row).execute();
}

/** A new password, which voids every reset link of the person still outstanding. */
export async function setPassword(db: Tx, userId: string, passwordHash: string, at: string) {
  await db.updateTable('users').set({ password_hash: passwordHash, updated_at: at }).where('id', '=', userId).execute();
  await db.updateTable('user_tokens').set({ used_at: at }).where('user_id', '=', userId).where('kind', '=', 'reset').where('used_at', 'is', null).execute();
}

// Memberships

export async function insertMembership(db: Tx, row: Insertable<Database['memberships']>) {
  await db
    .insertInto('memberships')
    .values(row)
    .onConflict((oc) => oc.columns(['workspace_id', 'user_id']).doNothing())
    .execute();
}

/** The workspaces a person is in, oldest membership first. */
export function workspacesOfUser(db: Q, userId: string) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('workspaces as w', 'w.id', 'm.workspace_id')
    .select(['w.id', 'w.name', 'w.plan', 'm.role'])
    .where('m.user_id', '=', userId)
    .orderBy('m.created_at')
    .orderBy('w.id')
    .execute();
}

export function findMembership(db: Q, workspaceId: string, userId: string) {
  return db.selectFrom('memberships').select(['role', 'created_at']).where('workspace_id', '=', workspaceId).where('user_id', '=', userId).executeTakeFirst();
}

export function listMembers(db: Q, workspaceId: string) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id as user_id', 'u.email', 'm.role', 'm.created_at'])
    .where('m.workspace_id', '=', workspaceId)
    .orderBy('m.created_at')
    .orderBy('u.id')
    .execute();
}

export async function setRole(db: Tx, workspaceId: string, userId: string, role: Role) {
  await db.updateTable('memberships').set({ role }).where('workspace_id', '=', workspaceId).where('user_id', '=', userId).execute();
}

export async function deleteMembership(db: Tx, workspaceId: string, userId: string) {
  await db.deleteFrom('memberships').where('workspace_id', '=', workspaceId).where('user_id', '=', userId).execute();
}

/** Holds the workspace's owner rows from other writers until the transaction ends (dialect.ts lockRows). */
export async function lockOwners(db: Tx, workspaceId: string) {
  await lockRows(db, db.selectFrom('memberships').select('user_id').where('workspace_id', '=', workspaceId).where('role', '=', 'owner').orderBy('user_id'));
}

export async function countOwners(db: Q, workspaceId: string): Promise<number> {
  const row = await db
    .selectFrom('memberships')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('workspace_id', '=', workspaceId)
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// Sessions

export async function insertSession(db: Tx, row: Insertable<Database['sessions']>) {
  await db.insertInto('sessions').values(row).execute();
}

/** A session with its person, its workspace and the person's role there (none: no longer a member). */
export function findSession(db: Q, idHash: string) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('workspaces as w', 'w.id', 's.workspace_id')
    .leftJoin('memberships as m', (j) => j.onRef('m.workspace_id', '=', 's.workspace_id').onRef('m.user_id', '=', 's.user_id'))
    .select([
      's.id_hash',
      's.user_id',
      'u.email',
      'u.name as user_name',
      's.workspace_id',
      'w.name as workspace_name',
      'w.plan',
      'w.rate_limit',
      'w.api_version',
      'm.role',
      's.csrf_token',
      's.expires_at',
    ])
    .where('s.id_hash', '=', idHash)
    .executeTakeFirst();
}
export type SessionRow = NonNullable<Awaited<ReturnType<typeof findSession>>>;

export async function extendSession(db: Tx, idHash: string, expiresAt: string) {
  await db.updateTable('sessions').set({ expires_at: expiresAt }).where('id_hash', '=', idHash).execute();
}

export async function setSessionWorkspace(db: Tx, idHash: string, workspaceId: string) {
  await db.updateTable('sessions').set({ workspace_id: workspaceId }).where('id_hash', '=', idHash).execute();
}

export async function deleteSession(db: Tx, idHash: string) {
  await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
}

export async function deleteSessionsOfUser(db: Tx, userId: string, workspaceId?: string) {
  let q = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (workspaceId) q = q.where('workspace_id', '=', workspaceId);
  await q.execute();
}

// One-time links

export async function insertToken(db: Tx, row: Insertable<Database['user_tokens']>) {
  await db.insertInto('user_tokens').values(row).execute();
}

/** An unused, unexpired token of the kind, as of `now`. */
export function findToken(db: Q, hash: string, kind: UserTokenKind, now: string) {
  return db.selectFrom('user_tokens').selectAll().where('token_hash', '=', hash).where('kind', '=', kind).where('used_at', 'is', null).where('expires_at', '>', now).executeTakeFirst();
}

/** Marks a token used; false when another request used it first. */
export async function useToken(db: Tx, hash: string, now: string): Promise<boolean> {
  const result = await db.updateTable('user_tokens').set({ used_at: now }).where('token_hash', '=', hash).where('used_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends the unused tokens of a kind (a new setup link replaces the old one). */
export async function expireTokens(db: Tx, kind: UserTokenKind, now: string) {
  await db.updateTable('user_tokens').set({ used_at: now }).where('kind', '=', kind).where('used_at', 'is', null).execute();
}

/** Open invitations of a workspace. */
export function pendingInvites(db: Q, workspaceId: string, now: string) {
  return db
    .selectFrom('user_tokens')
    .select(['email', 'role', 'created_at'])
    .where('workspace_id', '=', workspaceId)
    .where('kind', '=', 'invite')
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at')
    .execute();
}

/** Ends the pending invitations of an address to the workspace (their links stop working); how many there were. */
export async function revokeInvites(db: Tx, workspaceId: string, email: string, at: string): Promise<number> {
  const res = await db
    .updateTable('user_tokens')
    .set({ used_at: at })
    .where('workspace_id', '=', workspaceId)
    .where('kind', '=', 'invite')
    .where('email', '=', email)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}
