// A raw message from a mailbox, read into what a reply needs: pure functions, no I/O.
//
// Parsing is mailparser's (Nodemailer's MIME parser): its text decoding goes through iconv-lite
// and encoding-japanese, which decode every legacy charset a mail names right — windows-1252's
// 0x80–0x9F (’ “ ” – — €), iso-8859-2, koi8-r, shift_jis, gb18030, iso-2022-jp — for bodies,
// encoded-word subjects and names, and RFC 2231 attachment file names. (postal-mime, used before,
// decodes with the runtime's TextDecoder, which on Node 20 builds with system ICU drops
// windows-1252's 0x80–0x9F.) A part whose charset label no decoder knows is read as UTF-8 when its
// bytes are valid UTF-8, else as windows-1252, and the message carries a note saying so
// (`decodingNote`): never silently. Everything here is defensive: mail is written by anyone.
// Text loses NUL characters (PostgreSQL text cannot hold them) and lone surrogates; a Message-ID
// that is missing or unusable is replaced by one derived from the message's bytes, so the same
// mail read twice (a restart, a UIDVALIDITY change) is still the same reply.
import crypto from 'node:crypto';
import iconv from 'iconv-lite';
import { type AddressObject, type EmailAddress, simpleParser } from 'mailparser';
import sanitizeHtml from 'sanitize-html';
import { normaliseMessageId } from '../mail/address.ts';

export interface ParsedAttachment {
  filename: string;
  contentType: string;
  size: number;
  contentId: string | null;
  content: Uint8Array;
}

export interface ParsedMessage {
  messageId: string;
  /** True when the message had no usable Message-ID and `messageId` was derived from its bytes. */
  derivedId: boolean;
  inReplyTo: string | null;
  /** In-Reply-To first, then References from the newest to the oldest. */
  parents: string[];
  from: { name: string; address: string } | null;
  to: string[];
  subject: string;
  /** The Date header as ISO 8601, when it holds a date of years 1-9999. */
  date: string | null;
  text: string;
  /** `text` without a quoted history at its end (trimQuoted). */
  bodyText: string;
  html: string;
  /** The headers triage reads (TRIAGE_HEADERS), lower-case names, first occurrence each; plus DECODING_HEADER when there is a note. */
  headers: Record<string, string>;
  attachments: ParsedAttachment[];
  /** Set when a charset label was unknown: which, and what the text was read as instead. */
  decodingNote: string | null;
}

/** Headers kept for triage: auto-replies (RFC 3834 and vendors') and bounces (RFC 3464 DSNs). */
export const TRIAGE_HEADERS = [
  'auto-submitted',
  'x-autoreply',
  'x-autorespond',
  'x-auto-response-suppress',
  'precedence',
  'x-precedence',
  'return-path',
  'x-failed-recipients',
  'content-type',
  'from',
  'list-id',
  'list-unsubscribe',
] as const;

/** Where a decoding note is kept with the reply (replies.mail_headers), beside the triage headers. */
export const DECODING_HEADER = 'x-replydesk-decoding';

const MAX_HEADER_VALUE = 500;

/** Text safe to store on both databases: no NUL, no lone surrogate. */
export function clean(s: string | null | undefined): string {
  return (s ?? '').replace(/\u0000/g, '').toWellFormed();
}

const MESSAGE_ID_TOKEN = /<[^<>\s]+>/g;

function messageIds(value: string | string[] | undefined): string[] {
  const found = clean(Array.isArray(value) ? value.join(' ') : value).match(MESSAGE_ID_TOKEN) ?? [];
  return found.map((id) => normaliseMessageId(id)).filter((id): id is string => id !== null);
}

function isoDate(value: Date | undefined): string | null {
  if (!value || Number.isNaN(value.getTime())) return null;
  const year = value.getUTCFullYear();
  return year >= 1 && year <= 9999 ? value.toISOString() : null;
}

/** The fallback when mailparser could not turn a message's HTML into text (too long or too deep). */
const htmlToText = (html: string) =>
  sanitizeHtml(html.replace(/<(br|\/p|\/div|\/li|\/tr|\/h\d)\b[^>]*>/gi, '\n'), { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

// Charset labels as a message names them: Content-Type parameters (also RFC 2231's charset*=) and
// encoded words (=?label?Q?…?=, =?label*lang?B?…?=). Read from the raw bytes as latin1, one
// character per byte, so a label can be rewritten without touching any other byte.
const CHARSET_PARAM = /(\bcharset\*?\s*=\s*"?)([^";\s]+)/gi;
const ENCODED_WORD = /(=\?)([^?*\s]+)((?:\*[^?\s]*)?\?[bq]\?)/gi;
const UTF8_LABEL = /^(?:us-?ascii|ascii|utf-?8|7bit|8bit)$/i;
// the Japanese labels mailparser hands to encoding-japanese rather than iconv-lite
const JAPANESE_LABEL = /^(?:jis|iso-?2022-?jp|eucjp)/i;
const known = (label: string) => UTF8_LABEL.test(label) || JAPANESE_LABEL.test(label) || iconv.encodingExists(label.toLowerCase() === 'ks_c_5601-1987' ? 'cp949' : label);

const BOUNDARY_PARAM = /\bboundary\s*=\s*(?:"([^"]+)"|([^";\s]+))/gi;

