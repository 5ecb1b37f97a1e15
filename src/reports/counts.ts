// Where a report's numbers come from (docs/performance.md "Reports"): the roll-ups that
// migration 0024's triggers keep in the transaction of every change to a reply, read in a few
// thousand summed rows, or the replies themselves where the roll-ups cannot split a range.
// - Counts per period, category and handled: reply_hours, when every period begins on a whole
//   UTC hour (every zone whose offset is whole hours); else the replies, grouped here.
// - Time to the first answer: reply_response_days for the whole UTC days of the range, and the
//   replies of the part-days at its two ends; both as buckets of ln(1 + seconds), so median and
//   p90 are within about 2% of the exact ones, whichever way they were read.
import type { Q } from '../db/types.ts';
import type { ReplyFilter } from '../replies/list-queries.ts';
import type { Range } from './periods.ts';
import * as q from './queries.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Buckets per unit of ln(1 + seconds): the same number is in migration 0024's triggers. */
const BUCKETS_PER_LN = 24;
const bucketOf = (seconds: number) => Math.floor(Math.log(1 + seconds) * BUCKETS_PER_LN);
/** A bucket's middle (geometric), in whole seconds. */
const bucketSeconds = (bucket: number) => Math.round(Math.exp((bucket + 0.5) / BUCKETS_PER_LN) - 1);

/** What a report counts, in the list's terms and in the roll-ups' ('' for unassigned). */
export interface ReportScope {
  workspaceId: string;
  range: Range;
  /** The list's filter for the whole range (received_after and received_before set). */
  filter: ReplyFilter;
  rollup: q.RollupFilter;
}

export interface PeriodCount {
  /** The index of the period in range.periods. */
  period: number;
  category_id: string | null;
  handled: boolean;
  n: number;
}

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

export async function countsByPeriod(db: Q, s: ReportScope): Promise<PeriodCount[]> {
  const bounds = [...s.range.periods.map((p) => p.start), s.range.end];
  if (bounds.every((b) => b % HOUR_MS === 0)) {
    const hours = bounds.map((b) => b / HOUR_MS);
    const rows = await q.periodCounts(db, s.workspaceId, hours.slice(0, -1), hours.at(-1)!, s.rollup);
    return rows.filter((r) => r.n !== 0).map((r) => ({ period: r.period, category_id: r.category_id || null, handled: r.handled === 1, n: r.n }));
  }
  const counts = new Map<string, PeriodCount>();
  for (const r of await q.reportRows(db, s.workspaceId, s.filter)) {
    const period = periodOf(s.range.periods, Date.parse(r.received_at));
    const handled = r.status === 'sent' || r.status === 'archived';
    const key = `${period} ${r.category_id} ${handled}`;
    const count = counts.get(key);
    if (count) count.n += 1;
    else counts.set(key, { period, category_id: r.category_id, handled, n: 1 });
  }
  return [...counts.values()];
}

/** Median and p90 (nearest rank) of the time from a reply's arrival to its answer through Replydesk, in seconds. */
export async function responseTimes(db: Q, s: ReportScope) {
  const start = s.range.periods[0]!.start;
  const end = s.range.end;
  const firstDay = Math.ceil(start / DAY_MS);
  const lastDay = Math.floor(end / DAY_MS);
  const histogram = new Map<number, number>();
  const add = (bucket: number, n: number) => histogram.set(bucket, (histogram.get(bucket) ?? 0) + n);
  const parts: [number, number][] = [[start, end]];
  if (firstDay < lastDay) {
    for (const r of await q.responseBuckets(db, s.workspaceId, firstDay, lastDay, s.rollup)) add(r.bucket, r.n);
    parts.splice(0, 1, [start, firstDay * DAY_MS], [lastDay * DAY_MS, end]);
  }
  for (const [from, to] of parts) {
    if (from >= to) continue;
    const part = { ...s.filter, receivedAfter: new Date(from).toISOString(), receivedBefore: new Date(to).toISOString() };
    for (const r of await q.answeredRows(db, s.workspaceId, part)) add(bucketOf(Math.max(0, Math.round((Date.parse(r.handled_at!) - Date.parse(r.received_at)) / 1000))), 1);
  }

  const buckets = [...histogram].filter(([, n]) => n > 0).sort((a, b) => a[0] - b[0]);
  const count = buckets.reduce((sum, [, n]) => sum + n, 0);
  const percentile = (p: number) => {
    if (!count) return null;
    const rank = Math.max(1, Math.ceil(p * count));
    let seen = 0;
    for (const [bucket, n] of buckets) {
      seen += n;
      if (seen >= rank) return bucketSeconds(bucket);
    }
    return null;
  };
  return { median: percentile(0.5), p90: percentile(0.9), count };
}
