// Issue 34: on a long reply the quoted chain under the new text is collapsed in the body's
// document itself (the frame runs no script): `<details class="replydesk-quoted">` with "Show
// quoted text", as GET /dashboard/api/replies/{id}/body serves it (bodyDocument). Each client
// marks its quote its own way; a message that is only a quote, or answers between the lines,
// is shown whole.
import { DomUtils, parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { bodyDocument } from '../src/dashboard/body.ts';

const NEW = 'Tuesday at 10 works for us';
const OLD = 'Would Tuesday or Wednesday suit you for a call';

/** The served document, read back: what is inside our wrapper, what is outside, and how many wrappers. */
function read(reply: { body_html?: string; body_text?: string }) {
  const { document } = bodyDocument({ body_html: reply.body_html ?? '', body_text: reply.body_text ?? '' }, { remoteImages: false });
  const doc = parseDocument(document);
  const wrappers = DomUtils.findAll((el) => el.name === 'details', doc.children);
  const body = DomUtils.findOne((el) => el.name === 'body', doc.children)!;
  const [wrapper] = wrappers;
  const inside = wrapper ? DomUtils.textContent(wrapper) : '';
  if (wrapper) DomUtils.removeElement(wrapper);
  return { document, wrappers, inside, outside: DomUtils.textContent(body), summary: wrapper && DomUtils.textContent(DomUtils.findOne((el) => el.name === 'summary', [wrapper])!) };
}

const collapsed = (reply: { body_html?: string; body_text?: string }) => {
  const r = read(reply);
  expect(r.wrappers).toHaveLength(1);
  expect(r.wrappers[0]!.attribs).toEqual({ class: 'replydesk-quoted' }); // closed, ours
  expect(r.summary).toBe('Show quoted text');
  expect(r.outside).toContain(NEW);
  expect(r.outside).not.toContain(OLD);
  expect(r.inside).toContain(OLD);
  expect(r.document).not.toContain('data-replydesk-quote');
  return r;
};

describe("a reply's quoted chain, collapsed in its document", () => {
  it('Gmail: div.gmail_quote with its "On … wrote:" line', () => {
    const r = collapsed({
      body_html: `<div dir="ltr"><div>Hi Sam,</div><div>${NEW}.</div></div><br><div class="gmail_quote gmail_quote_container"><div dir="ltr" class="gmail_attr">On Mon, 4 Mar 2024 at 09:12, Sam Reed &lt;sam@outreach.example&gt; wrote:<br></div><blockquote class="gmail_quote" style="margin:0px 0px 0px 0.8ex;border-left:1px solid rgb(204,204,204);padding-left:1ex"><div dir="ltr">Hi Ada,<br>${OLD}?</div></blockquote></div>`,
    });
    expect(r.inside).toContain('wrote:');
  });

  it('Outlook: div#appendonsend, the rule, div#divRplyFwdMsg and the original after them', () => {
    const r = collapsed({
      body_html: `<div class="elementToProof" style="font-family:Aptos">${NEW}, speak then.</div><div id="appendonsend"></div><hr style="display:inline-block;width:98%" tabindex="-1"><div id="divRplyFwdMsg" dir="ltr"><font face="Calibri, sans-serif" style="font-size:11pt" color="#000000"><b>From:</b> Sam Reed &lt;sam@outreach.example&gt;<br><b>Sent:</b> Monday, March 4, 2024 9:12 AM<br><b>Subject:</b> Quick question</font><div>&nbsp;</div></div><div><div dir="ltr">${OLD}?</div></div>`,
    });
    expect(r.inside).toContain('From:');
    expect(r.document.indexOf('<hr')).toBeGreaterThan(r.document.indexOf('<details')); // the rule above the header too
  });

  it('Outlook on the web, which prefixes the ids of a quoted message: div#x_divRplyFwdMsg', () => {
    collapsed({ body_html: `<p>${NEW}</p><hr><div id="x_divRplyFwdMsg"><b>From:</b> Sam</div><div>${OLD}</div>` });
  });

  it('Apple Mail: blockquote type="cite", the attribution in a block of its own before it', () => {
    const r = collapsed({
      body_html: `<html><head><meta http-equiv="content-type" content="text/html; charset=utf-8"></head><body dir="auto"><div dir="ltr">${NEW}.</div><div dir="ltr"><br><blockquote type="cite">On 4 Mar 2024, at 09:12, Sam Reed &lt;sam@outreach.example&gt; wrote:<br><br></blockquote></div><blockquote type="cite"><div dir="ltr">${OLD}?</div></blockquote></body></html>`,
    });
    expect(r.inside).toContain('wrote:');
  });

  it('a plain <blockquote> last in the body, with "On … wrote:" before it', () => {
    const r = collapsed({ body_html: `<p>${NEW}.</p><p>On Monday, Sam Reed wrote:</p><blockquote><p>${OLD}?</p></blockquote><p>&nbsp;</p>` });
    expect(r.inside).toContain('Sam Reed wrote:');
  });

  it('plain text: the trailing run of ">" lines and the "On … wrote:" line before it, even wrapped over two lines', () => {
    const r = collapsed({
      body_text: `Hi Sam,\n\n${NEW}.\n\nAda\n\nOn Mon, 4 Mar 2024 at 09:12, Sam Reed <\nsam@outreach.example> wrote:\n> Hi Ada,\n>\n> ${OLD}?\n>> An older line\n\n`,
    });
    expect(r.document).toContain(
      '<pre class="plain">Hi Sam,\n\nTuesday at 10 works for us.\n\nAda</pre><details class="replydesk-quoted"><summary>Show quoted text</summary><pre class="plain">On Mon, 4 Mar 2024 at 09:12, Sam Reed &#60;\nsam@outreach.example&#62; wrote:\n&#62; Hi Ada,',
    );
    expect(r.outside).not.toContain('wrote:');
  });

  it('the Gmail quote opens and closes on its own: nothing in the document runs, and the CSP still forbids script', () => {
    const { csp } = bodyDocument({ body_html: `<p>${NEW}</p><div class="gmail_quote">${OLD}</div>`, body_text: '' }, { remoteImages: false });
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
  });

  it('a quote nested 20,000 deep is collapsed like any other, without recursion running out of stack', () => {
    const n = 20_000;
    const html = `<p>${NEW}</p>${'<blockquote type="cite">x'.repeat(n)}${OLD}${'</blockquote>'.repeat(n)}`;
    const { document } = bodyDocument({ body_html: html, body_text: '' }, { remoteImages: false });
    expect(document).toContain(`<p>${NEW}</p><details class="replydesk-quoted"><summary>Show quoted text</summary><blockquote>x<blockquote>`);
    expect(document.match(/<details/g)).toHaveLength(1);
    expect(document).not.toContain('data-replydesk-quote');
  });
});

describe('what is left whole', () => {
  it.each([
    ['an HTML message that is only a quote', { body_html: `<div class="gmail_quote"><div class="gmail_attr">On Monday Sam wrote:</div><blockquote class="gmail_quote">${OLD}</blockquote></div>` }],
    ['an Apple Mail forward that is only its quote, "On … wrote:" first', { body_html: `<div>On Monday Sam wrote:</div><blockquote type="cite">${OLD}</blockquote>` }],
    ['an Outlook message with nothing above its header', { body_html: `<div id="appendonsend"></div><hr><div id="divRplyFwdMsg"><b>From:</b> Sam</div><div>${OLD}</div>` }],
    ['a plain-text message that is only a quote', { body_text: `On Monday Sam wrote:\n> ${OLD}\n> and more\n` }],
    ['an answer between the lines (plain text)', { body_text: `> ${OLD}?\n${NEW}.\n> Anything else?\nNo.` }],
    ['an answer under a Gmail quote', { body_html: `<div class="gmail_quote"><blockquote class="gmail_quote">${OLD}?</blockquote></div><div>${NEW}.</div>` }],
    ['a blockquote in the middle of the text', { body_html: `<p>As you said:</p><blockquote>${OLD}</blockquote><p>${NEW}.</p>` }],
  ])('%s', (_, reply) => {
    const r = read(reply);
    expect(r.wrappers).toEqual([]);
    expect(r.outside).toContain(OLD);
    expect(r.document).not.toContain('data-replydesk-quote');
  });

  it("a mail's own details, summary, wrapper class or mark make no wrapper: the allow-list drops them", () => {
    const r = read({ body_html: `<details open class="replydesk-quoted"><summary>Show quoted text</summary>${NEW}</details><div data-replydesk-quote="rest">${OLD}</div><p>after</p>` });
    expect(r.wrappers).toEqual([]);
    const body = r.document.slice(r.document.indexOf('<body>'));
    expect(body).not.toMatch(/<details|<summary|class=|data-replydesk-quote/);
    expect(r.outside).toContain(OLD);
  });

  it('a message without a quote is served exactly as before (not parsed again)', () => {
    const html = '<p onclick="x()">Hi <b>there</b> &amp; “you”</p><img src="https://t.example/p.gif" alt="">';
    expect(bodyDocument({ body_html: html, body_text: '' }, { remoteImages: false }).document).toContain('<p>Hi <b>there</b> &amp; “you”</p><img alt="" data-remote="1" />');
  });
});
