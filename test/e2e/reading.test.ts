// Reading a long reply (issue 34, "The inbox, all day long"): the quoted chain under the new text
// is collapsed in the body's frame until "Show quoted text" is clicked (the frame, sized to its
// content, grows when it opens), and the reply's actions stay in view at the foot of the reading
// pane from the top of a ~3,000 px reply, without ever hiding the draft for good.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { available, SHOTS, signIn } from './browser.ts';
import { until, visible } from './wait.ts';
import { startWorkspace, type Workspace } from './workspace.ts';

const OWNER = { email: 'rita@agency.example', password: 'rita horse battery staple', role: 'owner' as const };
const QUOTED = 'Would Tuesday or Wednesday suit you for a call about the Northwind rollout?';
const LAST = 'Paragraph 90 of the answer: that is all from us.';
/** A long answer from Gmail: ninety paragraphs of new text, then the quoted chain, marked as Gmail marks it. */
const LONG_HTML =
  `<div dir="ltr">${Array.from({ length: 90 }, (_, i) => `<p>Paragraph ${i + 1} of the answer: ${i === 89 ? 'that is all from us.' : 'the rollout plan, the budget, who does what and by when.'}</p>`).join('')}</div>` +
  `<div class="gmail_quote gmail_quote_container"><div dir="ltr" class="gmail_attr">On Mon, 4 Mar 2024 at 09:12, Sam Reed &lt;sam@outreach.example&gt; wrote:<br></div>` +
  `<blockquote class="gmail_quote" style="margin:0px 0px 0px 0.8ex;border-left:1px solid rgb(204,204,204);padding-left:1ex"><div dir="ltr">Hi Ada,<br>${QUOTED}<br>Sam</div>` +
  `<div class="gmail_quote"><div class="gmail_attr">On Fri, 1 Mar 2024, Ada wrote:</div><blockquote class="gmail_quote">An even older message.</blockquote></div></blockquote></div>`;

/** Whether the element's box is wholly inside the viewport and its middle is the element itself, not something over it. */
async function inView(page: Page, l: Locator) {
  const box = (await l.boundingBox())!;
  const viewport = page.viewportSize()!;
  const inside = box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height;
  const onTop = await l.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return !!hit && (hit === el || el.contains(hit));
  });
  return { inside, onTop, box };
}

describe.skipIf(!available)('reading a long reply', { timeout: 90_000 }, () => {
  let ws: Workspace;
  let replyId: string;

  beforeAll(async () => {
    ws = await startWorkspace([OWNER]);
    replyId = (await ws.ingest({ subject: 'Re: The Northwind rollout', from_email: 'ada@northwind.example', body_text: '', body_html: LONG_HTML })).id;
  }, 180_000);

  afterAll(async () => {
    await ws?.close();
  });

  for (const [width, height] of [
    [1440, 900],
    [1024, 768],
    [390, 844],
  ] as const) {
    it(`at ${width}×${height}: the quoted chain is hidden until "Show quoted text", and Send stays in view from the top of the reply`, async () => {
      const context = await ws.browser.newContext({ viewport: { width, height } });
      try {
        const page = await context.newPage();
        await signIn(page, ws.server.base, OWNER);
        await page.goto(`${ws.server.base}/inbox/${replyId}`);
        const frame = page.frameLocator('iframe[title="Reply body"]');
        await visible(frame.getByText(LAST));
        const iframe = page.locator('iframe[title="Reply body"]');
        const frameHeight = async () => (await iframe.boundingBox())!.height;
        // sized to its content: a long reply, read in the pane rather than in the frame
        const closed = await until(frameHeight, (h) => h > 2_500, 'the frame sized to the long reply');

        // the quote is there, collapsed
        const quoted = frame.getByText(QUOTED);
        expect(await quoted.count()).toBe(1);
        expect(await quoted.isVisible()).toBe(false);
        expect(await frame.getByText('An even older message.').isVisible()).toBe(false);
        const summary = frame.getByText('Show quoted text', { exact: true });
        await visible(summary);

        // the actions are in view with the pane at the top of the reply, and at its middle
        const pane = page.locator('.reply-pane');
        const send = page.getByRole('button', { name: 'Send', exact: true });
        const actions = page.getByRole('group', { name: 'Reply actions' });
        for (const at of [0, 0.5]) {
          await pane.evaluate((el, f) => (el.scrollTop = (el.scrollHeight - el.clientHeight) * f), at);
          if (at === 0) expect(await pane.evaluate((el) => el.scrollTop)).toBe(0);
          const placed = await inView(page, send);
          expect(placed.inside, `Send at ${JSON.stringify(placed.box)}, scrolled to ${at}`).toBe(true);
          expect(placed.onTop, `Send is covered, scrolled to ${at}`).toBe(true);
          for (const name of ['Forward', 'Archive']) expect((await inView(page, actions.getByRole('button', { name: new RegExp(`^${name}`) }))).inside, name).toBe(true);
          // over the body, at the foot of the pane
          const bar = (await actions.boundingBox())!;
          expect(bar.y + bar.height).toBeGreaterThan((await pane.boundingBox())!.y + (await pane.boundingBox())!.height - 2);
        }
        await page.screenshot({ path: join(SHOTS, `reading-${width}.png`) });

        // the draft is never hidden for good: scrolled to, it is whole and above the actions
        const draft = page.getByLabel('Draft', { exact: true });
        await draft.focus();
        await draft.evaluate((el) => el.scrollIntoView({ block: 'end' }));
        const d = await inView(page, draft);
        expect(d.inside, `the draft at ${JSON.stringify(d.box)}`).toBe(true);
        expect(d.box.y + d.box.height).toBeLessThanOrEqual((await actions.boundingBox())!.y + 1);
        await draft.fill('Thanks Ada, Tuesday it is.');
        expect(await draft.inputValue()).toBe('Thanks Ada, Tuesday it is.');

        // a toast (a category chosen with c, another at each width) leaves the pinned actions uncovered
        await draft.blur();
        await pane.evaluate((el) => (el.scrollTop = 0));
        await page.locator('body').press('c');
        await page
          .getByRole('group', { name: 'Set the category' })
          .getByRole('button', { name: { 1440: 'Interested', 1024: 'Meeting request', 390: 'Referral' }[width], exact: true })
          .click();
        const toast = page.locator('.toast').filter({ hasText: /^Category/ });
        await visible(toast);
        const t = (await toast.boundingBox())!;
        const b = (await actions.boundingBox())!;
        expect(t.y + t.height <= b.y || b.y + b.height <= t.y || t.x + t.width <= b.x || b.x + b.width <= t.x, `the toast at ${JSON.stringify(t)} covers the actions at ${JSON.stringify(b)}`).toBe(
          true,
        );

        // opened, the quote shows and the frame grows to hold it; closed again, it hides
        await pane.evaluate((el) => (el.scrollTop = 0));
        await summary.click();
        await visible(quoted);
        await visible(frame.getByText('An even older message.'));
        const open = await until(frameHeight, (h) => h > closed + 40, 'the frame grown to the opened quote');
        const quotedBox = (await quoted.boundingBox())!;
        const frameBox = (await iframe.boundingBox())!;
        expect(quotedBox.y + quotedBox.height).toBeLessThanOrEqual(frameBox.y + frameBox.height); // within the frame, not cut off
        await summary.click();
        await until(
          () => quoted.isVisible(),
          (v) => !v,
          'the quote hidden again',
        );
        await until(frameHeight, (h) => h < open, 'the frame shrunk back');
      } finally {
        await context.close();
      }
    });
  }
});
