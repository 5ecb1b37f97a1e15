// The quoted chain under a reply's new text, collapsed as Front, Superhuman and Missive do it
// (docs/dashboard.md "Long replies"). The body is shown in a frame without scripts, so the
// collapsing is in the document itself: the quoted part goes into
// `<details class="replydesk-quoted"><summary>Show quoted text</summary>…</details>`, which the
// browser opens and closes on its own. Only a quote that comes after new text, with nothing of
// substance after it, is collapsed: a message that is all quote, or answers between the lines,
// is shown whole.
import { DomUtils, parseDocument } from 'htmlparser2';

type Doc = ReturnType<typeof parseDocument>;
type Node = Doc['children'][number];
type Parent = Doc | NonNullable<Node['parent']>;

/**
 * Set by the sanitiser (body.ts) on a `div` or `blockquote` that its mail client marked as the
 * quote, from attributes the allow-list then drops: `quote` is that element alone (Gmail's
 * `gmail_quote`, Apple Mail's `blockquote type="cite"`), `rest` it and all after it in its
 * parent (Outlook's empty `div#appendonsend`, or `div#divRplyFwdMsg` with the From/Sent header,
 * before the original). Ours alone: a mail's own is dropped, and the collapsing removes ours.
 */
export const QUOTE_MARK = 'data-replydesk-quote';

export function quoteKind(tagName: string, attribs: Record<string, string>): 'quote' | 'rest' | null {
  const classes = (attribs.class ?? '').split(/\s+/);
  if (classes.includes('gmail_quote') || classes.includes('gmail_quote_container')) return 'quote';
  if (tagName === 'blockquote' && attribs.type?.trim().toLowerCase() === 'cite') return 'quote';
  if (/^(?:x_)*(?:appendonsend|divRplyFwdMsg)$/.test(attribs.id ?? '')) return 'rest';
  return null;
}

const SUMMARY = 'Show quoted text';
const BLANK = /[\s\u00a0\u200b-\u200d\ufeff]/g;
/** "On Tue, 5 Mar 2024 at 10:00, Ann <ann@example.com> wrote:" and its kin in triage's languages. */
const ATTRIBUTION = /(?:wrote|a écrit|schrieb|escribió|escreveu|ha scritto|scrisse|skrev|kirjoitti|napsal\(a\)|napsala?|napisał\(a\)|napisała?|schreef)\s*:\s*$/i;

/** Text a reader would see, or an image. */
function meaningful(node: Node): boolean {
  if (DomUtils.isText(node)) return node.data.replace(BLANK, '') !== '';
  if (!DomUtils.isTag(node)) return false;
  if (node.name === 'img') return true;
  return node.children.some(meaningful);
}

const isAttribution = (node: Node) => {
  const text = DomUtils.textContent(node).replace(BLANK, ' ').trim();
  return text.length <= 300 && ATTRIBUTION.test(text);
};

/** Whether anything meaningful comes before (side -1) or after (+1) `node` in the document. */
function anything(node: Node, side: -1 | 1): boolean {
  for (let at: Node | Doc = node; at.parent; at = at.parent) {
    const siblings: Node[] = (at.parent as Parent).children;
    const i = siblings.indexOf(at as Node);
    if ((side < 0 ? siblings.slice(0, i) : siblings.slice(i + 1)).some(meaningful)) return true;
  }
  return false;
}

/** The siblings to collapse for a quote starting at `el`, or null when it is not a trailing quote after new text. */
function quotedRange(el: Node, kind: string): Node[] | null {
  const siblings: Node[] = (el.parent as Parent).children;
  const i = siblings.indexOf(el);
  if (kind !== 'rest' && siblings.slice(i + 1).some(meaningful)) return null;
  if (el.parent && anything(el.parent as Node, 1)) return null;
  // the line that introduces it ("On … wrote:"), and Outlook's rule above its header
  let start = i;
  for (let j = i - 1; j >= 0; j--) {
    const node = siblings[j]!;
    if (!meaningful(node) && !(DomUtils.isTag(node) && node.name === 'hr')) continue;
    if (DomUtils.isTag(node) && node.name === 'hr') start = j;
    else {
      if (isAttribution(node)) start = j;
      break;
    }
  }
  // never the whole message
  if (!anything(siblings[start]!, -1)) return null;
  return siblings.slice(start);
}

/** The sanitised HTML with its trailing quote collapsed, and every QUOTE_MARK gone. */
export function collapseQuotedHtml(html: string): string {
  if (!html.includes(QUOTE_MARK) && !/<blockquote/i.test(html)) return html;
  const doc = parseDocument(html);
  const marked = DomUtils.findAll((el) => el.attribs[QUOTE_MARK] !== undefined, doc.children);
  const candidates: [Node, string][] = marked.map((el) => [el, el.attribs[QUOTE_MARK]!]);
  // a plain `<blockquote>` last in the body: a client that marks its quote no other way
  const last = [...doc.children].reverse().find(meaningful);
  if (last && DomUtils.isTag(last) && last.name === 'blockquote') candidates.push([last, 'quote']);
  for (const [el, kind] of candidates) {
    const range = quotedRange(el, kind);
    if (!range) continue;
    const [details] = parseDocument(`<details class="replydesk-quoted"><summary>${SUMMARY}</summary></details>`).children;
    DomUtils.prepend(range[0]!, details!);
    for (const node of range) DomUtils.appendChild(details as Parent & Node, node);
    break;
  }
  for (const el of marked) delete el.attribs[QUOTE_MARK];
  return DomUtils.getOuterHTML(doc.children, { encodeEntities: 'utf8', emptyAttrs: true });
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const plain = (text: string) => `<pre class="plain">${escapeHtml(text)}</pre>`;

/**
 * A plain-text body as HTML: the text kept as written, its trailing run of `>` lines (and the
 * "On … wrote:" line before it) collapsed when new text comes before them.
 */
export function plainTextHtml(text: string): string {
  const lines = text.split('\n');
  const blank = (line: string) => line.replace(BLANK, '') === '';
  const quoted = (line: string) => /^[ \t]*>/.test(line);
  let end = lines.length;
  while (end > 0 && blank(lines[end - 1]!)) end--;
  let start = end;
  while (start > 0 && (quoted(lines[start - 1]!) || blank(lines[start - 1]!))) start--;
  while (start < end && blank(lines[start]!)) start++;
  if (start === end) return plain(text);
  let intro = start - 1;
  while (intro >= 0 && blank(lines[intro]!)) intro--;
  if (intro >= 0 && ATTRIBUTION.test(lines[intro]!.trim())) {
    start = intro;
    // an attribution wrapped over two lines: "On Tue, 5 Mar 2024 at 10:00, Ann Lee <" / "ann@example.com> wrote:"
    if (intro > 0 && !/^\s*On\s/i.test(lines[intro]!) && /^\s*On\s/i.test(lines[intro - 1]!) && !ATTRIBUTION.test(lines[intro - 1]!.trim())) start = intro - 1;
  }
  const fresh = lines.slice(0, start);
  if (fresh.every(blank)) return plain(text);
  while (blank(fresh.at(-1)!)) fresh.pop();
  return `${plain(fresh.join('\n'))}<details class="replydesk-quoted"><summary>${SUMMARY}</summary>${plain(lines.slice(start).join('\n'))}</details>`;
}
