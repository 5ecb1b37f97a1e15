// Sending a reply's answer, now or later, and the outgoing mail of a reply (docs/mail.md).
// Forwarding is mail/forward.ts; a scheduled answer's release, hold and cancel mail/schedule.ts.
//
// A request never talks to SMTP. In one transaction it checks the rules, spends the hourly
// quota, builds the MIME, records the outgoing message, queues a mail.send job and records the
// event (transactional outbox, docs/architecture.md "The shape"). Commit, and the mail will be
// delivered even if the process dies the next instant; roll back, and nothing of it remains.
import crypto from 'node:crypto';
import type { Db } from '../db/connect.ts';
import { isUniqueViolation } from '../db/dialect.ts';
import { Errors } from '../errors.ts';
import { signalOutgoing } from '../events.ts';
import { normaliseMessageId, parseAddress, replySubject } from './address.ts';
import { composeReply } from './compose.ts';
import { checkCopies } from './forward.ts';
import { decodeAttachments } from '../http/attachments.ts';
import * as q from './queries.ts';
import type { Send } from './schemas.ts';
import { record } from '../activity/record.ts';
import type { Actor } from '../workspaces/service.ts';
import { enqueueSend, type MailOptions, markAnswered, newMessageId, recordOutgoing, sender, spendQuota } from './outgoing.ts';
import { cancelOutgoing, checkSendAt, sendHeld } from './schedule.ts';

export { MAIL_SEND_JOB, type MailOptions, type MailSendPayload } from './outgoing.ts';
export { forwardReply } from './forward.ts';
export { cancelOutgoing };

/**
 * Sends a mail of the reply again: a failed one goes back in the queue with a fresh retry
 * schedule, the same Message-ID, recipients and text; a held answer is sent now (mail/schedule.ts
 * sendHeld). A queued one is still being tried; a sent or captured one has left.
 */
export async function retryOutgoing(db: Db, workspaceId: string, replyId: string, outgoingId: string, actor: Actor) {
  await db.write(async (trx) => {
    if (await q.requeueFailed(trx, workspaceId, replyId, outgoingId, new Date().toISOString())) {
      await enqueueSend(trx, workspaceId, outgoingId);
      return;
    }
    if (await sendHeld(trx, workspaceId, replyId, outgoingId, actor)) return;
    const found = await q.findOutgoingOfReply(trx, workspaceId, replyId, outgoingId);
    throw found ? Errors.OutgoingNotFailed(found.status) : Errors.OutgoingNotFound();
  });
  return outgoingItem(db, workspaceId, replyId, outgoingId);
}

/** Cancels a scheduled or held answer (mail/schedule.ts) and answers with the mail as it is now. */
export async function cancelScheduled(db: Db, workspaceId: string, replyId: string, outgoingId: string, actor: Actor) {
  await cancelOutgoing(db, workspaceId, replyId, outgoingId, actor);
  return outgoingItem(db, workspaceId, replyId, outgoingId);
}

/**
 * Answers the prospect: to from_email, `Re: <subject>`, threaded by In-Reply-To/References.
 * Two clicks race to the conditional UPDATE in markReplySent; the loser gets 409 (and the
 * unique index on sends per reply would stop it even if that guard were bypassed). With
 * `send_at` the answer waits as a scheduled mail and the reply changes only once it leaves.
 */
export async function sendReply(db: Db, workspaceId: string, replyId: string, body: Send, opts: MailOptions, actor: Actor) {
  const t = new Date();
  const at = t.toISOString();
  const sendAt = body.send_at === undefined ? null : checkSendAt(body.send_at, t);
  const files = decodeAttachments(body.attachments);
  try {
    return await db.write(async (trx) => {
      const reply = await q.findReplyForMail(trx, workspaceId, replyId);
      if (!reply) throw Errors.ReplyNotFound();
      if (reply.status === 'sent' || reply.sent_response !== null) throw Errors.ReplyAlreadySent();
      // an Unsubscribe reply (triage) or a person said never to write again
      // (docs/triage.md "Consequences")
      if (reply.do_not_contact) throw Errors.DoNotContact();
      if (await q.waitingSendOf(trx, workspaceId, replyId)) throw Errors.AnswerScheduled();
      const message = body.message?.trim() ? body.message : reply.ai_response?.trim() ? reply.ai_response : null;
      if (message === null) throw Errors.NothingToSend();
      const to = parseAddress(reply.from_email);
      if (!to) throw Errors.UnmailableAddress('from_email', reply.from_email);
      const { from, fromName, connectionId, signature } = await sender(trx, workspaceId, replyId, reply.to_email);
      const { cc, bcc } = checkCopies(to, body.cc, body.bcc);

      await spendQuota(trx, workspaceId, 1 + cc.length + bcc.length, opts, t);

      const parent = normaliseMessageId(reply.message_id);
      const grandparent = normaliseMessageId(reply.in_reply_to);
      // The parent's own References are not stored; its In-Reply-To and Message-ID are.
      const references = [...new Set([grandparent, parent].filter((x): x is string => x !== null))];
      const messageId = newMessageId(from);
      const subject = replySubject(reply.subject);
      const composed = await composeReply({
        from,
        fromName,
        to: { name: reply.from_name, address: to },
        cc,
        attachments: files,
        subject,
        messageId,
        // a scheduled answer is dated when it is to leave
        date: sendAt?.toISOString() ?? at,
        inReplyTo: parent,
        references,
        message,
        original: { from: { name: reply.from_name, address: to }, to: from, subject: reply.subject, date: reply.received_at, text: reply.body_text, html: reply.body_html },
        signature,
      });
      const id = crypto.randomUUID();
      const outgoing = { id, message_id: messageId, subject };
      const scheduled = sendAt ? { sendAt, message, by: actor } : undefined;
      await recordOutgoing(trx, workspaceId, { id, replyId, kind: 'send', from, to: [to, ...cc, ...bcc], subject, messageId, inReplyTo: parent, references, composed, at, connectionId, scheduled });

      if (sendAt) {
        await record(trx, workspaceId, replyId, actor, at, [{ action: 'schedule', to: sendAt.toISOString() }]);
        await signalOutgoing(trx, workspaceId, replyId);
        return { success: true, sent_to: to, sent_at: null, sent_response: message, status: reply.status, outgoing: { id, status: 'scheduled' as const, send_at: sendAt.toISOString() } };
      }
      if (!(await markAnswered(trx, workspaceId, reply, { message, to, at, actor, outgoing }))) throw Errors.ReplyAlreadySent();
      return { success: true, sent_to: to, sent_at: at, sent_response: message, status: 'sent' as const, outgoing: { id, status: 'queued' as const, send_at: null } };
    });
  } catch (err) {
    // a second send, or a second scheduled answer, of the same reply
    if (isUniqueViolation(err)) throw Errors.ReplyAlreadySent();
    throw err;
  }
}

/** The `outgoing` array of a reply's single read. */
export async function outgoingForReply(db: Db, workspaceId: string, replyId: string) {
  const rows = await q.listOutgoingForReply(db.read, workspaceId, replyId);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    to: JSON.parse(r.to_addresses) as string[],
    subject: r.subject,
    status: r.status,
    message_id: r.message_id,
    error: r.last_error,
    attempts: r.attempts,
    created_at: r.created_at,
    sent_at: r.sent_at,
    send_at: r.send_at ?? null,
  }));
}

async function outgoingItem(db: Db, workspaceId: string, replyId: string, outgoingId: string) {
  const items = await outgoingForReply(db, workspaceId, replyId);
  return items.find((m) => m.id === outgoingId)!;
}
