/**
 * Writes src/triage/local/corpus/<lang>.jsonl from the hand-written building blocks in this
 * folder: `npm run triage:corpus`. Deterministic: each line's dress is seeded from its group and
 * variant (`dressing`).
 *
 * Each line is {"text", "subject", "label", "group"}. A statement written by hand is dressed up
 * several times the way real replies are — greeting or none, sign-off, signature with title,
 * phone and sometimes a legal disclaimer, "Sent from my iPhone", quoted history in the
 * language's mail-client forms, typos, lost accents, all lower case — and all its variants share
 * a "group", so the held-out split (by hash of the group) holds statements never trained on,
 * not merely new dress on trained ones. Hand-written complete replies are their own groups.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { handwritten } from './handwritten.ts';
import type { LanguagePack } from './pack.ts';
import { PACKS } from './packs.ts';
import { xorshift } from '../../src/triage/local/classifier.ts';

/** Variants dressed from each hand-written statement (a category has 40+ per language). */
const PER_STATEMENT = 4;
/** Delivery reports per language (a handful of real DSN texts, varied addresses). */
const BOUNCES = 90;
const OUT = new URL('../../src/triage/local/corpus/', import.meta.url);

/**
 * The dress's random stream, started afresh for each line from the line's group and variant
 * (`dressing`): a line's dress depends on nothing else, so adding a statement, a language or a
 * category leaves every other line as it was, and a change to the held-out figures is the new
 * statements' and not a new roll of typos and signatures for all.
 */
let random = xorshift(20251117);
function dressing(line: string) {
  random = xorshift(createHash('sha256').update(line).digest().readUInt32LE(0));
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
    case 0:
      return word.slice(0, i) + word.slice(i + 1); // dropped letter
    case 1:
      return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2); // swapped
    default:
      return word.slice(0, i) + word[i] + word.slice(i); // doubled
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

interface Line {
  text: string;
  subject: string;
  label: string;
  group: string;
}

function person(p: LanguagePack) {
  const first = pick(p.firstNames);
  const last = pick(p.lastNames);
  const company = pick(p.companies);
  const domain =
    company
      .toLowerCase()
      .replace(/[^a-z]+/g, '')
      .slice(0, 14) + pick(['.com', '.io', '.de', '.fr', '.es', '.nl', '.co.uk', '.eu']);
  const email = `${first
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z]/g, '')}.${last
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z]/g, '')}@${domain}`;
  return { first, last, company, domain, email };
}

/**
 * Dress a pack does not carry: postal addresses, register lines (Impressum, company number, RCS,
 * Registro Mercantil, KvK) and long confidentiality footers, per language. A language without an
 * entry gets signatures without them (its pack's own disclaimers still appear).
 */
