// A reply as triage reads it: its text (the plain body, else the text of its HTML) and the
// categoriser's input (src/triage/local/). Pure.
import type { TriageInput } from './local/index.ts';
import type { TriageReplyRow } from './queries.ts';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The text of an HTML body (only when the reply has no plain text). */
export function htmlToText(html: string): string {
  return html
    .replace(/<(style|script|head)[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>|<\/(p|div|li|tr|h\d|blockquote)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (all, e: string) => {
      if (e[0] === '#') {
        const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : all;
      }
      return ENTITIES[e.toLowerCase()] ?? all;
    })
    .replace(/[ \t]+\n/g, '\n')
    .trim();
}

/** The reply's text: its plain body, else its HTML's. */
export const bodyOf = (r: { body_text: string; body_html: string }) => (r.body_text.trim() ? r.body_text : htmlToText(r.body_html));

/** A reply as the categoriser reads it; one that came by IMAP brings its auto-reply and bounce headers (mailboxes/parse.ts). */
export function inputOf(r: TriageReplyRow): TriageInput {
  const headers = r.mail_headers ? (JSON.parse(r.mail_headers) as Record<string, string>) : undefined;
  return { subject: r.subject, bodyText: bodyOf(r), fromEmail: r.from_email, fromName: r.from_name || null, receivedAt: r.received_at, ...(headers && { headers }) };
}
