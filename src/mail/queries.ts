// Outgoing-mail queries. Every one a service calls takes the workspace id and filters by it;
// the worker's (by message id) run on rows the service wrote.
import { sql } from 'kysely';
import { lockRows } from '../db/dialect.ts';
import { prepared } from '../db/prepared.ts';
import type { OutgoingMessageTable, OutgoingStatus, Q, Tx } from '../db/types.ts';

/**
 * Serialises the mail requests of one workspace on PostgreSQL, so the hourly quota is read
 * and spent by one transaction at a time. SQLite has one writer at a time already.
 */
export async function lockWorkspaceForMail(db: Tx, workspaceId: string) {
  await lockRows(db, db.selectFrom('workspaces').select('id').where('id', '=', workspaceId));
}

export function recipientsSince(db: Q, workspaceId: string, sinceIso: string) {
  return (
    db
      .selectFrom('outgoing_messages')
      .select([(eb) => eb.fn.coalesce(eb.fn.sum<number>('recipient_count'), sql<number>`0`).as('n'), (eb) => eb.fn.min('created_at').as('oldest')])
      .where('workspace_id', '=', workspaceId)
      .where('created_at', '>', sinceIso)
      // an answer undone or cancelled before it left spends nothing
      .where('status', '<>', 'cancelled')
      .executeTakeFirst()
      .then((r) => ({ n: Number(r?.n ?? 0), oldest: r?.oldest ?? null }))
  );
}

export function findReplyForMail(db: Q, workspaceId: string, id: string) {
  return db
    .selectFrom('replies as r')
    .innerJoin('contacts as ct', 'ct.id', 'r.contact_id')
    .select([
      'r.id',
      'r.contact_id',
      'r.from_email',
      'r.from_name',
      'r.to_email',
      'r.subject',
      'r.body_text',
      'r.body_html',
      'r.status',
      'r.ai_response',
      'r.sent_response',
      'r.message_id',
      'r.in_reply_to',
      'r.received_at',
      'r.handled_at',
      'ct.do_not_contact',
    ])
    .where('r.workspace_id', '=', workspaceId)
    .where('r.id', '=', id)
    .executeTakeFirst();
}

export function getThreadForMail(db: Q, workspaceId: string, replyId: string) {
  return db
    .selectFrom('thread_messages')
    .select(['from_address as from', 'to_address as to', 'subject', 'body', 'sent_at'])
    .where('workspace_id', '=', workspaceId)
    .where('reply_id', '=', replyId)
    .orderBy('position', 'asc')
    .execute();
}