/**
 * The header blocks of a message and of each of its MIME parts (the message's own, then each
 * block after a boundary line, up to its empty line): where charset labels that decide decoding
 * live. A body's text (an HTML meta tag, a quoted header) is not looked at.
 */
function headerBlocks(latin1: string): string {
  const lines = latin1.split(/\r?\n/);
  const boundaries = new Set<string>();
  const out: string[] = [];
  let inHeader = true;
  for (const line of lines) {
    if (inHeader) {
      if (line === '') {
        inHeader = false;
        continue;
      }
      out.push(line);
      for (const m of line.matchAll(BOUNDARY_PARAM)) boundaries.add(m[1] ?? m[2]!);
    } else if (line.startsWith('--') && boundaries.has(line.slice(2).trimEnd())) {
      inHeader = true; // a part begins (its closing "--boundary--" is not in the set)
    }
  }
  return out.join('\n');
}

function unknownLabels(latin1: string): string[] {
  const headers = headerBlocks(latin1);
  const labels = [...headers.matchAll(CHARSET_PARAM)].map((m) => m[2]!).concat([...headers.matchAll(ENCODED_WORD)].map((m) => m[2]!));
  return [...new Set(labels.filter((l) => !known(l)))];
}

const PARSER_OPTIONS = { skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true } as const;

const addresses = (field: AddressObject | AddressObject[] | undefined): EmailAddress[] =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((o) => o.value).flatMap((a) => (a.group ? a.group : [a]));

/**
 * Reads a raw message. Throws only when the MIME cannot be read at all; the caller records such
 * a message as skipped, with the reason.
 */
export async function parseMessage(raw: Uint8Array): Promise<ParsedMessage> {
  const bytes = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  let email = await simpleParser(bytes, PARSER_OPTIONS);
  let decodingNote: string | null = null;
  const latin1 = bytes.toString('latin1');
  const unknown = unknownLabels(latin1);
  if (unknown.length) {
    const names = unknown.map((l) => `"${clean(l).slice(0, 60)}"`).join(', ');
    const damaged = [email.text, email.html || '', email.subject].some((t) => t?.includes('\uFFFD'));
    if (damaged) {
      // Not valid UTF-8 either: read those parts as windows-1252, which maps every byte.
      const relabelled = latin1
        .replace(CHARSET_PARAM, (m, pre: string, label: string) => (known(label) ? m : `${pre}windows-1252`))
        .replace(ENCODED_WORD, (m, pre: string, label: string, rest: string) => (known(label) ? m : `${pre}windows-1252${rest}`));
      email = await simpleParser(Buffer.from(relabelled, 'latin1'), PARSER_OPTIONS);
      decodingNote = `unknown charset ${names}: read as windows-1252`;
    } else {
      decodingNote = `unknown charset ${names}: read as UTF-8`;
    }
  }

  const given = normaliseMessageId(clean(email.messageId).match(MESSAGE_ID_TOKEN)?.[0] ?? clean(email.messageId));
  const messageId = given ?? `<${crypto.createHash('sha256').update(raw).digest('hex').slice(0, 40)}@derived.replydesk.invalid>`;
  const inReplyTo = messageIds(email.inReplyTo)[0] ?? null;
  const parents = [...new Set([...(inReplyTo ? [inReplyTo] : []), ...messageIds(email.references).reverse()])];

  const fromAddress = addresses(email.from)[0];
  const from = fromAddress?.address ? { name: clean(fromAddress.name).slice(0, 300), address: clean(fromAddress.address).trim() } : null;
  const to = addresses(email.to)
    .map((a) => clean(a.address))
    .filter(Boolean);

  const headers: Record<string, string> = {};
  for (const { key, line } of email.headerLines) {
    if ((TRIAGE_HEADERS as readonly string[]).includes(key) && !(key in headers)) {
      headers[key] = clean(
        line
          .slice(line.indexOf(':') + 1)
          .replace(/\r?\n[ \t]+/g, ' ')
          .trim(),
      ).slice(0, MAX_HEADER_VALUE);
    }
  }
  if (decodingNote) headers[DECODING_HEADER] = decodingNote;

  const html = clean(email.html || '');
  const text = clean(email.text) || (html ? htmlToText(html) : '');
  return {
    messageId,
    derivedId: given === null,
    inReplyTo,
    parents,
    from,
    to,
    subject: clean(email.subject).slice(0, 2000),
    date: isoDate(email.date),
    text,
    bodyText: trimQuoted(text),
    html,
    headers,
    decodingNote,
    attachments: email.attachments.map((a) => ({
      filename: clean(a.filename).slice(0, 255) || 'attachment',
      contentType: clean(a.contentType).slice(0, 255) || 'application/octet-stream',
      size: a.content.byteLength,
      contentId: a.contentId ? clean(a.contentId).slice(0, 255) : null,
      content: a.content,
    })),
  };
}

