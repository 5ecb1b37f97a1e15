// A client's weekly report by mail (docs/api.md "Reports"): every Monday from 08:00 in the
// workspace's time zone, the week before (Monday to Sunday) for each client with recipients
// (clients.weekly_report_to), as a short HTML mail with a chart, through the system mail's
// outbox. Exactly once per client and week however many workers sweep: the mail is queued in
// the transaction that takes the week's row (weekly_reports' primary key), so a second worker,
// or the same one after a restart, finds the week taken and sends nothing.
import type { Db } from '../db/connect.ts';
import { queueSystemMail } from '../mail/system.ts';
import { barChartPng } from './chart-image.ts';
import { dateIn, dateOf, dayNumber, startOfDay } from './periods.ts';
import * as q from './queries.ts';
import { repliesReport } from './service.ts';

const TAKEN = new Error('the week was taken by another worker');
/** The hour of Monday, in the workspace's zone, from which the week before is reported. */
export const SEND_HOUR = 8;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The Monday (YYYY-MM-DD) of the week to report at `now` in `tz`, or null before this Monday's hour. */
export function weekDue(tz: string, now: number): string | null {
  const today = dayNumber(dateIn(tz, now));
  const monday = today - ((today + 3) % 7); // 1970-01-01 was a Thursday
  if (now < startOfDay(tz, monday) + SEND_HOUR * 3_600_000) return null;
  return dateOf(monday - 7);
}

type Report = Awaited<ReturnType<typeof repliesReport>>;

function mailOf(client: string, workspace: string, week: string, r: Report) {
  const t = r.totals;
  const rate = t.received ? `${((100 * t.positive) / t.received).toFixed(1)} %` : '—';
  const hours = (s: number | null) => (s === null ? '—' : `${(s / 3600).toFixed(1)} h`);
  const rows: [string, string][] = [
    ['Replies received', String(t.received)],
    ['Positive replies', `${t.positive} (${rate})`],
    ['Handled', String(t.handled)],
    ['First response (median)', hours(t.first_response_seconds.median)],
  ];
  const subject = `${client}: replies in the week of ${week}`;
  const text = `${subject}\n\n${rows.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\nBy day: ${r.series.map((s) => `${s.period} ${s.received} (${s.positive} positive)`).join('; ')}\n\n— ${workspace}, via Replydesk\n`;
  const cell = 'style="padding:4px 12px 4px 0;border-bottom:1px solid #e2e4e9"';
  const html =
    `<div style="font-family:system-ui,sans-serif;color:#16181d"><h1 style="font-size:18px">${escapeHtml(subject)}</h1>` +
    `<table style="border-collapse:collapse">${rows.map(([k, v]) => `<tr><th align="left" ${cell}>${escapeHtml(k)}</th><td ${cell}>${escapeHtml(v)}</td></tr>`).join('')}</table>` +
    `<p><img src="cid:chart" width="560" height="180" alt="Replies received each day, positive ones in green"></p>` +
    `<table style="border-collapse:collapse;font-size:13px"><tr><th align="left" ${cell}>Day</th><th ${cell}>Received</th><th ${cell}>Positive</th></tr>` +
    r.series.map((s) => `<tr><td ${cell}>${s.period}</td><td align="right" ${cell}>${s.received}</td><td align="right" ${cell}>${s.positive}</td></tr>`).join('') +
    `</table><p style="color:#585e6b;font-size:12px">${escapeHtml(workspace)}, via Replydesk</p></div>`;
  return { subject, text, html };
}

/** The sweep (jobs/queue.ts Periodic): each client's week that is due and not sent yet. Returns how many reports it queued. */
export async function sendDueWeeklyReports(db: Db, now = Date.now()): Promise<number> {
  let sent = 0;
  for (const c of await q.clientsWithWeeklyReports(db.read)) {
    const week = weekDue(c.time_zone, now);
    if (!week) continue;
    const report = await repliesReport(db, c.workspace_id, { from: week, to: dateOf(dayNumber(week) + 6), tz: c.time_zone, group_by: 'day', client_id: c.id }, now);
    const mail = mailOf(c.name, c.workspace_name, week, report);
    const image = barChartPng(report.series);
    const queued = await db
      .write(async (trx) => {
        const ids = [];
        for (const to of JSON.parse(c.weekly_report_to) as string[]) {
          ids.push(await queueSystemMail(trx, { workspaceId: c.workspace_id, jobWorkspaceId: c.workspace_id, kind: 'weekly-report', to, ...mail, image }));
        }
        // taken by another worker meanwhile: the mails above are rolled back with this
        if (!(await q.claimWeek(trx, { client_id: c.id, week, workspace_id: c.workspace_id, system_mail_id: ids[0]!, created_at: new Date(now).toISOString() }))) throw TAKEN;
        return true;
      })
      .catch((err: unknown) => {
        if (err === TAKEN) return false;
        throw err;
      });
    if (queued) sent += 1;
  }
  return sent;
}
