/**
 * Text → features for the local categoriser. Everything here runs once per ingested reply, so it
 * avoids allocating substrings: n-grams are hashed straight from character codes.
 *
 * Features (all hashed into FEATURE_BITS buckets):
 * - words of the body (accent-folded, lower-cased; numbers, e-mail addresses and links folded into
 *   placeholder words),
 * - word bigrams of the body,
 * - character 4-grams of each body word padded with spaces (so "unsubscibe", "abmelden",
 *   "abmeldung" and "désabonner"/"desabonne" share features: typos and inflections across five
 *   languages),
 * - words of the subject in a namespace of their own ("Automatic reply", "Undeliverable"),
 * - the body's length in words, in five buckets (a two-word reply is rarely an information
 *   request, a fifty-word one rarely an unsubscribe).
 * A question mark counts as a word ("zzq"), so it takes part in words and bigrams. Words are
 * letters of any script: a Russian or Greek word is a word, and a run of Chinese or Japanese
 * characters (written without spaces) is read as its overlapping pairs of characters, so the
 * workspace model learns a team's corrections in those languages too. The shipped classifier
 * knows only the Latin script of its corpus (`otherScript`).
 */

export const FEATURE_BITS = 18;
export const FEATURE_MASK = (1 << FEATURE_BITS) - 1;

const NON_ASCII = /[^\x00-\x7f]/;

