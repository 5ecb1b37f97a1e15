import { alternation, LANGUAGES } from './languages/index.ts';
import { stripQuoted } from './strip.ts';
import { fold } from './text.ts';

/**
 * The date an out-of-office reply says its sender is back, in English, German, French, Spanish
 * and Dutch: "back on Monday 3 March", "bis zum 14.03.", "de retour le 5 avril", "hasta el 10 de
 * marzo", "terug op 12 maart", ISO dates, numeric dates and weekdays ("back on Monday").
 *
 * Every date in the text is found; the one right after a "back"/"return" word wins, then the one
 * after an "until" word, then the latest date still ahead. A date without a year is in the year of
 * receivedAt, or the next one when it would otherwise lie more than a month in the past
 * ("back 6 January" sent on 20 December). "Until 14 March" gives 14 March itself: a snoozed reply
 * resurfaces on its sender's last day away at worst, never after they are back. The result is
 * midnight UTC of that calendar day; null when no date is given or it is not ahead (at most 400
 * days).
 */

const MONTHS: Record<string, number> = {};
const monthNames: [number, string[]][] = [
  [1, ['january', 'jan', 'januar', 'janner', 'janvier', 'janv', 'enero', 'ene', 'januari']],
  [2, ['february', 'feb', 'februar', 'fevrier', 'fevr', 'fev', 'febrero', 'februari']],
  [3, ['march', 'mar', 'marz', 'maerz', 'mars', 'marzo', 'maart', 'mrt']],
  [4, ['april', 'apr', 'avril', 'avr', 'abril', 'abr']],
  [5, ['may', 'mai', 'mayo', 'mei']],
  [6, ['june', 'jun', 'juni', 'juin', 'junio']],
  [7, ['july', 'jul', 'juli', 'juillet', 'juil', 'julio']],
  [8, ['august', 'aug', 'aout', 'agosto', 'ago', 'augustus']],
  [9, ['september', 'sep', 'sept', 'septembre', 'septiembre', 'setiembre']],
  [10, ['october', 'oct', 'oktober', 'okt', 'octobre', 'octubre']],
  [11, ['november', 'nov', 'novembre', 'noviembre']],
  [12, ['december', 'dec', 'dezember', 'dez', 'decembre', 'diciembre', 'dic']],
];
for (const [m, names] of monthNames) for (const n of names) MONTHS[n] = m;
for (const l of LANGUAGES) l.months.forEach((names, i) => names.forEach((n) => (MONTHS[n] ??= i + 1)));
const MONTH = Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|');

const WEEKDAYS: Record<string, number> = {};
const weekdayNames: [number, string[]][] = [
  [0, ['sunday', 'sonntag', 'dimanche', 'domingo', 'zondag']],
  [1, ['monday', 'montag', 'lundi', 'lunes', 'maandag']],
  [2, ['tuesday', 'dienstag', 'mardi', 'martes', 'dinsdag']],
  [3, ['wednesday', 'mittwoch', 'mercredi', 'miercoles', 'woensdag']],
  [4, ['thursday', 'donnerstag', 'jeudi', 'jueves', 'donderdag']],
  [5, ['friday', 'freitag', 'vendredi', 'viernes', 'vrijdag']],
  [6, ['saturday', 'samstag', 'samedi', 'sabado', 'zaterdag']],
];
for (const [d, names] of weekdayNames) for (const n of names) WEEKDAYS[n] = d;
for (const l of LANGUAGES) l.weekdays.forEach((names, d) => names.forEach((n) => (WEEKDAYS[n] ??= d)));
const WEEKDAY = Object.keys(WEEKDAYS)
  .sort((a, b) => b.length - a.length)
  .join('|');

const ORD = '(?:st|nd|rd|th|er|e|eme|de|ste|o|º|°)?';
const DAY_MONTH = new RegExp(`\\b(\\d{1,2})${ORD}\\.?(?:\\s+of)?\\s*(?:de\\s+|-)?(${MONTH})\\b\\.?(?:,?\\s*(?:de\\s+)?('?\\d{4}|'\\d{2}))?`, 'g');
const MONTH_DAY = new RegExp(`\\b(${MONTH})\\.?\\s+(\\d{1,2})${ORD}\\b(?:,?\\s*(\\d{4}))?`, 'g');
const ISO = /\b(\d{4})-(\d{2})-(\d{2})\b/g;
const NUMERIC = /\b(\d{1,2})([./-])(\d{1,2})(?:\2(\d{4}|\d{2})\b|\.|\b)(?![./:-]?\d)/g;
const WEEKDAY_RE = new RegExp(`\\b(${WEEKDAY})\\b`, 'g');
const TOMORROW = new RegExp(`\\b(?:tomorrow|morgen|demain|manana${alternation('tomorrow')})\\b`, 'g');

const RETURN_WORDS = new RegExp(
  `\\b(?:back|return(?:ing)?|returns|again (?:in|at|on)|zuruck|wieder|retour|rentre|reviens|de vuelta|regreso|regresare|vuelvo|volvere|reincorporo|terug|weer${alternation('returnWords')})\\b`,
  'g',
);
const UNTIL_WORDS = new RegExp(
  `\\b(?:until|till|til|through|thru|to|bis(?: zum| einschliesslich| einschl| inkl)?|jusqu'?(?:au|a)?|au|hasta(?: el)?|al|tot(?: en met)?|t\\/m${alternation('untilWords')})\\b`,
  'g',
);

interface Mention {
  at: number;
  end: number;
  date: Date | null;
  weak: boolean; // numeric without a year or a weekday: only trusted right after a keyword
}

function utc(y: number, m: number, d: number): Date | null {
  if (m < 1 || m > 12 || d < 1 || d > 31) return null;
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCMonth() === m - 1 && t.getUTCDate() === d ? t : null;
}

