// The queries of the replies list (GET /api/replies, list.ts and list-page.ts): a page by status,
// a filtered page, the list index walked for a search, the count of a filter and the columns a
// list item never changes. Every one takes the workspace id and filters by it first.
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { rowidOrNull, sameWorkspaceNoIndex, type SearchTerms, textSearch } from '../db/dialect.ts';
import type { ListIndexEntry, ReplySet } from '../db/reply-sets.ts';
import { prepared } from '../db/prepared.ts';
import type { Database, Q, ReplyStatus, ReplyTable } from '../db/types.ts';

/**
 * One page of replies, newest first: the id, updated_at and the columns that change after
 * ingestion (the rest of each item comes from replies/list-page.ts, see there). The first page
 * reads its rows straight off the (workspace_id[, status], received_at, id) index. Deeper pages
 * take their ids from an index-only subquery over that index — the "deferred join" — so an
 * offset of 90,000 steps over index entries and reads only the rows of the page itself; the
 * page is then put back in order here, which for at most 100 rows is cheaper than a sort in
 * the database.
 */
const DIRECT_MAX_OFFSET = 40;

const pageColumns = [
  'r.id',
  'r.updated_at',
  'r.received_at',
  'r.status',
  'r.category_id',
  'c.name as category_name',
  'c.color as category_color',
  'r.ai_response',
  'r.sent_response',
  'r.handled_at',
  'r.snoozed_until',
  'r.assignee_id',
  'u.name as assignee_name',
  'u.email as assignee_email',
] as const;

type PageArgs = { ws: string; status: ReplyStatus; limit: number; offset: number };

function pageIds(db: Kysely<Database>, a: PageArgs, byStatus: boolean) {
  let ids = db.selectFrom('replies').select('id').where('workspace_id', '=', a.ws);
  if (byStatus) ids = ids.where('status', '=', a.status);
  return ids.orderBy('received_at', 'desc').orderBy('id', 'desc').limit(a.limit).offset(a.offset);
}

const pageSelect = (db: Kysely<Database>) => db.selectFrom('replies as r').leftJoin('categories as c', 'c.id', 'r.category_id').leftJoin('users as u', 'u.id', 'r.assignee_id').select(pageColumns);

const listQueries = Object.fromEntries(
  ([false, true] as const).flatMap((byStatus) => [
    [
      `direct:${byStatus}`,
      prepared((db, a: PageArgs) => {
        let q = pageSelect(db).where('r.workspace_id', '=', a.ws);
        if (byStatus) q = q.where('r.status', '=', a.status);
        return q.orderBy('r.received_at', 'desc').orderBy('r.id', 'desc').limit(a.limit).offset(a.offset);
      }),
    ],
    [
      `deferred:${byStatus}`,
      prepared((db, a: PageArgs) => {
        return pageSelect(db).innerJoin(pageIds(db, a, byStatus).as('p'), 'p.id', 'r.id');
      }),
    ],
  ]),
);

type Positioned = { received_at: string; id: string };
/** Compares rows in the list's order: (received_at, id), descending when newest first. */
const listOrder = (newestFirst: boolean) => (x: Positioned, y: Positioned) =>
  (newestFirst ? -1 : 1) * (x.received_at < y.received_at ? -1 : x.received_at > y.received_at ? 1 : x.id < y.id ? -1 : x.id > y.id ? 1 : 0);

export async function listReplies(db: Q, workspaceId: string, opts: { status?: ReplyStatus; limit: number; offset: number }) {
  const direct = opts.offset <= DIRECT_MAX_OFFSET;
  const run = listQueries[`${direct ? 'direct' : 'deferred'}:${Boolean(opts.status)}`]!;
  const rows = await run(db, { ws: workspaceId, status: opts.status ?? 'pending' /* unread by the unfiltered shapes */, limit: opts.limit, offset: opts.offset });
  if (!direct) rows.sort(listOrder(true));
  return rows;
}
export type ReplyPageRow = Awaited<ReturnType<typeof listReplies>>[number];

export interface ReplyFilter {
  statuses?: ReplyStatus[];
  /** A category id, or null for replies without one. */
  categoryId?: string | null;
  clientId?: string;
  connectionId?: string;
  contactId?: string;
  /** A member's user id, or null for unassigned replies. */
  assigneeId?: string | null;
  /** received_after <= received_at < received_before */
  receivedAfter?: string;
  receivedBefore?: string;
  /** Words every reply must hold (db/dialect.ts searchWords): from_name, from_email, subject, body_text. */
  search?: SearchTerms;
  /** true: snoozed at `now`; false: not snoozed at `now`. */
  snoozed?: boolean;
  now: string;
  newestFirst: boolean;
}

