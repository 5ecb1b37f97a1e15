// The inbox view lives in the URL: tab, filters and search are query parameters, so a copied
// link opens the same view (docs/dashboard.md "The inbox").
import { TABS, type TabId } from '../../queries/inbox.ts';

export { TABS, type TabId };

/** URL parameters the list passes to GET /api/replies as they are. */
export const FILTER_PARAMS = ['category_id', 'client_id', 'connection_id', 'assignee_id', 'contact_id', 'received_after', 'received_before', 'q', 'sort'] as const;

export interface View {
  tab: TabId | null;
  /** The GET /api/replies parameters of this view, without limit and cursor. */
  query: Record<string, string>;
  /** A stable key for caches and selection. */
  key: string;
}

export function readView(params: URLSearchParams): View {
  const query: Record<string, string> = {};
  const status = params.get('status') ?? '';
  const snoozed = params.get('snoozed') === 'true';
  let tab: TabId | null;
  if (snoozed) {
    tab = status ? null : 'snoozed';
    query.snoozed = 'true';
    if (status) query.status = status;
  } else {
    query.status = status || 'pending';
    query.snoozed = 'false';
    tab = (TABS.find((t) => t.id === query.status && t.id !== 'snoozed')?.id ?? null) as TabId | null;
  }
  for (const p of FILTER_PARAMS) {
    const v = params.get(p);
    if (v) query[p] = v;
  }
  const key = JSON.stringify(Object.entries(query).sort(([a], [b]) => a.localeCompare(b)));
  return { tab, query, key };
}

/** The query string of the view with one tab chosen, other filters kept. */
export function tabSearch(params: URLSearchParams, tab: TabId): string {
  const next = new URLSearchParams(params);
  next.delete('status');
  next.delete('snoozed');
  if (tab === 'snoozed') next.set('snoozed', 'true');
  else if (tab !== 'pending') next.set('status', tab);
  const s = next.toString();
  return s ? `?${s}` : '';
}

export const DATE_PRESETS = [
  { id: '', label: 'Any time', days: 0 },
  { id: '7d', label: 'Last 7 days', days: 7 },
  { id: '30d', label: 'Last 30 days', days: 30 },
  { id: '1y', label: 'Last year', days: 365 },
] as const;

/** The start of the day N days ago, local time, as ISO: stable all day, so links and caches are too. */
export function daysAgo(days: number): string {
  const d = new Date();
  d.setHours(0, 0, 0, 0);
  d.setDate(d.getDate() - days);
  return d.toISOString();
}

/** Which preset a received_after value was made by today, or 'custom'. */
export function presetOf(receivedAfter: string | null): string {
  if (!receivedAfter) return '';
  for (const p of DATE_PRESETS) if (p.days && daysAgo(p.days) === new Date(receivedAfter).toISOString()) return p.id;
  return 'custom';
}

// Snooze presets (docs/dashboard.md "The inbox"): later today = +3 h, tomorrow 8:00, next Monday 8:00.
export function laterToday(): Date {
  return new Date(Date.now() + 3 * 3600_000);
}
export function tomorrowMorning(): Date {
  const d = new Date();
  d.setDate(d.getDate() + 1);
  d.setHours(8, 0, 0, 0);
  return d;
}
export function nextMonday(): Date {
  const d = new Date();
  const days = (8 - d.getDay()) % 7 || 7;
  d.setDate(d.getDate() + days);
  d.setHours(8, 0, 0, 0);
  return d;
}
