/**
 * Writes src/triage/local/corpus/<lang>.jsonl from the hand-written building blocks in this
 * folder: `npm run triage:corpus`. Deterministic (seeded), so regenerating gives the same files.
 *
 * Each line is {"text", "subject", "label", "group"}. A statement written by hand is dressed up
 * several times the way real replies are — greeting or none, sign-off, signature with title,
 * phone and sometimes a legal disclaimer, "Sent from my iPhone", quoted history in the
 * language's mail-client forms, typos, lost accents, all lower case — and all its variants share
 * a "group", so the held-out split (by hash of the group) holds statements never trained on,
 * not merely new dress on trained ones. Hand-written complete replies are their own groups.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { handwritten } from './handwritten.ts';
import type { LanguagePack } from './pack.ts';
import { PACKS } from './packs.ts';

const PER_CATEGORY = 72;
const OUT = new URL('../../src/triage/local/corpus/', import.meta.url);

let seed = 20251117;
function random(): number {
  seed ^= seed << 13; seed >>>= 0;
  seed ^= seed >>> 17;
  seed ^= seed << 5; seed >>>= 0;
  return seed / 0x100000000;
}
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
const chance = (p: number) => random() < p;
const pad = (n: number) => String(n).padStart(2, '0');

function fill(template: string, vars: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => vars[k] ?? m);
}

function dateVars(p: LanguagePack) {
  const d = 1 + Math.floor(random() * 28);
  const m = Math.floor(random() * 12);
  const y = 2025 + Math.floor(random() * 2);
  const wday = pick(p.weekdays);
  const base = { d: String(d), dd: pad(d), mm: pad(m + 1), yyyy: String(y), month: p.months[m]!, wday };
  return fill(pick(p.dateFormats), base);
}

function typo(word: string): string {
  if (word.length < 5) return word;
  const i = 1 + Math.floor(random() * (word.length - 2));
  switch (Math.floor(random() * 3)) {
    case 0: return word.slice(0, i) + word.slice(i + 1); // dropped letter
    case 1: return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2); // swapped
    default: return word.slice(0, i) + word[i] + word.slice(i); // doubled
  }
}

function noisy(text: string): string {
  let out = text;
  if (chance(0.5)) {
    const parts = out.split(/(\s+)/);
    const n = 1 + Math.floor(random() * 2);
    for (let k = 0; k < n; k++) {
      const i = Math.floor(random() * parts.length);
      if (/^[\p{L}]+$/u.test(parts[i]!)) parts[i] = typo(parts[i]!);
    }
    out = parts.join('');
  }
  if (chance(0.3)) out = out.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  if (chance(0.25)) out = out.toLowerCase();
  if (chance(0.2)) out = out.replace(/[.!]$/, '').replace(/, /g, ' ');
  return out;
}

interface Line { text: string; subject: string; label: string; group: string }

function person(p: LanguagePack) {
  const first = pick(p.firstNames);
  const last = pick(p.lastNames);
  const company = pick(p.companies);
  const domain = company.toLowerCase().replace(/[^a-z]+/g, '').slice(0, 14) + pick(['.com', '.io', '.de', '.fr', '.es', '.nl', '.co.uk', '.eu']);
  const email = `${first.toLowerCase().normalize('NFD').replace(/[^a-z]/g, '')}.${last.toLowerCase().normalize('NFD').replace(/[^a-z]/g, '')}@${domain}`;
  return { first, last, company, domain, email };
}

function signature(p: LanguagePack, who: ReturnType<typeof person>): string {
  const lines = [pick([who.first, `${who.first} ${who.last}`, `${who.first} ${who.last}`, who.first[0]!])];
  if (chance(0.6)) lines.push(pick(p.titles) + (chance(0.5) ? ` | ${who.company}` : ''));
  if (chance(0.4)) lines.push(who.company);
  if (chance(0.4)) lines.push(pick(['T: ', 'Tel. ', 'M: ', 'Mob: ', '', 'Phone: ']) + `+${pick(['44', '49', '33', '34', '31', '1'])} ${100 + Math.floor(random() * 899)} ${1000000 + Math.floor(random() * 8999999)}`);
  if (chance(0.25)) lines.push(`www.${who.domain}`);
  if (chance(0.12)) lines.push('', pick(p.disclaimers));
  return lines.join('\n');
}

function quoted(p: LanguagePack, who: ReturnType<typeof person>, subject: string): string {
  const vars = { first: who.first, last: who.last, company: who.company, email: who.email, wday: pick(p.weekdays), date: dateVars(p), time: `${8 + Math.floor(random() * 10)}:${pad(Math.floor(random() * 60))}`, subject };
  const original = fill(pick(p.outreach), vars);
  if (chance(0.35)) return '\n\n' + fill(p.outlookHeader, vars) + '\n\n' + original;
  if (chance(0.1)) return '\n\n________________________________\n' + fill(p.outlookHeader, vars) + '\n\n' + original;
  return '\n\n' + fill(pick(p.attributions), vars) + '\n' + original.split('\n').map((l) => (l ? '> ' + l : '>')).join('\n');
}

function reply(p: LanguagePack, label: string, statement: string, extra: string[], group: string): Line {
  const who = person(p);
  const colleague = person(p);
  const outreachSubject = fill(pick(p.outreachSubjects), { company: who.company });
  const vars: Record<string, string> = {
    sender: 'Tom', first: who.first.toLowerCase(), last: who.last.toLowerCase(), company: who.company,
    colleague: `${colleague.first}${chance(0.5) ? ' ' + colleague.last : ''}`, colleagueEmail: colleague.email.replace(/@.*/, '@' + who.domain),
    wday: pick(p.weekdays.slice(1, 6)), wday2: pick(p.weekdays.slice(1, 6)), date: dateVars(p),
  };
  let body = fill(statement, vars);
  if (extra.length && chance(0.4)) body += (chance(0.5) ? ' ' : '\n') + fill(pick(extra), vars);
  const isAuto = label === 'Out of office';
  if (chance(0.15) && !isAuto) body = noisy(body);
  else if (chance(0.25)) body = noisy(body);
  const parts: string[] = [];
  const greeting = fill(pick(p.greetings), vars);
  if (greeting && chance(0.7)) parts.push(greeting, '');
  parts.push(body);
  if (chance(0.75)) {
    const off = pick(p.signOffs);
    parts.push('', (off ? off + '\n' : '') + signature(p, who));
  }
  if (chance(0.1)) parts.push('', pick(p.mobile));
  let text = parts.join('\n');
  let subject = `${pick(p.replyPrefix ?? ['Re:', 'RE:'])} ${outreachSubject}`;
  if (isAuto && chance(0.7)) subject = fill(pick(p.oooSubjects), { subject: outreachSubject });
  if (chance(0.45)) text += quoted(p, who, outreachSubject);
  return { text, subject, label, group };
}