function fullYear(y: string | undefined): number | null {
  if (!y) return null;
  const n = Number(y.replace("'", ''));
  return n < 100 ? 2000 + n : n;
}

function resolve(m: number, d: number, year: number | null, received: Date): Date | null {
  if (year !== null) return utc(year, m, d);
  const y = received.getUTCFullYear();
  const candidate = utc(y, m, d);
  if (!candidate) return utc(y + 1, m, d);
  return candidate.getTime() < received.getTime() - 31 * 86400_000 ? utc(y + 1, m, d) : candidate;
}

function dayStart(date: Date): number {
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
}

function mentions(t: string, received: Date): Mention[] {
  const out: Mention[] = [];
  const taken: [number, number][] = [];
  const free = (a: number, b: number) => !taken.some(([x, y]) => a < y && b > x);
  const add = (at: number, end: number, date: Date | null, weak: boolean) => {
    if (!free(at, end)) return;
    taken.push([at, end]);
    out.push({ at, end, date, weak });
  };
  for (const m of t.matchAll(ISO)) add(m.index, m.index + m[0].length, utc(+m[1]!, +m[2]!, +m[3]!), false);
  for (const m of t.matchAll(DAY_MONTH)) add(m.index, m.index + m[0].length, resolve(MONTHS[m[2]!]!, +m[1]!, fullYear(m[3]), received), false);
  for (const m of t.matchAll(MONTH_DAY)) add(m.index, m.index + m[0].length, resolve(MONTHS[m[1]!]!, +m[2]!, fullYear(m[3]), received), false);
  for (const m of t.matchAll(NUMERIC)) {
    if (/\d[:h]$/.test(t.slice(Math.max(0, m.index - 2), m.index))) continue; // part of a time
    const a = +m[1]!;
    const b = +m[3]!;
    const year = fullYear(m[4]);
    let date: Date | null;
    if (m[2] === '/' && a <= 12 && b > 12)
      date = resolve(a, b, year, received); // US month/day
    else {
      date = resolve(b, a, year, received);
      // 03/04 read as 3 April lies in the past but as 4 March is ahead: an American sender.
      if (m[2] === '/' && a <= 12 && b <= 12 && date && date.getTime() < dayStart(received)) {
        const us = resolve(a, b, year, received);
        if (us && us.getTime() >= dayStart(received)) date = us;
      }
    }
    add(m.index, m.index + m[0].length, date, year === null);
  }
  for (const m of t.matchAll(WEEKDAY_RE)) {
    const end = m.index + m[0].length;
    // "Monday 3 March": the date that follows says more than the weekday
    if (out.some((o) => o.at >= end && o.at - end <= 6)) continue;
    const want = WEEKDAYS[m[1]!]!;
    const today = received.getUTCDay();
    const ahead = (want - today + 7) % 7 || 7;
    add(m.index, end, new Date(dayStart(received) + ahead * 86400_000), true);
  }
  for (const m of t.matchAll(TOMORROW)) add(m.index, m.index + m[0].length, new Date(dayStart(received) + 86400_000), true);
  return out.sort((x, y) => x.at - y.at);
}

function afterKeyword(t: string, keywords: RegExp, found: Mention[]): Mention | null {
  for (const k of t.matchAll(keywords)) {
    const end = k.index + k[0].length;
    const next = found.find((m) => m.at >= end && m.at - end <= 30 && m.date);
    if (next) return next;
  }
  return null;
}

// "ab Montag wieder im Büro", "vanaf 3 maart weer aanwezig", "à partir du 5 avril de retour": a start word, a date, then a return word.
const FROM_WORDS = /\b(?:ab(?: dem| den)?|vanaf|from|a partir (?:du|de|del)|desde el)\s*$/;
const RETURN_AFTER = /^[\s,.]*(?:(?:bin|ist|sind|ben|is|zijn|je suis|i am|i'm|i will be|i'll be|estare|estoy)\s+)?(?:wieder|zuruck|weer|terug|de retour|back|de vuelta)\b/;

function beforeReturnWord(t: string, found: Mention[]): Mention | null {
  return found.find((m) => m.date && FROM_WORDS.test(t.slice(Math.max(0, m.at - 14), m.at)) && RETURN_AFTER.test(t.slice(m.end, m.end + 30))) ?? null;
}

/** Whether the text names the day its sender is back ("back Thursday", "retour jeudi", "zpět ve čtvrtek"): a date right after a return word, or from a date on. */
export function namesReturn(text: string, receivedAt: Date): boolean {
  const t = fold(text.slice(0, 4000)).replace(/\s+/g, ' ');
  const found = mentions(t, receivedAt);
  return found.length > 0 && (afterKeyword(t, RETURN_WORDS, found) ?? beforeReturnWord(t, found)) !== null;
}

export function outOfOfficeUntil(text: string, receivedAt: Date): Date | null {
  if (!text || Number.isNaN(receivedAt.getTime())) return null;
  const stripped = stripQuoted(text) || text;
  const t = fold(stripped.slice(0, 4000)).replace(/\s+/g, ' ');
  const found = mentions(t, receivedAt);
  if (!found.length) return null;
  const chosen =
    afterKeyword(t, RETURN_WORDS, found) ??
    beforeReturnWord(t, found) ??
    afterKeyword(t, UNTIL_WORDS, found) ??
    found.filter((m) => !m.weak && m.date).sort((a, b) => b.date!.getTime() - a.date!.getTime())[0] ??
    null;
  const date = chosen?.date;
  if (!date) return null;
  const start = dayStart(receivedAt);
  if (date.getTime() < start || date.getTime() > start + 400 * 86400_000) return null;
  return date;
}
