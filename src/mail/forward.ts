// Forwarding a reply (docs/mail.md "Forwarding a reply"): the reply, and by default its thread,
// mailed to other addresses in one transaction with its mail.send job; the reply's status does
// not change.
import crypto from 'node:crypto';
import type { Db } from '../db/connect.ts';
import { Errors } from '../errors.ts';
import { raise } from '../events.ts';
import { forwardSubject, parseAddress } from './address.ts';
import { composeForward } from './compose.ts';
import * as q from './queries.ts';
import { type Forward, MAX_FORWARD_RECIPIENTS } from './schemas.ts';
import { record } from '../activity/record.ts';
import type { Actor } from '../workspaces/service.ts';
import { type MailOptions, newMessageId, recordOutgoing, sender, spendQuota } from './outgoing.ts';

/**
 * A forward's two fixed 400s (docs/mail.md "Forwarding a reply"), checked before the reply is
 * looked up: `to` missing, null or empty, then the first address that is not one. Duplicates
 * (any case) are sent once.
 */
export function checkRecipients(to: readonly unknown[] | null | undefined): string[] {
  if (!to || to.length === 0) throw Errors.NoRecipients();
  const out = addresses(to);
  if (out.length > MAX_FORWARD_RECIPIENTS) throw Errors.TooManyRecipients(MAX_FORWARD_RECIPIENTS);
  return out;
}

/** Each address once (compared without case), or 400 naming the first that is not one. */
function addresses(list: readonly unknown[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const given of list) {
    const address = typeof given === 'string' ? parseAddress(given) : null;
    if (!address) throw Errors.InvalidEmail(String(given));
    if (seen.has(address.toLowerCase())) continue;
    seen.add(address.toLowerCase());
    out.push(address);
  }
  return out;
}

/**
 * An answer's copies: `cc` and `bcc` checked like a forward's `to` (may be empty), without the
 * prospect or an address twice; together at most MAX_FORWARD_RECIPIENTS.
 */
export function checkCopies(to: string, cc: readonly unknown[] | undefined, bcc: readonly unknown[] | undefined) {
  const seen = new Set([to.toLowerCase()]);
  const only = (list: readonly unknown[] | undefined) => addresses(list ?? []).filter((a) => !seen.has(a.toLowerCase()) && Boolean(seen.add(a.toLowerCase())));
  const copies = { cc: only(cc), bcc: only(bcc) };
  if (copies.cc.length + copies.bcc.length > MAX_FORWARD_RECIPIENTS) throw Errors.TooManyCopies(MAX_FORWARD_RECIPIENTS);
  return copies;
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
    const { from, fromName, connectionId, signature } = await sender(trx, workspaceId, replyId, reply.to_email);
    await spendQuota(trx, workspaceId, to.length, opts, t);

    const thread = includeThread ? await q.getThreadForMail(trx, workspaceId, replyId) : [];
    const messageId = newMessageId(from);
    const subject = forwardSubject(reply.subject);
    const composed = await composeForward({
      from,
      fromName,
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
