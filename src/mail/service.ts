// Sending a reply's answer and forwarding a reply (docs/mail.md).
//
// A request never talks to SMTP. In one transaction it checks the rules, spends the hourly
// quota, builds the MIME, records the outgoing message, queues a mail.send job and records the
// event (transactional outbox, docs/architecture.md "The shape"). Commit, and the mail will be
// delivered even if the process dies the next instant; roll back, and nothing of it remains.
import crypto from 'node:crypto';
import type { Db } from '../db/connect.ts';
import { isUniqueViolation } from '../db/dialect.ts';
import type { Transaction } from 'kysely';
import type { Database, OutgoingKind, OutgoingMessageTable } from '../db/types.ts';
import { Errors } from '../errors.ts';
import { enqueue } from '../jobs/queries.ts';
import { raise } from '../events.ts';
import { domainOf, forwardSubject, normaliseMessageId, parseAddress, replySubject } from './address.ts';
import { composeForward, composeReply, type Composed } from './compose.ts';
import { moveStatusCount } from '../workspaces/counts.ts';
import * as q from './queries.ts';
import { type Forward, MAX_FORWARD_RECIPIENTS, type Send } from './schemas.ts';
import { record } from '../activity/record.ts';
import type { Actor } from '../workspaces/service.ts';

export const MAIL_SEND_JOB = 'mail.send';
export interface MailSendPayload {
  outgoingId: string;
}

export interface MailOptions {
  /** Recipients per workspace per hour; sends and forwards together. */
  quotaPerHour: number;
}

type Trx = Transaction<Database>;

const HOUR_MS = 3_600_000;

/**
 * Throws 429 when `recipients` more would pass the workspace's hourly quota. The window
 * slides: the answer says when the oldest counted mail leaves it.
 */
async function spendQuota(db: Db, trx: Trx, workspaceId: string, recipients: number, opts: MailOptions, t: Date) {
  await q.lockWorkspaceForMail(trx, workspaceId);
  const since = new Date(t.getTime() - HOUR_MS).toISOString();
  const used = await q.recipientsSince(trx, workspaceId, since);
  if (used.n + recipients > opts.quotaPerHour) {
    const frees = used.oldest ? new Date(used.oldest).getTime() + HOUR_MS - t.getTime() : HOUR_MS;
    throw Errors.MailQuotaExceeded(opts.quotaPerHour, Math.max(1, Math.ceil(frees / 60_000)));
  }
}

const enqueueSend = (trx: Trx, workspaceId: string, outgoingId: string) =>
  // The handler decides when to give up (the retry schedule); the job's own cap is a backstop.
  enqueue(trx, { workspaceId, kind: MAIL_SEND_JOB, payload: { outgoingId } satisfies MailSendPayload, maxAttempts: 100 });

async function recordOutgoing(
  trx: Trx,
  workspaceId: string,
  m: {
    id: string;
    replyId: string;
    kind: OutgoingKind;
    from: string;
    to: string[];
    subject: string;
    messageId: string;
    inReplyTo: string | null;
    references: string[];
    composed: Composed;
    at: string;
    connectionId: string | null;
  },
) {
  const row: OutgoingMessageTable = {
    id: m.id,
    workspace_id: workspaceId,
    reply_id: m.replyId,
    kind: m.kind,
    from_address: m.from,
    to_addresses: JSON.stringify(m.to),
    recipient_count: m.to.length,
    subject: m.subject,
    message_id: m.messageId,
    in_reply_to: m.inReplyTo,
    references: m.references.length ? m.references.join(' ') : null,
    text: m.composed.text,
    html: m.composed.html,
    raw: m.composed.raw,
    status: 'queued',
    attempts: 0,
    last_error: null,
    smtp_response: null,
    created_at: m.at,
    sent_at: null,
    updated_at: m.at,
    connection_id: m.connectionId,
  };
  await q.insertOutgoing(trx, row);
  await enqueueSend(trx, workspaceId, m.id);
}