/** Where a cursor page starts: after this (received_at, id) in the list's order. */
export interface PagePosition {
  receivedAt: string;
  id: string;
}

/**
 * A search's plan (search.ts planSearch): how many replies of the workspace match, and so how
 * its page is read — `'rows'` looks every match up and sorts them (few matches), `'index'`
 * walks the list's index in order and keeps the rows that match (many matches).
 */
export interface SearchPlan {
  matches: number;
  order: 'rows' | 'index';
  /** A search alone read by the index: its matches (search.ts readSearchPage); otherwise null. */
  set: ReplySet | null;
  /** The workspace's replies when the plan was made. */
  replies: number;
}

export function whereFilter<QB extends SelectQueryBuilder<Database & { r: ReplyTable }, 'r' | any, any>>(db: Q, query: QB, workspaceId: string, f: ReplyFilter, plan?: SearchPlan): QB {
  const order = plan?.order ?? 'rows';
  // Looking the matches up: every index of replies begins with workspace_id, so keeping the
  // workspace off the indexes leaves SQLite one way in, by the matches' rowids (dialect.ts).
  let q = (f.search && order === 'rows' ? query.where(sameWorkspaceNoIndex(db, 'r.workspace_id', workspaceId)) : query.where('r.workspace_id', '=', workspaceId)) as QB;
  if (f.search) q = q.where(textSearch(db, 'replies', 'r', f.search, { workspaceId, order })) as QB;
  if (f.statuses?.length) q = (f.statuses.length === 1 ? q.where('r.status', '=', f.statuses[0]!) : q.where('r.status', 'in', f.statuses)) as QB;
  if (f.categoryId !== undefined) q = (f.categoryId === null ? q.where('r.category_id', 'is', null) : q.where('r.category_id', '=', f.categoryId)) as QB;
  if (f.clientId !== undefined) q = q.where('r.client_id', '=', f.clientId) as QB;
  if (f.connectionId !== undefined) q = q.where('r.connection_id', '=', f.connectionId) as QB;
  if (f.contactId !== undefined) q = q.where('r.contact_id', '=', f.contactId) as QB;
  if (f.assigneeId !== undefined) q = (f.assigneeId === null ? q.where('r.assignee_id', 'is', null) : q.where('r.assignee_id', '=', f.assigneeId)) as QB;
  if (f.receivedAfter !== undefined) q = q.where('r.received_at', '>=', f.receivedAfter) as QB;
  if (f.receivedBefore !== undefined) q = q.where('r.received_at', '<', f.receivedBefore) as QB;
  if (f.snoozed === true) q = q.where('r.snoozed_until', '>', f.now) as QB;
  if (f.snoozed === false) q = q.where((eb) => eb.or([eb('r.snoozed_until', 'is', null), eb('r.snoozed_until', '<=', f.now)])) as QB;
  return q;
}

/**
 * A page of the filtered list (the same columns as listReplies), in the filter's order, by
 * offset or after a cursor position; `limit + 1` rows are read so the caller knows whether
 * another page follows. The order is (received_at, id), the last two columns of the index of
 * each filter, so the page is read in order off an index.
 */
export function listFiltered(db: Q, workspaceId: string, f: ReplyFilter, page: { limit: number; offset: number; after?: PagePosition }, plan?: SearchPlan) {
  const dir = f.newestFirst ? 'desc' : 'asc';
  let q = whereFilter(db, pageSelect(db as Kysely<Database>), workspaceId, f, plan);
  if (page.after) {
    const { receivedAt, id } = page.after;
    q = q.where((eb) => eb(eb.refTuple('r.received_at', 'r.id'), f.newestFirst ? '<' : '>', eb.tuple(receivedAt, id)));
  }
  return q
    .orderBy('r.received_at', dir)
    .orderBy('r.id', dir)
    .limit(page.limit + 1)
    .offset(page.offset)
    .execute();
}

const listIndexWalks = Object.fromEntries(
  ([false, true] as const).flatMap((newestFirst) =>
    ([false, true] as const).map((resumed) => [
      `${newestFirst}:${resumed}`,
      prepared((db, a: { ws: string; receivedAt: string; id: string; limit: number }) => {
        let q = db
          .selectFrom('replies')
          .select([rowidOrNull(db).as('rowid'), 'id', 'received_at'])
          .where('workspace_id', '=', a.ws);
        if (resumed) q = q.where((eb) => eb(eb.refTuple('received_at', 'id'), newestFirst ? '<' : '>', eb.tuple(a.receivedAt, a.id)));
        const dir = newestFirst ? 'desc' : 'asc';
        return q.orderBy('received_at', dir).orderBy('id', dir).limit(a.limit);
      }),
    ]),
  ),
);

