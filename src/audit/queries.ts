// The audit log's statements (migration 0025). Workspace first, as every query.
import type { AuditLogTable, Q } from '../db/types.ts';

export type AuditEntry = AuditLogTable;

export async function insertEntry(db: Q, entry: AuditEntry) {
  await db.insertInto('audit_log').values(entry).execute();
}

/** The workspace's newest entries first, `limit` of them, after the entry `before` (an id) when given. */
export function listEntries(db: Q, workspaceId: string, limit: number, before?: { createdAt: string; id: string }) {
  let query = db.selectFrom('audit_log').selectAll().where('workspace_id', '=', workspaceId);
  if (before) query = query.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(before.createdAt, before.id)));
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export function getEntry(db: Q, workspaceId: string, id: string) {
  return db.selectFrom('audit_log').select(['created_at', 'id']).where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
}
