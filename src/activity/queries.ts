// The team's notes on replies and the replies' history (migration 0019; docs/api.md "The team's
// inbox"): written in the transaction of the change they record, read with a reply.
import type { Insertable } from 'kysely';
import type { Q, ReplyActivityTable, ReplyNoteTable, Tx } from '../db/types.ts';

export async function insertActivity(db: Tx, rows: Insertable<ReplyActivityTable>[]) {
  if (rows.length) await db.insertInto('reply_activity').values(rows).execute();
}

export async function insertNote(db: Tx, row: Insertable<ReplyNoteTable>) {
  await db.insertInto('reply_notes').values(row).execute();
}

export function notesOf(db: Q, workspaceId: string, replyId: string) {
  return db
    .selectFrom('reply_notes')
    .select(['id', 'body', 'author_type', 'author_id', 'author_name', 'created_at'])
    .where('workspace_id', '=', workspaceId)
    .where('reply_id', '=', replyId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}
export type NoteRow = Awaited<ReturnType<typeof notesOf>>[number];

export function activityOf(db: Q, workspaceId: string, replyId: string) {
  return db
    .selectFrom('reply_activity')
    .select(['at', 'actor_type', 'actor_id', 'actor_name', 'action', 'from_value', 'to_value'])
    .where('workspace_id', '=', workspaceId)
    .where('reply_id', '=', replyId)
    .orderBy('id', 'asc')
    .execute();
}
