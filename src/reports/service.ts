// GET /api/reports/replies (docs/api.md "Reports"): the replies received in a range of days of
// a time zone, in total and per period, by category, how many were positive and handled, and
// how fast the first answer left.
import type { Db } from '../db/connect.ts';
import { reportRange, type GroupBy } from './periods.ts';
import * as q from './queries.ts';

export interface ReportQuery {
  from?: string;
  to?: string;
  group_by?: GroupBy;
  tz?: string;
  client_id?: string;
  connection_id?: string;
  assignee_id?: string;
}

/** The value at fraction `p` of sorted numbers, nearest rank; null for none. */
function percentile(sorted: number[], p: number): number | null {
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

const UNCATEGORISED = 'none';

/** The index of the last period that begins at or before `at` (a binary search: up to 400 periods, a row each). */
function periodOf(periods: { start: number }[], at: number): number {
  let lo = 0;
  let hi = periods.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (periods[mid]!.start <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export async function repliesReport(db: Db, workspaceId: string, query: ReportQuery, now = Date.now()) {
  const range = reportRange(query, now);
  const filter = {
    clientId: query.client_id?.toLowerCase(),
    connectionId: query.connection_id?.toLowerCase(),
    assigneeId: query.assignee_id === undefined ? undefined : query.assignee_id === 'none' ? null : query.assignee_id.toLowerCase(),
    receivedAfter: new Date(range.periods[0]!.start).toISOString(),
    receivedBefore: new Date(range.end).toISOString(),
    now: new Date(now).toISOString(),
    newestFirst: true,
  };
  const [rows, categories] = await Promise.all([q.reportRows(db.read, workspaceId, filter), q.categoryNames(db.read, workspaceId)]);

  const series = range.periods.map((p) => ({ period: p.period, received: 0, positive: 0, by_category: {} as Record<string, number> }));
  const byCategory = new Map<string, number>();
  const responses: number[] = [];
  let positive = 0;
  let handled = 0;
  for (const r of rows) {
    const at = Date.parse(r.received_at);
    const s = series[periodOf(range.periods, at)]!;
    const category = r.category_id ?? UNCATEGORISED;
    s.received += 1;
    s.by_category[category] = (s.by_category[category] ?? 0) + 1;
    byCategory.set(category, (byCategory.get(category) ?? 0) + 1);
    if (r.is_positive) {
      s.positive += 1;
      positive += 1;
    }
    if (r.status === 'sent' || r.status === 'archived') handled += 1;
    // answered through Replydesk: the first answer left when the reply became sent
    if (r.status === 'sent' && r.sent_response !== null && r.handled_at) responses.push(Math.max(0, Math.round((Date.parse(r.handled_at) - at) / 1000)));
  }
  responses.sort((a, b) => a - b);
  const names = new Map(categories.map((c) => [c.id, c.name]));
  return {
    from: range.from,
    to: range.to,
    tz: range.tz,
    group_by: range.groupBy,
    totals: {
      received: rows.length,
      positive,
      handled,
      by_category: [...byCategory]
        .map(([id, count]) => ({ category_id: id === UNCATEGORISED ? null : id, name: id === UNCATEGORISED ? 'Uncategorised' : (names.get(id) ?? id), count }))
        .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
      first_response_seconds: { median: percentile(responses, 0.5), p90: percentile(responses, 0.9), count: responses.length },
    },
    series,
  };
}
