// reply_attachments, and only here: attachments of replies that arrived by IMAP (stored by a
// mailbox's sync, mailboxes/ingest.ts; listed and downloaded through replies/attachments.ts).
import { prepared } from '../db/prepared.ts';
import type { Q, ReplyAttachmentTable, Tx } from '../db/types.ts';

export function insertAttachment(db: Tx, row: ReplyAttachmentTable) {
  return db.insertInto('reply_attachments').values(row).execute();
}

// on the single read of every reply: compiled once (db/prepared.ts)
const attachmentsOfReply = prepared((db, a: { ws: string; replyId: string }) =>
  db.selectFrom('reply_attachments').select(['id', 'filename', 'content_type', 'size', 'skipped_reason']).where('workspace_id', '=', a.ws).where('reply_id', '=', a.replyId).orderBy('position', 'asc'),
);

export function listAttachments(db: Q, workspaceId: string, replyId: string) {
  return attachmentsOfReply(db, { ws: workspaceId, replyId });
}

export function getAttachment(db: Q, workspaceId: string, replyId: string, id: string) {
  return db
    .selectFrom('reply_attachments')
    .select(['id', 'filename', 'content_type', 'size', 'content', 'skipped_reason'])
    .where('workspace_id', '=', workspaceId)
    .where('reply_id', '=', replyId)
    .where('id', '=', id)
    .executeTakeFirst();
}
