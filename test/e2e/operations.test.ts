// An operator's work in the dashboard (issue 36): erasing a person from their contact page
// (docs/api.md "Erasing a person": Erase stays off until the address is typed, then the person
// and their replies are gone from the contacts and the inbox, and the audit log says who erased
// them; axe-core on the dialog), and the workspace's retention (docs/api.md "Retention": a
// shorter one asks first).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityProblems, available } from './browser.ts';
import { until, visible } from './wait.ts';
import { startWorkspace, type Workspace } from './workspace.ts';

const OWNER = { email: 'rita@agency.example', password: 'rita horse battery staple', role: 'owner' as const };
const ERIN = 'erin.leaving@prospect.example';

describe.skipIf(!available)('operations in the dashboard', { timeout: 90_000 }, () => {
  let ws: Workspace;
  let contactId = '';

  beforeAll(async () => {
    ws = await startWorkspace([OWNER]);
    contactId = (await ws.ingest({ from_email: ERIN, from_name: 'Erin Leaving', subject: 'Re: please forget me' })).contact_id;
    await ws.ingest({ from_email: ERIN, from_name: 'Erin Leaving', subject: 'Re: and this one too' });
    await ws.ingest({ from_email: 'olga@prospect.example', subject: 'Re: pricing' });
  }, 180_000);
  afterAll(async () => {
    await ws?.close();
  });

  it('asks for the address typed out, then the person is gone from contacts and the inbox, and the audit log names who erased them', async () => {
    const page = ws.pages[0]!;
    await page.goto(`${ws.server.base}/contacts/${contactId}`);
    await page.getByRole('button', { name: 'Erase this person…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Erase this person' });
    const erase = dialog.getByRole('button', { name: 'Erase', exact: true });
    expect(await erase.isDisabled()).toBe(true);
    await dialog.getByLabel('Type the address to confirm').fill('erin@someone-else.example');
    expect(await erase.isDisabled()).toBe(true);
    expect(await accessibilityProblems(page)).toEqual([]);
    await dialog.getByLabel('Type the address to confirm').fill(ERIN.toUpperCase());
    await erase.click();

    await until(
      () => Promise.resolve(new URL(page.url()).pathname),
      (p) => p === '/contacts',
      'the contacts page',
    );
    await visible(page.getByText('olga@prospect.example'));
    expect(await page.getByText(ERIN).count()).toBe(0);
    expect(((await ws.call('GET', '/api/replies')) as { from_email: string }[]).map((r) => r.from_email)).toEqual(['olga@prospect.example']);

    await page.goto(`${ws.server.base}/settings/audit`);
    const row = page.getByRole('row', { name: /erased a person/ });
    await visible(row);
    expect(await row.textContent()).toContain(contactId);
    expect(await row.textContent()).toContain('rita');
  });

  it('Settings → Workspace → Keep replies: a shorter retention asks first, then is saved and in the audit log', async () => {
    const page = ws.pages[0]!;
    await page.goto(`${ws.server.base}/settings/workspace`);
    const keep = page.getByLabel('Keep replies');
    await until(
      async () => (await keep.locator('option:checked').textContent()) ?? '',
      (t) => t === 'Forever',
      'the current retention',
    );
    await keep.selectOption({ label: '90 days' });
    await page.locator('#workspace-retention ~ button', { hasText: 'Save' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete older replies?' });
    await visible(confirm);
    expect(await accessibilityProblems(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Keep 90 days' }).click();
    await until(
      async () => (await ws.call('GET', '/api/retention')) as { days: number | null },
      (r) => r.days === 90,
      'the saved retention',
    );
    await page.goto(`${ws.server.base}/settings/audit`);
    await visible(page.getByRole('row', { name: /changed how long replies are kept to 90 days/ }));
  });
});
