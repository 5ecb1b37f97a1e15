import { type InfiniteData, type QueryClient, infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api, type Page } from '../../api.ts';
import type { Answer, EventData, ReplyDetail, ReplyListItem, ReplyPatch } from '../../types.ts';
import { countQuery, type TabId } from './view.ts';

export const PAGE_SIZE = 50;

export const replyListQuery = (query: Record<string, string>) =>
  infiniteQueryOptions({
    queryKey: ['replies', 'list', query],
    queryFn: ({ pageParam, signal }) => api.list<ReplyListItem>('/api/replies', { ...query, limit: PAGE_SIZE, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.pagination.next_cursor ?? undefined,
  });

export const countsQuery = (tab: TabId) =>
  queryOptions({
    queryKey: ['replies', 'count', tab],
    queryFn: async ({ signal }) => (await api.list<ReplyListItem>('/api/replies', countQuery(tab), signal)).pagination.total,
    staleTime: 30_000,
  });

export const replyQuery = (id: string) =>
  queryOptions({
    queryKey: ['reply', id],
    queryFn: ({ signal }) => api.get<ReplyDetail>(`/api/replies/${encodeURIComponent(id)}`, undefined, signal),
    // Delivery has no event of its own: while a mail of the reply waits in the queue, look again
    // every two seconds so "Queued" turns into "Sent" or "Failed" without a reload.
    refetchInterval: (query) => (query.state.data?.outgoing.some((m) => m.status === 'queued') ? 2000 : false),
  });

type Lists = InfiniteData<Page<ReplyListItem>, string | undefined>;

/** Take replies out of every cached list at once (archive, snooze: they leave the view). */
export function removeFromLists(qc: QueryClient, ids: Set<string>) {
  qc.setQueriesData<Lists>({ queryKey: ['replies', 'list'] }, (data) =>
    data ? { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.filter((r) => !ids.has(r.id)) })) } : data,
  );
}

/** Change replies in every cached list (category). */
export function patchInLists(qc: QueryClient, ids: Set<string>, patch: Partial<ReplyListItem>) {
  qc.setQueriesData<Lists>({ queryKey: ['replies', 'list'] }, (data) =>
    data ? { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.map((r) => (ids.has(r.id) ? { ...r, ...patch } : r)) })) } : data,
  );
}

export function patchReply(id: string, body: ReplyPatch) {
  return api.patch<Answer<'/api/replies/{id}', 'patch'>>(`/api/replies/${encodeURIComponent(id)}`, body);
}

export function bulkUpdate(ids: string[], change: ReplyPatch) {
  return api.post<Answer<'/api/replies/bulk', 'post'>>('/api/replies/bulk', { ids, ...change });
}

/** The fields of a reply.updated / reply.sent event the lists use (docs/webhooks.md). */
export type ReplyChange = Pick<EventData<'reply.updated'>, 'id'> & Partial<Pick<EventData<'reply.updated'>, 'status' | 'category_id' | 'ai_response' | 'snoozed_until'>>;

/** Whether a reply with these values belongs in a list with these filters (the ones a change can move). */
function matches(query: Record<string, string>, r: Pick<ReplyListItem, 'status' | 'category_id' | 'snoozed_until'>): boolean {
  if (query.status && !query.status.split(',').includes(r.status)) return false;
  const snoozedNow = !!r.snoozed_until && new Date(r.snoozed_until).getTime() > Date.now();
  if (query.snoozed === 'true' && !snoozedNow) return false;
  if (query.snoozed === 'false' && snoozedNow) return false;
  if (query.category_id === 'none' && r.category_id) return false;
  if (query.category_id && query.category_id !== 'none' && r.category_id !== query.category_id) return false;
  return true;
}

/**
 * Apply a change the live stream announced to every cached list without asking the server:
 * a reply that still matches a list is updated in place, one that no longer does leaves it. Only
 * a list the reply now joins is fetched again (at once if it is on screen, else when next shown).
 */
export function applyReplyChange(qc: QueryClient, change: ReplyChange) {
  const categories = qc.getQueryData<{ id: string; name: string; color: string }[]>(['categories']);
  for (const q of qc.getQueryCache().findAll({ queryKey: ['replies', 'list'] })) {
    const query = (q.queryKey[2] ?? {}) as Record<string, string>;
    const data = q.state.data as Lists | undefined;
    const current = data?.pages.flatMap((p) => p.items).find((r) => r.id === change.id);
    if (!current) {
      const status = change.status;
      if (status && matches(query, { status, category_id: change.category_id ?? null, snoozed_until: change.snoozed_until ?? null })) {
        void qc.invalidateQueries({ queryKey: q.queryKey, exact: true });
      }
      continue;
    }
    const next: ReplyListItem = { ...current };
    if (change.status !== undefined) next.status = change.status;
    if (change.ai_response !== undefined) next.ai_response = change.ai_response;
    if (change.snoozed_until !== undefined) next.snoozed_until = change.snoozed_until;
    if (change.category_id !== undefined && change.category_id !== current.category_id) {
      next.category_id = change.category_id;
      const c = categories?.find((x) => x.id === change.category_id);
      next.category = c ? { id: c.id, name: c.name, color: c.color } : null;
    }
    const keep = matches(query, next);
    qc.setQueryData<Lists>(q.queryKey, (old) =>
      old ? { ...old, pages: old.pages.map((p) => ({ ...p, items: keep ? p.items.map((r) => (r.id === change.id ? next : r)) : p.items.filter((r) => r.id !== change.id) })) } : old,
    );
  }
  // Contact pages list replies too; they refresh when next shown.
  void qc.invalidateQueries({ queryKey: ['replies', 'contact'], refetchType: 'none' });
}

const countTimers = new WeakMap<QueryClient, { last: number; timer?: number }>();
/**
 * Refresh the tab counts soon, at most once every 15 seconds: five requests each time, and the
 * dashboard shares the workspace's rate limit with its API keys.
 */
export function refreshCountsSoon(qc: QueryClient) {
  const t = countTimers.get(qc) ?? { last: 0 };
  countTimers.set(qc, t);
  if (t.timer !== undefined) return;
  const wait = Math.max(1500, t.last + 15_000 - Date.now());
  t.timer = window.setTimeout(() => {
    t.timer = undefined;
    t.last = Date.now();
    void qc.invalidateQueries({ queryKey: ['replies', 'count'] });
  }, wait);
}

/** Move one reply between tab counts at once (own actions), before the counts are refreshed. */
export function shiftCount(qc: QueryClient, from: TabId | null, to: TabId | null) {
  if (from) qc.setQueryData<number>(['replies', 'count', from], (n) => (n === undefined ? n : Math.max(0, n - 1)));
  if (to) qc.setQueryData<number>(['replies', 'count', to], (n) => (n === undefined ? n : n + 1));
  refreshCountsSoon(qc);
}
