// The statements of mailboxes over OAuth: authorizations under way (oauth_states) and a
// connection's tokens and their refresh lease (the oauth_* columns of connections, 0017).
import type { Insertable, Updateable } from 'kysely';
import type { ConnectionTable, OAuthStateTable, Q, Tx } from '../db/types.ts';

export function insertState(db: Tx, row: Insertable<OAuthStateTable>) {
  return db.insertInto('oauth_states').values(row).execute();
}

/**
 * Spends an authorization's state: the row when it was unused and unexpired at `now`, marked
 * used in the same statement, so a replayed callback finds nothing.
 */
export function spendState(db: Tx, stateHash: string, now: string) {
  return db.updateTable('oauth_states').set({ used_at: now }).where('state_hash', '=', stateHash).where('used_at', 'is', null).where('expires_at', '>', now).returningAll().executeTakeFirst();
}

/** Drops authorizations that ended a day ago or more. */
export function deleteOldStates(db: Tx, before: string) {
  return db.deleteFrom('oauth_states').where('expires_at', '<', before).execute();
}

/** The workspace's connection for an address (the oldest, should there be several). */
export function connectionByEmail(db: Q, workspaceId: string, email: string) {
  return db.selectFrom('connections').selectAll().where('workspace_id', '=', workspaceId).where('email', '=', email).orderBy('created_at').orderBy('id').limit(1).executeTakeFirst();
}

export function tokensOf(db: Q, id: string) {
  return db
    .selectFrom('connections')
    .select(['id', 'workspace_id', 'auth', 'oauth_provider', 'oauth_access_token_enc', 'oauth_refresh_token_enc', 'oauth_expires_at', 'oauth_refresh_until'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Takes the refresh lease of a connection until `until`: false when another worker holds it, or
 * when the token no longer expires before `dueBefore` (another worker renewed it since this one
 * read the row, and let the lease go).
 */
export async function takeRefreshLease(db: Tx, id: string, now: string, until: string, dueBefore: string): Promise<boolean> {
  const res = await db
    .updateTable('connections')
    .set({ oauth_refresh_until: until })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('oauth_refresh_until', 'is', null), eb('oauth_refresh_until', '<=', now)]))
    .where((eb) => eb.or([eb('oauth_expires_at', 'is', null), eb('oauth_expires_at', '<=', dueBefore)]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** New tokens, or a refused refresh's error state; the lease is let go either way. */
export function finishRefresh(db: Tx, id: string, changes: Updateable<ConnectionTable>) {
  return db
    .updateTable('connections')
    .set({ ...changes, oauth_refresh_until: null })
    .where('id', '=', id)
    .execute();
}