function bounce(p: LanguagePack, template: number): Line {
  const who = person(p);
  const outreachSubject = fill(pick(p.outreachSubjects), { company: who.company });
  let text = fill(p.bounces[template]!, { email: who.email, domain: who.domain, first: who.first.toLowerCase() });
  if (chance(0.6)) text += '\n\n' + fill(p.outlookHeader, { first: who.first, last: who.last, email: who.email, wday: pick(p.weekdays), date: dateVars(p), time: '09:12', subject: outreachSubject }) + '\n\n' + fill(pick(p.outreach), { first: who.first, company: who.company });
  return { text, subject: fill(pick(p.bounceSubjects), { subject: outreachSubject }), label: 'Bounce', group: `${p.lang}-bounce-${template}` };
}

function generate(p: LanguagePack): Line[] {
  const lines: Line[] = [];
  for (const [label, phrases] of Object.entries(p.categories)) {
    if (label === 'Bounce') {
      for (let i = 0; i < PER_CATEGORY; i++) lines.push(bounce(p, i % p.bounces.length));
      continue;
    }
    const slug = label.toLowerCase().replace(/\s+/g, '-');
    for (let i = 0; i < PER_CATEGORY; i++) {
      const k = i % phrases.main.length;
      lines.push(reply(p, label, phrases.main[k]!, phrases.extra, `${p.lang}-${slug}-${k}`));
    }
  }
  [...(handwritten[p.lang] ?? []), ...(p.handwritten ?? [])].forEach(([label, text], i) => {
    lines.push({ text, subject: `${pick(p.replyPrefix ?? ['Re:'])} ${fill(pick(p.outreachSubjects), { company: pick(p.companies) })}`, label, group: `${p.lang}-handwritten-${i}` });
  });
  return lines;
}

mkdirSync(OUT, { recursive: true });
for (const pack of PACKS) {
  const lines = generate(pack);
  writeFileSync(new URL(`${pack.lang}.jsonl`, OUT), lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  console.log(`${pack.lang}: ${lines.length} replies`);
}
