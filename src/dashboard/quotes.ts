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
const OPEN = `<details class="replydesk-quoted"><summary>${SUMMARY}</summary>`;
const MARKS = new RegExp(` ${QUOTE_MARK}="(?:quote|rest)"`, 'g'); // as sanitize-html writes it (a `"` in text is `&quot;`)
const BLANK = /[\s\u00a0\u200b-\u200d\ufeff]/g;
/** "On Tue, 5 Mar 2024 at 10:00, Ann <ann@example.com> wrote:" and its kin in triage's languages. */
const ATTRIBUTION = /(?:wrote|a écrit|schrieb|escribió|escreveu|ha scritto|scrisse|skrev|kirjoitti|napsal\(a\)|napsala?|napisał\(a\)|napisała?|schreef)\s*:\s*$/i;

/** The nodes under `roots` in document order, without recursion: a mail can nest thousands deep. */
function* walk(roots: Node[]): Generator<Node> {
  const stack = [...roots].reverse();
  for (let node = stack.pop(); node; node = stack.pop()) {
    yield node;
    if (DomUtils.isTag(node)) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
}

/** Text a reader would see, or an image. */
const seen = (node: Node) => (DomUtils.isText(node) && node.data.replace(BLANK, '') !== '') || (DomUtils.isTag(node) && node.name === 'img');
const meaningful = (node: Node) => {
  for (const n of walk([node])) if (seen(n)) return true;
  return false;
};
const isAttribution = (node: Node) => {
  let text = '';
  for (const n of walk([node])) if (DomUtils.isText(n)) text += n.data;
  text = text.replace(BLANK, ' ').trim();
  return text.length <= 300 && ATTRIBUTION.test(text);
};

/**
 * The sanitised HTML with its trailing quote collapsed, and every QUOTE_MARK gone. The quote is
 * the outermost marked one (or a `<blockquote>` last in the body) that holds the last thing a
 * reader sees; it is wrapped, with the rest of its parent after it, where it stands in the
 * sanitiser's own text (the parser's source positions), so nothing else is written anew.
 */
export function collapseQuotedHtml(html: string): string {
  if (!html.includes(QUOTE_MARK) && !/<blockquote/i.test(html)) return html;
  const doc = parseDocument(html, { withStartIndices: true, withEndIndices: true });
  const candidates: [Node, string][] = [];
  let first: Node | undefined;
  let last: Node | undefined;
  for (const node of walk(doc.children)) {
    const kind = DomUtils.isTag(node) ? node.attribs[QUOTE_MARK] : undefined;
    if (kind) candidates.push([node, kind]);
    if (seen(node)) [first, last] = [first ?? node, node];
  }
  // a plain `<blockquote>` last in the body: a client that marks its quote no other way
  const top = [...doc.children].reverse().find(meaningful);
  if (top && DomUtils.isTag(top) && top.name === 'blockquote') candidates.unshift([top, 'quote']);
  if (!first || !last) return html.replace(MARKS, '');
  const [from, to] = [(n: Node) => n.startIndex!, (n: Node) => n.endIndex!];
  const holdsLast = (el: Node, kind: string) => {
    const scope = kind === 'rest' ? el.parent : el; // `rest`: it and all after it in its parent
    return from(last) >= from(el) && (!scope || scope.type === 'root' || to(last) <= to(scope as Node));
  };
  const trailing = candidates.find(([el, kind]) => holdsLast(el, kind))?.[0];
  if (!trailing) return html.replace(MARKS, '');
  // the line that introduces it ("On … wrote:"), and Outlook's rule above its header
  let start = trailing;
  for (let node = trailing.prev; node; node = node.prev) {
    if (DomUtils.isTag(node) && node.name === 'hr') start = node;
    else if (meaningful(node)) {
      if (isAttribution(node)) start = node;
      break;
    }
  }
  if (from(first) >= from(start)) return html.replace(MARKS, ''); // never the whole message
  const end = to((trailing.parent as Parent).children.at(-1)!) + 1;
  return (html.slice(0, from(start)) + OPEN + html.slice(from(start), end) + '</details>' + html.slice(end)).replace(MARKS, '');
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
