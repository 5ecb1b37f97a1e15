// idempotency_keys, and only here (the rules are in src/idempotency/plugin.ts). Each change runs
// in a db.write of its own, never in the handler's: the row is the lock that keeps two
// requests with one key from both running, so it commits before the handler starts.
import type { Tx } from '../db/types.ts';

type Key = { workspaceId: string; key: string };

/** Claims a new key (state in_progress); false when the key already has a row. */
export async function insertKey(db: Tx, k: Key & { method: string; path: string; requestHash: string; at: string }): Promise<boolean> {
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({
      workspace_id: k.workspaceId,
      key: k.key,
      method: k.method,
      path: k.path,
      request_hash: k.requestHash,
      state: 'in_progress',
      response_status: null,
      response_body: null,
      created_at: k.at,
      locked_at: k.at,
    })
    .onConflict((oc) => oc.columns(['workspace_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return inserted !== undefined;
}

export function findKey(db: Tx, k: Key) {
  return db.selectFrom('idempotency_keys').selectAll().where('workspace_id', '=', k.workspaceId).where('key', '=', k.key).executeTakeFirst();
}

/** Forgets an expired key, unless another request has just claimed it anew. */
export async function deleteExpiredKey(db: Tx, k: Key & { createdAt: string }) {
  await db.deleteFrom('idempotency_keys').where('workspace_id', '=', k.workspaceId).where('key', '=', k.key).where('created_at', '=', k.createdAt).execute();
}

/** Every workspace's keys created before `before`, through the created_at index. */
export async function sweepKeys(db: Tx, before: string) {
  await db.deleteFrom('idempotency_keys').where('created_at', '<', before).execute();
}

/** Takes over a key abandoned in progress; false when another request took it first. */
export async function takeOverKey(db: Tx, k: Key & { lockedAt: string; at: string }): Promise<boolean> {
  const taken = await db
    .updateTable('idempotency_keys')
    .set({ locked_at: k.at })
    .where('workspace_id', '=', k.workspaceId)
    .where('key', '=', k.key)
    .where('state', '=', 'in_progress')
    .where('locked_at', '=', k.lockedAt)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) > 0;
}

/** Stores the answer a key replays from now on. */
export async function completeKey(db: Tx, k: Key & { status: number; body: string }) {
  await db.updateTable('idempotency_keys').set({ state: 'done', response_status: k.status, response_body: k.body }).where('workspace_id', '=', k.workspaceId).where('key', '=', k.key).execute();
}

export async function deleteKey(db: Tx, k: Key) {
  await db.deleteFrom('idempotency_keys').where('workspace_id', '=', k.workspaceId).where('key', '=', k.key).execute();
}
