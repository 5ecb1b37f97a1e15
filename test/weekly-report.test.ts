// A client's weekly report by mail (issue 35; docs/api.md "Reports"): due from Monday 08:00 in
// the workspace's zone, for the week before; its numbers and chart; sent once per client and
// week by two sweepers racing on one database, and by two `replydesk worker` processes on one
// PostgreSQL database across a restart, to a real SMTP server (test/smtp.ts).
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../src/db/connect.ts';
import { Worker } from '../src/jobs/queue.ts';
import { SYSTEM_MAIL_JOB, systemMailHandler } from '../src/mail/system.ts';
import { dateIn } from '../src/reports/periods.ts';
import { sendDueWeeklyReports, weekDue } from '../src/reports/weekly.ts';
import { DIALECTS, inbound, makeApp, makeWorkspace } from './helpers.ts';
import { openPrivateDatabase } from './private-db.ts';
import { startCli, stop } from './processes.ts';
import { type SmtpPeer, startSmtp } from './smtp.ts';

const ZONES = ['UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago'];
/** A zone where this instant is past Monday 08:00 of its week (at most one of ZONES is not). */
const dueZone = (now: number) => ZONES.find((tz) => weekDue(tz, now) !== null)!;

describe('weekDue', () => {
  it('is the Monday before from Monday 08:00 in the zone, and nothing before it; Berlin keeps its hour across a clock change', () => {
    // Monday 2026-03-30 in Berlin (UTC+2 since the 29th): 08:00 is 06:00Z
    expect(weekDue('Europe/Berlin', Date.parse('2026-03-30T05:59:59Z'))).toBeNull();
    expect(weekDue('Europe/Berlin', Date.parse('2026-03-30T06:00:00Z'))).toBe('2026-03-23');
    expect(weekDue('Europe/Berlin', Date.parse('2026-04-05T21:59:59Z'))).toBe('2026-03-23'); // Sunday 23:59
    expect(weekDue('Europe/Berlin', Date.parse('2026-04-05T22:00:00Z'))).toBeNull(); // the next Monday, 00:00
    expect(weekDue('America/Los_Angeles', Date.parse('2026-03-30T14:59:00Z'))).toBeNull();
    expect(weekDue('America/Los_Angeles', Date.parse('2026-03-30T15:00:00Z'))).toBe('2026-03-23');
  });
});