const DRESS: Record<string, { cities: string[]; addresses: string[]; legal: string[]; confidential: string[] }> = {
  en: {
    cities: ['London', 'Manchester', 'Leeds', 'Bristol', 'Edinburgh', 'Birmingham'],
    addresses: ['{n} High Street, {city} {zip}', 'Unit {n}, Riverside Business Park, {city}', '{n} King Street | {city} | United Kingdom', 'Suite {n}, 1 Canada Square, {city} E14 5AB'],
    legal: [
      '{company} is a company registered in England and Wales with company number {reg}. Registered office: {n} High Street, {city}.',
      'Registered in England No. {reg} | VAT No. GB {vat}',
      '{company} | Company No. {reg} | Registered office as above',
    ],
    confidential: [
      'This e-mail and any attachments are confidential and may also be privileged. If you are not the named recipient, please notify the sender immediately and do not disclose the contents to another person, use it for any purpose, or store or copy the information in any medium.',
      'DISCLAIMER: The information contained in this message is confidential and intended only for the use of the individual or entity named above. Any views or opinions expressed are solely those of the author and do not necessarily represent those of the company. Internet communications are not secure and we accept no liability for any loss arising from this message.',
      'This message has been scanned for viruses. Please think before you print.',
    ],
  },
  de: {
    cities: ['Hamburg', 'München', 'Köln', 'Berlin', 'Stuttgart', 'Düsseldorf', 'Leipzig'],
    addresses: ['{street} {n} | {zip} {city}', '{street} {n}, {zip} {city}, Deutschland', '{street} {n}\n{zip} {city}'],
    legal: [
      'Sitz der Gesellschaft: {city} | Registergericht: Amtsgericht {city} HRB {reg} | Geschäftsführer: {boss}',
      '{company} | Amtsgericht {city}, HRB {reg} | USt-IdNr.: DE{vat} | Geschäftsführung: {boss}',
      'Geschäftsführer: {boss} | Handelsregister: Amtsgericht {city} HRB {reg}\nUSt-IdNr.: DE{vat}',
      'Vorstand: {boss} | Vorsitzender des Aufsichtsrats: Dr. Klaus Meyer | Sitz: {city} | Amtsgericht {city} HRB {reg}',
    ],
    confidential: [
      'Diese E-Mail und alle Anhänge sind vertraulich und ausschließlich für den Adressaten bestimmt. Sollten Sie diese E-Mail irrtümlich erhalten haben, benachrichtigen Sie bitte umgehend den Absender und löschen Sie die Nachricht. Das unerlaubte Kopieren sowie die unbefugte Weitergabe dieser E-Mail sind nicht gestattet.',
      'Informationen zum Datenschutz und zur Verarbeitung Ihrer personenbezogenen Daten finden Sie unter www.{domain}/datenschutz.',
      'This e-mail may contain confidential information. If you are not the intended recipient, please notify the sender and delete this e-mail.',
    ],
  },
  fr: {
    cities: ['Paris', 'Lyon', 'Nantes', 'Bordeaux', 'Lille', 'Toulouse'],
    addresses: ['{n} rue de la République – {zip} {city}', '{n} avenue Victor Hugo, {zip} {city}', '{n} boulevard Haussmann | {zip} {city} | France'],
    legal: [
      '{company} – SAS au capital de {capital} € – RCS {city} {reg} – SIRET {reg} 00012',
      'SARL au capital de {capital} € | RCS {city} B {reg} | TVA intracommunautaire FR{vat}',
      'Siège social : {n} rue de la République, {zip} {city} – RCS {city} {reg}',
    ],
    confidential: [
      "Ce message et toutes les pièces jointes sont confidentiels et établis à l'intention exclusive de ses destinataires. Toute utilisation ou diffusion non autorisée est interdite. Si vous avez reçu ce message par erreur, merci d'en avertir immédiatement l'expéditeur et de le détruire.",
      "Conformément au RGPD, vous disposez d'un droit d'accès, de rectification et de suppression de vos données. Pour l'exercer : dpo@{domain}",
      "Ce courriel a été vérifié par un antivirus. L'intégrité de ce message n'étant pas assurée sur Internet, {company} ne peut être tenue responsable de son contenu.",
    ],
  },
  es: {
    cities: ['Madrid', 'Barcelona', 'Valencia', 'Sevilla', 'Bilbao', 'Zaragoza'],
    addresses: ['C/ Mayor {n}, {zip} {city}', 'Avda. de la Constitución {n} – {zip} {city}', 'Paseo de Gracia {n} | {zip} {city} | España'],
    legal: ['{company} – CIF B{reg} – Inscrita en el Registro Mercantil de {city}, Tomo {n}, Folio {n}, Hoja M-{reg}', 'CIF: B{reg} | Domicilio social: C/ Mayor {n}, {zip} {city}'],
    confidential: [
      'Este mensaje y sus archivos adjuntos van dirigidos exclusivamente a su destinatario, pudiendo contener información confidencial sometida a secreto profesional. No está permitida su reproducción o distribución sin la autorización expresa de {company}. Si usted no es el destinatario final, por favor elimínelo e infórmenos por esta vía.',
      'De conformidad con el Reglamento (UE) 2016/679 (RGPD), le informamos de que sus datos forman parte de un fichero responsabilidad de {company}. Puede ejercer sus derechos de acceso, rectificación y supresión escribiendo a privacidad@{domain}.',
      'Antes de imprimir este correo, piense en el medio ambiente.',
    ],
  },
  nl: {
    cities: ['Amsterdam', 'Rotterdam', 'Utrecht', 'Eindhoven', 'Groningen', 'Den Haag'],
    addresses: ['{street} {n} | {zip} AB {city}', 'Postbus {n}, {zip} AA {city}', '{street} {n}\n{zip} CD {city}'],
    legal: ['{company} | KvK {reg} | BTW NL{vat}B01', 'Ingeschreven bij de Kamer van Koophandel onder nummer {reg}. Op al onze diensten zijn onze algemene voorwaarden van toepassing.'],
    confidential: [
      'Dit e-mailbericht is uitsluitend bestemd voor de geadresseerde(n) en kan vertrouwelijke informatie bevatten. Bent u niet de geadresseerde, dan wordt u verzocht de afzender onmiddellijk op de hoogte te stellen en het bericht te verwijderen. Aan dit bericht kunnen geen rechten worden ontleend.',
      'The information in this e-mail is confidential and intended solely for the addressee. If you have received it in error, please notify the sender and delete it.',
    ],
  },
};
/** Closing pleasantries that go with any category ("Happy Friday!"): weekdays are not a sign of scheduling. */
const PLEASANTRIES: Record<string, string[]> = {
  en: ['Have a great {wday}!', 'Happy {wday}!', 'Enjoy your weekend.', 'Have a good week.', 'Enjoy the rest of your {wday}.'],
  de: ['Schönen {wday}!', 'Schönes Wochenende!', 'Einen guten Start in die Woche.', 'Noch einen schönen {wday}.'],
  fr: ['Bon {wday} !', 'Bon week-end !', 'Bonne fin de semaine.', 'Bonne fin de {wday}.'],
  es: ['¡Feliz {wday}!', '¡Buen fin de semana!', 'Que tengas buena semana.', 'Buen {wday}.'],
  nl: ['Fijne {wday}!', 'Fijn weekend!', 'Fijne week nog.', 'Nog een fijne {wday}.'],
};
const STREETS: Record<string, string[]> = {
  de: ['Hauptstraße', 'Industriestraße', 'Am Hafen', 'Bahnhofstraße', 'Schillerstraße', 'Königsallee'],
  nl: ['Keizersgracht', 'Stationsweg', 'Havenstraat', 'Kerkstraat', 'Zuidplein'],
};
const digits = (k: number) => Array.from({ length: k }, () => Math.floor(random() * 10)).join('');
const hex = (k: number) => Array.from({ length: k }, () => '0123456789ABCDEF'[Math.floor(random() * 16)]).join('');

