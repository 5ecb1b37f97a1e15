// Retention's statements (replies/retention.ts): the workspaces that keep replies for a number
// of days, and one batch of what is older deleted. Workspace first, as every query.
import type { Q, Tx } from '../db/types.ts';

export function retainingWorkspaces(db: Q) {
  return db.selectFrom('workspaces').select(['id', 'retention_days']).where('retention_days', 'is not', null).execute();
}

export async function retentionDays(db: Q, workspaceId: string): Promise<number | null> {
  const row = await db.selectFrom('workspaces').select('retention_days').where('id', '=', workspaceId).executeTakeFirst();
  return row?.retention_days ?? null;
}

export function setRetentionDays(db: Tx, workspaceId: string, days: number | null) {
  return db.updateTable('workspaces').set({ retention_days: days }).where('id', '=', workspaceId).execute();
}

/**
 * Deletes up to `limit` of the workspace's replies received before `before` (oldest first) and,
 * by their foreign keys, their threads, attachments, notes, history, triage and outgoing mail;
 * answers the rows actually deleted (another worker may have taken some first).
 */
export function deleteRepliesBefore(db: Tx, workspaceId: string, before: string, limit: number) {
  return db
    .deleteFrom('replies')
    .where('workspace_id', '=', workspaceId)
    .where('id', 'in', (eb) => eb.selectFrom('replies').select('id').where('workspace_id', '=', workspaceId).where('received_at', '<', before).orderBy('received_at').limit(limit))
    .returning(['id', 'status', 'contact_id'])
    .execute();
}

/** Deletes up to `limit` of the workspace's stored events older than `before` (and, by their keys, their webhook deliveries and attempts); answers how many. */
export async function deleteEventsBefore(db: Tx, workspaceId: string, before: string, limit: number) {
  const res = await db
    .deleteFrom('events')
    .where('workspace_id', '=', workspaceId)
    .where('id', 'in', (eb) => eb.selectFrom('events').select('id').where('workspace_id', '=', workspaceId).where('created_at', '<', before).limit(limit))
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** A contact has `n` replies fewer. */
export function lessReplies(db: Tx, workspaceId: string, contactId: string, n: number) {
  return db
    .updateTable('contacts')
    .set((eb) => ({ reply_count: eb('reply_count', '-', n) }))
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', contactId)
    .execute();
}
