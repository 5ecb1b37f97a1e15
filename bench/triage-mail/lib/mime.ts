/**
 * Byte-level MIME primitives for the triage mail set: charsets (iconv-lite, plus a hand-written
 * ISO-2022-JP encoder, which iconv-lite lacks), quoted-printable, base64, format=flowed,
 * RFC 2047 encoded-words, RFC 2231 parameters, header folding and multipart assembly.
 * Nothing here guesses: every message states its charset and transfer encoding.
 */
import iconv from 'iconv-lite';

export const CRLF = '\r\n';
export type Cte = 'quoted-printable' | 'base64' | '8bit' | '7bit';

/** A seeded PRNG per message, so ids and boundaries are stable from build to build. */
export function rng(seed: string): () => number {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
export function hex(r: () => number, n: number, upper = false): string {
  let s = '';
  for (let i = 0; i < n; i++) s += Math.floor(r() * 16).toString(16);
  return upper ? s.toUpperCase() : s;
}
export function alnum(r: () => number, n: number, alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'): string {
  let s = '';
  for (let i = 0; i < n; i++) s += alphabet[Math.floor(r() * alphabet.length)];
  return s;
}
export function b64chars(r: () => number, n: number): string {
  return alnum(r, n, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/');
}

function encodeIso2022jp(text: string): Buffer {
  const out: number[] = [];
  let jis = false;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code < 0x80) {
      if (jis) out.push(0x1b, 0x28, 0x42);
      jis = false;
      out.push(code);
      continue;
    }
    const e = iconv.encode(ch, 'euc-jp');
    if (e.length !== 2 || e[0]! < 0xa1) throw new Error(`not in JIS X 0208: ${ch}`);
    if (!jis) out.push(0x1b, 0x24, 0x42);
    jis = true;
    out.push(e[0]! & 0x7f, e[1]! & 0x7f);
  }
  if (jis) out.push(0x1b, 0x28, 0x42);
  return Buffer.from(out);
}

/**
 * Text to bytes in a charset, refusing any character the charset cannot hold (iconv-lite would
 * silently write '?'), so the manifest's expected text is always what the bytes say.
 * `label` may be a garbage name: then `actual` says which bytes to write.
 */
export function encodeText(text: string, charset: string): Buffer {
  const cs = charset.toLowerCase();
  if (cs === 'utf-8') return Buffer.from(text, 'utf8');
  if (cs === 'us-ascii') {
    if (!/^[\x00-\x7f]*$/.test(text)) throw new Error(`not ASCII: ${JSON.stringify(text.match(/[^\x00-\x7f]/)?.[0])}`);
    return Buffer.from(text, 'latin1');
  }
  if (cs === 'iso-2022-jp') return encodeIso2022jp(text);
  const bytes = iconv.encode(text, cs);
  const back = iconv.decode(bytes, cs);
  if (back !== text) {
    const a = [...text];
    const b = [...back];
    const i = a.findIndex((c, k) => c !== b[k]);
    throw new Error(`${charset} cannot hold ${JSON.stringify(a[i])} in ${JSON.stringify(text.slice(0, 60))}`);
  }
  return bytes;
}

const toLf = (s: string) => s.replace(/\r\n?/g, '\n');

function splitLines(bytes: Buffer): Buffer[] {
  const lines: Buffer[] = [];
  let start = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] === 0x0a) {
      lines.push(bytes.subarray(start, i));
      start = i + 1;
    }
  }
  lines.push(bytes.subarray(start));
  return lines;
}

export function qpEncode(bytes: Buffer): string {
  const out: string[] = [];
  for (const line of splitLines(bytes)) {
    const toks: string[] = [];
    for (let i = 0; i < line.length; i++) {
      const b = line[i]!;
      const last = i === line.length - 1;
      if ((b >= 33 && b <= 126 && b !== 61) || ((b === 32 || b === 9) && !last)) toks.push(String.fromCharCode(b));
      else toks.push('=' + b.toString(16).toUpperCase().padStart(2, '0'));
    }
    const wrapped: string[] = [];
    let cur = '';
    for (const t of toks) {
      if (cur.length + t.length > 75) {
        wrapped.push(cur + '=');
        cur = '';
      }
      cur += t;
    }
    wrapped.push(cur);
    out.push(wrapped.join(CRLF));
  }
  return out.join(CRLF);
}

