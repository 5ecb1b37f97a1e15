// contact.updated's payload (docs/webhooks.md), shared by triage's consequences and PATCH /api/contacts/{id}.
import type * as q from './queries.ts';

type ContactRow = Awaited<ReturnType<typeof q.markDoNotContact>>[number];

/** contact.updated's payload: the contact's list form with its triage marks and what changed. */
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
