// A reply's body as a document the dashboard can show safely (docs/dashboard.md, "A reply's
// body"). Mail is hostile: the HTML goes through sanitize-html's allow-list here, is served
// under a Content-Security-Policy that forbids script and (until the person asks) remote
// images, and the page frames it in a sandbox without allow-scripts. Any one of the three
// would stop a script; together a mistake in one is not a hole.
import sanitizeHtml from 'sanitize-html';
import { collapseQuotedHtml, plainTextHtml, QUOTE_MARK, quoteKind } from './quotes.ts';

/**
 * Where a URL in the body points, read the way the reader's browser will read it: Node's URL
 * is the WHATWG parser browsers use, so leading and trailing controls and spaces, tabs and
 * newlines inside (` http:`, `ht\ttp:`), backslashes (`http:\\host`, `\\host`), `http:host`
 * and any case of the scheme come out as the host they reach. A pattern over the raw text
 * (what this was until issue 28) misses each of those spellings.
 *
 * `local` is a reference with no scheme and no authority: resolved against two placeholder
 * bases that differ in scheme and host it keeps each base's origin (one base would call
 * `//replydesk.invalid/x` local, and an https one alone would take `https:` for a path).
 * Everything else is an absolute URL, its scheme telling the caller what it is, or null when
 * a browser could not parse it either.
 */
export type Address = { local: true } | { local: false; url: URL } | null;

const BASES = [new URL('https://replydesk.invalid/'), new URL('http://other.replydesk.invalid/')];

const parse = (value: string, base?: URL) => {
  try {
    return new URL(value, base);
  } catch {
    return null;
  }
};

export function address(value: string): Address {
  const absolute = parse(value);
  if (absolute) return { local: false, url: absolute };
  const resolved = BASES.map((base) => ({ base, url: parse(value, base) }));
  const [first] = resolved;
  if (!first?.url || resolved.some(({ url }) => !url)) return null;
  if (resolved.every(({ base, url }) => url?.origin === base.origin)) return { local: true };
  return { local: false, url: first.url }; // `//host`, `\\host`, `/\host`: https, as the dashboard is served
}

const WEB = new Set(['http:', 'https:']);
const LINK = new Set([...WEB, 'mailto:', 'tel:']);
const EMBEDDED = new Set(['cid:', 'data:']);

/** An img src: kept as written (local), normalised (embedded), remote (http/https, normalised), or dropped. */
function imageSource(src: string): { src: string; remote: boolean } | null {
  const where = address(src);
  if (!where) return null;
  if (where.local) return { src, remote: false };
  if (EMBEDDED.has(where.url.protocol)) return { src: where.url.href, remote: false };
  if (WEB.has(where.url.protocol)) return { src: where.url.href, remote: true };
  return null;
}

/** An a href: local or http/https/mailto/tel (normalised), else none. */
function linkTarget(href: string): string | null {
  const where = address(href);
  if (!where) return null;
  if (where.local) return href;
  return LINK.has(where.url.protocol) ? where.url.href : null;
}

/**
 * The only attributes allowed that hold a URL are img src and a href, both read by address().
 * Allowing another one (srcset, background, poster, an SVG href...) needs the same treatment.
 */
export const ALLOWED_ATTRIBUTES: Record<string, string[]> = {
  '*': ['style', 'align', 'dir', 'lang', 'title'],
  a: ['href', 'name', 'target', 'rel'],
  img: ['src', 'alt', 'width', 'height', 'data-remote'], // data-remote: ours alone, the placeholder's mark
  div: [QUOTE_MARK], // ours alone, where a quote starts (quotes.ts): gone once it is collapsed
  blockquote: [QUOTE_MARK],
  font: ['color', 'face', 'size'],
  table: ['width', 'border', 'cellpadding', 'cellspacing', 'bgcolor'],
  td: ['width', 'colspan', 'rowspan', 'bgcolor', 'valign'],
  th: ['width', 'colspan', 'rowspan', 'bgcolor', 'valign'],
};

export interface SafeBody {
  html: string;
  /** How many remote images were left out (0 when they were allowed). */
  remoteImages: number;
}

/** A mail's own QUOTE_MARK dropped; ours set where its client marked its quote (with a class, an id or a type the allow-list drops). */
const markQuote = (tagName: string, { [QUOTE_MARK]: _theirs, ...attribs }: Record<string, string>) => {
  const kind = quoteKind(tagName, attribs);
  return { tagName, attribs: kind ? { ...attribs, [QUOTE_MARK]: kind } : attribs };
};

