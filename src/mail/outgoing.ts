// What a send and a forward share (mail/service.ts, mail/forward.ts, mail/schedule.ts): the
// hourly quota, who the mail comes from, recording the outgoing message with its mail.send job,
// and what answering a reply changes on the reply.
import crypto from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database, OutgoingKind, OutgoingMessageTable, OutgoingStatus } from '../db/types.ts';
import { Errors } from '../errors.ts';
import { enqueue } from '../jobs/queries.ts';
import { raise } from '../events.ts';
import { domainOf, parseAddress } from './address.ts';
import type { Composed } from './compose.ts';
import { moveStatusCount } from '../workspaces/counts.ts';
import * as q from './queries.ts';
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

export type Trx = Transaction<Database>;

const HOUR_MS = 3_600_000;

/**
 * Throws 429 when `recipients` more would pass the workspace's hourly quota. The window
 * slides: the answer says when the oldest counted mail leaves it.
 */
export async function spendQuota(trx: Trx, workspaceId: string, recipients: number, opts: MailOptions, t: Date) {
  await q.lockWorkspaceForMail(trx, workspaceId);
  const since = new Date(t.getTime() - HOUR_MS).toISOString();
  const used = await q.recipientsSince(trx, workspaceId, since);
  if (used.n + recipients > opts.quotaPerHour) {
    const frees = used.oldest ? new Date(used.oldest).getTime() + HOUR_MS - t.getTime() : HOUR_MS;
    throw Errors.MailQuotaExceeded(opts.quotaPerHour, Math.max(1, Math.ceil(frees / 60_000)));
  }
}

/** Queues delivery; `runAt` holds it until a scheduled answer's time. */
export const enqueueSend = (trx: Trx, workspaceId: string, outgoingId: string, runAt?: Date) =>
  // The handler decides when to give up (the retry schedule); the job's own cap is a backstop.
  enqueue(trx, { workspaceId, kind: MAIL_SEND_JOB, payload: { outgoingId } satisfies MailSendPayload, maxAttempts: 100, runAt });

export interface NewOutgoing {
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
  /** An answer sent later: when, its text and who scheduled it. */
  scheduled?: { sendAt: Date; message: string; by: Actor };
}

export async function recordOutgoing(trx: Trx, workspaceId: string, m: NewOutgoing) {
  const status: OutgoingStatus = m.scheduled ? 'scheduled' : 'queued';
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
    status,
    attempts: 0,
    last_error: null,
    smtp_response: null,
    created_at: m.at,
    sent_at: null,
    updated_at: m.at,
    connection_id: m.connectionId,
    send_at: m.scheduled?.sendAt.toISOString() ?? null,
    sent_response: m.scheduled?.message ?? null,
    scheduled_by: m.scheduled ? JSON.stringify(m.scheduled.by) : null,
  };
  await q.insertOutgoing(trx, row);
  await enqueueSend(trx, workspaceId, m.id, m.scheduled?.sendAt);
}

export const newMessageId = (fromAddress: string) => `<${crypto.randomUUID()}@${domainOf(fromAddress)}>`;

/**
 * Who a reply's mail comes from: its mailbox, when the reply arrived through one with SMTP
 * settings (From: the mailbox's display name and address, its signature; sent by its server:
 * mail/transport.ts);
 * otherwise the address the prospect wrote to, through SMTP_URL.
 */
export async function sender(trx: Trx, workspaceId: string, replyId: string, toEmail: string) {
  const mailbox = await q.connectionOfReply(trx, workspaceId, replyId);
  if (mailbox?.smtp_host) {
    const from = parseAddress(mailbox.email);
    if (from) return { from, fromName: mailbox.display_name, connectionId: mailbox.id, signature: { text: mailbox.signature_text, html: mailbox.signature_html } };
  }
  const from = parseAddress(toEmail);
  if (!from) throw Errors.UnmailableAddress('to_email', toEmail);
  return { from, fromName: '', connectionId: null, signature: null };
}

type MailReply = NonNullable<Awaited<ReturnType<typeof q.findReplyForMail>>>;

/**
 * The reply is answered: status sent, sent_response and handled_at set, its history and
 * reply.sent recorded, in the transaction that queues the mail. False when it already was (two
 * clicks race to the conditional UPDATE in markReplySent; the loser changes nothing).
 */
export async function markAnswered(
  trx: Trx,
  workspaceId: string,
  reply: MailReply,
  a: { message: string; to: string; at: string; actor: Actor; outgoing: { id: string; message_id: string; subject: string } },
): Promise<boolean> {
  const handledAt = reply.handled_at ?? a.at;
  if (!(await q.markReplySent(trx, workspaceId, reply.id, { sent_response: a.message, handled_at: handledAt, updated_at: a.at }))) return false;
  await moveStatusCount(trx, workspaceId, reply.status, 'sent');
  await record(trx, workspaceId, reply.id, a.actor, a.at, [
    { action: 'status', from: reply.status, to: 'sent' },
    { action: 'send', to: a.to },
  ]);
  await raise(trx, workspaceId, 'reply.sent', {
    id: reply.id,
    from_email: reply.from_email,
    from_name: reply.from_name,
    to_email: reply.to_email,
    subject: reply.subject,
    status: 'sent',
    sent_to: a.to,
    sent_at: a.at,
    sent_response: a.message,
    handled_at: handledAt,
    outgoing: a.outgoing,
  });
  return true;
}
