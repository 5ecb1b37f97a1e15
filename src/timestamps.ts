// Timestamps: the one place that reads them, from clients and from PostgreSQL.
//
// A timestamp a client sends is RFC 3339 (the ISO 8601 profile the web uses):
// `2026-01-31T09:30:00Z`, optionally with a fraction and an offset instead of Z. It must name a
// real instant between 0001-01-01 and 9999-12-31 UTC: no leap second (JavaScript's clock has
// none, so 23:59:60 has no instant to store), no 31 April, no offset that pushes it past year
// 9999. Everything is stored normalised to UTC with milliseconds
// (`2026-01-31T09:30:00.000Z`), so on SQLite, where timestamps are text, four-digit years keep
// the text order the time order. Date.parse is not used: it accepts other shapes, maps some
// two-digit years to 19xx/20xx, and reads PostgreSQL's year 1 as 2001.

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/;

// PostgreSQL's text output of timestamptz (DateStyle ISO): `2026-01-31 09:30:00.123+00`,
// offsets may carry minutes and seconds, and dates before year 1 end in ` BC`.
const PG_TIMESTAMP = /^(\d{4,})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?(?:([+-])(\d{2})(?::(\d{2}))?(?::(\d{2}))?)?( BC)?$/;

export const MIN_YEAR = 1;
export const MAX_YEAR = 9999;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const daysIn = (year: number, month: number) => (month === 2 && isLeap(year) ? 29 : DAYS_IN_MONTH[month - 1]!);

/** Milliseconds since the epoch of a UTC wall time, for any year (Date.UTC maps 0–99 to 19xx). */
function utcMillis(year: number, month: number, day: number, h: number, mi: number, s: number, ms: number): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  d.setUTCHours(h, mi, s, ms);
  return d.getTime();
}

const inRange = (t: number) => {
  if (!Number.isFinite(t)) return false;
  const year = new Date(t).getUTCFullYear();
  return year >= MIN_YEAR && year <= MAX_YEAR;
};

/**
 * Reads a client's RFC 3339 timestamp; null when it is not one or names no storable instant.
 * The answer is the normalised UTC form that is stored and shown back.
 */
export function parseTimestamp(text: string): string | null {
  const m = RFC3339.exec(text);
  if (!m) return null;
  const [year, month, day, h, mi, s] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month) || h > 23 || mi > 59 || s > 59) return null;
  const ms = m[7] ? Number(m[7].padEnd(3, '0').slice(0, 3)) : 0;
  let offsetMinutes = 0;
  if (m[8]) {
    const oh = Number(m[9]);
    const om = Number(m[10]);
    if (oh > 23 || om > 59) return null;
    offsetMinutes = (m[8] === '-' ? -1 : 1) * (oh * 60 + om);
  }
  const t = utcMillis(year, month, day, h, mi, s, ms) - offsetMinutes * 60_000;
  return inRange(t) ? new Date(t).toISOString() : null;
}

export const isTimestamp = (text: string) => parseTimestamp(text) !== null;

/** The stored form of a timestamp that passed validation (see parseTimestamp). */
export function normalizeTimestamp(text: string): string {
  const iso = parseTimestamp(text);
  if (iso === null) throw new RangeError(`not a valid timestamp: ${text}`);
  return iso;
}

/**
 * A timestamptz as PostgreSQL writes it, as the ISO string the API shows. Our connections ask
 * for UTC (db/postgres.ts), so nearly every value is `2026-01-31 09:30:00.12+00`: that shape is
 * rewritten as text, with no Date (a list page reads 60 of them, and the general path was a
 * fifth of the server's time on it).
 */
export function fromPgTimestamp(text: string): string {
  const n = text.length;
  if (n >= 22 && n <= 29 && text.endsWith('+00') && text[4] === '-' && text[10] === ' ' && (n === 22 || text[19] === '.')) {
    const ms = n === 22 ? '000' : (text.slice(20, n - 3) + '00').slice(0, 3);
    return `${text.slice(0, 10)}T${text.slice(11, 19)}.${ms}Z`;
  }
  const m = PG_TIMESTAMP.exec(text);
  if (!m) return new Date(text).toISOString(); // infinity and the like: never stored by us
  const [year, month, day, h, mi, s] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const ms = m[7] ? Number(m[7].padEnd(3, '0').slice(0, 3)) : 0;
  const sign = m[8] === '-' ? -1 : 1;
  const offsetSeconds = m[8] ? sign * (Number(m[9]) * 3600 + Number(m[10] ?? 0) * 60 + Number(m[11] ?? 0)) : 0;
  const fullYear = m[12] ? 1 - year : year;
  return new Date(utcMillis(fullYear, month, day, h, mi, s, ms) - offsetSeconds * 1000).toISOString();
}
