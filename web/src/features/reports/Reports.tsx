// Dashboard → Reports (docs/dashboard.md "Reports"): replies over time by category, positive
// rate by client and by mailbox, and time to first response, for a range of days of this
// browser's time zone. Each chart has its table under it and a CSV download. The view lives in
// the URL (?from=&to=&group_by=&client_id=&connection_id=), so a report is a link. Loaded only
// when opened (App.tsx), with its charting library.
import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorState, Loading } from '../../components/States.tsx';
import { categoriesQuery, clientsQuery, connectionsQuery } from '../../queries/settings.ts';
import { type RepliesReport, reportQuery, type ReportView } from '../../queries/reports.ts';
import { BarChart } from './Chart.tsx';

const DAY = 86_400_000;
const localDate = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
const TZ = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export function duration(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  if (seconds < (2 * DAY) / 1000) return `${(seconds / 3600).toFixed(1)} h`;
  return `${(seconds / 86_400).toFixed(1)} d`;
}
const percent = (v: number) => `${v.toFixed(1)} %`;
/** The reports of several queries (useQueries' combine: stable while none changes). */
const answers = (results: { data?: RepliesReport }[]) => results.map((r) => r.data);
const rate = (r: RepliesReport | undefined) => (r && r.totals.received ? (100 * r.totals.positive) / r.totals.received : 0);

function useView(): [ReportView, (change: Partial<Record<keyof ReportView, string>>) => void] {
  const [params, setParams] = useSearchParams();
  const today = localDate(Date.now());
  const view: ReportView = {
    from: params.get('from') ?? localDate(Date.now() - 29 * DAY),
    to: params.get('to') ?? today,
    group_by: (['day', 'week', 'month'] as const).find((g) => g === params.get('group_by')) ?? 'day',
    tz: TZ,
    ...(params.get('client_id') && { client_id: params.get('client_id')! }),
    ...(params.get('connection_id') && { connection_id: params.get('connection_id')! }),
  };
  const change = (c: Partial<Record<keyof ReportView, string>>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(c)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { replace: true });
  };
  return [view, change];
}

export default function ReportsPage() {
  const [view, change] = useView();
  const report = useQuery(reportQuery(view));
  // read again on opening: a client or mailbox added since (elsewhere, or by the API) has its bar
  const categories = useQuery({ ...categoriesQuery, staleTime: 0 });
  const clients = useQuery({ ...clientsQuery, staleTime: 0 });
  const mailboxes = useQuery({ ...connectionsQuery, staleTime: 0 });
  const { client_id: _c, connection_id: _m, ...range } = view;
  const byClient = useQueries({ queries: (clients.data ?? []).map((c) => reportQuery({ ...range, client_id: c.id })), combine: answers });
  const byMailbox = useQueries({ queries: (mailboxes.data ?? []).map((m) => reportQuery({ ...range, connection_id: m.id })), combine: answers });

  const overTime = useMemo(() => {
    const r = report.data;
    if (!r) return null;
    const colors = new Map((categories.data ?? []).map((c) => [c.id, c.color]));
    return {
      labels: r.series.map((s) => s.period),
      series: r.totals.by_category.map((c) => ({
        label: c.name,
        color: (c.category_id && colors.get(c.category_id)) || '#9aa0ac',
        values: r.series.map((s) => s.by_category[c.category_id ?? 'none'] ?? 0),
      })),
    };
  }, [report.data, categories.data]);

  const clientRates = useMemo(
    () => ({ labels: (clients.data ?? []).map((c) => c.name), series: [{ label: 'Positive rate', color: '#16a34a', values: byClient.map(rate) }] }),
    [clients.data, byClient],
  );
  const mailboxRates = useMemo(
    () => ({ labels: (mailboxes.data ?? []).map((m) => m.email), series: [{ label: 'Positive rate', color: '#4338ca', values: byMailbox.map(rate) }] }),
    [mailboxes.data, byMailbox],
  );
  const responseTimes = useMemo(
    () => ({
      labels: ['All replies', ...(clients.data ?? []).map((c) => c.name)],
      series: [
        { label: 'Median', color: '#0ea5e9', values: [report.data, ...byClient].map((r) => r?.totals.first_response_seconds.median ?? 0) },
        { label: '90th percentile', color: '#f59e0b', values: [report.data, ...byClient].map((r) => r?.totals.first_response_seconds.p90 ?? 0) },
      ],
    }),
    [report.data, clients.data, byClient],
  );

  const t = report.data?.totals;
  return (
    <div className="pane pane-full reports">
      <header className="page-head">
        <h1>Reports</h1>
      </header>
      <form className="report-filters" aria-label="Report range and filters" onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label htmlFor="report-from">From</label>
          <input id="report-from" type="date" value={view.from} max={view.to} onChange={(e) => change({ from: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="report-to">To</label>
          <input id="report-to" type="date" value={view.to} min={view.from} onChange={(e) => change({ to: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="report-group">Group by</label>
          <select id="report-group" value={view.group_by} onChange={(e) => change({ group_by: e.target.value })}>
            <option value="day">Day</option>
            <option value="week">Week</option>
            <option value="month">Month</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="report-client">Client</label>
          <select id="report-client" value={view.client_id ?? ''} onChange={(e) => change({ client_id: e.target.value })}>
            <option value="">All clients</option>
            {(clients.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="report-mailbox">Mailbox</label>
          <select id="report-mailbox" value={view.connection_id ?? ''} onChange={(e) => change({ connection_id: e.target.value })}>
            <option value="">All mailboxes</option>
            {(mailboxes.data ?? []).map((m) => (
              <option key={m.id} value={m.id}>
                {m.email}
              </option>
            ))}
          </select>
        </div>
        <p className="small muted report-tz">Days of {TZ}</p>
      </form>
      {report.isPending ? (
        <Loading label="Counting replies…" />
      ) : report.isError ? (
        <ErrorState error={report.error} retry={() => report.refetch()} />
      ) : (
        <>
          <dl className="report-totals">
            <div>
              <dt>Received</dt>
              <dd>{t!.received}</dd>
            </div>
            <div>
              <dt>Positive</dt>
              <dd>
                {t!.positive} <span className="muted small">({percent(rate(report.data))})</span>
              </dd>
            </div>
            <div>
              <dt>Handled</dt>
              <dd>{t!.handled}</dd>
            </div>
            <div>
              <dt>First response, median</dt>
              <dd>{duration(t!.first_response_seconds.median)}</dd>
            </div>
            <div>
              <dt>First response, 90th percentile</dt>
              <dd>{duration(t!.first_response_seconds.p90)}</dd>
            </div>
          </dl>
          <div className="report-grid">
            {overTime ? <BarChart title="Replies over time, by category" labelHeading="Period" stacked file="replies-by-category" {...overTime} /> : null}
            <BarChart title="Positive rate by client" labelHeading="Client" horizontal format={percent} file="positive-rate-by-client" {...clientRates} />
            <BarChart title="Positive rate by mailbox" labelHeading="Mailbox" horizontal format={percent} file="positive-rate-by-mailbox" {...mailboxRates} />
            <BarChart title="Time to first response" labelHeading="Replies" horizontal format={duration} file="time-to-first-response" {...responseTimes} />
          </div>
        </>
      )}
    </div>
  );
}
