// system_mail, and only here: the mail Replydesk itself sends to people (invitations, password
// resets), kept as `captured` until sent (mail/system.ts).
import type { Insertable } from 'kysely';
import type { Database, Q, Tx } from '../db/types.ts';

export async function insertSystemMail(db: Tx, row: Insertable<Database['system_mail']>) {
  await db.insertInto('system_mail').values(row).execute();
}

export function listSystemMail(db: Q, workspaceId: string, limit: number) {
  return db
    .selectFrom('system_mail')
    .select(['id', 'kind', 'to_address', 'subject', 'text', 'status', 'created_at'])
    .where('workspace_id', '=', workspaceId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

export function getSystemMail(db: Q, id: string) {
  return db.selectFrom('system_mail').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function setSystemMailStatus(db: Tx, id: string, status: 'sent' | 'failed' | 'captured', lastError: string | null) {
  await db.updateTable('system_mail').set({ status, last_error: lastError }).where('id', '=', id).execute();
}

/** Every workspace's dashboard mail and the password resets, newest first (the CLI). */
export function listAllSystemMail(db: Q, limit: number) {
  return db.selectFrom('system_mail').select(['id', 'workspace_id', 'kind', 'to_address', 'subject', 'text', 'status', 'created_at']).orderBy('created_at', 'desc').limit(limit).execute();
}
