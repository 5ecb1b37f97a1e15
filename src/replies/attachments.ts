// Attachments of replies, that arrived by IMAP or with an ingested reply: listed on the reply's single read, downloaded
// one at a time (GET /api/replies/{id}/attachments/{attachmentId}).
import type { Db } from '../db/connect.ts';
import type { ReplyAttachmentTable, Tx } from '../db/types.ts';
import { Errors } from '../errors.ts';
import type { FileIn } from '../http/attachments.ts';
import { uuidv7 } from '../db/ids.ts';
import * as q from './attachment-queries.ts';

export async function attachmentsForReply(db: Db, workspaceId: string, replyId: string) {
  const rows = await q.listAttachments(db.read, workspaceId, replyId);
  return rows.map((a) => ({
    id: a.id,
    filename: a.filename,
    content_type: a.content_type,
    size: Number(a.size),
    stored: a.skipped_reason === null,
    skipped_reason: a.skipped_reason,
    download_url: a.skipped_reason === null ? `/api/replies/${replyId}/attachments/${a.id}` : null,
  }));
}

/** Stores one attachment in its reply's ingest transaction; the item the reply's single read lists. */
export async function storeAttachment(trx: Tx, row: ReplyAttachmentTable) {
  await q.insertAttachment(trx, row);
  const stored = row.content !== null;
  return {
    id: row.id,
    filename: row.filename,
    content_type: row.content_type,
    size: row.size,
    stored,
    skipped_reason: row.skipped_reason,
    download_url: stored ? `/api/replies/${row.reply_id}/attachments/${row.id}` : null,
  };
}

/**
 * The files sent with an ingested reply (POST /api/replies `attachments`, decoded by
 * http/attachments.ts), stored in the reply's transaction (replies/ingest.ts `within`).
 */
export function storeFiles(workspaceId: string, files: FileIn[]) {
  return async (trx: Tx, replyId: string) => {
    const t = new Date().toISOString();
    const listed = [];
    for (const [position, f] of files.entries()) {
      const row = {
        id: uuidv7(),
        workspace_id: workspaceId,
        reply_id: replyId,
        position,
        filename: f.filename,
        content_type: f.contentType,
        size: f.content.length,
        content_id: null,
        content: f.content,
        skipped_reason: null,
        created_at: t,
      };
      listed.push(await storeAttachment(trx, row));
    }
    return listed;
  };
}

/** One attachment's bytes; 404 when the reply or the attachment is not the workspace's, or was not kept. */
export async function downloadAttachment(db: Db, workspaceId: string, replyId: string, id: string) {
  const row = await q.getAttachment(db.read, workspaceId, replyId, id);
  if (!row) throw Errors.AttachmentNotFound();
  if (row.content === null) throw Errors.AttachmentNotStored(row.skipped_reason ?? 'not kept');
  return { filename: row.filename, contentType: row.content_type, content: Buffer.from(row.content) };
}