/** Marks a reply sent unless it already is: the guard that lets one of two clicks through. */
export async function markReplySent(db: Tx, workspaceId: string, id: string, changes: { sent_response: string; handled_at: string; updated_at: string }) {
  const res = await db
    .updateTable('replies')
    .set({ status: 'sent', ...changes })
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .where('status', '<>', 'sent')
    .where('sent_response', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export function insertOutgoing(db: Tx, row: OutgoingMessageTable) {
  return db.insertInto('outgoing_messages').values(row).execute();
}

// On the single read of every reply: a hot path, so compiled once (db/prepared.ts).
const outgoingOfReply = prepared((db, a: { ws: string; replyId: string }) =>
  db
    .selectFrom('outgoing_messages')
    .select(['id', 'kind', 'to_addresses', 'subject', 'status', 'message_id', 'last_error', 'attempts', 'created_at', 'sent_at', 'send_at'])
    .where('workspace_id', '=', a.ws)
    .where('reply_id', '=', a.replyId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc'),
);

export function listOutgoingForReply(db: Q, workspaceId: string, replyId: string) {
  return outgoingOfReply(db, { ws: workspaceId, replyId });
}

export function listOutgoing(db: Q, opts: { workspaceId?: string; status?: OutgoingStatus; limit: number }) {
  let query = db
    .selectFrom('outgoing_messages')
    .select(['id', 'workspace_id', 'reply_id', 'kind', 'from_address', 'to_addresses', 'subject', 'status', 'message_id', 'attempts', 'last_error', 'smtp_response', 'created_at', 'sent_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(opts.limit);
  if (opts.workspaceId) query = query.where('workspace_id', '=', opts.workspaceId);
  if (opts.status) query = query.where('status', '=', opts.status);
  return query.execute();
}

export function getOutgoing(db: Q, id: string) {
  return db.selectFrom('outgoing_messages').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Puts a failed message of the reply back in the queue; the row, or undefined when it is not a failed message of the reply. */
export function requeueFailed(db: Tx, workspaceId: string, replyId: string, id: string, at: string) {
  return db
    .updateTable('outgoing_messages')
    .set({ status: 'queued', updated_at: at })
    .where('workspace_id', '=', workspaceId)
    .where('reply_id', '=', replyId)
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .returning('id')
    .executeTakeFirst();
}

/**
 * Moves an outgoing message from one of `from` to `to` (a scheduled answer released, held or
 * cancelled): the guard that lets exactly one of a cancel and its send through. `of` scopes it
 * to a workspace's reply when a request asks.
 */
export async function moveOutgoing(
  db: Tx,
  id: string,
  from: OutgoingStatus[],
  change: { status: OutgoingStatus; last_error?: string | null; at: string },
  of?: { workspaceId: string; replyId: string },
) {
  let query = db
    .updateTable('outgoing_messages')
    .set({ status: change.status, ...(change.last_error !== undefined && { last_error: change.last_error }), updated_at: change.at })
    .where('id', '=', id)
    .where('status', 'in', from);
  if (of) query = query.where('workspace_id', '=', of.workspaceId).where('reply_id', '=', of.replyId);
  const res = await query.executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** A reply from the same prospect stored after `sinceIso`: a scheduled answer to them is held. */
export function newerReplyFrom(db: Q, workspaceId: string, contactId: string, replyId: string, sinceIso: string) {
  return db
    .selectFrom('replies')
    .select(['id', 'received_at'])
    .where('workspace_id', '=', workspaceId)
    .where('contact_id', '=', contactId)
    .where('id', '<>', replyId)
    .where('created_at', '>', sinceIso)
    .orderBy('created_at', 'asc')
    .limit(1)
    .executeTakeFirst();
}

/** The reply's answer that waits to be sent (scheduled or held), if any. */
export function waitingSendOf(db: Q, workspaceId: string, replyId: string) {
  return db
    .selectFrom('outgoing_messages')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where('reply_id', '=', replyId)
    .where('kind', '=', 'send')
    .where('status', 'in', ['scheduled', 'held'])
    .executeTakeFirst();
}

export function findOutgoingOfReply(db: Q, workspaceId: string, replyId: string, id: string) {
  return db.selectFrom('outgoing_messages').select(['id', 'status']).where('workspace_id', '=', workspaceId).where('reply_id', '=', replyId).where('id', '=', id).executeTakeFirst();
}

/**
 * Marks a delivery attempt under way (migration 0016), in a commit of its own before the data
 * is handed to the SMTP server; only a queued message changes.
 */
export async function startAttempt(db: Tx, id: string, at: string) {
  const res = await db.updateTable('outgoing_messages').set({ attempt_started_at: at, updated_at: at }).where('id', '=', id).where('status', '=', 'queued').executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/**
 * Records one delivery attempt's result; only a queued message changes. An attempt settled
 * by an answer (250, 4xx, 5xx) clears attempt_started_at; one left without an answer
 * (`uncertain`) keeps it, so the next attempt knows the server may have the message.
 */
export async function recordAttempt(
  db: Tx,
  id: string,
  change: { status: OutgoingStatus; last_error?: string | null; smtp_response?: string | null; sent_at?: string | null; sent_copy?: string },
  opts: { uncertain?: boolean } = {},
) {
  const t = new Date().toISOString();
  const res = await db
    .updateTable('outgoing_messages')
    .set((eb) => ({ ...change, ...(!opts.uncertain && { attempt_started_at: null }), attempts: eb('attempts', '+', 1), updated_at: t }))
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/**
 * The mailbox a reply arrived through, as sending needs it (its address, display name, SMTP
 * host and signature): mail reads these columns of the mailboxes' table, it never writes them.
 */
export function connectionOfReply(db: Q, workspaceId: string, replyId: string) {
  return db
    .selectFrom('replies')
    .innerJoin('connections', 'connections.id', 'replies.connection_id')
    .select(['connections.id', 'connections.email', 'connections.name', 'connections.smtp_host', 'connections.signature_text', 'connections.signature_html', 'connections.display_name'])
    .where('replies.workspace_id', '=', workspaceId)
    .where('replies.id', '=', replyId)
    .executeTakeFirst();
}
