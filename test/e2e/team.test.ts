// The team's inbox in a real browser (issue 33): two people of one workspace, each in a browser
// context of their own, against the real server process (`replydesk serve`, a SQLite file, mail
// captured). Assigning with `a` and the Team shortcuts; a note that reaches a teammate's open
// reply without a reload, and an assignment that does too; the History in words with who did
// what; axe-core on the reply view with notes and history; the README's screenshot of it.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityProblems, available, SHOTS } from './browser.ts';
import { startWorkspace, type Workspace } from './workspace.ts';
import { count, text, until, url, value, visible } from './wait.ts';

const ANA = { email: 'ana@agency.example', password: 'ana horse battery staple' };
const BEN = { email: 'ben@agency.example', password: 'ben horse battery staple' };

/** Marks in the page when its live stream (EventSource) is open, so a test acts only once it listens. */
const WATCH_LIVE = () => {
  const Native = window.EventSource;
  window.EventSource = class extends Native {
    constructor(...args: ConstructorParameters<typeof EventSource>) {
      super(...args);
      this.addEventListener('open', () => ((window as { liveOpen?: boolean }).liveOpen = true));
    }
  };
};
const listening = (page: Page) =>
  until(
    () => page.evaluate(() => (window as { liveOpen?: boolean }).liveOpen === true),
    (open) => open,
    'the live stream to open',
  );