// Quoted history. Only a plain quote is trimmed: a run of `>` lines that reaches the end of the
// message (with the attribution line above it), or an Outlook-style header block ("-----Original
// Message-----", or From:/Sent:/To:/Subject:) after which everything is the earlier message.
// An answer written between quoted lines keeps everything up to its last own line.
const ATTRIBUTION = /^(On\b.*\bwrote:|Le\b.*\ba écrit\s*:|Am\b.*\bschrieb.*:|El\b.*\bescribió:|Op\b.*\bschreef.*:)\s*$/i;
const OUTLOOK_SEPARATOR = /^\s*-{2,}\s*(Original Message|Ursprüngliche Nachricht|Message d'origine)\s*-{2,}\s*$/i;

export function trimQuoted(text: string): string {
  const lines = text.split(/\r\n|\r|\n/);
  let cut = -1;
  // an Outlook header block: From: then Sent: (or Date:) and Subject: within the next lines
  for (let i = 0; i < lines.length && cut < 0; i++) {
    if (OUTLOOK_SEPARATOR.test(lines[i]!)) cut = i;
    else if (/^\s*\*?From:\*?\s/.test(lines[i]!) && i > 0) {
      const next = lines.slice(i + 1, i + 6).join('\n');
      if (/^\s*\*?(Sent|Date):\*?\s/m.test(next) && /^\s*\*?Subject:\*?\s/m.test(next)) cut = i > 0 && /^_{5,}\s*$/.test(lines[i - 1]!) ? i - 1 : i;
    }
  }
  // a trailing run of quoted lines
  let end = lines.length;
  while (end > 0 && !lines[end - 1]!.trim()) end--;
  let start = end;
  while (start > 0 && (/^\s*>/.test(lines[start - 1]!) || !lines[start - 1]!.trim())) start--;
  if (start < end && /^\s*>/.test(lines[end - 1] ?? '')) {
    let from = start;
    while (from < end && !lines[from]!.trim()) from++;
    // the attribution, on one line or wrapped over two
    const above = lines[start - 1];
    if (above !== undefined && ATTRIBUTION.test(above.trim())) from = start - 1;
    else if (above !== undefined && start >= 2 && ATTRIBUTION.test(`${lines[start - 2]!.trim()} ${above.trim()}`)) from = start - 2;
    if (cut < 0 || from < cut) cut = from;
  }
  if (cut <= 0) return text.trimEnd();
  const kept = lines.slice(0, cut).join('\n').trimEnd();
  return kept ? kept : text.trimEnd();
}

/**
 * What the headers say about a message, for triage (another module decides the category):
 * an automatic reply (RFC 3834 Auto-Submitted, X-Autoreply/X-Autorespond, Exchange's
 * X-Auto-Response-Suppress, Precedence auto_reply) or a bounce (a multipart/report
 * delivery-status, a mailer-daemon or postmaster sender, an empty Return-Path,
 * X-Failed-Recipients). `reasons` names the headers that decided.
 */
export function triageHints(headers: Record<string, string>): { auto_reply: boolean; bounce: boolean; bulk: boolean; reasons: string[] } {
  const h = (name: string) => (headers[name] ?? '').toLowerCase().trim();
  const reasons: string[] = [];
  const autoSubmitted = h('auto-submitted');
  if (autoSubmitted && autoSubmitted !== 'no') reasons.push(`auto-submitted: ${autoSubmitted}`);
  if (headers['x-autoreply'] !== undefined) reasons.push('x-autoreply');
  if (headers['x-autorespond'] !== undefined) reasons.push('x-autorespond');
  const suppress = h('x-auto-response-suppress');
  if (/\b(oof|all)\b/.test(suppress)) reasons.push(`x-auto-response-suppress: ${suppress}`);
  const precedence = h('precedence') || h('x-precedence');
  if (precedence === 'auto_reply') reasons.push('precedence: auto_reply');
  const autoReply = reasons.length > 0;

  const bounceReasons: string[] = [];
  const contentType = h('content-type');
  if (contentType.startsWith('multipart/report') && /report-type\s*=\s*"?delivery-status/.test(contentType)) bounceReasons.push('content-type: multipart/report; report-type=delivery-status');
  if (/(^|[<\s"])(mailer-daemon|postmaster)@/.test(h('from'))) bounceReasons.push(`from: ${h('from')}`);
  if (h('return-path') === '<>') bounceReasons.push('return-path: <>');
  if (headers['x-failed-recipients'] !== undefined) bounceReasons.push('x-failed-recipients');
  const bounce = bounceReasons.length > 0;

  const bulk = ['bulk', 'junk', 'list'].includes(precedence) || headers['list-id'] !== undefined;
  return { auto_reply: autoReply && !bounce, bounce, bulk, reasons: [...reasons, ...bounceReasons] };
}
