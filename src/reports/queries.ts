// The replies a report counts (reports/service.ts): those the list would show for the same
// filters and received in the range, through the list's own filter (replies/list-queries.ts
// whereFilter), so a report and a list can never disagree. Workspace first, as every query.
import type { Kysely } from 'kysely';
import type { Database, Q } from '../db/types.ts';
import { type ReplyFilter, whereFilter } from '../replies/list-queries.ts';

export function reportRows(db: Q, workspaceId: string, f: ReplyFilter) {
  const query = (db as Kysely<Database>)
    .selectFrom('replies as r')
    .leftJoin('categories as c', (j) => j.onRef('c.id', '=', 'r.category_id').on('c.workspace_id', '=', workspaceId))
    .select(['r.received_at', 'r.category_id', 'c.is_positive', 'r.status', 'r.handled_at', 'r.sent_response']);
  return whereFilter(db, query, workspaceId, f).execute();
}

/** The workspace's categories by id, for the names a report shows. */
export function categoryNames(db: Q, workspaceId: string) {
  return db.selectFrom('categories').select(['id', 'name']).where('workspace_id', '=', workspaceId).orderBy('name').execute();
}