describe.skipIf(!available)("the team's inbox in a browser", { timeout: 60_000 }, () => {
  let ws: Workspace;
  let server: Workspace['server'];
  let call: Workspace['call'];
  let ingest: Workspace['ingest'];
  let ana: Page;
  let ben: Page;
  const ids = { ana: '', ben: '' };
  let pricing = '';
  const list = (page: Page) => page.getByRole('list', { name: 'Reply list' });

  beforeAll(async () => {
    ws = await startWorkspace(
      [
        { ...ANA, role: 'owner' },
        { ...BEN, role: 'member' },
      ],
      { initScript: WATCH_LIVE },
    );
    ({ server, call, ingest } = ws);
    [ana, ben] = ws.pages as [Page, Page];
    const members = (await call('GET', '/api/members')) as { id: string; email: string }[];
    ids.ana = members.find((m) => m.email === ANA.email)!.id;
    ids.ben = members.find((m) => m.email === BEN.email)!.id;
  }, 180_000);

  afterAll(async () => {
    await ws?.close();
  });

  it('assigns with `a` in the reply view; then "Assigned to me" lists the reply and "Unassigned" does not', async () => {
    pricing = (await ingest({ subject: 'Re: Pricing for Northwind', body_text: 'Hi Sam,\nSounds interesting. Could you send pricing?\n\nAda' })).id;
    await ingest({ from_email: 'jonas@bluefin.example', from_name: 'Jonas Fischer', subject: 'Re: Helping Bluefin', body_text: 'Tell me more.' });
    // the members arrive late, as on a busy server: the picker opens on "Loading members…" and
    // still focuses the first choice once it is there
    await ana.route('**/api/members', async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await ana.goto(`${server.base}/inbox/${pricing}`);
    await visible(ana.getByRole('button', { name: 'Assign', exact: true }));
    await ana.keyboard.press('a');
    const menu = ana.getByRole('group', { name: 'Assign to' });
    await visible(menu);
    // the picker opens with the person themselves first, focused: Enter assigns
    await until(
      () => ana.evaluate(() => document.activeElement?.textContent ?? ''),
      (t) => t.includes('ana (me)'),
      'the first choice to have focus',
    );
    await ana.unroute('**/api/members');
    await ana.keyboard.press('Enter');
    await visible(ana.getByRole('button', { name: 'Assigned to ana' }));
    await count(menu, 0);
    await until(
      () => call('GET', `/api/replies/${pricing}`),
      (r) => r.assignee?.id === ids.ana,
      'the assignment to be stored',
    );
    await visible(list(ana).getByRole('listitem').filter({ hasText: 'Re: Pricing for Northwind' }).getByTitle('Assigned to ana'));

    await ana.getByRole('navigation', { name: 'Team' }).getByRole('link', { name: 'Assigned to me' }).click();
    await url(ana, new RegExp(`assignee_id=${ids.ana}`));
    await value(ana.getByLabel('Assignee'), ids.ana);
    await visible(list(ana).getByText('Re: Pricing for Northwind'));
    await count(list(ana).getByRole('listitem'), 1);

    await ana.getByRole('navigation', { name: 'Team' }).getByRole('link', { name: 'Unassigned' }).click();
    await url(ana, /assignee_id=none/);
    await visible(list(ana).getByText('Re: Helping Bluefin'));
    await count(list(ana).getByText('Re: Pricing for Northwind'), 0);
  });

  it("a note added by one person shows in a teammate's open reply without a reload, and so does an assignment; nobody is mailed", async () => {
    await ana.goto(`${server.base}/inbox/${pricing}`);
    await ben.goto(`${server.base}/inbox/${pricing}`);
    await Promise.all([listening(ana), listening(ben)]);
    await visible(ana.getByLabel('Add an internal note'));
    const reloads: string[] = [];
    ana.on('framenavigated', (f) => {
      if (f === ana.mainFrame()) reloads.push(f.url());
    });

    const note = ben.getByLabel('Add an internal note');
    await note.fill('Client wants a call first: check with Ana before answering.');
    await note.press('Control+Enter');
    await value(note, '');
    const notes = ana.getByRole('region', { name: 'Internal notes' });
    await text(notes.getByRole('listitem'), 'Client wants a call first');
    await text(notes.getByRole('listitem'), 'ben');
    await text(notes.getByRole('listitem'), /internal note/i); // shown in capitals

    // ana hands the reply to ben with the picker; ben's open reply says so at once
    await ana.getByRole('button', { name: 'Assigned to ana' }).click();
    await ana.getByRole('group', { name: 'Assign to' }).getByRole('button', { name: /^ben/ }).click();
    await visible(ben.getByRole('button', { name: 'Assigned to ben' }));
    expect(reloads).toEqual([]);
    const outbox = await ana.evaluate(async () => (await (await fetch('/dashboard/api/outbox')).json()).data as unknown[]);
    expect(outbox).toEqual([]);
  });

  it('the History says who did what in words: the assignments, the note, a key setting the category', async () => {
    const interested = ((await call('GET', '/api/categories?limit=100')) as { id: string; name: string }[]).find((c) => c.name === 'Interested')!;
    await call('PATCH', `/api/replies/${pricing}`, { category_id: interested.id });
    await ana.goto(`${server.base}/inbox/${pricing}`);
    const mine = ana.getByLabel('Add an internal note');
    await mine.fill('I spoke to their CTO on Monday: pricing for 12 seats, annual.');
    await ana.getByRole('button', { name: /^Add note/ }).click();
    await value(mine, '');
    await ana.getByText(/^History \(/).click();
    // oldest first, like the thread and the notes: the latest change sits next to the draft
    const said = ['ana assigned this to themselves', 'ben added a note', 'ana reassigned this from ana to ben', 'sam (API key) set the category to Interested', 'ana added a note'];
    await until(
      () => ana.locator('.history-item > span').allInnerTexts(),
      (lines) => JSON.stringify(lines) === JSON.stringify(said),
      'the history in words',
    );
    await text(ana.locator('.history-item time').first(), /just now|min ago/);
    expect(await accessibilityProblems(ana)).toEqual([]);
    await ana.setViewportSize({ width: 1440, height: 1180 }); // the whole reply, notes and history in one picture
    try {
      await ana.screenshot({ path: path.join(SHOTS, 'reply-team.png') });
    } finally {
      await ana.setViewportSize({ width: 1440, height: 900 });
    }
  });

  it('two people writing the same draft: the second save is refused (If-Match) and both texts are offered; nothing is silently lost', async () => {
    const reply = await ingest({ subject: 'Re: Two drafts at once', from_email: 'grace@compiler.example' });
    await ana.goto(`${server.base}/inbox/${reply.id}`);
    await ben.goto(`${server.base}/inbox/${reply.id}`);
    await Promise.all([listening(ana), listening(ben)]);
    const anaDraft = ana.getByLabel('Draft', { exact: true });
    const benDraft = ben.getByLabel('Draft', { exact: true });
    await anaDraft.click(); // ana is writing: a refresh from the server leaves her text alone
    await benDraft.fill("Ben's answer: pricing attached.");
    await benDraft.blur();
    await until(
      () => call('GET', `/api/replies/${reply.id}`),
      (r: { ai_response: string | null }) => r.ai_response === "Ben's answer: pricing attached.",
      "ben's draft saved",
    );
    await anaDraft.fill("Ana's answer: let's talk Tuesday.");
    await anaDraft.blur();
    const choice = ana.getByRole('alertdialog', { name: /Someone else saved another draft/ });
    await text(choice, "Ben's answer: pricing attached.");
    await text(choice, "Ana's answer: let's talk Tuesday.");
    // ben's text is still what is stored until ana chooses
    expect((await call('GET', `/api/replies/${reply.id}`)).ai_response).toBe("Ben's answer: pricing attached.");
    await choice.getByRole('button', { name: 'Keep mine' }).click();
    await until(
      () => call('GET', `/api/replies/${reply.id}`),
      (r: { ai_response: string | null }) => r.ai_response === "Ana's answer: let's talk Tuesday.",
      "ana's draft saved over ben's, by her choice",
    );
    await count(ana.getByRole('alertdialog'), 0);
  });

  it('two people pressing Send on one reply send one mail, and the second sees who sent it', async () => {
    const reply = await ingest({ subject: 'Re: Who answers?', from_email: 'hedy@frequency.example' });
    await ana.goto(`${server.base}/inbox/${reply.id}`);
    await ben.goto(`${server.base}/inbox/${reply.id}`);
    await Promise.all([listening(ana), listening(ben)]);
    await ben.getByLabel('Draft', { exact: true }).fill('Thanks Hedy, here is the deck.');
    await ana.getByLabel('Draft', { exact: true }).fill('Hi Hedy, happy to help.');
    await ben.getByRole('button', { name: 'Send', exact: true }).click();
    // it leaves once its ten seconds of Undo are over (read no more often than the key's rate limit allows)
    const scheduled = await until(
      () => call('GET', `/api/replies/${reply.id}`),
      (r: { outgoing: { send_at: string | null }[] }) => r.outgoing.length > 0,
      "ben's answer, scheduled",
    );
    await new Promise((r) => setTimeout(r, Date.parse(scheduled.outgoing[0]!.send_at!) - Date.now()));
    await until(
      () => call('GET', `/api/replies/${reply.id}`),
      (r: { status: string }) => r.status === 'sent',
      "ben's send",
    );
    // ana's Send comes second: refused by the server if her page has not heard yet, disabled if it has
    const send = ana.getByRole('button', { name: 'Send', exact: true });
    if (await send.isEnabled()) await send.click();
    await visible(ana.getByText(/^Sent by ben/));
    const outbox = (await ana.evaluate(async () => (await (await fetch('/dashboard/api/outbox')).json()).data)) as { to?: string[]; recipients?: string[] }[];
    expect(outbox.filter((m) => JSON.stringify(m).includes('hedy@frequency.example'))).toHaveLength(1);
    expect((await call('GET', `/api/replies/${reply.id}`)).sent_response).toBe('Thanks Hedy, here is the deck.');
  });

  it('each sees the other on the same reply: "ben is viewing", then "ben is typing a reply…"', async () => {
    const reply = await ingest({ subject: 'Re: Presence', from_email: 'ida@lovelace.example' });
    await ana.goto(`${server.base}/inbox/${reply.id}`);
    await listening(ana);
    await ben.goto(`${server.base}/inbox/${reply.id}`);
    await listening(ben);
    const seen = ana.getByRole('status').filter({ hasText: /ben is/ });
    await text(seen, 'ben is viewing');
    await text(ben.getByRole('status').filter({ hasText: /ana is/ }), 'ana is viewing');
    await ben.getByLabel('Draft', { exact: true }).pressSequentially('Hi Ida');
    await text(seen, 'ben is typing a reply…');
    // ben leaves the reply: ana no longer sees him there
    await ben.goto(`${server.base}/inbox`);
    await count(seen, 0);
  });

  it("Settings → Clients assigns a client's new replies in turn to the members ticked, in that order", async () => {
    await ana.goto(`${server.base}/settings/clients`);
    await ana.getByRole('button', { name: 'New client' }).click();
    const dialog = ana.getByRole('dialog', { name: 'New client' });
    await dialog.getByLabel('Name').fill('Northwind');
    const turns = dialog.getByRole('group', { name: 'Assign new replies in turn to' });
    await turns.getByLabel(/^ben/).check();
    await turns.getByLabel(/^ana/).check();
    await dialog.getByRole('button', { name: 'Create client' }).click();
    await visible(ana.getByRole('cell', { name: 'ben, ana' }));
    const client = ((await call('GET', '/api/clients')) as { id: string; name: string; round_robin: string[] }[]).find((c) => c.name === 'Northwind')!;
    expect(client.round_robin).toEqual([ids.ben, ids.ana]);
    const first = await ingest({ subject: 'Re: Turn one', client_id: client.id });
    const second = await ingest({ subject: 'Re: Turn two', client_id: client.id });
    expect([first.assignee?.id, second.assignee?.id]).toEqual([ids.ben, ids.ana]);
    // archived, so the bulk test below sees only its own replies
    await call('POST', '/api/replies/bulk', { ids: [first.id, second.id], status: 'archived' });
  });

  it('the bulk bar assigns every selected reply at once', async () => {
    await ana.goto(`${server.base}/inbox?assignee_id=none`);
    await visible(list(ana).getByText('Re: Helping Bluefin'));
    await ana.getByLabel('Select all on page').check();
    const bulk = ana.getByRole('group', { name: 'Bulk actions' });
    await bulk.getByRole('button', { name: /^Assign/ }).click();
    await bulk.getByRole('group', { name: 'Assign to' }).getByRole('button', { name: /^ben/ }).click();
    await count(list(ana).getByRole('listitem'), 0); // none left unassigned
    const unassigned = await call('GET', '/api/replies?assignee_id=none&status=pending');
    expect(unassigned).toEqual([]);
    await ana.goto(`${server.base}/inbox?assignee_id=${ids.ben}`);
    await visible(list(ana).getByText('Re: Helping Bluefin'));
    await value(ana.getByLabel('Assignee'), ids.ben);
  });
});
