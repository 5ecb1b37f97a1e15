// The composer (issue 34, "The inbox, all day long"; docs/dashboard.md "The composer"): a
// mailbox's display name and client set in Settings; Cc, Bcc, a file and a template in the
// draft of a reply that came to that mailbox; the answer as it is stored to be sent.
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { available } from './browser.ts';
import { count, until, visible } from './wait.ts';
import { startWorkspace, type Workspace } from './workspace.ts';

const OWNER = { email: 'rita@agency.example', password: 'rita horse battery staple', role: 'owner' as const };

describe.skipIf(!available)('the composer', { timeout: 90_000 }, () => {
  let ws: Workspace;

  beforeAll(async () => {
    ws = await startWorkspace([OWNER]);
  }, 180_000);
  afterAll(async () => {
    await ws?.close();
  });

  it("a mailbox's display name and client are set in Settings, and its replies are the client's", async () => {
    const page = ws.pages[0]!;
    const client = (await ws.call('POST', '/api/clients', { name: 'Northwind', service_description: 'Cold email for logistics' })) as { id: string };
    await page.goto(`${ws.server.base}/settings/mailboxes`);
    await page.getByRole('button', { name: 'New mailbox' }).click();
    const dialog = page.getByRole('dialog', { name: 'New mailbox' });
    await dialog.getByLabel('Name', { exact: true }).fill('Dana');
    await dialog.getByLabel('Email', { exact: true }).fill('dana@agency.example');
    await dialog.getByLabel('Display name').fill('Dana Reyes');
    await visible(dialog.getByText('“Dana Reyes <dana@agency.example>”'));
    await dialog.getByLabel('Client').selectOption({ label: 'Northwind' });
    await dialog.getByRole('button', { name: 'Create mailbox' }).click();
    await count(dialog, 0);
    const box = ((await ws.call('GET', '/api/connections')) as { email: string; display_name: string; client_id: string | null }[]).find((c) => c.email === 'dana@agency.example');
    expect(box).toMatchObject({ display_name: 'Dana Reyes', client_id: client.id });
    const reply = await ws.ingest({ to_email: 'dana@agency.example', subject: 'Re: Northwind' });
    expect(((await ws.call('GET', `/api/replies/${reply.id}`)) as { client: { name: string } | null }).client).toMatchObject({ name: 'Northwind' });
  });

  it('Cc, Bcc, a file and a template go into the answer; the template is undone with z; Bcc stays out of the headers', async () => {
    const page = ws.pages[0]!;
    await ws.call('PATCH', '/api/triage', { sender_name: 'Rita', signature: 'Rita\nNorthwind Agency' });
    const reply = await ws.ingest({ from_email: 'grace@hopper.example', from_name: 'Grace Hopper', subject: 'Re: Compilers', contact: { first_name: 'Grace' } });
    await page.goto(`${ws.server.base}/inbox/${reply.id}`);
    const draft = page.getByLabel('Draft', { exact: true });
    await visible(draft);
    await visible(page.getByText('Grace Hopper <grace@hopper.example>'));

    // a template fills the draft; its toast's Undo (z) puts back what was there
    await draft.fill('My own words');
    await page.getByRole('button', { name: 'Templates' }).click();
    const plain = page.getByRole('button', { name: 'Plain reply' });
    await visible(plain);
    await plain.click();
    await until(
      () => draft.inputValue(),
      (v) => v.startsWith('Hi Grace,\n\nThanks for your reply.'),
      'the template in the draft',
    );
    expect(await draft.inputValue()).toContain('Rita\nNorthwind Agency');
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('z');
    await until(
      () => draft.inputValue(),
      (v) => v === 'My own words',
      'the draft as it was',
    );
    await page.getByRole('button', { name: 'Templates' }).click();
    await page.getByRole('button', { name: 'Plain reply' }).click();
    await until(
      () => draft.inputValue(),
      (v) => v.startsWith('Hi Grace,'),
      'the template again',
    );

    // copies and a file
    await page.getByRole('button', { name: 'Cc', exact: true }).click();
    await page.getByLabel('Cc', { exact: true }).fill('lead@agency.example');
    await page.getByRole('button', { name: 'Bcc', exact: true }).click();
    await page.getByLabel('Bcc', { exact: true }).fill('crm@agency.example');
    await page.locator('#compose-attach').setInputFiles({ name: 'prices.csv', mimeType: 'text/csv', buffer: Buffer.from('plan,price\nstarter,99\n') });
    await visible(page.getByRole('list', { name: 'Attached files' }).getByText('prices.csv'));
    // over the limit: said at once, nothing added
    await page.locator('#compose-attach').setInputFiles({ name: 'huge.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(11 * 1024 * 1024) });
    await visible(page.getByText('Files may total at most 10 MB'));
    expect(await page.getByRole('list', { name: 'Attached files' }).getByRole('listitem').count()).toBe(1);

    await page.getByRole('button', { name: /^Send/ }).first().click();
    await visible(page.getByText('Sending to grace@hopper.example'));
    const detail = (await ws.call('GET', `/api/replies/${reply.id}`)) as { outgoing: { id: string; to: string[]; status: string }[] };
    expect(detail.outgoing[0]).toMatchObject({ to: ['grace@hopper.example', 'lead@agency.example', 'crm@agency.example'], status: 'scheduled' });
    const db = new Database(ws.env.DATABASE_URL.replace(/^file:/, ''), { readonly: true });
    try {
      const { raw } = db.prepare('select raw from outgoing_messages where id = ?').get(detail.outgoing[0]!.id) as { raw: string };
      expect(raw).toMatch(/^Cc: lead@agency\.example/m);
      expect(raw).not.toContain('crm@agency.example');
      expect(raw).toMatch(/filename=prices\.csv/);
      expect(raw).toContain('Thanks for your reply.');
    } finally {
      db.close();
    }
  });
});
