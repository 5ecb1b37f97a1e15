// Dashboard → Reports (issue 35; docs/dashboard.md "Reports"): the totals, the charts' tables
// and a CSV download agree with the replies ingested; the filters narrow it through the URL;
// no accessibility problem; a screenshot for the docs.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityProblems, available, SHOTS } from './browser.ts';
import { until, visible } from './wait.ts';
import { startWorkspace, type Workspace } from './workspace.ts';

const OWNER = { email: 'rita@agency.example', password: 'rita horse battery staple', role: 'owner' as const };

describe.skipIf(!available)('the Reports page', { timeout: 90_000 }, () => {
  let ws: Workspace;
  let replyId = '';
  const now = new Date();
  const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

  beforeAll(async () => {
    ws = await startWorkspace([OWNER]);
    const interested = (await ws.call('POST', '/api/categories', { name: 'Keen', color: '#16a34a', is_positive: true })) as { id: string };
    const later = (await ws.call('POST', '/api/categories', { name: 'Later', color: '#f59e0b', is_positive: false })) as { id: string };
    const acme = (await ws.call('POST', '/api/clients', { name: 'Acme', service_description: 'x' })) as { id: string };
    const globex = (await ws.call('POST', '/api/clients', { name: 'Globex', service_description: 'y' })) as { id: string };
    // minutes ago: today, in the browser's zone as in the test's (both this machine's)
    const hour = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
    // Acme: 3 keen of 4; Globex: 1 keen of 2 (and one without a category)
    for (const [category, client, at] of [
      [interested.id, acme.id, hour(1)],
      [interested.id, acme.id, hour(2)],
      [interested.id, acme.id, hour(3)],
      [later.id, acme.id, hour(4)],
      [interested.id, globex.id, hour(5)],
      [null, globex.id, hour(6)],
    ] as const) {
      replyId = (await ws.ingest({ from_email: `p${Math.random().toString(36).slice(2)}@prospect.example`, category_id: category, client_id: client, received_at: at })).id;
    }
  }, 180_000);
  afterAll(async () => {
    await ws?.close();
  });

  it('shows the totals and each chart with its table; a client filter narrows it; a table downloads as CSV; no accessibility problem', async () => {
    const page = ws.pages[0]!;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports' }).click();
    await visible(page.getByRole('heading', { name: 'Reports', level: 1 }));
    const totals = page.locator('.report-totals');
    await until(
      async () => (await totals.textContent()) ?? '',
      (t) => t.includes('Received6'),
      'the totals',
    );
    expect(await totals.textContent()).toContain('Positive4 (66.7 %)');

    // replies over time: today's row holds every reply, by category
    const overTime = page.getByRole('table', { name: 'Replies over time, by category' });
    const heads = await overTime.locator('thead th').allTextContents();
    expect(heads.slice(1).sort()).toEqual(['Keen', 'Later', 'Uncategorised']);
    const todayRow = overTime.getByRole('row', { name: new RegExp(today) });
    const cells = await todayRow.locator('td').allTextContents();
    expect(Object.fromEntries(heads.slice(1).map((h, i) => [h, cells[i]]))).toEqual({ Keen: '4', Later: '1', Uncategorised: '1' });

    const byClient = page.getByRole('table', { name: 'Positive rate by client' });
    await until(
      async () => (await byClient.locator('tbody').textContent()) ?? '',
      (t) => t.includes('Acme75.0 %') && t.includes('Globex50.0 %'),
      'the positive rate by client',
    );

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('region', { name: 'Positive rate by client' }).getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('positive-rate-by-client.csv');
    expect(await readFile((await download.path())!, 'utf8')).toBe('Client,Positive rate\r\nAcme,75\r\nGlobex,50\r\n');

    expect(await accessibilityProblems(page)).toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'reports.png'), fullPage: true });

    // a client: the URL carries it, the totals follow
    await page.getByRole('form', { name: 'Report range and filters' }).getByLabel('Client').selectOption({ label: 'Globex' });
    await until(
      async () => (await totals.textContent()) ?? '',
      (t) => t.includes('Received2'),
      'the totals of Globex',
    );
    expect(page.url()).toMatch(/\/reports\?.*client_id=/);
    // the address opens the same view (the server serves the page at /reports)
    await page.goto(page.url());
    await until(
      async () => (await page.locator('.report-totals').textContent()) ?? '',
      (t) => t.includes('Received2'),
      'the same view from its address',
    );
  });

  it('in the dark: the page follows the system, every chart and table stays readable (axe checks the contrast), and so does the inbox', async () => {
    const page = ws.pages[0]!;
    await page.emulateMedia({ colorScheme: 'dark' });
    const background = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    await until(background, (c) => c === 'rgb(21, 23, 28)', 'the dark background');
    await visible(page.getByRole('table', { name: 'Positive rate by client' }));
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'reports-dark.png'), fullPage: true });

    await page.goto(`${ws.server.base}/inbox/${replyId}`);
    await visible(page.locator('iframe[title="Reply body"]'));
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });
    await until(background, (c) => c === 'rgb(255, 255, 255)', 'the light background again');
  });
});
