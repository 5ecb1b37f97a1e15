// Building the MIME of outgoing mail: the answer to a reply (threaded) and the forward of a
// reply. Both are multipart/alternative with a text and an HTML part. The MIME is built once,
// when the request is accepted, with a fixed Date and Message-ID, and stored; the worker sends
// those bytes, so every attempt (and the captured copy) is the same message.
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import mimeFuncs from 'nodemailer/lib/mime-funcs/index.js';
import type { FileIn } from '../http/attachments.ts';
import { displayName, headerText } from './address.ts';

export interface Person {
  name?: string | null;
  address: string;
}

export interface QuotedMessage {
  from: Person;
  to: string;
  subject: string;
  date: string;
  text: string;
  html: string;
}

export interface ThreadMessage {
  from: string;
  to: string;
  subject: string;
  body: string;
  sent_at: string;
}

/** A mailbox's signature (connections), appended below the message. */
export interface Signature {
  text: string;
  html: string;
}

export interface Composed {
  text: string;
  html: string;
  raw: string;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const textToHtml = (s: string) => escapeHtml(s).replace(/\r\n|\r|\n/g, '<br>\n');

const signatureText = (s: Signature | null | undefined) => (s?.text ? `\n\n-- \n${s.text}` : '');
const signatureHtml = (s: Signature | null | undefined) =>
  s?.html ? `<div class="replydesk-signature">${s.html}</div>\n` : s?.text ? `<div class="replydesk-signature">-- <br>\n${textToHtml(s.text)}</div>\n` : '';

/** RFC 5322 date, as mail clients show it in quote and forward headers. */
export const mailDate = (iso: string) => new Date(iso).toUTCString().replace('GMT', '+0000');

const showPerson = (p: Person) => {
  const name = headerText(p.name);
  return name ? `${name} <${p.address}>` : p.address;
};

type MailOptions = ConstructorParameters<typeof MailComposer>[0];

// Quoted-printable, not nodemailer's default choice of base64 words for non-ASCII headers: its
// base64 word splitter keeps only the common emoji's surrogate pairs together and cuts other
// astral characters (𝐁, 𠀀…) in two, which the prospect would see as two U+FFFD. Its
// quoted-printable splitter works on UTF-8 bytes and keeps every character whole.
// A subject that itself reads like an encoded word (`=?utf-8?B?…?=`) would be decoded by the
// prospect's client into something else; such a subject is sent wholly encoded instead.
async function build(mail: MailOptions): Promise<string> {
  const options: MailOptions = { ...mail, textEncoding: 'quoted-printable' };
  if (typeof mail.subject === 'string' && mail.subject.includes('=?')) {
    const subject = { prepared: true, foldLines: true, value: mimeFuncs.encodeWord(mail.subject, 'Q', 52) };
    options.headers = { ...(mail.headers as object), Subject: subject as { prepared: boolean; value: string } };
    delete options.subject;
  }
  const raw = await new MailComposer(options).compile().build();
  return raw.toString('utf8');
}

/** Who sends, beyond the address: the mailbox's display name ('' for none). */
export interface Sender {
  from: string;
  fromName?: string;
}

const fromOf = (m: Sender) => (m.fromName ? { name: displayName(m.fromName), address: m.from } : m.from);

export interface ReplyMail extends Sender {
  to: Person;
  /** Copied addresses, in a Cc header; blind copies are only the envelope's (mail/transport.ts). */
  cc?: string[];
  attachments?: FileIn[];
  subject: string;
  messageId: string;
  date: string;
  inReplyTo: string | null;
  references: string[];
  message: string;
  original: QuotedMessage;
  signature?: Signature | null;
}

/** The answer to a prospect's reply: our text on top, their message quoted below. */
export async function composeReply(m: ReplyMail): Promise<Composed> {
  const o = m.original;
  const attribution = `On ${mailDate(o.date)}, ${showPerson(o.from)} wrote:`;
  const quotedText = o.text
    .split(/\r\n|\r|\n/)
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n');
  const text = `${m.message}${signatureText(m.signature)}\n\n${attribution}\n${quotedText}\n`;
  const html =
    `<div>${textToHtml(m.message)}</div>\n${signatureHtml(m.signature)}<br>\n<div class="replydesk-quote">${escapeHtml(attribution)}<br>\n` +
    `<blockquote style="margin:0 0 0 .8ex;border-left:1px solid #ccc;padding-left:1ex">${o.html || textToHtml(o.text)}</blockquote></div>\n`;
  const raw = await build({
    from: fromOf(m),
    to: [{ name: displayName(m.to.name), address: m.to.address }],
    ...(m.cc?.length && { cc: m.cc }),
    ...(m.attachments?.length && { attachments: m.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })) }),
    subject: m.subject,
    messageId: m.messageId,
    date: new Date(m.date),
    ...(m.inReplyTo && { inReplyTo: m.inReplyTo }),
    ...(m.references.length && { references: m.references }),
    text,
    html,
  });
  return { text, html, raw };
}

export interface ForwardMail extends Sender {
  to: string[];
  subject: string;
  messageId: string;
  date: string;
  message: string | null;
  original: QuotedMessage;
  /** Earlier messages of the thread; empty when include_thread is false. */
  thread: ThreadMessage[];
  signature?: Signature | null;
}

function block(title: string, h: { from: string; date: string; subject: string; to: string }) {
  return [`---------- ${title} ---------`, `From: ${headerText(h.from)}`, `Date: ${h.date}`, `Subject: ${headerText(h.subject)}`, `To: ${headerText(h.to)}`];
}

function htmlBlock(title: string, h: { from: string; date: string; subject: string; to: string }, body: string) {
  const line = (label: string, value: string) => `${label}: ${escapeHtml(headerText(value))}<br>\n`;
  return (
    `<div class="replydesk-forward">---------- ${escapeHtml(title)} ---------<br>\n` +
    line('From', h.from) +
    line('Date', h.date) +
    line('Subject', h.subject) +
    line('To', h.to) +
    `<br>\n${body}</div>\n`
  );
}

/** A reply passed on to colleagues: the caller's message, then the forwarded block. */
export async function composeForward(m: ForwardMail): Promise<Composed> {
  const o = m.original;
  const head = { from: showPerson(o.from), date: mailDate(o.date), subject: o.subject, to: o.to };
  const textParts: string[] = [];
  let html = '';
  if (m.message) {
    textParts.push(`${m.message}${signatureText(m.signature)}`, '');
    html += `<div>${textToHtml(m.message)}</div>\n${signatureHtml(m.signature)}<br>\n`;
  }
  textParts.push(...block('Forwarded message', head), '', o.text);
  html += htmlBlock('Forwarded message', head, o.html || textToHtml(o.text));
  // Earlier messages, newest first, as a mail client quotes a conversation.
  const earlier = [...m.thread].sort((a, b) => b.sent_at.localeCompare(a.sent_at));
  for (const t of earlier) {
    const h = { from: t.from, date: mailDate(t.sent_at), subject: t.subject, to: t.to };
    textParts.push('', ...block('Earlier message', h), '', t.body);
    html += `<br>\n${htmlBlock('Earlier message', h, textToHtml(t.body))}`;
  }
  const text = `${textParts.join('\n')}\n`;
  const raw = await build({ from: fromOf(m), to: m.to, subject: m.subject, messageId: m.messageId, date: new Date(m.date), text, html });
  return { text, html, raw };
}
