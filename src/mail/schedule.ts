// Send later, undo and held mail (docs/mail.md "Send later, undo and held mail").
//
// A scheduled answer is an outgoing message with status `scheduled` and a mail.send job due at
// its send_at; the reply is untouched until then. When the job comes due, releaseDue() decides
// in one transaction: the answer is *held* (status `held`, the reason in last_error) when the
// contact became do-not-contact, the reply was marked sent, or the prospect wrote again since
// it was scheduled; otherwise it becomes `queued` and the reply is answered (mail/outgoing.ts
// markAnswered), with the scheduler named in its history, and the same job delivers it.
// A cancel moves `scheduled` or `held` to `cancelled`. Both are conditional UPDATEs of the one
// row, so of a cancel and its release exactly one wins; once queued, the mail goes.
import type { Db } from '../db/connect.ts';
import type { OutgoingMessageTable } from '../db/types.ts';
import { Errors } from '../errors.ts';
import { signalOutgoing } from '../events.ts';
import { record, SYSTEM } from '../activity/record.ts';
import type { Actor } from '../workspaces/service.ts';
import { enqueueSend, markAnswered, type Trx } from './outgoing.ts';
import * as q from './queries.ts';

/** The longest a send may be put off (docs/api.md "The team's inbox"). */
export const MAX_SEND_DELAY_MS = 30 * 24 * 3_600_000;

/** The send_at of a request, checked: in the future and at most 30 days ahead. */
export function checkSendAt(sendAt: string, now: Date): Date {
  const t = new Date(sendAt);
  if (!(t.getTime() > now.getTime()) || t.getTime() - now.getTime() > MAX_SEND_DELAY_MS) throw Errors.InvalidSendAt();
  return t;
}

class Rollback extends Error {}

type MailReply = NonNullable<Awaited<ReturnType<typeof q.findReplyForMail>>>;

/** Why a scheduled answer must not leave now, or null. `newer`: a reply the prospect wrote since counts. */
async function holdReason(trx: Trx, m: OutgoingMessageTable, reply: MailReply, newer: boolean): Promise<string | null> {
  if (reply.do_not_contact) return 'Held: the contact was marked do-not-contact after this was scheduled.';
  if (reply.status === 'sent' || reply.sent_response !== null) return 'Held: the reply was marked sent before this left.';
  if (!newer) return null;
  const later = await q.newerReplyFrom(trx, m.workspace_id, reply.contact_id, reply.id, m.created_at);
  return later ? `Held: ${reply.from_email} wrote again after this was scheduled.` : null;
}

/**
 * `from` → queued and the reply answered. False when the message left `from` meanwhile (a
 * cancel won); `answered()` is thrown, rolling everything back, when the reply was answered
 * meanwhile.
 */
async function release(trx: Trx, m: OutgoingMessageTable, reply: MailReply, from: 'scheduled' | 'held', actor: Actor, at: string, answered: () => Error) {
  if (!(await q.moveOutgoing(trx, m.id, [from], { status: 'queued', last_error: null, at }))) return false;
  const to = (JSON.parse(m.to_addresses) as string[])[0]!;
  const outgoing = { id: m.id, message_id: m.message_id, subject: m.subject };
  if (!(await markAnswered(trx, m.workspace_id, reply, { message: m.sent_response ?? '', to, at, actor, outgoing }))) throw answered();
  return true;
}

/**
 * The mail.send job of a scheduled answer has come due: true when the answer is now queued (the
 * job goes on to deliver it), false when it was held, cancelled, or is gone.
 */
export async function releaseDue(db: Db, outgoingId: string): Promise<boolean> {
  try {
    return await db.write(async (trx) => {
      const m = await q.getOutgoing(trx, outgoingId);
      if (m?.status !== 'scheduled') return false;
      const reply = await q.findReplyForMail(trx, m.workspace_id, m.reply_id);
      if (!reply) return false;
      const at = new Date().toISOString();
      const reason = await holdReason(trx, m, reply, true);
      if (reason) {
        if (await q.moveOutgoing(trx, m.id, ['scheduled'], { status: 'held', last_error: reason, at })) {
          await record(trx, m.workspace_id, reply.id, SYSTEM, at, [{ action: 'hold', to: reason }]);
          await signalOutgoing(trx, m.workspace_id, reply.id);
        }
        return false;
      }
      const by = (JSON.parse(m.scheduled_by ?? 'null') as Actor | null) ?? SYSTEM;
      return release(trx, m, reply, 'scheduled', by, at, () => new Rollback());
    });
  } catch (err) {
    if (err instanceof Rollback) return false;
    throw err;
  }
}

/**
 * A person sends a held answer anyway (POST …/retry): queued now, unless the contact is
 * do-not-contact or the reply was answered otherwise. False when the message is not a held
 * mail of the reply.
 */
export async function sendHeld(trx: Trx, workspaceId: string, replyId: string, outgoingId: string, actor: Actor): Promise<boolean> {
  const m = await q.getOutgoing(trx, outgoingId);
  if (m?.workspace_id !== workspaceId || m.reply_id !== replyId || m.status !== 'held') return false;
  const reply = await q.findReplyForMail(trx, workspaceId, replyId);
  if (!reply) throw Errors.ReplyNotFound();
  if (reply.do_not_contact) throw Errors.DoNotContact();
  if (await holdReason(trx, m, reply, false)) throw Errors.ReplyAlreadySent();
  const at = new Date().toISOString();
  if (!(await release(trx, m, reply, 'held', actor, at, () => Errors.ReplyAlreadySent()))) return false;
  await enqueueSend(trx, workspaceId, m.id);
  return true;
}

/** Cancels a scheduled or held answer of the reply: 404 when it is not one of the reply's mails, 409 once it is being sent or has gone. */
export async function cancelOutgoing(db: Db, workspaceId: string, replyId: string, outgoingId: string, actor: Actor): Promise<void> {
  await db.write(async (trx) => {
    const at = new Date().toISOString();
    if (await q.moveOutgoing(trx, outgoingId, ['scheduled', 'held'], { status: 'cancelled', at }, { workspaceId, replyId })) {
      await record(trx, workspaceId, replyId, actor, at, [{ action: 'cancel' }]);
      await signalOutgoing(trx, workspaceId, replyId);
      return;
    }
    const found = await q.findOutgoingOfReply(trx, workspaceId, replyId, outgoingId);
    throw found ? Errors.OutgoingNotCancellable(found.status) : Errors.OutgoingNotFound();
  });
}
