// The replies a report counts (reports/service.ts): those the list would show for the same
// filters and received in the range, through the list's own filter (replies/list-queries.ts
// whereFilter), so a report and a list can never disagree. Workspace first, as every query.
import type { Kysely } from 'kysely';
import type { Database, Q, Tx } from '../db/types.ts';
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

/**
 * Every client whose weekly report goes to someone, with its workspace's name and time zone:
 * the weekly sender's sweep (reports/weekly.ts) across workspaces, as the snooze sweep is.
 */
export function clientsWithWeeklyReports(db: Q) {
  return db
    .selectFrom('clients as c')
    .innerJoin('workspaces as w', 'w.id', 'c.workspace_id')
    .select(['c.id', 'c.name', 'c.workspace_id', 'c.weekly_report_to', 'w.name as workspace_name', 'w.time_zone'])
    .where('c.weekly_report_to', '!=', '[]')
    .execute();
}

/** Takes the client's week for this sender: true when no one had (the primary key decides). */
export async function claimWeek(db: Tx, row: { client_id: string; week: string; workspace_id: string; system_mail_id: string; created_at: string }) {
  const res = await db
    .insertInto('weekly_reports')
    .values(row)
    .onConflict((oc) => oc.columns(['client_id', 'week']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}
