// Addresses and header text that go into outgoing mail.
//
// An address is read with nodemailer's addressparser (the parser nodemailer itself uses on
// the way out), then held to a strict shape: exactly one bare address, a dot-atom local part
// and a dotted host name. A regex alone would accept what the parser reads differently
// ("a@b.com, c@d.com", "Name <a@b.com>", quoted local parts, comments), and what the parser
// reads differently is exactly what smuggles a second recipient in.
import addressparser from 'nodemailer/lib/addressparser/index.js';

export const MAX_ADDRESS_LENGTH = 254;

// RFC 5322 atext, without quoted strings or comments.
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
// A host name label: letters (any script, for IDN), digits, inner hyphens.
const LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?$/u;
const TLD = /^(?:[\p{L}]{2,63}|xn--[a-z0-9-]{1,59})$/iu;
// Anything below space, DEL, and the Unicode line and paragraph separators.
const CONTROL = /[\u0000-\u001f\u007f\u2028\u2029]/;

/**
 * The address itself (surrounding spaces removed) when `input` is one valid bare email
 * address, else null. A control character anywhere (CR, LF, NUL, tab…) refuses the input
 * outright rather than being trimmed away.
 */
export function parseAddress(input: string): string | null {
  if (typeof input !== 'string' || CONTROL.test(input)) return null;
  const value = input.replace(/^ +| +$/g, '');
  if (!value || value.length > MAX_ADDRESS_LENGTH) return null;
  const parsed = addressparser(value, { flatten: true });
  if (parsed.length !== 1) return null;
  const only = parsed[0]!;
  if (only.name || only.address !== value) return null;
  const at = value.lastIndexOf('@');
  if (at < 1) return null;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length > 64 || !LOCAL_PART.test(local)) return null;
  if (domain.length > 253) return null;
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l)) || !TLD.test(labels[labels.length - 1]!)) return null;
  return value;
}

export const isValidAddress = (input: string) => parseAddress(input) !== null;

/**
 * Text bound for a header (subject, display name): every control character, CR, LF and NUL
 * included, becomes a space, runs of white space collapse, lone surrogates become U+FFFD, and
 * the result is trimmed. The header can then only ever be one line, whatever the stored text.
 */
export function headerText(value: string | null | undefined, max = 998): string {
  const clean = wellFormed(value ?? '')
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
  // cut by code points, never inside a surrogate pair
  return clean.length <= max ? clean : Array.from(clean).slice(0, max).join('').trim();
}

/**
 * A display name for an address header: headerText, and `=?` (the start of an RFC 2047
 * encoded word) broken with a space, since nodemailer only quotes such a name and lenient
 * clients would decode the quoted text into a different name.
 */
export function displayName(value: string | null | undefined): string {
  return headerText(value, 200).replace(/=\?/g, '= ?');
}

/** Lone surrogates (half an astral character) become U+FFFD, as String#toWellFormed does. */
function wellFormed(s: string): string {
  return s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

/** `Re: <subject>`, never `Re: Re:`: every leading Re: (any case) collapses into one. */
export function replySubject(subject: string): string {
  const clean = headerText(subject);
  const rest = clean.replace(/^(re\s*:\s*)+/i, '');
  return rest ? `Re: ${rest}` : 'Re:';
}

/** `Fwd: <subject>`, never `Fwd: Fwd:`. */
export function forwardSubject(subject: string): string {
  const clean = headerText(subject);
  const rest = clean.replace(/^(fwd?\s*:\s*)+/i, '');
  return rest ? `Fwd: ${rest}` : 'Fwd:';
}

/** The host part of an address, for our Message-IDs; a placeholder when there is none. */
export function domainOf(address: string): string {
  const at = address.lastIndexOf('@');
  const domain = at >= 0 ? address.slice(at + 1).toLowerCase() : '';
  return /^[a-z0-9.-]+$/.test(domain) && domain.includes('.') ? domain : 'replydesk.invalid';
}

/** A stored Message-ID (from ingestion) as `<id>`, or null when it cannot be one. */
export function normaliseMessageId(value: string | null | undefined): string | null {
  if (!value) return null;
  const bare = value.trim().replace(/^<|>$/g, '');
  if (!bare || bare.length > 900 || /[\s<>\u0000-\u001f\u007f]/.test(bare) || !bare.includes('@')) return null;
  return `<${bare}>`;
}
