// The periods of a report (docs/api.md "Reports"): days, weeks (Monday first) or months of an
// IANA time zone, as the instants where each begins. A day is the zone's day, so across a
// daylight-saving change one is 23 or 25 hours long. Pure: no I/O.
import { Errors } from '../errors.ts';

export type GroupBy = 'day' | 'week' | 'month';
export const MAX_RANGE_DAYS = 400;
const DEFAULT_DAYS = 30;
const DAY_MS = 86_400_000;

/** A calendar date, counted in days since 1970-01-01 (no time zone: a date is a date). */
export const dayNumber = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;
export const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(tz: string) {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: tz, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formatters.set(tz, f);
  }
  return f;
}

/** The zone's wall clock at an instant, read as if it were UTC, minus the instant: the offset. */
function offsetMs(tz: string, at: number): number {
  const parts = Object.fromEntries(
    formatter(tz)
      .formatToParts(new Date(at))
      .map((p) => [p.type, p.value]),
  );
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return wall - Math.floor(at / 1000) * 1000;
}

/** The instant the zone's day `day` begins (its first moment, which after a jump forward may be 01:00). */
export function startOfDay(tz: string, day: number): number {
  const midnight = day * DAY_MS;
  // two rounds: the offset at the guess may differ from the one at the answer near a change
  let at = midnight - offsetMs(tz, midnight);
  at = midnight - offsetMs(tz, at);
  // a midnight the clocks skipped: the day begins at the first instant that is on that date
  const wall = at + offsetMs(tz, at);
  if (wall < midnight) at += midnight - wall;
  return at;
}

/** The zone's date at an instant. */
export function dateIn(tz: string, at: number): string {
  return dateOf(Math.floor((at + offsetMs(tz, at)) / DAY_MS));
}

export function checkTimeZone(tz: string): string {
  try {
    formatter(tz);
    return tz;
  } catch {
    throw Errors.BadRequest(`Unknown time zone: ${tz} (use an IANA name such as Europe/Berlin)`);
  }
}

export interface Range {
  tz: string;
  from: string;
  to: string;
  groupBy: GroupBy;
  /** Each period's first date and the instant it begins, then the instant the range ends. */
  periods: { period: string; start: number }[];
  end: number;
}

/** The report's range: `from` and `to` inclusive dates of the zone (default the last 30 days), at most MAX_RANGE_DAYS apart. */
export function reportRange(q: { from?: string; to?: string; group_by?: GroupBy; tz?: string }, now = Date.now()): Range {
  const tz = checkTimeZone(q.tz ?? 'UTC');
  const groupBy = q.group_by ?? 'day';
  const to = q.to ?? dateIn(tz, now);
  const from = q.from ?? dateOf(dayNumber(to) - (DEFAULT_DAYS - 1));
  const first = dayNumber(from);
  const last = dayNumber(to);
  if (first > last) throw Errors.BadRequest('from must not be after to');
  if (last - first + 1 > MAX_RANGE_DAYS) throw Errors.BadRequest(`from and to may be at most ${MAX_RANGE_DAYS} days apart`);
  const periods: { period: string; start: number }[] = [];
  for (let day = first; day <= last; day++) {
    const date = dateOf(day);
    // a week begins on Monday (1970-01-01 was a Thursday), a month on its first day; the range's first period begins at `from`
    const begins = day === first || (groupBy === 'day' ? true : groupBy === 'week' ? (day + 3) % 7 === 0 : date.endsWith('-01'));
    if (begins) periods.push({ period: groupBy === 'week' ? dateOf(day - ((day + 3) % 7)) : groupBy === 'month' ? `${date.slice(0, 7)}-01` : date, start: startOfDay(tz, day) });
  }
  return { tz, from, to, groupBy, periods, end: startOfDay(tz, last + 1) };
}