/** Lower-case, strip accents (é→e, ü→u, ñ→n), ß→ss, œ→oe: one spelling for typed and untyped accents. */
export function fold(text: string): string {
  let s = text.toLowerCase();
  // Fast path: plain ASCII needs no normalisation.
  if (NON_ASCII.test(s)) {
    s = s
      .normalize('NFD')
      .replace(/[\u0300-\u036f\u3099\u309a]/g, '') // accents, and the Japanese voicing marks NFD splits off
      .replace(/ß/g, 'ss')
      .replace(/œ/g, 'oe')
      .replace(/æ/g, 'ae')
      .replace(/ø/g, 'o')
      .replace(/ł/g, 'l')
      .replace(/[’‘`´]/g, "'")
      .replace(/？/g, '?');
  }
  return s;
}

const EMAIL = /[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}/g;
const SCHEDULING_LINK =
  /\b(?:https?:\/\/)?(?:www\.)?(?:calendly\.com|cal\.com|meetings(?:-[a-z0-9]+)?\.hubspot\.com|savvycal\.com|zcal\.co|tidycal\.com|youcanbook\.me|outlook\.office365?\.com\/(?:owa\/)?calendar|calendar\.app\.google|calendar\.google\.com)\S*/g;
const URL = /\bhttps?:\/\/\S+|\bwww\.\S+/g;

/** Folded text with e-mail addresses and links replaced by placeholder words. */
export function normalise(text: string): string {
  return fold(text).replace(EMAIL, ' zzemail ').replace(SCHEDULING_LINK, ' zzcalendarlink ').replace(URL, ' zzlink ');
}

const WORD = /[a-z0-9]+(?:'[a-z]+)?|\?+/g;
/** Outside ASCII: a word of letters and digits of any script. */
const ANY_SCRIPT_WORD = /[\p{L}\p{N}]+(?:'\p{L}+)?|\?+/gu;
/** A letter or digit outside ASCII (where "¿", "€" and "–" are not: they part words in either reading). */
const NON_ASCII_WORD_CHAR = /[^\P{L}\x00-\x7f]|[^\P{N}\x00-\x7f]/u;
/** Chinese and Japanese script: words are not separated by spaces. */
const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const CJK_OR_NOT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+|[^\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+/gu;

/**
 * Words of normalised text; runs of digits become "0" (dates and phone numbers are not
 * vocabulary), and a question mark the word "zzq" (a question is what most tells an
 * information request from interest, in every language). A run of Chinese or Japanese
 * characters gives its pairs of characters ("感兴趣" → "感兴", "兴趣"), as search engines index them.
 */
export function words(normalised: string): string[] {
  const out: string[] = [];
  const ascii = !(NON_ASCII.test(normalised) && NON_ASCII_WORD_CHAR.test(normalised));
  for (const m of normalised.matchAll(ascii ? WORD : ANY_SCRIPT_WORD)) {
    const w = m[0];
    if (!ascii && CJK_CHAR.test(w)) {
      for (const part of w.match(CJK_OR_NOT)!) {
        const chars = CJK_CHAR.test(part) ? [...part] : [part];
        if (chars.length === 1) out.push(part);
        else for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i]! + chars[i + 1]!);
      }
      continue;
    }
    const c = w.charCodeAt(0);
    out.push(c >= 48 && c <= 57 ? '0' : c === 63 ? 'zzq' : w);
  }
  return out;
}

/** A letter of a script other than Latin. */
const OTHER_SCRIPT_LETTER = /[^\P{L}\p{Script=Latin}]/u;

/**
 * Whether most of the text's words are in a script other than Latin (Russian, Greek, Arabic,
 * Chinese, Japanese, Korean, …; a pair of Chinese or Japanese characters counts as a word, an
 * address, a link or a number as none): the shipped classifier, which learned twelve languages
 * written in Latin letters, has never seen such words, so it does not decide such a reply
 * (docs/triage.md "Other scripts").
 */
export function otherScript(text: string): boolean {
  if (!NON_ASCII.test(text) || !OTHER_SCRIPT_LETTER.test(text)) return false;
  let other = 0;
  let latin = 0;
  for (const w of words(normalise(text))) {
    if (OTHER_SCRIPT_LETTER.test(w)) other++;
    else if (!/^(?:zz|0$)/.test(w)) latin++;
  }
  return other > latin;
}

// FNV-1a, 32-bit, continued over several strings without concatenating them.
const FNV_OFFSET = 0x811c9dc5;
function fnv(h: number, s: string, from = 0, to = s.length): number {
  for (let i = from; i < to; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h;
}
function fnvChar(h: number, c: number): number {
  h ^= c;
  return Math.imul(h, 0x01000193);
}

const NS_WORD = fnv(FNV_OFFSET, 'w:');
const NS_BIGRAM = fnv(FNV_OFFSET, 'b:');
const NS_CHAR = fnv(FNV_OFFSET, 'c:');
const NS_SUBJECT = fnv(FNV_OFFSET, 's:');
const NS_BIAS = fnv(FNV_OFFSET, 'bias');
const NS_LENGTH = fnv(FNV_OFFSET, 'len:');

/** Hash of one word in the body namespace (the workspace model and tests use it). */
export function wordHash(w: string): number {
  return fnv(NS_WORD, w) & FEATURE_MASK;
}

const MAX_WORDS = 400;

/**
 * The hashed features of a reply: body (already stripped of quoted history) and subject.
 * Repeated features are kept (counts), the bias and length features are always present.
 */
export function featurise(body: string, subject: string): Int32Array {
  const bw = words(normalise(body));
  const sw = words(fold(subject));
  const n = Math.min(bw.length, MAX_WORDS);
  let size = 2 + sw.length + n * 2;
  for (let i = 0; i < n; i++) size += Math.max(0, bw[i]!.length - 1);
  const out = new Int32Array(size);
  let k = 0;
  out[k++] = NS_BIAS & FEATURE_MASK;
  out[k++] = fnvChar(NS_LENGTH, n <= 3 ? 1 : n <= 8 ? 2 : n <= 20 ? 3 : n <= 50 ? 4 : 5) & FEATURE_MASK;
  for (const w of sw) out[k++] = fnv(NS_SUBJECT, w) & FEATURE_MASK;
  let prev = '';
  for (let i = 0; i < n; i++) {
    const w = bw[i]!;
    out[k++] = fnv(NS_WORD, w) & FEATURE_MASK;
    out[k++] = fnv(fnvChar(fnv(NS_BIGRAM, prev), 32), w) & FEATURE_MASK;
    prev = w;
    // character 4-grams of " w ", e.g. " abm", "abme", …, "den "
    const L = w.length + 2;
    for (let s = 0; s + 4 <= L; s++) {
      let h = NS_CHAR;
      for (let j = s; j < s + 4; j++) {
        h = fnvChar(h, j === 0 || j === L - 1 ? 32 : w.charCodeAt(j - 1));
      }
      out[k++] = h & FEATURE_MASK;
    }
  }
  return k === size ? out : out.subarray(0, k);
}

/** Word and word-bigram hashes of a text with their counts (the workspace model's vector). */
export function wordBag(body: string): Map<number, number> {
  const bag = new Map<number, number>();
  const ws = words(normalise(body));
  const n = Math.min(ws.length, MAX_WORDS);
  let prev = '';
  for (let i = 0; i < n; i++) {
    const w = ws[i]!;
    const u = fnv(NS_WORD, w) & FEATURE_MASK;
    bag.set(u, (bag.get(u) ?? 0) + 1);
    if (prev) {
      const b = fnv(fnvChar(fnv(NS_BIGRAM, prev), 32), w) & FEATURE_MASK;
      bag.set(b, (bag.get(b) ?? 0) + 1);
    }
    prev = w;
  }
  return bag;
}