function phoneNumber(): string {
  return `+${pick(['44', '49', '33', '34', '31', '1'])} ${100 + Math.floor(random() * 899)} ${1000000 + Math.floor(random() * 8999999)}`;
}

/** A long signature as Outlook and Gmail templates make it: name, title, address, phones, web, register line, confidentiality footer; sometimes as " | " table rows. */
function longSignature(p: LanguagePack, who: ReturnType<typeof person>): string {
  const d = DRESS[p.lang];
  const boss = person(p);
  const city = d ? pick(d.cities) : '';
  const vars = {
    company: who.company,
    domain: who.domain,
    city,
    n: String(1 + Math.floor(random() * 140)),
    zip: p.lang === 'en' ? `${pick(['EC2A', 'M3', 'LS1', 'BS1', 'EH2', 'B3', 'SW1A'])} ${digits(1)}${pick(['AB', 'HF', 'QT', 'XZ'])}` : digits(p.lang === 'nl' ? 4 : 5),
    street: pick(STREETS[p.lang] ?? ['Main Street']),
    reg: digits(6),
    vat: digits(9),
    capital: pick(['10 000', '50 000', '150 000', '1 000 000']),
    boss: `${boss.first} ${boss.last}`,
  };
  const name = `${who.first} ${who.last}`;
  const title = pick(p.titles);
  const address = d ? fill(pick(d.addresses), vars) : '';
  const phone = phoneNumber();
  const web = `www.${who.domain}`;
  const lines: string[] = [];
  if (chance(0.4)) {
    lines.push(
      `${name} | ${title}`,
      [who.company, address.replace(/\n/g, ', ')].filter(Boolean).join(' | '),
      `${pick(['T', 'Tel.', 'P'])} ${phone} | ${pick(['M', 'Mob.', 'M:'])} ${phoneNumber()} | ${web}`,
    );
  } else {
    lines.push(name, title, '', who.company);
    if (address) lines.push(...address.split('\n'));
    lines.push(`${pick(['T: ', 'Tel. ', 'Phone: ', 'T '])}${phone}`);
    if (chance(0.5)) lines.push(`${pick(['M: ', 'Mobil: ', 'Mobile: ', 'M '])}${phoneNumber()}`);
    lines.push(chance(0.5) ? web : `${who.email} | ${web}`);
  }
  if (d && chance(p.lang === 'de' ? 0.8 : 0.5)) lines.push('', fill(pick(d.legal), vars));
  if (chance(0.6)) lines.push('', fill(pick(d && chance(0.7) ? d.confidential : p.disclaimers), vars));
  return lines.join('\n');
}

