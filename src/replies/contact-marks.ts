// Do-not-contact on a reply's contact (docs/triage.md "Consequences"): set by triage's
// Unsubscribe, by a person or key choosing Unsubscribe by hand, or by PATCH /api/contacts/{id};
// each change announced as contact.updated, in the write that makes it. Below triage/ and
// contacts/, which both mark contacts through here.
import type { Tx } from '../db/types.ts';
import { raise } from '../events.ts';
import * as q from './queries.ts';

type ContactRow = Awaited<ReturnType<typeof q.markDoNotContact>>[number];

/** contact.updated's payload (docs/webhooks.md): the contact's list form with its triage marks and what changed. */
export function contactEvent(c: ContactRow, changes: Record<string, { previous: unknown; current: unknown }>) {
  return {
    id: c.id,
    email: c.email,
    first_name: c.first_name,
    last_name: c.last_name,
    company: c.company,
    title: c.title,
    reply_count: c.reply_count,
    last_reply_at: c.last_reply_at,
    created_at: c.created_at,
    do_not_contact: Boolean(c.do_not_contact),
    do_not_contact_since: c.do_not_contact_since,
    do_not_contact_reason: c.do_not_contact_reason,
    bouncing: Boolean(c.bouncing),
    bouncing_since: c.bouncing_since,
    changes,
  };
}

/** The category that marks its replies' contacts do-not-contact, by name (any case). */
export const isUnsubscribe = (categoryName: string) => categoryName.trim().toLowerCase() === 'unsubscribe';

/** Sets or clears the mark (a contact already so is left alone); the contact as it is now when it changed. */
export async function setDoNotContact(trx: Tx, workspaceId: string, contactId: string, at: string, reason: string, yes: boolean) {
  const [changed] = await q.markDoNotContact(trx, workspaceId, contactId, at, reason, yes);
  if (changed) await raise(trx, workspaceId, 'contact.updated', contactEvent(changed, { do_not_contact: { previous: !yes, current: yes } }));
  return changed;
}

/** A person or key put the reply in a category by hand: Unsubscribe marks its contact, as triage's does. */
export async function categoryChosen(trx: Tx, workspaceId: string, reply: { id: string; contact_id: string }, categoryId: string, at: string) {
  const category = await q.categoryName(trx, workspaceId, categoryId);
  if (category && isUnsubscribe(category.name)) await setDoNotContact(trx, workspaceId, reply.contact_id, at, `Unsubscribe chosen by hand for reply ${reply.id}`, true);
}
