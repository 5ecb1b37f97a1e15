// Reply queries. Every one takes the workspace id and filters by it first.
import type { Kysely, Transaction } from 'kysely';
import type { Database, ReplyStatus } from '../db/types.ts';

type Q = Kysely<Database> | Transaction<Database>;

const listColumns = [
  'r.id', 'r.from_email', 'r.from_name', 'r.to_email', 'r.subject', 'r.body_text', 'r.body_html', 'r.status',
  'r.category_id', 'c.name as category_name', 'c.color as category_color', 'r.ai_response', 'r.sent_response',
  'r.client_id', 'r.connection_id', 'r.contact_id', 'r.received_at', 'r.handled_at', 'r.created_at',
] as const;

/**
 * One page of replies, newest first. The page's ids come from an index-only subquery over
 * (workspace_id[, status], received_at, id) — the "deferred join" — so a deep offset steps
 * over index entries and only the rows of the page itself are read.
 */
export function listReplies(db: Q, workspaceId: string, opts: { status?: ReplyStatus; limit: number; offset: number }) {
  let ids = db.selectFrom('replies').select('id').where('workspace_id', '=', workspaceId);
  if (opts.status) ids = ids.where('status', '=', opts.status);
  const pageIds = ids.orderBy('received_at', 'desc').orderBy('id', 'desc').limit(opts.limit).offset(opts.offset);
  return db
    .selectFrom('replies as r')
    .innerJoin(pageIds.as('p'), 'p.id', 'r.id')
    .leftJoin('categories as c', 'c.id', 'r.category_id')
    .select(listColumns)
    .orderBy('r.received_at', 'desc')
    .orderBy('r.id', 'desc')
    .execute();
}
export type ReplyListRow = Awaited<ReturnType<typeof listReplies>>[number];

export function countReplies(db: Q, workspaceId: string, status?: ReplyStatus) {
  const column = status ? (`replies_${status}` as const) : 'replies_total';
  return db
    .selectFrom('workspace_counts')
    .select(`${column} as n`)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst()
    .then((r) => Number(r?.n ?? 0));
}

export function getReplyDetail(db: Q, workspaceId: string, id: string) {
  return db
    .selectFrom('replies as r')
    .innerJoin('contacts as ct', 'ct.id', 'r.contact_id')
    .leftJoin('categories as c', 'c.id', 'r.category_id')
    .leftJoin('clients as cl', 'cl.id', 'r.client_id')
    .select([
      ...listColumns,
      'c.is_positive as category_is_positive',
      'cl.name as client_name', 'cl.service_description as client_service_description',
      'ct.email as contact_email', 'ct.first_name as contact_first_name', 'ct.last_name as contact_last_name', 'ct.company as contact_company',
    ])
    .where('r.workspace_id', '=', workspaceId)
    .where('r.id', '=', id)
    .executeTakeFirst();
}
export type ReplyDetailRow = NonNullable<Awaited<ReturnType<typeof getReplyDetail>>>;

export function getThread(db: Q, workspaceId: string, replyId: string) {
  return db
    .selectFrom('thread_messages')
    .select(['from_address', 'to_address', 'subject', 'body', 'sent_at'])
    .where('workspace_id', '=', workspaceId)
    .where('reply_id', '=', replyId)
    .orderBy('position', 'asc')
    .execute();
}

export function findReplyForUpdate(db: Q, workspaceId: string, id: string) {
  return db
    .selectFrom('replies')
    .select(['id', 'from_email', 'from_name', 'status', 'category_id', 'ai_response', 'handled_at'])
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Moves the per-status counters when a reply changes status (never scans). */
export function moveStatusCount(db: Q, workspaceId: string, from: ReplyStatus, to: ReplyStatus) {
  return db
    .updateTable('workspace_counts')
    .set((eb) => ({
      [`replies_${from}`]: eb(`replies_${from}`, '-', 1),
      [`replies_${to}`]: eb(`replies_${to}`, '+', 1),
    }))
    .where('workspace_id', '=', workspaceId)
    .execute();
}
