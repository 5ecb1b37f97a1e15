// Erasing a person (GDPR Art. 17; docs/api.md "Erasing a person"): DELETE /api/contacts/{id}?erase=true.
// In one transaction: the stored events, webhook deliveries, jobs and remembered answers that
// name them or their replies; their replies with everything hanging off them (thread,
// attachments, notes, history, triage, outgoing mail; the search index and the report and list
// counts by their triggers); the contact; the workspace's counters, the searched-text version
// among them, so no remembered search's matches are served again; then contact.erased with the
// id alone. The audit log keeps who erased which id, and when (audit/plugin.ts).
import type { Db } from '../db/connect.ts';
import type { ReplyStatus } from '../db/types.ts';
import { Errors } from '../errors.ts';
import { raise } from '../events.ts';
import { fixedTextMemo } from '../replies/list-page.ts';
import { addToCounts, type Counts } from '../workspaces/counts.ts';
import * as eq from './erase-queries.ts';
import { findContact } from './queries.ts';

/** Without `?erase=true`: nothing else deletes a contact. */
export const ERASE_REQUIRED = 'erase=true is required: erasing a person deletes them and their replies, and cannot be undone';

export async function eraseContact(db: Db, workspaceId: string, contactId: string, confirmed: boolean): Promise<{ replies: number }> {
  const erased = await db.write(async (trx) => {
    const contact = await findContact(trx, workspaceId, contactId);
    if (!contact) throw Errors.ContactNotFound();
    if (!confirmed) throw Errors.BadRequest(ERASE_REQUIRED);
    const replies = await eq.contactReplies(trx, workspaceId, contact.id);
    const ids = replies.map((r) => r.id);
    await eq.deleteMentions(trx, workspaceId, [contact.id, contact.email, ...ids]);
    await eq.deleteReplies(trx, workspaceId, ids);
    await eq.deleteContact(trx, workspaceId, contact.id);
    const deltas: Partial<Counts> = { replies_total: -ids.length, contacts_total: -1, searched_text_edits: 1 };
    for (const r of replies) deltas[`replies_${r.status as ReplyStatus}`] = (deltas[`replies_${r.status as ReplyStatus}`] ?? 0) - 1;
    await addToCounts(trx, workspaceId, deltas);
    await raise(trx, workspaceId, 'contact.erased', { id: contact.id });
    return ids;
  });
  // this process's memo of list items: never served for a row the list no longer returns, but
  // the text goes now rather than when the memo is full (other processes' go that way)
  fixedTextMemo.forget(erased);
  return { replies: erased.length };
}