/** The allowed HTML, its trailing quoted chain collapsed (quotes.ts). */
export function sanitiseBody(bodyHtml: string, opts: { remoteImages: boolean }): SafeBody {
  let remoteImages = 0;
  const html = sanitizeHtml(bodyHtml, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'font', 'center', 'u', 's', 'strike', 'span', 'div'],
    allowedAttributes: ALLOWED_ATTRIBUTES,
    // a second check: transformTags below has already normalised or dropped each href and src
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['http', 'https', 'data', 'cid'] },
    allowProtocolRelative: true,
    // inline styles stay (mail layout depends on them) but cannot fetch anything: none of
    // these properties takes an image, url() and expression() are refused anywhere in a value
    // ([\s\S], not `.`, which stopped at a line break), and the CSP blocks what slips through
    allowedStyles: {
      '*': Object.fromEntries(
        [
          'color',
          'background-color',
          'font-size',
          'font-weight',
          'font-style',
          'font-family',
          'text-align',
          'text-decoration',
          'line-height',
          'margin',
          'margin-top',
          'margin-bottom',
          'margin-left',
          'margin-right',
          'padding',
          'padding-top',
          'padding-bottom',
          'padding-left',
          'padding-right',
          'border',
          'border-collapse',
          'width',
          'max-width',
          'height',
          'vertical-align',
          'white-space',
          'display',
        ].map((p) => [p, [/^(?![\s\S]*(?:url|expression|image-set)\s*\()[\w\s#%.,'"()+-]+$/i]]),
      ),
    },
    transformTags: {
      div: markQuote,
      blockquote: markQuote,
      a: (tagName, { href, ...attribs }) => {
        const target = href === undefined ? null : linkTarget(href);
        return { tagName, attribs: { ...attribs, ...(target === null ? {} : { href: target }), target: '_blank', rel: 'noopener noreferrer' } };
      },
      img: (tagName, { src, 'data-remote': _mark, ...attribs }) => {
        const source = src === undefined ? null : imageSource(src);
        if (source?.remote && !opts.remoteImages) {
          remoteImages++;
          return { tagName, attribs: { ...attribs, alt: attribs.alt ?? '', 'data-remote': '1' } };
        }
        return { tagName, attribs: source ? { ...attribs, src: source.src } : attribs };
      },
    },
    allowedClasses: {},
  });
  return { html: collapseQuotedHtml(html), remoteImages };
}

const STYLE = `body{margin:0;padding:12px 16px;font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328;word-wrap:break-word;overflow-wrap:anywhere}
img{max-width:100%;height:auto}img[data-remote]{display:inline-block;min-width:16px;min-height:16px;background:#eef0f3}
pre.plain{margin:0;white-space:pre-wrap;font:inherit}blockquote{margin:0 0 0 .5em;padding-left:.75em;border-left:3px solid #d0d7de;color:#57606a}
a{color:#0b57d0}table{max-width:100%}
details.replydesk-quoted{margin-top:12px}details.replydesk-quoted>summary{display:inline-block;cursor:pointer;padding:0 8px;border-radius:8px;background:#eef0f3;color:#57606a;font-size:12px;line-height:20px}
details.replydesk-quoted>summary::-webkit-details-marker{display:none}details.replydesk-quoted[open]>summary{margin-bottom:8px}`;

/** The whole document: the sanitised HTML, or the plain text kept as written; either with its quoted chain collapsed. */
export function bodyDocument(reply: { body_html: string; body_text: string }, opts: { remoteImages: boolean }): { document: string; csp: string } {
  const { html, remoteImages } = reply.body_html.trim() ? sanitiseBody(reply.body_html, opts) : { html: plainTextHtml(reply.body_text), remoteImages: 0 };
  const document = `<!doctype html><html><head><meta charset="utf-8"><meta name="replydesk-remote-images" content="${remoteImages}"><base target="_blank"><style>${STYLE}</style></head><body>${html}</body></html>`;
  const img = opts.remoteImages ? 'img-src data: cid: https: http:' : 'img-src data: cid:';
  return { document, csp: `default-src 'none'; style-src 'unsafe-inline'; ${img}; frame-ancestors 'self'; base-uri 'none'; form-action 'none'` };
}
