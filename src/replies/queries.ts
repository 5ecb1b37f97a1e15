// Reply queries: snoozes, one reply with its thread, and the writes (the list's: list-queries.ts).
// Every one takes the workspace id and filters by it first.
import type { Updateable } from 'kysely';
import { bool, forUpdate, sameWorkspaceNoIndex } from '../db/dialect.ts';
import { prepared } from '../db/prepared.ts';
import type { Q, ReplyTable, Tx } from '../db/types.ts';

// Snoozes (docs/api.md "PATCH rules"): what wakes them.
const snoozedOfSender = prepared((db, a: { ws: string; email: string }) =>
  db
    .selectFrom('replies')
    .select(['id', 'from_email', 'from_name', 'status', 'category_id', 'client_id', 'ai_response', 'snoozed_until', 'assignee_id'])
    .where('contact_id', '=', (eb) => eb.selectFrom('contacts').select('id').where('workspace_id', '=', a.ws).where('email', '=', a.email))
    .where('workspace_id', '=', a.ws)
    .where('snoozed_until', 'is not', null),
);

/** The snoozed replies of the contact with this (lower-case) address: a new reply from them wakes them. */
export function findSnoozedOfSender(db: Tx, workspaceId: string, email: string) {
  return snoozedOfSender(db, { ws: workspaceId, email });
}

/** Snoozes that ended at or before `now`, of any workspace, oldest first, held until the write ends. */
export function findDueSnoozes(db: Tx, now: string, limit: number) {
  return forUpdate(
    db,
    db
      .selectFrom('replies')
      .select(['id', 'workspace_id', 'from_email', 'from_name', 'status', 'category_id', 'client_id', 'ai_response', 'snoozed_until', 'assignee_id'])
      .where('snoozed_until', '<=', now)
      .orderBy('snoozed_until')
      .limit(limit),
    { skipLocked: true },
  ).execute();
}

/** Ends the snoozes of the given replies of one workspace. */
export async function clearSnoozes(db: Tx, workspaceId: string, ids: string[], at: string) {
  await db
    .updateTable('replies')
    .set({ snoozed_until: null, updated_at: at })
    .where(sameWorkspaceNoIndex(db, 'workspace_id', workspaceId))
    .where('id', 'in', ids)
    .execute();
}

/** What GET /api/replies can ask beyond a status (docs/api.md "Inbox queries"); all combine with AND. */

/** The columns of a reply its single read shows, with its category. */
const listColumns = [
  'r.id',
  'r.from_email',
  'r.from_name',
  'r.to_email',
  'r.subject',
  'r.body_text',
  'r.body_html',
  'r.status',
  'r.category_id',
  'c.name as category_name',
  'c.color as category_color',
  'r.ai_response',
  'r.sent_response',
  'r.client_id',
  'r.connection_id',
  'r.contact_id',
  'r.received_at',
  'r.handled_at',
  'r.snoozed_until',
  'r.created_at',
] as const;

const detail = prepared((db, a: { ws: string; id: string }) =>
  db
    .selectFrom('replies as r')
    .innerJoin('contacts as ct', 'ct.id', 'r.contact_id')
    .leftJoin('categories as c', 'c.id', 'r.category_id')
    .leftJoin('clients as cl', 'cl.id', 'r.client_id')
    .leftJoin('reply_triage as rt', 'rt.reply_id', 'r.id')
    .leftJoin('users as u', 'u.id', 'r.assignee_id')
    .select([
      ...listColumns,
      'r.assignee_id',
      'r.updated_at',
      'u.name as assignee_name',
      'u.email as assignee_email',
      'rt.source as triage_source',
      'rt.reason as triage_reason',
      'rt.confidence as triage_confidence',
      'rt.category_id as triage_category_id',
      'rt.suggestions as triage_suggestions',
      'c.is_positive as category_is_positive',
      'cl.name as client_name',
      'cl.service_description as client_service_description',
      'ct.email as contact_email',
      'ct.first_name as contact_first_name',
      'ct.last_name as contact_last_name',
      'ct.company as contact_company',
      'ct.do_not_contact as contact_do_not_contact',
    ])
    .where('r.workspace_id', '=', a.ws)
    .where('r.id', '=', a.id),
);

export async function getReplyDetail(db: Q, workspaceId: string, id: string) {
  return (await detail(db, { ws: workspaceId, id }))[0];
}
export type ReplyDetailRow = NonNullable<Awaited<ReturnType<typeof getReplyDetail>>>;

const thread = prepared((db, a: { ws: string; id: string }) =>
  db.selectFrom('thread_messages').select(['from_address', 'to_address', 'subject', 'body', 'sent_at']).where('workspace_id', '=', a.ws).where('reply_id', '=', a.id).orderBy('position', 'asc'),
);