/**
 * What an HTML-only reply looks like after conversion to text: blank lines doubled, inline
 * images as "[cid:…]" placeholders, links as "[https://…]" or "text<https://…>" remnants, the odd
 * non-breaking space.
 */
function htmlToTextArtefacts(text: string, who: ReturnType<typeof person>): string {
  let out = text
    .split('\n')
    .map((l) => (chance(0.5) ? l + '\n' : l))
    .join('\n');
  out = out.replace(/(^|\s)(www\.[\w.-]+)/g, (_, pre: string, url: string) => pre + (chance(0.5) ? `[https://${url}]` : `${url}<https://${url}/>`));
  if (chance(0.6)) {
    const image = `[cid:image00${1 + Math.floor(random() * 4)}.${pick(['png', 'jpg', 'gif'])}@01D${hex(5)}.${hex(8)}]`;
    out += '\n' + (chance(0.5) ? image : `${image}\n${image.replace(/image00\d/, 'image005')}`);
  }
  if (chance(0.3)) out += `\n[https://www.linkedin.com/company/${who.domain.replace(/\..*/, '')}]`;
  if (chance(0.2)) out = out.replace(/ /g, () => (chance(0.05) ? '\u00a0' : ' '));
  return out;
}

function signature(p: LanguagePack, who: ReturnType<typeof person>): string {
  if (chance(0.2)) return longSignature(p, who);
  const lines = [pick([who.first, `${who.first} ${who.last}`, `${who.first} ${who.last}`, who.first[0]!])];
  if (chance(0.6)) lines.push(pick(p.titles) + (chance(0.5) ? ` | ${who.company}` : ''));
  if (chance(0.4)) lines.push(who.company);
  if (chance(0.4)) lines.push(pick(['T: ', 'Tel. ', 'M: ', 'Mob: ', '', 'Phone: ']) + phoneNumber());
  if (chance(0.25)) lines.push(`www.${who.domain}`);
  if (chance(0.12)) lines.push('', pick(p.disclaimers));
  return lines.join('\n');
}

function quoted(p: LanguagePack, who: ReturnType<typeof person>, subject: string): string {
  const vars = {
    first: who.first,
    last: who.last,
    company: who.company,
    email: who.email,
    wday: pick(p.weekdays),
    date: dateVars(p),
    time: `${8 + Math.floor(random() * 10)}:${pad(Math.floor(random() * 60))}`,
    subject,
  };
  const original = fill(pick(p.outreach), vars);
  if (chance(0.35)) return '\n\n' + fill(p.outlookHeader, vars) + '\n\n' + original;
  if (chance(0.1)) return '\n\n________________________________\n' + fill(p.outlookHeader, vars) + '\n\n' + original;
  return (
    '\n\n' +
    fill(pick(p.attributions), vars) +
    '\n' +
    original
      .split('\n')
      .map((l) => (l ? '> ' + l : '>'))
      .join('\n')
  );
}

