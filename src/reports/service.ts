// GET /api/reports/replies (docs/api.md "Reports"): the replies received in a range of days of
// a time zone, in total and per period, by category, how many were positive and handled, and
// how fast the first answer left (src/reports/counts.ts reads them).
import type { Db } from '../db/connect.ts';
import { reportRange, type GroupBy } from './periods.ts';
import { countsByPeriod, type ReportScope, responseTimes } from './counts.ts';
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

const UNCATEGORISED = 'none';

export async function repliesReport(db: Db, workspaceId: string, query: ReportQuery, now = Date.now()) {
  const range = reportRange(query, now);
  const clientId = query.client_id?.toLowerCase();
  const connectionId = query.connection_id?.toLowerCase();
  const assigneeId = query.assignee_id === undefined ? undefined : query.assignee_id === 'none' ? null : query.assignee_id.toLowerCase();
  const scope: ReportScope = {
    workspaceId,
    range,
    filter: {
      clientId,
      connectionId,
      assigneeId,
      receivedAfter: new Date(range.periods[0]!.start).toISOString(),
      receivedBefore: new Date(range.end).toISOString(),
      now: new Date(now).toISOString(),
      newestFirst: true,
    },
    rollup: { clientId, connectionId, assigneeId: assigneeId === null ? '' : assigneeId },
  };
  const [counts, responses, categories] = await Promise.all([countsByPeriod(db.read, scope), responseTimes(db.read, scope), q.categories(db.read, workspaceId)]);

  const positives = new Set(categories.filter((c) => c.is_positive).map((c) => c.id));
  const series = range.periods.map((p) => ({ period: p.period, received: 0, positive: 0, by_category: {} as Record<string, number> }));
  const byCategory = new Map<string, number>();
  let received = 0;
  let positive = 0;
  let handled = 0;
  for (const c of counts) {
    const s = series[c.period]!;
    const category = c.category_id ?? UNCATEGORISED;
    s.received += c.n;
    s.by_category[category] = (s.by_category[category] ?? 0) + c.n;
    byCategory.set(category, (byCategory.get(category) ?? 0) + c.n);
    received += c.n;
    if (c.category_id && positives.has(c.category_id)) {
      s.positive += c.n;
      positive += c.n;
    }
    if (c.handled) handled += c.n;
  }
  const names = new Map(categories.map((c) => [c.id, c.name]));
  return {
    from: range.from,
    to: range.to,
    tz: range.tz,
    group_by: range.groupBy,
    totals: {
      received,
      positive,
      handled,
      by_category: [...byCategory]
        .map(([id, count]) => ({ category_id: id === UNCATEGORISED ? null : id, name: id === UNCATEGORISED ? 'Uncategorised' : (names.get(id) ?? id), count }))
        .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
      first_response_seconds: responses,
    },
    series,
  };
}