/**
 * `limit` entries of the workspace's list index (replies_workspace_received) in the list's
 * order, after a position or from the start, read off the index alone (an index-only scan).
 */
export function walkListIndex(db: Q, workspaceId: string, newestFirst: boolean, after: PagePosition | undefined, limit: number): Promise<ListIndexEntry[]> {
  return listIndexWalks[`${newestFirst}:${Boolean(after)}`]!(db, { ws: workspaceId, receivedAt: after?.receivedAt ?? '', id: after?.id ?? '', limit });
}

/** The page columns of the given replies of the workspace, in the list's order. */
export async function pageRowsByIds(db: Q, workspaceId: string, ids: string[], newestFirst: boolean): Promise<ReplyPageRow[]> {
  if (!ids.length) return [];
  const rows = await pageSelect(db as Kysely<Database>)
    .where(sameWorkspaceNoIndex(db, 'r.workspace_id', workspaceId))
    .where('r.id', 'in', ids)
    .execute();
  return rows.sort(listOrder(newestFirst));
}

/** The fields of a filter that are set (`now` and `newestFirst` always are). */
export function filterFields(f: ReplyFilter): string[] {
  return Object.keys(f).filter((k) => (f as unknown as Record<string, unknown>)[k] !== undefined);
}

/** Whether a filter is a search and nothing else (`now` and `newestFirst` are always set). */
export const isSearchOnly = (f: ReplyFilter) => filterFields(f).every((k) => k === 'search' || k === 'now' || k === 'newestFirst');

/** Filters reply_counts can total: status, client, mailbox, category (and snoozed=false, below). */
const COUNTED: ReadonlySet<string> = new Set(['statuses', 'categoryId', 'clientId', 'connectionId', 'now', 'newestFirst']);

/**
 * How many replies match the filter (pagination.total). A filter of statuses, client, mailbox
 * and category only is a sum over reply_counts (migration 0010: a row per combination, kept by
 * triggers), so the total of a third of a million replies costs as little as that of three;
 * `snoozed=false` beside them subtracts the few replies snoozed now. A search alone is the
 * plan's count (the full-text index's). Anything else (dates, a contact, a search with other
 * filters) is counted over the filter's own index.
 */
export async function countFiltered(db: Q, workspaceId: string, f: ReplyFilter, plan?: SearchPlan): Promise<number> {
  if (plan && isSearchOnly(f)) return plan.matches;
  if (filterFields(f).every((k) => COUNTED.has(k) || k === 'snoozed') && f.snoozed !== true) {
    const counted = await sumReplyCounts(db, workspaceId, f);
    return f.snoozed === false ? counted - (await countScanned(db, workspaceId, { ...f, snoozed: true })) : counted;
  }
  return countScanned(db, workspaceId, f);
}

async function countScanned(db: Q, workspaceId: string, f: ReplyFilter): Promise<number> {
  const row = await whereFilter(
    db,
    (db as Kysely<Database>).selectFrom('replies as r').select((eb) => eb.fn.countAll<number>().as('n')),
    workspaceId,
    f,
  ).executeTakeFirstOrThrow();
  return Number(row.n);
}

async function sumReplyCounts(db: Q, workspaceId: string, f: ReplyFilter): Promise<number> {
  let q = db
    .selectFrom('reply_counts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('n'), sql<number>`0`).as('n'))
    .where('workspace_id', '=', workspaceId);
  if (f.statuses?.length) q = f.statuses.length === 1 ? q.where('status', '=', f.statuses[0]!) : q.where('status', 'in', f.statuses);
  if (f.categoryId !== undefined) q = q.where('category_id', '=', f.categoryId ?? '');
  if (f.clientId !== undefined) q = q.where('client_id', '=', f.clientId);
  if (f.connectionId !== undefined) q = q.where('connection_id', '=', f.connectionId);
  const row = await q.executeTakeFirstOrThrow();
  // sum() is a bigint (text) on PostgreSQL
  return Number(row.n);
}

/** The columns of replies that never change after ingestion, for the given ids of the workspace. */
export function fixedColumns(db: Q, workspaceId: string, ids: string[]) {
  return db
    .selectFrom('replies')
    .select(['id', 'from_email', 'from_name', 'to_email', 'subject', 'body_text', 'body_html', 'client_id', 'connection_id', 'contact_id', 'received_at', 'created_at'])
    .where(sameWorkspaceNoIndex(db, 'workspace_id', workspaceId)) // by primary key, whatever the statistics say
    .where('id', 'in', ids)
    .execute();
}
export type ReplyFixedRow = Awaited<ReturnType<typeof fixedColumns>>[number];