export function b64Lines(bytes: Buffer, width = 76): string {
  const s = bytes.toString('base64');
  const out: string[] = [];
  for (let i = 0; i < s.length; i += width) out.push(s.slice(i, i + width));
  return out.join(CRLF);
}

/** RFC 3676 format=flowed: soft-wrap long lines at spaces (trailing space = soft break), space-stuff. */
export function flow(text: string, width = 72): string {
  const out: string[] = [];
  for (const raw of toLf(text).split('\n')) {
    if (raw === '-- ') {
      out.push(raw);
      continue;
    }
    const line = raw.replace(/ +$/, '');
    const m = /^(>+ ?)?(.*)$/.exec(line)!;
    const quote = m[1] ? m[1].replace(/ $/, '') : '';
    let body = m[2] ?? '';
    const prefix = quote ? quote + ' ' : '';
    const stuff = (s: string) => (!quote && (s.startsWith(' ') || s.startsWith('From ') || s.startsWith('>')) ? ' ' + s : s);
    if (prefix.length + body.length <= width) {
      out.push(quote ? (body ? prefix + body : quote) : stuff(body));
      continue;
    }
    while (prefix.length + body.length > width) {
      let cut = body.lastIndexOf(' ', width - prefix.length);
      if (cut <= 0) cut = body.indexOf(' ', width - prefix.length);
      if (cut <= 0) break;
      out.push(quote ? prefix + body.slice(0, cut + 1) : stuff(body.slice(0, cut + 1)));
      body = body.slice(cut + 1);
    }
    out.push(quote ? prefix + body : stuff(body));
  }
  return out.join('\n');
}

/** The body of a leaf part: text in a charset and a transfer encoding, CRLF line ends. */
export function encodeBody(text: string, charset: string, cte: Cte): Buffer {
  const bytes = encodeText(toLf(text), charset);
  switch (cte) {
    case 'quoted-printable':
      return Buffer.from(qpEncode(bytes), 'latin1');
    case 'base64':
      return Buffer.from(b64Lines(Buffer.from(bytes.toString('latin1').replace(/\n/g, CRLF), 'latin1')), 'latin1');
    case '7bit':
      if (bytes.some((b) => b > 0x7f)) throw new Error(`7bit body with 8-bit bytes: ${text.slice(0, 60)}`);
    // fallthrough
    case '8bit':
      return Buffer.from(bytes.toString('latin1').replace(/\n/g, CRLF), 'latin1');
  }
}

const isAscii = (s: string) => /^[\x00-\x7f]*$/.test(s);

function qWord(bytes: Buffer): string {
  let s = '';
  for (const b of bytes) {
    if ((b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || '!*+-/'.includes(String.fromCharCode(b))) s += String.fromCharCode(b);
    else if (b === 0x20) s += '_';
    else s += '=' + b.toString(16).toUpperCase().padStart(2, '0');
  }
  return s;
}

/** RFC 2047 encoded-words for a text, split on character boundaries so no word exceeds 75 chars. */
export function encodedWords(text: string, charset: string, mode: 'Q' | 'B', label = charset): string[] {
  const words: string[] = [];
  const wrap = (chunk: string) => {
    const bytes = encodeText(chunk, charset);
    return `=?${label}?${mode}?${mode === 'B' ? bytes.toString('base64') : qWord(bytes)}?=`;
  };
  let cur = '';
  for (const ch of text) {
    if (cur && wrap(cur + ch).length > 75) {
      words.push(wrap(cur));
      cur = '';
    }
    cur += ch;
  }
  if (cur) words.push(wrap(cur));
  return words;
}

export interface HeaderStyle {
  charset: string;
  mode: 'Q' | 'B';
  label?: string;
}

/** A header line (without CRLF), folded; non-ASCII text becomes encoded-words. */
export function header(name: string, value: string, style?: HeaderStyle): string {
  if (!isAscii(value)) {
    if (!style) throw new Error(`${name}: non-ASCII without a header style`);
    const words = encodedWords(value, style.charset, style.mode, style.label);
    return `${name}: ${words.join(CRLF + ' ')}`;
  }
  return fold(`${name}: ${value}`);
}

/** Fold an ASCII header at spaces to keep lines under 78 characters where it can. */
export function fold(line: string): string {
  if (line.length <= 78) return line;
  const out: string[] = [];
  let rest = line;
  while (rest.length > 78) {
    let cut = rest.lastIndexOf(' ', 77);
    if (cut <= 0 || /^\S+:$/.test(rest.slice(0, cut))) cut = rest.indexOf(' ', 78);
    if (cut <= 0) break;
    out.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  out.push(rest);
  return out.join(CRLF);
}

/** "Display Name" <addr> with encoded-words when the name is not ASCII. */
export function address(name: string, addr: string, style?: HeaderStyle, quoteAlways = false): string {
  if (!name) return addr;
  if (isAscii(name)) {
    const needs = quoteAlways || /[,.;:@()<>[\]"\\]/.test(name);
    return `${needs ? `"${name.replace(/(["\\])/g, '\\$1')}"` : name} <${addr}>`;
  }
  if (!style) throw new Error(`address ${name}: non-ASCII without a header style`);
  return `${encodedWords(name, style.charset, style.mode, style.label).join(CRLF + ' ')} <${addr}>`;
}

