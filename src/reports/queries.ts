// What a report counts (reports/service.ts): the roll-ups of migration 0024 (reply_hours,
// reply_response_days), or the replies themselves, those the list would show for the same
// filters and received in the range, through the list's own filter (replies/list-queries.ts
// whereFilter), so a report and a list can never disagree. Workspace first, as every query.
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database, Q, Tx } from '../db/types.ts';
import { type ReplyFilter, whereFilter } from '../replies/list-queries.ts';

/** A report's filters as the roll-ups store them: '' for none (unassigned). */
export interface RollupFilter {
  clientId?: string;
  connectionId?: string;
  assigneeId?: string;
}

function rollupWhere(table: 'h' | 'd', workspaceId: string, f: RollupFilter): RawBuilder<unknown> {
  const where = [sql`${sql.ref(`${table}.workspace_id`)} = ${workspaceId}`];
  for (const [column, value] of [
    ['client_id', f.clientId],
    ['connection_id', f.connectionId],
    ['assignee_id', f.assigneeId],
  ] as const)
    if (value !== undefined) where.push(sql`${sql.ref(`${table}.${column}`)} = ${value}`);
  return sql.join(where, sql` and `);
}

/** The index of the period `h.hour` falls in: a binary search over the periods' first hours written as nested CASEs, about seven deep for 90 days. */
function periodOfHour(starts: number[], lo = 0, hi = starts.length - 1): RawBuilder<number> {
  if (lo === hi) return sql.lit(lo);
  const mid = (lo + hi + 1) >> 1;
  return sql`case when h.hour < ${starts[mid]!} then ${periodOfHour(starts, lo, mid - 1)} else ${periodOfHour(starts, mid, hi)} end`;
}

/**
 * Replies per period (its index), category ('' for none) and handled (1: sent or archived),
 * summed from reply_hours: one range of the primary key. `starts` are the hours (since 1970)
 * each period begins, `end` the hour after the last. (Joined to a table of the periods instead,
 * PostgreSQL's planner scanned every row once per period: 993 ms for a client's 90 days at a
 * million replies.)
 */
export async function periodCounts(db: Q, workspaceId: string, starts: number[], end: number, f: RollupFilter) {
  const { rows } = await sql<CountRow>`
    select ${periodOfHour(starts)} as period, h.category_id, h.handled, sum(h.n) as n from reply_hours h
    where ${rollupWhere('h', workspaceId, f)} and h.hour >= ${starts[0]!} and h.hour < ${end}
    group by 1, 2, 3`.execute(db);
  return rows.map((r) => ({ period: Number(r.period), category_id: r.category_id, handled: Number(r.handled), n: Number(r.n) }));
}
interface CountRow {
  period: number | string;
  category_id: string;
  handled: number;
  n: number | string;
}

/** Answers per bucket of their time (migration 0024) for the replies received on UTC days [from, to) since 1970. */
export async function responseBuckets(db: Q, workspaceId: string, from: number, to: number, f: RollupFilter) {
  const { rows } = await sql<{ bucket: number; n: number | string }>`
    select d.bucket, sum(d.n) as n from reply_response_days d
    where ${rollupWhere('d', workspaceId, f)} and d.day >= ${from} and d.day < ${to}
    group by d.bucket`.execute(db);
  return rows.map((r) => ({ bucket: Number(r.bucket), n: Number(r.n) }));
}

/** The replies of the filter answered through Replydesk: when each came and when its answer left. */
export function answeredRows(db: Q, workspaceId: string, f: ReplyFilter) {
  const query = (db as Kysely<Database>).selectFrom('replies as r').select(['r.received_at', 'r.handled_at']).where('r.sent_response', 'is not', null).where('r.handled_at', 'is not', null);
  return whereFilter(db, query, workspaceId, { ...f, statuses: ['sent'] }).execute();
}

/** The replies of the filter, for a range the roll-ups cannot split (periods not on whole UTC hours). */
export function reportRows(db: Q, workspaceId: string, f: ReplyFilter) {
  const query = (db as Kysely<Database>).selectFrom('replies as r').select(['r.received_at', 'r.category_id', 'r.status']);
  return whereFilter(db, query, workspaceId, f).execute();
}

/** The workspace's categories, for the names a report shows and which count as positive. */
export function categories(db: Q, workspaceId: string) {
  return db.selectFrom('categories').select(['id', 'name', 'is_positive']).where('workspace_id', '=', workspaceId).orderBy('name').execute();
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