for (const dialect of DIALECTS) {
  describe(`weekly reports (${dialect})`, () => {
    let opened: Awaited<ReturnType<typeof openPrivateDatabase>>;
    let ctx: Awaited<ReturnType<typeof makeApp>>;
    let smtp: SmtpPeer;
    beforeAll(async () => {
      smtp = await startSmtp();
      opened = await openPrivateDatabase(dialect, 'weekly');
      ctx = await makeApp(dialect, { db: opened.db });
    });
    afterAll(async () => {
      await ctx.close();
      await opened.db.close();
      await smtp.close();
    });

    it("two sweepers racing send one report per client and week, with the week's numbers, its days and a chart; the next sweep sends nothing", async () => {
      const now = Date.now();
      const tz = dueZone(now);
      const ws = await makeWorkspace(opened.db, { name: 'Northwind <Agency>' });
      await opened.db.write((trx) => trx.updateTable('workspaces').set({ time_zone: tz }).where('id', '=', ws.workspace.id).execute());
      const call = (method: string, url: string, payload?: unknown) =>
        ctx.app.inject({ method: method as 'GET', url, headers: ws.headers, ...(payload !== undefined && { payload: payload as object }) });
      const keen = (await call('POST', '/api/categories', { name: 'Keen', color: '#16a34a', is_positive: true })).json().data;
      const client = (await call('POST', '/api/clients', { name: 'Acme', service_description: 'x', weekly_report_to: ['ceo@acme.example', 'CEO@acme.example', 'cmo@acme.example'] })).json().data;
      expect(client.weekly_report_to).toEqual(['ceo@acme.example', 'cmo@acme.example']);
      const week = weekDue(tz, now)!;
      const monday = Date.parse(`${week}T12:00:00Z`);
      // in the week: three on its Wednesday (two keen), one on its Sunday; before it: one
      for (const [day, category] of [
        [2, keen.id],
        [2, keen.id],
        [2, null],
        [6, null],
        [-3, keen.id],
      ] as const) {
        await call('POST', '/api/replies', inbound({ client_id: client.id, category_id: category, received_at: new Date(monday + day * 86_400_000).toISOString() }));
      }

      const second = connect(dialect === 'sqlite' ? { dialect: 'sqlite', filename: opened.url.replace(/^file:/, '') } : { dialect: 'postgres', connectionString: opened.url });
      try {
        const sent = await Promise.all([sendDueWeeklyReports(opened.db, now), sendDueWeeklyReports(second, now), sendDueWeeklyReports(opened.db, now)]);
        expect(sent.reduce((a, b) => a + b, 0)).toBe(1);
      } finally {
        await second.close();
      }
      expect(await sendDueWeeklyReports(opened.db, now)).toBe(0);

      const rows = await opened.db.read.selectFrom('system_mail').selectAll().where('workspace_id', '=', ws.workspace.id).where('kind', '=', 'weekly-report').execute();
      expect(rows.map((r) => r.to_address).sort()).toEqual(['ceo@acme.example', 'cmo@acme.example']);
      const mail = rows[0]!;
      expect(mail.subject).toBe(`Acme: replies in the week of ${week}`);
      expect(mail.text).toContain('Replies received: 4\nPositive replies: 2 (50.0 %)');
      expect(mail.html).toContain('Northwind &#60;Agency&#62;, via Replydesk');
      expect(mail.html).toContain('<img src="cid:chart"');
      expect(Buffer.from(mail.image!).subarray(1, 4).toString()).toBe('PNG');
      expect(dateIn(tz, Date.parse(`${week}T12:00:00Z`))).toBe(week);

      // delivered: the HTML with its chart inline
      const worker = new Worker(opened.db, { [SYSTEM_MAIL_JOB]: systemMailHandler(opened.db, { smtpUrl: smtp.url, from: 'reports@replydesk.example' }) }, { kinds: [SYSTEM_MAIL_JOB] });
      await worker.drain();
      const [received] = smtp.to('ceo@acme.example');
      expect(received!.mail.html).toContain('Replies received');
      expect(received!.mail.attachments.map((a) => [a.contentType, a.cid, a.related])).toEqual([['image/png', 'chart', true]]);
    });
  });
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('weekly reports from two `replydesk worker` processes on one PostgreSQL database', () => {
  it('one mail per recipient, however many workers start, and none more after a restart', { timeout: 240_000 }, async () => {
    const smtp = await startSmtp();
    const opened = await openPrivateDatabase('postgres', 'weeklyprocs');
    const workers: Awaited<ReturnType<typeof startCli>>[] = [];
    try {
      const ws = await makeWorkspace(opened.db);
      const tz = dueZone(Date.now());
      await opened.db.write(async (trx) => {
        await trx.updateTable('workspaces').set({ time_zone: tz }).where('id', '=', ws.workspace.id).execute();
        await trx
          .insertInto('clients')
          .values({
            id: crypto.randomUUID(),
            workspace_id: ws.workspace.id,
            name: 'Acme',
            service_description: '',
            created_at: new Date().toISOString(),
            round_robin: '[]',
            round_robin_turn: 0,
            weekly_report_to: '["ceo@acme.example","cmo@acme.example"]',
          })
          .execute();
      });
      const env = { DATABASE_URL: opened.url, SMTP_URL: smtp.url, REPLYDESK_SECRET_KEY: crypto.randomBytes(32).toString('base64'), LOG_LEVEL: 'info' };
      const start = () => startCli(['worker'], env, /replydesk worker ready/, 120_000);
      workers.push(await start(), await start());
      await smtp.waitFor(() => smtp.received.length >= 2, 30_000);
      await new Promise((r) => setTimeout(r, 2_000));
      // a restart sweeps again at once and finds the week sent
      await stop(workers.shift()!);
      workers.push(await start());
      await new Promise((r) => setTimeout(r, 3_000));
      expect(smtp.received.map((m) => m.to.join()).sort()).toEqual(['ceo@acme.example', 'cmo@acme.example']);
      const weeks = await opened.db.read.selectFrom('weekly_reports').select('week').execute();
      expect(weeks).toEqual([{ week: weekDue(tz, Date.now()) }]);
    } finally {
      await Promise.all(workers.map((w) => stop(w)));
      await opened.db.close();
      await smtp.close();
    }
  });
});
