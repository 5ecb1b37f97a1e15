// contacts: their queries, and only here (the rules are in service.ts; the contact upsert of
// ingestion lives with the reply it is part of, in replies/queries.ts).
import type { Kysely } from 'kysely';
import { type SearchTerms, textSearch } from '../db/dialect.ts';
import { prepared } from '../db/prepared.ts';
import type { Database, Q } from '../db/types.ts';

const listColumns = ['c.id', 'c.email', 'c.first_name', 'c.last_name', 'c.company', 'c.title', 'c.reply_count', 'c.last_reply_at', 'c.created_at', 'c.do_not_contact', 'c.bouncing'] as const;

// The first page straight off the (workspace_id, last_reply_at, id) index; deeper pages
// through the index-only id subquery, as for replies (replies/queries.ts).
export const DIRECT_MAX_OFFSET = 40;
const listSelect = (db: Kysely<Database>) => db.selectFrom('contacts as c').select(listColumns);
export const directPage = prepared((db, a: { ws: string; limit: number; offset: number }) =>
  listSelect(db).where('c.workspace_id', '=', a.ws).orderBy('c.last_reply_at', 'desc').orderBy('c.id', 'desc').limit(a.limit).offset(a.offset),
);
export const deferredPage = prepared((db, a: { ws: string; limit: number; offset: number }) => {
  const ids = db.selectFrom('contacts').select('id').where('workspace_id', '=', a.ws).orderBy('last_reply_at', 'desc').orderBy('id', 'desc').limit(a.limit).offset(a.offset);
  return listSelect(db).innerJoin(ids.as('p'), 'p.id', 'c.id');
});

/** Where a cursor page of contacts starts: after this (last_reply_at, id), newest first. */
export interface ContactPosition {
  lastReplyAt: string;
  id: string;
}

function searched(db: Q, workspaceId: string, search: SearchTerms | undefined) {
  let q = (db as Kysely<Database>).selectFrom('contacts as c').where('c.workspace_id', '=', workspaceId);
  if (search) q = q.where(textSearch(db, 'contacts', 'c', search));
  return q;
}

/** A page of the contacts whose email, names or company hold every word, by offset or after a position; `limit + 1` rows. */
export function searchPage(db: Q, workspaceId: string, opts: { search?: SearchTerms; after?: ContactPosition; limit: number; offset: number }) {
  let q = searched(db, workspaceId, opts.search).select(listColumns);
  if (opts.after) {
    const { lastReplyAt, id } = opts.after;
    q = q.where((eb) => eb(eb.refTuple('c.last_reply_at', 'c.id'), '<', eb.tuple(lastReplyAt, id)));
  }
  return q
    .orderBy('c.last_reply_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(opts.limit + 1)
    .offset(opts.offset)
    .execute();
}

export async function countSearched(db: Q, workspaceId: string, search: SearchTerms | undefined): Promise<number> {
  const row = await searched(db, workspaceId, search)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findContact(db: Q, workspaceId: string, id: string) {
  return db.selectFrom('contacts').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
}

/** The contact's newest replies, with their category's name. */
export function recentReplies(db: Q, workspaceId: string, contactId: string, limit: number) {
  return db
    .selectFrom('replies as r')
    .leftJoin('categories as cat', 'cat.id', 'r.category_id')
    .select(['r.id', 'r.subject', 'r.status', 'cat.name as category', 'r.received_at'])
    .where('r.workspace_id', '=', workspaceId)
    .where('r.contact_id', '=', contactId)
    .orderBy('r.received_at', 'desc')
    .limit(limit)
    .execute();
}
