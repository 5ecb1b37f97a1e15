import type { TriageInput } from './types.ts';

/**
 * What the headers say about a message, before any text is read (RFC 3834, RFC 3464 and the
 * de-facto headers of Exchange and vacation responders). Mail from the ingestion API has no
 * headers; only the sender address and content type are then looked at.
 */
export type HeaderVerdict = { kind: 'bounce' | 'auto'; reason: string } | null;

function header(input: TriageInput, name: string): string | null {
  const v = input.headers?.[name];
  if (v === undefined || v === null) return null;
  return Array.isArray(v) ? v.join(', ') : String(v);
}

const DAEMON = /^(?:mailer-daemon|postmaster|mail-daemon|maildaemon|mailerdaemon|bounces?|mail-delivery-subsystem|microsoftexchange[0-9a-f]*)@/i;

export function readHeaders(input: TriageInput): HeaderVerdict {
  const ct = (input.contentType ?? header(input, 'content-type') ?? '').toLowerCase();
  if (/multipart\/report/.test(ct) && /report-type\s*=\s*"?delivery-status/.test(ct)) {
    return { kind: 'bounce', reason: 'Content-Type: multipart/report; report-type=delivery-status' };
  }
  if (DAEMON.test(input.fromEmail.trim())) {
    return { kind: 'bounce', reason: `sender ${input.fromEmail.trim().toLowerCase().split('@')[0]}` };
  }
  if (header(input, 'x-failed-recipients')) return { kind: 'bounce', reason: 'X-Failed-Recipients header' };

  const autoSubmitted = header(input, 'auto-submitted');
  if (autoSubmitted !== null) {
    const v =
      autoSubmitted
        .trim()
        .toLowerCase()
        .split(/[\s;(]/)[0] ?? '';
    if (v && v !== 'no') return { kind: 'auto', reason: `Auto-Submitted: ${v} header` };
  }
  const xAutoreply = header(input, 'x-autoreply');
  if (xAutoreply !== null && !/^\s*(?:no|false|0)\s*$/i.test(xAutoreply)) return { kind: 'auto', reason: 'X-Autoreply header' };
  const xAutorespond = header(input, 'x-autorespond');
  if (xAutorespond !== null && !/^\s*(?:no|false|0)\s*$/i.test(xAutorespond)) return { kind: 'auto', reason: 'X-Autorespond header' };
  const suppress = header(input, 'x-auto-response-suppress');
  if (suppress !== null && /\b(?:oof|all)\b/i.test(suppress)) return { kind: 'auto', reason: `X-Auto-Response-Suppress: ${suppress.trim()} header` };
  const precedence = header(input, 'precedence');
  if (precedence !== null && /^\s*auto[_-]reply\s*$/i.test(precedence)) return { kind: 'auto', reason: 'Precedence: auto_reply header' };
  return null;
}