/** RFC 2231 extended parameter: filename*=charset''percent-encoded. */
export function rfc2231(param: string, value: string, charset: string): string {
  const bytes = encodeText(value, charset);
  let s = '';
  for (const b of bytes) {
    const c = String.fromCharCode(b);
    s += /[A-Za-z0-9!#$&+\-.^_`|~]/.test(c) ? c : '%' + b.toString(16).toUpperCase().padStart(2, '0');
  }
  return `${param}*=${charset}''${s}`;
}

export interface Leaf {
  headers: string[];
  body: Buffer;
}
export interface Multi {
  headers: string[];
  boundary: string;
  parts: Part[];
  preamble?: string;
}
export type Part = Leaf | Multi;

export function serialize(part: Part): Buffer {
  const head = Buffer.from(part.headers.map((h) => h.replace(/\r?\n/g, CRLF)).join(CRLF) + CRLF + CRLF, 'latin1');
  if ('body' in part) return Buffer.concat([head, part.body]);
  const chunks: Buffer[] = [head];
  if (part.preamble) chunks.push(Buffer.from(part.preamble + CRLF + CRLF, 'latin1'));
  for (const p of part.parts) {
    chunks.push(Buffer.from(`--${part.boundary}${CRLF}`, 'latin1'), serialize(p), Buffer.from(CRLF, 'latin1'));
  }
  chunks.push(Buffer.from(`--${part.boundary}--${CRLF}`, 'latin1'));
  return Buffer.concat(chunks);
}

/** A whole message: top headers (already folded) and its body part's headers merged. */
export function message(top: string[], body: Part): Buffer {
  return serialize({ ...body, headers: [...top, ...body.headers] });
}

export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** RFC 5322 date from "YYYY-MM-DD HH:MM[:SS]" and an offset like "+0100". */
export function rfcDate(local: string, tz: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local);
  if (!m) throw new Error(`bad date ${local}`);
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '00'].map(Number) as number[];
  const dt = new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!));
  const wd = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][dt.getUTCDay()];
  const mon = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][mo! - 1];
  const p = (n: number) => String(n).padStart(2, '0');
  return `${wd}, ${d} ${mon} ${y} ${p(h!)}:${p(mi!)}:${p(s!)} ${tz}`;
}

/** The same instant in UTC, for Received stamps written by the receiving server. */
export function utcDate(local: string, tz: string, plusSeconds = 0): string {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local)!;
  const sign = tz.startsWith('-') ? -1 : 1;
  const off = sign * (Number(tz.slice(1, 3)) * 60 + Number(tz.slice(3, 5)));
  const ms = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +(m[6] ?? 0)) - off * 60000 + plusSeconds * 1000;
  const iso = new Date(ms).toISOString();
  return rfcDate(`${iso.slice(0, 10)} ${iso.slice(11, 19)}`, '+0000').replace('+0000', '+0000 (UTC)');
}
