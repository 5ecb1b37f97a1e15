// The inbox, all day long (issue 34): what a team tripped over in a real browser, each fixed and
// tried here as a person would, against the real server process (a SQLite file, mail captured).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { accessibilityProblems, available, SHOTS, signIn } from './browser.ts';
import { count, until, url, visible } from './wait.ts';
import { startWorkspace, type Workspace } from './workspace.ts';

const OWNER = { email: 'olga@agency.example', password: 'olga horse battery staple', role: 'owner' as const };
const MEMBER = { email: 'max@agency.example', password: 'max horse battery staple', role: 'member' as const };

describe.skipIf(!available)('the inbox, all day long', { timeout: 60_000 }, () => {
  let ws: Workspace;
  let page: Page;
  let member: Page;
  const categories: Record<string, string> = {};
  const list = () => page.getByRole('list', { name: 'Reply list' });

  beforeAll(async () => {
    ws = await startWorkspace([OWNER, MEMBER]);
    [page, member] = ws.pages as [Page, Page];
    for (const c of (await ws.call('GET', '/api/categories')) as { id: string; name: string }[]) categories[c.name] = c.id;
  }, 180_000);

  afterAll(async () => {
    await ws?.close();
  });

  /** Takes a reply out of the views the next tests count. */
  const archive = (...ids: string[]) => ws.call('POST', '/api/replies/bulk', { ids, status: 'archived' });

  it('`c` opens the category picker; the arrow keys change nothing, Enter sets the one chosen, once', async () => {
    // a long reply: its draft and actions sit at the foot of the screen, where toasts go
    const reply = await ws.ingest({
      subject: 'Re: Picking a category',
      from_email: 'pat@picker.example',
      body_text: Array.from({ length: 80 }, (_, i) => `Line ${i + 1} of a long answer.`).join('\n'),
    });
    await page.goto(`${ws.server.base}/inbox/${reply.id}`);
    await visible(page.getByRole('button', { name: 'Category: No category' }));
    await page.locator('body').press('c');
    const picker = page.getByRole('group', { name: 'Set the category' });
    await visible(picker);
    const shown = await picker.getByRole('button').allInnerTexts();
    // from the first choice, down, down, up, down: the third
    for (const key of ['ArrowDown', 'ArrowDown', 'ArrowUp', 'ArrowDown']) await page.keyboard.press(key);
    const chosen = shown[2]!.trim();
    // browsing saved nothing: no toast, the reply still has no category
    expect(
      await page
        .getByRole('status')
        .getByText(/^Category/)
        .count(),
    ).toBe(0);
    expect(((await ws.call('GET', `/api/replies/${reply.id}`)) as { category_id: string | null }).category_id).toBeNull();
    await page.keyboard.press('Enter');
    await visible(page.getByRole('button', { name: `Category: ${chosen}` }));
    // its toast sits clear of the draft and its actions, scrolled to the foot of the screen
    await page.getByRole('group', { name: 'Reply actions' }).evaluate((el) => el.scrollIntoView({ block: 'end' }));
    const toast = await page.locator('.toast').first().boundingBox();
    for (const part of [page.getByRole('group', { name: 'Reply actions' }), page.getByLabel('Draft', { exact: true })]) {
      const box = (await part.boundingBox())!;
      const apart = toast!.x + toast!.width <= box.x || box.x + box.width <= toast!.x || toast!.y + toast!.height <= box.y || box.y + box.height <= toast!.y;
      expect(apart, 'the toast covers the draft or its actions').toBe(true);
    }
    const read = await until(
      () => ws.call('GET', `/api/replies/${reply.id}`) as Promise<{ category_id: string | null; activity: { action: string }[] }>,
      (r) => r.category_id !== null,
      'the category saved',
    );
    expect(read.category_id).toBe(categories[chosen]);
    expect(read.activity.filter((e) => e.action === 'category')).toHaveLength(1);
    await archive(reply.id);
  });

  it('`e` archives the selection when there is one: x, j, x, e archives both replies and clears the bar', async () => {
    const older = await ws.ingest({ subject: 'Re: Select me first', from_email: 'sel1@select.example', received_at: new Date(Date.now() - 1_000).toISOString() });
    const newer = await ws.ingest({ subject: 'Re: Select me second', from_email: 'sel2@select.example' });
    await page.goto(`${ws.server.base}/inbox/${newer.id}?status=pending`);
    await visible(list().getByText('Re: Select me second'));
    await page.locator('body').press('x');
    await visible(page.getByText('1 selected'));
    await page.keyboard.press('j');
    await url(page, new RegExp(`/inbox/${older.id}`));
    // the reply view has followed (a key pressed before the page re-rendered would act on the one before)
    await visible(page.getByRole('heading', { name: 'Re: Select me first' }));
    await page.keyboard.press('x');
    await visible(page.getByText('2 selected'));
    await page.keyboard.press('e');
    await count(list().getByText(/^Re: Select me/), 0);
    await count(page.getByRole('group', { name: 'Bulk actions' }), 0);
    for (const id of [older.id, newer.id]) expect(((await ws.call('GET', `/api/replies/${id}`)) as { status: string }).status).toBe('archived');
  });

  it('do-not-contact is set and cleared on the contact card; while set, Send is disabled with a plain reason; Unsubscribe chosen by hand sets it', async () => {
    const reply = await ws.ingest({ subject: 'Re: Please stop', from_email: 'stop@nomore.example' });
    const contact = () => ws.call('GET', `/api/contacts/${reply.contact_id}`) as Promise<{ do_not_contact: boolean; do_not_contact_reason: string | null }>;
    await page.goto(`${ws.server.base}/inbox/${reply.id}`);
    await page.getByRole('button', { name: 'Mark do-not-contact' }).click();
    await visible(page.getByText(/nothing can be sent to them/));
    expect(await page.getByRole('button', { name: 'Send', exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Send later' }).isDisabled()).toBe(true);
    expect((await contact()).do_not_contact).toBe(true);
    await page.getByRole('button', { name: 'Clear do-not-contact' }).click();
    await until(
      () => page.getByRole('button', { name: 'Send', exact: true }).isEnabled(),
      (on) => on,
      'Send enabled again',
    );
    expect((await contact()).do_not_contact).toBe(false);

    // Unsubscribe chosen by hand marks the contact, as triage's Unsubscribe does
    await page.locator('body').press('c');
    await page.getByRole('group', { name: 'Set the category' }).getByRole('button', { name: 'Unsubscribe' }).click();
    await visible(page.getByRole('button', { name: 'Clear do-not-contact' }));
    expect(await contact()).toMatchObject({ do_not_contact: true, do_not_contact_reason: expect.stringMatching(/^Unsubscribe chosen by hand/) });
    expect(await page.getByRole('button', { name: 'Send', exact: true }).isDisabled()).toBe(true);
    await archive(reply.id);
  });

  it('a member sees the categories, clients and triage settings read-only, and the server refuses their changes', async () => {
    await member.goto(`${ws.server.base}/settings/categories`);
    await visible(member.getByRole('note').getByText('Only owners and admins can change categories'));
    await visible(member.getByRole('cell', { name: 'Interested' }).first());
    expect(await member.getByRole('button', { name: 'New category' }).count()).toBe(0);
    expect(await member.getByRole('button', { name: /^Delete / }).count()).toBe(0);
    await member.goto(`${ws.server.base}/settings/triage`);
    await visible(member.getByRole('note').getByText("Only owners and admins can change triage's settings"));
    expect(await member.getByRole('button', { name: 'Save triage settings' }).isDisabled()).toBe(true);
    // the page only hides: the server is what refuses
    const status = await member.evaluate(async () => {
      const session = (await (await fetch('/dashboard/api/session')).json()).data as { csrf_token: string };
      const res = await fetch('/api/categories', { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrf_token }, body: JSON.stringify({ name: 'Mine' }) });
      return res.status;
    });
    expect(status).toBe(403);
    // the owner's page has the controls
    await page.goto(`${ws.server.base}/settings/categories`);
    await visible(page.getByRole('button', { name: 'New category' }));
    expect(await page.getByRole('note').count()).toBe(0);
  });

  it('a contact filter shows as a chip with a remove button; Clear all filters clears every one', async () => {
    const mine = await ws.ingest({ subject: 'Re: Only from Kim', from_email: 'kim@filter.example', from_name: 'Kim Lee' });
    const other = await ws.ingest({ subject: 'Re: From someone else', from_email: 'lou@filter.example' });
    await page.goto(`${ws.server.base}/inbox?contact_id=${mine.contact_id}`);
    const chips = page.getByRole('group', { name: 'Active filters' });
    await visible(chips.getByText('From Kim Lee'));
    await count(list().getByText(/^Re: (Only from Kim|From someone else)$/), 1);
    await chips.getByRole('button', { name: 'Remove the filter: from Kim Lee' }).click();
    await count(list().getByText(/^Re: (Only from Kim|From someone else)$/), 2);
    expect(page.url()).not.toContain('contact_id');
    await count(chips, 0);
    await page.goto(`${ws.server.base}/inbox?contact_id=${mine.contact_id}&received_before=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`);
    await visible(chips.getByText(/^Received before /));
    await chips.getByRole('button', { name: 'Clear all filters' }).click();
    await count(chips, 0);
    expect(page.url()).not.toMatch(/contact_id|received_before/);
    await archive(mine.id, other.id);
  });

  it('counts follow every change at once and the view: a snooze and its undo move the tab counts and the footer; the tabs count under the filters and the search', async () => {
    const a = await ws.ingest({ subject: 'Re: Count me in', from_email: 'count1@count.example' });
    const b = await ws.ingest({ subject: 'Re: Count me in too', from_email: 'count2@count.example' });
    const tabCount = async (name: string) => {
      const label = await page
        .getByRole('navigation', { name: 'Status' })
        .getByRole('link', { name: new RegExp(`^${name}`) })
        .innerText();
      return Number(/(\d[\d,]*)\s*$/.exec(label)?.[1]?.replace(/,/g, '') ?? NaN);
    };
    const footer = async () => Number(/^(\d+) repl/.exec(await page.getByText(/^\d+ repl(y|ies)$/).innerText())?.[1] ?? NaN);
    const soon = <T>(read: () => Promise<T>, want: T, what: string) => until(read, (v) => v === want, what, 3_000); // well before the 15-second refresh
    await page.goto(`${ws.server.base}/inbox/${a.id}?status=pending`);
    await visible(list().getByText('Re: Count me in too'));
    const pending = await tabCount('Pending');
    const snoozed = await tabCount('Snoozed');
    expect(await footer()).toBe(pending);
    await page.locator('body').press('s');
    await page
      .getByRole('group', { name: 'Snooze until' })
      .getByRole('button', { name: /^Tomorrow/ })
      .click();
    await soon(() => tabCount('Pending'), pending - 1, 'Pending one down');
    await soon(() => tabCount('Snoozed'), snoozed + 1, 'Snoozed one up');
    await soon(footer, pending - 1, 'the footer one down');
    await page.locator('body').press('z');
    await soon(() => tabCount('Pending'), pending, 'Pending back');
    await soon(() => tabCount('Snoozed'), snoozed, 'Snoozed back');
    await soon(footer, pending, 'the footer back');

    // a search counts its matches in every tab
    await page.goto(`${ws.server.base}/inbox?q=${encodeURIComponent('count me in')}`);
    await count(list().getByText(/^Re: Count me in/), 2);
    await soon(() => tabCount('Pending'), 2, 'Pending counts the matches');
    await soon(() => tabCount('Archived'), 0, 'Archived counts the matches');
    await archive(a.id, b.id);
    await page.goto(`${ws.server.base}/inbox?q=${encodeURIComponent('count me in')}`);
    await soon(() => tabCount('Archived'), 2, 'the archived matches, in their tab');
  });

  it('focus follows the open reply: j puts it on the reply, Tab goes on into the reply; z after an archive brings the reply back and opens it', async () => {
    const second = await ws.ingest({ subject: 'Re: Focus two', from_email: 'f2@focus.example', received_at: new Date(Date.now() - 1_000).toISOString() });
    const first = await ws.ingest({ subject: 'Re: Focus one', from_email: 'f1@focus.example' });
    await page.goto(`${ws.server.base}/inbox/${first.id}?status=pending`);
    await visible(page.getByRole('heading', { name: 'Re: Focus one' }));
    await page.locator('body').press('j');
    await url(page, new RegExp(`/inbox/${second.id}`));
    const focused = () => page.evaluate(() => ({ tag: document.activeElement?.tagName, text: document.activeElement?.textContent, inReply: !!document.activeElement?.closest('article.reply') }));
    await until(focused, (f) => f.tag === 'H1' && f.text === 'Re: Focus two', 'focus on the open reply');
    await page.keyboard.press('Tab');
    expect((await focused()).inReply).toBe(true);
    // archive it, and take it back: the reply is open again
    await page.locator('body').press('e');
    await url(page, new RegExp(`/inbox/(?!${second.id})`));
    await page.keyboard.press('z');
    await url(page, new RegExp(`/inbox/${second.id}`));
    await until(
      () => ws.call('GET', `/api/replies/${second.id}`) as Promise<{ status: string }>,
      (r) => r.status === 'pending',
      'the archive undone',
    );
    await visible(list().getByText('Re: Focus two'));
    await archive(first.id, second.id);
  });

  it('Settings → Members: a pending invitation can be sent again (a new link is shown) and revoked', async () => {
    await page.goto(`${ws.server.base}/settings/members`);
    await page.getByRole('button', { name: 'Invite member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite member' });
    await dialog.getByLabel('Email').fill('newbie@agency.example');
    await dialog.locator('button[type=submit]').click();
    const sent = page.getByRole('dialog', { name: 'Invitation sent' });
    const firstLink = await sent.getByLabel('Invitation link').inputValue();
    await sent.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Resend the invitation to newbie@agency.example' }).click();
    const again = await page.getByRole('dialog', { name: 'Invitation sent' }).getByLabel('Invitation link').inputValue();
    expect(again).toMatch(/\/invite\//);
    expect(again).not.toBe(firstLink);
    await page.getByRole('dialog', { name: 'Invitation sent' }).getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Revoke the invitation to newbie@agency.example' }).click();
    await visible(page.getByRole('status').getByText('Invitation to newbie@agency.example revoked: its link no longer works'));
    await count(page.getByRole('cell', { name: 'newbie@agency.example' }), 0);
  });

  it('the reply view sets the client with its picker, and the History says so', async () => {
    const client = (await ws.call('POST', '/api/clients', { name: 'Globex' })) as { id: string };
    const reply = await ws.ingest({ subject: 'Re: Whose is this?', from_email: 'hank@globex.example' });
    await page.goto(`${ws.server.base}/inbox/${reply.id}`);
    await page.getByRole('button', { name: 'Client: No client' }).click();
    await page.getByRole('group', { name: 'Set the client' }).getByRole('button', { name: 'Globex' }).click();
    await visible(page.getByRole('button', { name: 'Client: Globex' }));
    await until(
      () => ws.call('GET', `/api/replies/${reply.id}`) as Promise<{ client_id: string | null }>,
      (r) => r.client_id === client.id,
      'the client saved',
    );
    await page.getByText(/^History \(/).click();
    await visible(page.locator('.history-item').getByText('olga set the client to Globex'));
    await archive(reply.id);
  });

  it('the mailbox form marks every problem at once next to its field, never creates a mailbox with servers ticked and left blank, and a mailbox without servers is "Not connected" everywhere', async () => {
    await page.goto(`${ws.server.base}/settings/mailboxes`);
    await page.getByRole('button', { name: 'New mailbox' }).click();
    const dialog = page.getByRole('dialog', { name: 'New mailbox' });
    await dialog.getByLabel('Name', { exact: true }).fill('Blank servers');
    await dialog.getByLabel('Email', { exact: true }).fill('blank@agency.example');
    await dialog.getByLabel('Connect IMAP and SMTP').check();
    await dialog.getByRole('button', { name: 'Create mailbox' }).click();
    await visible(dialog.getByText('Enter the IMAP server (and SMTP to send through it)'));
    expect(await dialog.getByLabel('IMAP host').getAttribute('aria-invalid')).toBe('true');
    // a server begun: all of what it lacks, at once
    await dialog.getByLabel('IMAP host').fill('imap.agency.example');
    await dialog.getByLabel('IMAP port').fill('99999');
    await dialog.getByRole('button', { name: 'Create mailbox' }).click();
    await visible(dialog.getByText('3 fields need attention'));
    for (const label of ['IMAP port', 'IMAP username', 'IMAP password']) expect(await dialog.getByLabel(label).getAttribute('aria-invalid'), label).toBe('true');
    expect(await dialog.getByLabel('IMAP host').getAttribute('aria-invalid')).toBeNull();
    expect(((await ws.call('GET', '/api/connections')) as { email: string }[]).map((c) => c.email)).not.toContain('blank@agency.example');
    // what only the server checks (a host name with a space) is marked on its field too
    await dialog.getByLabel('IMAP host').fill('imap agency.example');
    await dialog.getByLabel('IMAP port').fill('993');
    await dialog.getByLabel('IMAP username').fill('blank@agency.example');
    await dialog.getByLabel('IMAP password').fill('secret');
    await dialog.getByRole('button', { name: 'Create mailbox' }).click();
    await visible(dialog.getByText('IMAP host has an invalid format.'));
    expect(await dialog.getByLabel('IMAP host').getAttribute('aria-invalid')).toBe('true');
    // no servers, on purpose
    await dialog.getByLabel('Connect IMAP and SMTP').uncheck();
    await dialog.getByRole('button', { name: 'Create mailbox' }).click();
    await count(dialog, 0);
    const row = page.getByRole('row').filter({ hasText: 'blank@agency.example' });
    await visible(row.getByText('Not connected'));
    // the sidebar names it the same (for a screen reader; a grey dot on screen)
    await until(
      async () =>
        (await page
          .getByRole('navigation', { name: 'Mailboxes' })
          .getByRole('link', { name: /blank@agency\.example/ })
          .textContent()) ?? '',
      (t) => t.includes('Not connected'),
      'the sidebar saying Not connected',
    );
  });

  for (const [width, height] of [
    [390, 844],
    [768, 1024],
    [1024, 768],
    [1440, 900],
  ] as const) {
    it(`at ${width}×${height}: the inbox with a reply open and the Settings pages fit the width, with no accessibility problem`, async () => {
      const reply = await ws.ingest({ subject: 'Re: A narrow screen', from_email: 'a-very-long-sender-address-indeed@subdomain.narrow-screens.example', body_text: 'Does it fit?' });
      const context = await ws.browser.newContext({ viewport: { width, height } });
      try {
        const small = await context.newPage();
        await signIn(small, ws.server.base, OWNER);
        const overflow = () => small.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        for (const path of [`/inbox/${reply.id}`, '/settings/webhooks', '/settings/triage', '/settings/members', '/settings/mailboxes']) {
          await small.goto(`${ws.server.base}${path}`);
          await visible(small.locator('main, .reply, .page-head').first());
          await small.waitForLoadState('networkidle');
          expect(await overflow(), `${path} scrolls sideways at ${width}px`).toBeLessThanOrEqual(0);
          expect(await accessibilityProblems(small), `${path} at ${width}px`).toEqual([]);
          if (path.startsWith('/inbox')) await small.screenshot({ path: join(SHOTS, `inbox-${width}.png`) });
        }
      } finally {
        await context.close();
        await archive(reply.id);
      }
    });
  }
});
