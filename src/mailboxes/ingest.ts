// One message of a mailbox's folder, made a reply (or skipped, with the reason recorded).
//
//  - From the mailbox's own address: not a reply (docs/mailboxes.md "Sync states"), skipped.
//  - No sender address, or MIME that cannot be read: skipped with the reason.
//  - Already stored (its Message-ID): ingestReply answers the stored reply; nothing changes.
//  - Threading: In-Reply-To, then References from the newest, are looked up among the answers
//    sent from Replydesk (outgoing_messages) and the replies already stored. The new reply's
//    thread is the earlier reply's thread, that reply itself and what was sent in answer to it,
//    in time order. A prospect who answers a colleague's Outlook reply still names the earlier
//    messages in References, so the thread holds together.
//  - Attachments are stored with the reply in its transaction; one larger than the limit is
//    listed with the reason and no content. The triage headers go in replies.mail_headers.
import type { Db } from '../db/connect.ts';
import { uuidv7 } from '../db/ids.ts';
import type { Tx } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { getThreadForMail } from '../mail/queries.ts';
import { storeAttachment } from '../replies/attachments.ts';
import { ingestReply, type IngestTriage } from '../replies/ingest.ts';
import { normalizeTimestamp } from '../timestamps.ts';
import { clean, type ParsedMessage, parseMessage } from './parse.ts';
import * as q from './queries.ts';

export interface Place {
  connectionId: string;
  workspaceId: string;
  /** The mailbox's own address. */
  email: string;
  folder: string;
  uidvalidity: string;
  uid: number;
  /** When the message reached the mailbox (IMAP INTERNALDATE). */
  arrivedAt: Date | null;
}

export type Outcome = { stored: true; created: boolean; replyId: string } | { stored: false; reason: string; messageId: string | null };

const MAX_THREAD = 50;
const ADDRESS = /^[^\s@<>]{1,200}@[^\s@<>]{1,200}$/;

async function threadFor(db: Db, workspaceId: string, parents: string[]) {
  if (!parents.length) return [];
  const [sent, replies] = await Promise.all([q.outgoingByMessageIds(db.read, workspaceId, parents), q.repliesByMessageIds(db.read, workspaceId, parents)]);
  // the nearest parent that names something stored
  let replyId: string | null = null;
  for (const id of parents) {
    replyId = sent.find((s) => s.message_id === id)?.reply_id ?? replies.find((r) => r.message_id === id)?.id ?? null;
    if (replyId) break;
  }
  if (!replyId) return [];
  const [earlier, parent, sends] = await Promise.all([getThreadForMail(db.read, workspaceId, replyId), q.repliesById(db.read, workspaceId, replyId), q.sendsOfReply(db.read, workspaceId, replyId)]);
  const items = [
    ...earlier,
    ...(parent ? [{ from: parent.from_email, to: parent.to_email, subject: parent.subject, body: parent.body_text, sent_at: parent.received_at }] : []),
    ...sends.map((s) => ({ from: s.from_address, to: (JSON.parse(s.to_addresses) as string[])[0] ?? '', subject: s.subject, body: s.text, sent_at: s.sent_at ?? s.created_at })),
  ];
  items.sort((a, b) => a.sent_at.localeCompare(b.sent_at));
  return items.slice(-MAX_THREAD);
}

function receivedAt(m: ParsedMessage, place: Place): string {
  const at = place.arrivedAt && !Number.isNaN(place.arrivedAt.getTime()) ? place.arrivedAt.toISOString() : (m.date ?? new Date().toISOString());
  try {
    return normalizeTimestamp(at);
  } catch {
    return new Date().toISOString();
  }
}

export interface StoreOptions {
  maxAttachmentBytes: number;
  /** Triage in the reply's transaction (replies/ingest.ts IngestOptions); without it, a triage job. */
  triage?: IngestTriage;
}

/** Stores one parsed message as a reply of the mailbox, or says why not. */
export async function storeParsed(db: Db, m: ParsedMessage, place: Place, opts: StoreOptions): Promise<Outcome> {
  const skip = (reason: string): Outcome => ({ stored: false, reason, messageId: m.messageId });
  if (!m.from || !ADDRESS.test(m.from.address)) return skip('no sender address');
  if (m.from.address.toLowerCase() === place.email.toLowerCase()) return skip('sent by the mailbox itself');

  const thread = await threadFor(db, place.workspaceId, m.parents);
  const within = async (trx: Tx, replyId: string) => {
    const t = new Date().toISOString();
    const listed = [];
    for (const [position, a] of m.attachments.entries()) {
      const tooLarge = a.size > opts.maxAttachmentBytes;
      const row = {
        id: uuidv7(),
        workspace_id: place.workspaceId,
        reply_id: replyId,
        position,
        filename: a.filename,
        content_type: a.contentType,
        size: a.size,
        content_id: a.contentId,
        content: tooLarge ? null : Buffer.from(a.content.buffer, a.content.byteOffset, a.content.byteLength),
        skipped_reason: tooLarge ? `larger than the limit of ${opts.maxAttachmentBytes} bytes (MAILBOX_ATTACHMENT_MAX_MB)` : null,
        created_at: t,
      };
      listed.push(await storeAttachment(trx, row));
    }
    return listed;
  };
  try {
    const { reply, created } = await ingestReply(
      db,
      place.workspaceId,
      {
        from_email: m.from.address,
        from_name: m.from.name,
        to_email: place.email,
        subject: m.subject,
        body_text: m.bodyText,
        body_html: m.html,
        received_at: receivedAt(m, place),
        connection_id: place.connectionId,
        message_id: m.messageId,
        ...(m.inReplyTo && { in_reply_to: m.inReplyTo }),
        thread: thread.map((t) => ({ ...t, from: clean(t.from), to: clean(t.to) })),
      },
      { within, mailHeaders: JSON.stringify(m.headers), ...(opts.triage && { triage: opts.triage }) },
    );
    return { stored: true, created, replyId: reply.id };
  } catch (err) {
    // the message itself is at fault (a value the rules refuse): skipped, with the rule's words
    if (err instanceof AppError && err.statusCode < 500) return skip(`refused: ${err.message}`);
    throw err;
  }
}

/** Reads and stores one raw message; a message that cannot be read is skipped, with the reason. */
export async function storeRaw(db: Db, raw: Uint8Array, place: Place, opts: StoreOptions): Promise<Outcome> {
  let parsed: ParsedMessage;
  try {
    parsed = await parseMessage(raw);
  } catch (err) {
    return { stored: false, reason: `unreadable MIME: ${clean((err as Error).message).slice(0, 300)}`, messageId: null };
  }
  return storeParsed(db, parsed, place, opts);
}

/** Records a skipped message (once per UID) so nothing is dropped without a trace. */
export function recordSkip(db: Db, place: Place, outcome: Extract<Outcome, { stored: false }>) {
  return db.write((trx) =>
    q.recordSkipped(trx, {
      id: uuidv7(),
      workspace_id: place.workspaceId,
      connection_id: place.connectionId,
      folder: place.folder,
      uidvalidity: place.uidvalidity,
      uid: place.uid,
      message_id: outcome.messageId,
      reason: outcome.reason,
      created_at: new Date().toISOString(),
    }),
  );
}