/**
 * Sends a failed message again: it goes back in the queue with a fresh retry schedule, the
 * same Message-ID, recipients and text. Only a failed message can be retried (a queued one is
 * still being tried; a sent or captured one has left).
 */
export async function retryOutgoing(db: Db, workspaceId: string, replyId: string, outgoingId: string) {
  await db.write(async (trx) => {
    if (await q.requeueFailed(trx, workspaceId, replyId, outgoingId, new Date().toISOString())) {
      await enqueueSend(trx, workspaceId, outgoingId);
      return;
    }
    const found = await q.findOutgoingOfReply(trx, workspaceId, replyId, outgoingId);
    throw found ? Errors.OutgoingNotFailed(found.status) : Errors.OutgoingNotFound();
  });
  const items = await outgoingForReply(db, workspaceId, replyId);
  return items.find((m) => m.id === outgoingId)!;
}

const newMessageId = (fromAddress: string) => `<${crypto.randomUUID()}@${domainOf(fromAddress)}>`;

/**
 * Who a reply's mail comes from: its mailbox, when the reply arrived through one with SMTP
 * settings (From: the mailbox's address, its signature; sent by its server: mail/transport.ts);
 * otherwise the address the prospect wrote to, through SMTP_URL.
 */
async function sender(trx: Trx, workspaceId: string, replyId: string, toEmail: string) {
  const mailbox = await q.connectionOfReply(trx, workspaceId, replyId);
  if (mailbox?.smtp_host) {
    const from = parseAddress(mailbox.email);
    if (from) return { from, connectionId: mailbox.id, signature: { text: mailbox.signature_text, html: mailbox.signature_html } };
  }
  const from = parseAddress(toEmail);
  if (!from) throw Errors.UnmailableAddress('to_email', toEmail);
  return { from, connectionId: null, signature: null };
}

/**
 * Answers the prospect: to from_email, `Re: <subject>`, threaded by In-Reply-To/References.
 * Two clicks race to the conditional UPDATE in markReplySent; the loser gets 409 (and the
 * unique index on sends per reply would stop it even if that guard were bypassed).
 */
