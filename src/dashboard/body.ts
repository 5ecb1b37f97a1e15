// A reply's body as a document the dashboard can show safely (docs/dashboard.md, "A reply's
// body"). Mail is hostile: the HTML goes through sanitize-html's allow-list here, is served
// under a Content-Security-Policy that forbids script and (until the person asks) remote
// images, and the page frames it in a sandbox without allow-scripts. Any one of the three
// would stop a script; together a mistake in one is not a hole.
import sanitizeHtml from 'sanitize-html';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** http(s) and protocol-relative URLs: what would make the reader's browser call a stranger. */
const REMOTE = /^(?:https?:)?\/\//i;

export interface SafeBody {
  html: string;
  /** How many remote images were left out (0 when they were allowed). */
  remoteImages: number;
}

export function sanitiseBody(bodyHtml: string, opts: { remoteImages: boolean }): SafeBody {
  let remoteImages = 0;
  const html = sanitizeHtml(bodyHtml, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'font', 'center', 'u', 's', 'strike', 'span', 'div'],
    allowedAttributes: {
      '*': ['style', 'align', 'dir', 'lang', 'title'],
      a: ['href', 'name', 'target', 'rel'],
      img: ['src', 'alt', 'width', 'height', 'data-remote'], // data-remote: ours alone, the placeholder's mark
      font: ['color', 'face', 'size'],
      table: ['width', 'border', 'cellpadding', 'cellspacing', 'bgcolor'],
      td: ['width', 'colspan', 'rowspan', 'bgcolor', 'valign'],
      th: ['width', 'colspan', 'rowspan', 'bgcolor', 'valign'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['http', 'https', 'data', 'cid'] },
    allowProtocolRelative: true,
    // inline styles stay (mail layout depends on them) but cannot fetch anything: none of
    // these properties takes an image, url() and expression() are refused anywhere in a value
    // ([\s\S], not `.`, which stopped at a line break), and the CSP blocks what slips through
    allowedStyles: {
      '*': Object.fromEntries(
        ['color', 'background-color', 'font-size', 'font-weight', 'font-style', 'font-family', 'text-align', 'text-decoration', 'line-height', 'margin', 'margin-top', 'margin-bottom', 'margin-left', 'margin-right', 'padding', 'padding-top', 'padding-bottom', 'padding-left', 'padding-right', 'border', 'border-collapse', 'width', 'max-width', 'height', 'vertical-align', 'white-space', 'display']
          .map((p) => [p, [/^(?![\s\S]*(?:url|expression|image-set)\s*\()[\w\s#%.,'"()+-]+$/i]]),
      ),
    },
    transformTags: {
      a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' } }),
      img: (tagName, { 'data-remote': _mark, ...attribs }) => {
        if (!opts.remoteImages && REMOTE.test(attribs.src ?? '')) {
          remoteImages++;
          const { src: _src, ...rest } = attribs;
          return { tagName, attribs: { ...rest, alt: attribs.alt ?? '', 'data-remote': '1' } };
        }
        return { tagName, attribs };
      },
    },
    allowedClasses: {},
  });
  return { html, remoteImages };
}

const STYLE = `body{margin:0;padding:12px 16px;font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328;word-wrap:break-word;overflow-wrap:anywhere}
img{max-width:100%;height:auto}img[data-remote]{display:inline-block;min-width:16px;min-height:16px;background:#eef0f3}
pre.plain{margin:0;white-space:pre-wrap;font:inherit}blockquote{margin:0 0 0 .5em;padding-left:.75em;border-left:3px solid #d0d7de;color:#57606a}
a{color:#0b57d0}table{max-width:100%}`;

/** The whole document: the sanitised HTML, or the plain text kept as written. */
export function bodyDocument(reply: { body_html: string; body_text: string }, opts: { remoteImages: boolean }): { document: string; csp: string } {
  const { html, remoteImages } = reply.body_html.trim() ? sanitiseBody(reply.body_html, opts) : { html: `<pre class="plain">${escapeHtml(reply.body_text)}</pre>`, remoteImages: 0 };
  const document = `<!doctype html><html><head><meta charset="utf-8"><meta name="replydesk-remote-images" content="${remoteImages}"><base target="_blank"><style>${STYLE}</style></head><body>${html}</body></html>`;
  const img = opts.remoteImages ? "img-src data: cid: https: http:" : 'img-src data: cid:';
  return { document, csp: `default-src 'none'; style-src 'unsafe-inline'; ${img}; frame-ancestors 'self'; base-uri 'none'; form-action 'none'` };
}
