// A raw message from a mailbox, read into what a reply needs: pure functions, no I/O.
//
// Parsing is postal-mime's (the maintained successor of mailparser, by the same authors; no
// dependencies). Everything here is defensive: mail is written by anyone. Text loses NUL
// characters (PostgreSQL text cannot hold them) and lone surrogates; a Message-ID that is
// missing or unusable is replaced by one derived from the message's bytes, so the same mail
// read twice (a restart, a UIDVALIDITY change) is still the same reply.
import crypto from 'node:crypto';
import PostalMime from 'postal-mime';
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
  /** The headers triage reads (TRIAGE_HEADERS), lower-case names, first occurrence each. */
  headers: Record<string, string>;
  attachments: ParsedAttachment[];
}

/** Headers kept for triage: auto-replies (RFC 3834 and vendors') and bounces (RFC 3464 DSNs). */
export const TRIAGE_HEADERS = [
  'auto-submitted', 'x-autoreply', 'x-autorespond', 'x-auto-response-suppress', 'precedence', 'x-precedence',
  'return-path', 'x-failed-recipients', 'content-type', 'from', 'list-id', 'list-unsubscribe',
] as const;

const MAX_HEADER_VALUE = 500;

/** Text safe to store on both databases: no NUL, no lone surrogate. */
export function clean(s: string | null | undefined): string {
  return (s ?? '').replace(/\u0000/g, '').toWellFormed();
}

const MESSAGE_ID_TOKEN = /<[^<>\s]+>/g;

function messageIds(value: string | undefined): string[] {
  const found = clean(value).match(MESSAGE_ID_TOKEN) ?? [];
  return found.map((id) => normaliseMessageId(id)).filter((id): id is string => id !== null);
}

function isoDate(value: string | undefined): string | null {
  if (!value) return null;
  const t = Date.parse(value);
  if (Number.isNaN(t)) return null;
  const d = new Date(t);
  const year = d.getUTCFullYear();
  return year >= 1 && year <= 9999 ? d.toISOString() : null;
}

const htmlToText = (html: string) =>
  sanitizeHtml(html.replace(/<(br|\/p|\/div|\/li|\/tr|\/h\d)\b[^>]*>/gi, '\n'), { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'")
    .replace(/[ \t]+\n/g, '\n').replace(/\n{3,}/g, '\n\n').trim();

/**
 * Reads a raw message. Throws only when the MIME cannot be read at all (postal-mime's
 * limits: nesting, header size); the caller records such a message as skipped, with the reason.
 */
export async function parseMessage(raw: Uint8Array): Promise<ParsedMessage> {
  const email = await PostalMime.parse(raw, { attachmentEncoding: 'arraybuffer', maxNestingDepth: 50, maxHeadersSize: 1024 * 1024 });
  const given = normaliseMessageId(clean(email.messageId).match(MESSAGE_ID_TOKEN)?.[0] ?? clean(email.messageId));
  const messageId = given ?? `<${crypto.createHash('sha256').update(raw).digest('hex').slice(0, 40)}@derived.replydesk.invalid>`;
  const inReplyTo = messageIds(email.inReplyTo)[0] ?? null;
  const parents = [...new Set([...(inReplyTo ? [inReplyTo] : []), ...messageIds(email.references).reverse()])];

  const fromAddress = email.from && !email.from.group ? email.from : email.from?.group?.[0];
  const from = fromAddress?.address ? { name: clean(fromAddress.name).slice(0, 300), address: clean(fromAddress.address).trim() } : null;
  const to = (email.to ?? []).flatMap((a) => (a.group ? a.group : [a])).map((a) => clean(a.address)).filter(Boolean);

  const headers: Record<string, string> = {};
  for (const h of email.headers) {
    if ((TRIAGE_HEADERS as readonly string[]).includes(h.key) && !(h.key in headers)) headers[h.key] = clean(h.value).slice(0, MAX_HEADER_VALUE);
  }

  const html = clean(email.html);
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
    attachments: email.attachments.map((a) => {
      const content = a.content instanceof Uint8Array ? a.content : typeof a.content === 'string' ? Buffer.from(a.content) : new Uint8Array(a.content);
      return {
        filename: clean(a.filename).slice(0, 255) || 'attachment',
        contentType: clean(a.mimeType).slice(0, 255) || 'application/octet-stream',
        size: content.byteLength,
        contentId: a.contentId ? clean(a.contentId).slice(0, 255) : null,
        content,
      };
    }),
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