export async function sendReply(db: Db, workspaceId: string, replyId: string, body: Send, opts: MailOptions, actor: Actor) {
  const t = new Date();
  const at = t.toISOString();
  try {
    return await db.write(async (trx) => {
      const reply = await q.findReplyForMail(trx, workspaceId, replyId);
      if (!reply) throw Errors.ReplyNotFound();
      if (reply.status === 'sent' || reply.sent_response !== null) throw Errors.ReplyAlreadySent();
      // an Unsubscribe reply (triage) or a person said never to write again
      // (docs/triage.md "Consequences")
      if (reply.do_not_contact) throw Errors.DoNotContact();
      const message = body.message?.trim() ? body.message : reply.ai_response?.trim() ? reply.ai_response : null;
      if (message === null) throw Errors.NothingToSend();
      const to = parseAddress(reply.from_email);
      if (!to) throw Errors.UnmailableAddress('from_email', reply.from_email);
      const { from, connectionId, signature } = await sender(trx, workspaceId, replyId, reply.to_email);

      await spendQuota(db, trx, workspaceId, 1, opts, t);

      const parent = normaliseMessageId(reply.message_id);
      const grandparent = normaliseMessageId(reply.in_reply_to);
      // The parent's own References are not stored; its In-Reply-To and Message-ID are.
      const references = [...new Set([grandparent, parent].filter((x): x is string => x !== null))];
      const messageId = newMessageId(from);
      const subject = replySubject(reply.subject);
      const composed = await composeReply({
        from,
        to: { name: reply.from_name, address: to },
        subject,
        messageId,
        date: at,
        inReplyTo: parent,
        references,
        message,
        original: { from: { name: reply.from_name, address: to }, to: from, subject: reply.subject, date: reply.received_at, text: reply.body_text, html: reply.body_html },
        signature,
      });

      const handledAt = reply.handled_at ?? at;
      if (!(await q.markReplySent(trx, workspaceId, replyId, { sent_response: message, handled_at: handledAt, updated_at: at }))) {
        throw Errors.ReplyAlreadySent();
      }
      await moveStatusCount(trx, workspaceId, reply.status, 'sent');
      const outgoingId = crypto.randomUUID();
      await recordOutgoing(trx, workspaceId, { id: outgoingId, replyId, kind: 'send', from, to: [to], subject, messageId, inReplyTo: parent, references, composed, at, connectionId });

      await record(trx, workspaceId, replyId, actor, at, [
        { action: 'status', from: reply.status, to: 'sent' },
        { action: 'send', to },
      ]);
      const answer = { success: true, sent_to: to, sent_at: at, sent_response: message, status: 'sent' as const };
      await raise(trx, workspaceId, 'reply.sent', {
        id: replyId,
        from_email: reply.from_email,
        from_name: reply.from_name,
        to_email: reply.to_email,
        subject: reply.subject,
        status: 'sent',
        sent_to: to,
        sent_at: at,
        sent_response: message,
        handled_at: handledAt,
        outgoing: { id: outgoingId, message_id: messageId, subject },
      });
      return answer;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw Errors.ReplyAlreadySent();
    throw err;
  }
}

/**
 * A forward's two fixed 400s (docs/mail.md "Forwarding a reply"), checked before the reply is
 * looked up: `to` missing, null or empty, then the first address that is not one. Duplicates
 * (any case) are sent once.
 */
export function checkRecipients(to: readonly unknown[] | null | undefined): string[] {
  if (!to || to.length === 0) throw Errors.NoRecipients();
  const seen = new Set<string>();
  const out: string[] = [];
  for (const given of to) {
    const address = typeof given === 'string' ? parseAddress(given) : null;
    if (!address) throw Errors.InvalidEmail(String(given));
    if (seen.has(address.toLowerCase())) continue;
    seen.add(address.toLowerCase());
    out.push(address);
  }
  if (out.length > MAX_FORWARD_RECIPIENTS) throw Errors.TooManyRecipients(MAX_FORWARD_RECIPIENTS);
  return out;
}

/** Passes the reply on to other addresses. The reply's status does not change. */
export async function forwardReply(db: Db, workspaceId: string, replyId: string, body: Forward, opts: MailOptions, actor: Actor) {
  const to = checkRecipients(body.to);
  const includeThread = body.include_thread ?? true;
  const note = body.message?.trim() ? body.message : null;
  const t = new Date();
  const at = t.toISOString();
  return db.write(async (trx) => {
    const reply = await q.findReplyForMail(trx, workspaceId, replyId);
    if (!reply) throw Errors.ReplyNotFound();
    const { from, connectionId, signature } = await sender(trx, workspaceId, replyId, reply.to_email);
    await spendQuota(db, trx, workspaceId, to.length, opts, t);

    const thread = includeThread ? await q.getThreadForMail(trx, workspaceId, replyId) : [];
    const messageId = newMessageId(from);
    const subject = forwardSubject(reply.subject);
    const composed = await composeForward({
      from,
      to,
      subject,
      messageId,
      date: at,
      message: note,
      original: { from: { name: reply.from_name, address: reply.from_email }, to: reply.to_email, subject: reply.subject, date: reply.received_at, text: reply.body_text, html: reply.body_html },
      thread,
      signature,
    });
    const outgoingId = crypto.randomUUID();
    await recordOutgoing(trx, workspaceId, { id: outgoingId, replyId, kind: 'forward', from, to, subject, messageId, inReplyTo: null, references: [], composed, at, connectionId });
    await record(trx, workspaceId, replyId, actor, at, [{ action: 'forward', to: to.join(', ') }]);
    await raise(trx, workspaceId, 'reply.forwarded', {
      id: replyId,
      from_email: reply.from_email,
      subject: reply.subject,
      status: reply.status,
      forwarded_to: to,
      forwarded_at: at,
      message: note,
      include_thread: includeThread,
      outgoing: { id: outgoingId, message_id: messageId, subject },
    });
    return { success: true, forwarded_to: to, forwarded_at: at };
  });
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
  }));
}