export function getThread(db: Q, workspaceId: string, replyId: string) {
  return thread(db, { ws: workspaceId, id: replyId });
}

/** Whether the workspace has this reply. */
export async function ownedReply(db: Q, workspaceId: string, id: string): Promise<boolean> {
  return Boolean(await db.selectFrom('replies').select('id').where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst());
}

// Locked until the write ends (FOR UPDATE on PostgreSQL): two PATCHes of one reply take turns,
// so the second sees the status the first left and the counters move once per real change.
const replyForUpdate = prepared((db, a: { ws: string; id: string }) =>
  forUpdate(
    db,
    db
      .selectFrom('replies')
      .select(['id', 'contact_id', 'from_email', 'from_name', 'status', 'category_id', 'client_id', 'ai_response', 'snoozed_until', 'handled_at', 'assignee_id', 'updated_at'])
      .where('workspace_id', '=', a.ws)
      .where('id', '=', a.id),
  ),
);

export async function findReplyForUpdate(db: Tx, workspaceId: string, id: string) {
  return (await replyForUpdate(db, { ws: workspaceId, id }))[0];
}
export type LockedReply = NonNullable<Awaited<ReturnType<typeof findReplyForUpdate>>>;

/** Sets the given columns of one reply of the workspace (updated_at among them, always: list-page.ts). */
export function updateReply(db: Tx, workspaceId: string, id: string, changes: Updateable<ReplyTable> & { updated_at: string }) {
  return db.updateTable('replies').set(changes).where('workspace_id', '=', workspaceId).where('id', '=', id).execute();
}

/**
 * Takes a category or client that is being deleted off every reply of the workspace that has
 * it, setting updated_at (so list-page.ts's memo and reply_counts' triggers see the change).
 */
export function detachReplies(db: Tx, workspaceId: string, column: 'category_id' | 'client_id', id: string, at: string) {
  return db
    .updateTable('replies')
    .set({ [column]: null, updated_at: at })
    .where('workspace_id', '=', workspaceId)
    .where(column, '=', id)
    .execute();
}

/** The ids of the workspace's replies assigned to this user. */
export async function assignedTo(db: Tx, workspaceId: string, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('replies').select('id').where('workspace_id', '=', workspaceId).where('assignee_id', '=', userId).execute();
  return rows.map((r) => r.id);
}

export async function unassign(db: Tx, workspaceId: string, ids: string[], at: string) {
  if (ids.length) await db.updateTable('replies').set({ assignee_id: null, updated_at: at }).where('workspace_id', '=', workspaceId).where('id', 'in', ids).execute();
}

/** A contact's columns as contact.updated shows it (replies/contact-marks.ts), returned by the writes that mark contacts. */
export const contactColumns = [
  'id',
  'email',
  'first_name',
  'last_name',
  'company',
  'title',
  'reply_count',
  'last_reply_at',
  'created_at',
  'do_not_contact',
  'do_not_contact_since',
  'do_not_contact_reason',
  'bouncing',
  'bouncing_since',
] as const;

// precompiled (every Unsubscribe triage decides sets it); one per direction, since the flag's
// value is a constant of the compiled query on each dialect
const doNotContactTo = (yes: boolean) =>
  prepared((db, a: { ws: string; id: string; since: string | null; reason: string | null; at: string }) =>
    db
      .updateTable('contacts')
      .set({ do_not_contact: bool(db, yes), do_not_contact_since: a.since, do_not_contact_reason: a.reason, updated_at: a.at })
      .where('workspace_id', '=', a.ws)
      .where('id', '=', a.id)
      .where('do_not_contact', '=', bool(db, !yes))
      .returning(contactColumns),
  );
const setDoNotContactMark = doNotContactTo(true);
const clearDoNotContactMark = doNotContactTo(false);

/** Sets (or clears) the contact's do-not-contact mark unless it already is so; the contact as it is now when it changed. */
export function markDoNotContact(db: Tx, workspaceId: string, contactId: string, at: string, reason: string, yes: boolean) {
  const args = { ws: workspaceId, id: contactId, at };
  return yes ? setDoNotContactMark(db, { ...args, since: at, reason }) : clearDoNotContactMark(db, { ...args, since: null, reason: null });
}

// precompiled: every PATCH that chooses a category reads it (is it Unsubscribe?)
const nameOfCategory = prepared((db, a: { ws: string; id: string }) => db.selectFrom('categories').select('name').where('workspace_id', '=', a.ws).where('id', '=', a.id));

export async function categoryName(db: Q, workspaceId: string, id: string) {
  return (await nameOfCategory(db, { ws: workspaceId, id }))[0];
}