function reply(p: LanguagePack, label: string, statement: string, extra: string[], group: string): Line {
  const who = person(p);
  const colleague = person(p);
  const outreachSubject = fill(pick(p.outreachSubjects), { company: who.company });
  const vars: Record<string, string> = {
    sender: 'Tom',
    first: who.first.toLowerCase(),
    last: who.last.toLowerCase(),
    company: who.company,
    colleague: `${colleague.first}${chance(0.5) ? ' ' + colleague.last : ''}`,
    colleagueEmail: colleague.email.replace(/@.*/, '@' + who.domain),
    wday: pick(p.weekdays.slice(1, 6)),
    wday2: pick(p.weekdays.slice(1, 6)),
    date: dateVars(p),
  };
  let body = fill(statement, vars);
  if (extra.length && chance(0.4)) body += (chance(0.5) ? ' ' : '\n') + fill(pick(extra), vars);
  const isAuto = label === 'Out of office';
  if (chance(0.15) && !isAuto) body = noisy(body);
  else if (chance(0.25)) body = noisy(body);
  if (PLEASANTRIES[p.lang] && chance(isAuto ? 0.05 : 0.12)) body += '\n\n' + fill(pick(PLEASANTRIES[p.lang]!), { wday: pick(p.weekdays.slice(1, 6)) });
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
  if (chance(0.12)) text = htmlToTextArtefacts(text, who);
  let subject = `${pick(p.replyPrefix ?? ['Re:', 'RE:'])} ${outreachSubject}`;
  if (isAuto && chance(0.7)) subject = fill(pick(p.oooSubjects), { subject: outreachSubject });
  if (chance(0.45)) text += quoted(p, who, outreachSubject);
  return { text, subject, label, group };
}

function bounce(p: LanguagePack, template: number): Line {
  const who = person(p);
  const outreachSubject = fill(pick(p.outreachSubjects), { company: who.company });
  let text = fill(p.bounces[template]!, { email: who.email, domain: who.domain, first: who.first.toLowerCase() });
  if (chance(0.6))
    text +=
      '\n\n' +
      fill(p.outlookHeader, { first: who.first, last: who.last, email: who.email, wday: pick(p.weekdays), date: dateVars(p), time: '09:12', subject: outreachSubject }) +
      '\n\n' +
      fill(pick(p.outreach), { first: who.first, company: who.company });
  return { text, subject: fill(pick(p.bounceSubjects), { subject: outreachSubject }), label: 'Bounce', group: `${p.lang}-bounce-${template}` };
}

function generate(p: LanguagePack): Line[] {
  const lines: Line[] = [];
  for (const [label, phrases] of Object.entries(p.categories)) {
    if (label === 'Bounce') {
      for (let i = 0; i < BOUNCES; i++) {
        dressing(`${p.lang}-bounce#${i}`);
        lines.push(bounce(p, i % p.bounces.length));
      }
      continue;
    }
    const slug = label.toLowerCase().replace(/\s+/g, '-');
    for (let v = 0; v < PER_STATEMENT; v++) {
      phrases.main.forEach((statement, k) => {
        const group = `${p.lang}-${slug}-${k}`;
        dressing(`${group}#${v}`);
        lines.push(reply(p, label, statement, phrases.extra, group));
      });
    }
  }
  [...(handwritten[p.lang] ?? []), ...(p.handwritten ?? [])].forEach(([label, text], i) => {
    const group = `${p.lang}-handwritten-${i}`;
    dressing(group);
    lines.push({ text, subject: `${pick(p.replyPrefix ?? ['Re:'])} ${fill(pick(p.outreachSubjects), { company: pick(p.companies) })}`, label, group });
  });
  return lines;
}

mkdirSync(OUT, { recursive: true });
for (const pack of PACKS) {
  const lines = generate(pack);
  writeFileSync(new URL(`${pack.lang}.jsonl`, OUT), lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
  console.log(`${pack.lang}: ${lines.length} replies`);
}
