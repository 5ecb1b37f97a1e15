// GET /api/replies: its query read into a filter and a page, and the page as JSON text.
// This is the endpoint's one path: routes.ts calls listReplies, which reads the page through
// list-page.ts (hand-built JSON; docs/performance.md says why it stays, with its figures).
import type { Db } from '../db/connect.ts';
import { type SearchTerms, searchWords } from '../db/dialect.ts';
import type { ReplyStatus } from '../db/types.ts';
import { Errors } from '../errors.ts';
import { page } from '../http/schemas.ts';
import { normalizeTimestamp } from '../timestamps.ts';
import { decodeCursor, type ListRequest, listPageJson } from './list-page.ts';
import type { ReplyFilter } from './list-queries.ts';
import { type ListRepliesQueryT, STATUSES } from './schemas.ts';

const now = () => new Date().toISOString();

/** The answer of GET /api/replies, `{"data":[…],"pagination":{…}}`, as JSON text: a 400 for a query it cannot read. */
export async function listReplies(db: Db, workspaceId: string, query: ListRepliesQueryT): Promise<string> {
  return listPageJson(db.read, workspaceId, parseListQuery(query));
}

/** `pending` or `pending,ready`: the statuses asked for, each known and once. */
export function parseStatusFilter(status: string | undefined): ReplyStatus[] | undefined {
  if (status === undefined || status === '') return undefined;
  const given = status.split(',').map((s) => s.trim());
  for (const s of given) {
    if (!(STATUSES as readonly string[]).includes(s)) throw Errors.BadRequest(`status must be one of ${STATUSES.join(', ')}`);
  }
  return [...new Set(given)] as ReplyStatus[];
}

/** The words of a `q` (db/dialect.ts searchWords); one without a letter or digit is 400. */
export function searchFor(text: string): SearchTerms {
  const terms = searchWords(text);
  if (!terms.words.length) throw Errors.BadRequest('q must contain a letter or a digit');
  return terms;
}

/** GET /api/replies's query as the list reads it (docs/api.md "Inbox queries"). */
export function parseListQuery(query: ListRepliesQueryT): ListRequest {
  const { limit, offset } = page(query.limit, query.offset);
  const newestFirst = query.sort !== 'received_at';
  const filter: ReplyFilter = {
    statuses: parseStatusFilter(query.status),
    categoryId: query.category_id === undefined ? undefined : query.category_id === 'none' ? null : query.category_id.toLowerCase(),
    clientId: query.client_id?.toLowerCase(),
    connectionId: query.connection_id?.toLowerCase(),
    contactId: query.contact_id?.toLowerCase(),
    assigneeId: query.assignee_id === undefined ? undefined : query.assignee_id === 'none' ? null : query.assignee_id.toLowerCase(),
    receivedAfter: query.received_after === undefined ? undefined : normalizeTimestamp(query.received_after),
    receivedBefore: query.received_before === undefined ? undefined : normalizeTimestamp(query.received_before),
    search: query.q === undefined ? undefined : searchFor(query.q),
    snoozed: query.snoozed,
    now: now(),
    newestFirst,
  };
  if (query.cursor === undefined) return { filter, limit, offset };
  if (offset !== 0) throw Errors.BadRequest('cursor and offset cannot be combined: a cursor page starts where the cursor points');
  const after = decodeCursor(query.cursor, newestFirst);
  if (!after) throw Errors.BadRequest('cursor is not a cursor of this list (take pagination.next_cursor of the previous page, with the same sort)');
  return { filter, limit, offset, after };
}
