// What the inbox's cached queries do with a change to replies, without asking the server: the
// person's own changes shown at once (and put back if the server refuses them), and the changes
// the live stream announces (features/shell/live.ts). Keys come from replyKeys (queries/inbox.ts).
import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { Page } from '../../api.ts';
import type { Assignee, EventData, ReplyDetail, ReplyListItem, ReplyNote, ReplyPatch } from '../../types.ts';
import { categoriesQuery, clientsQuery } from '../../queries/settings.ts';
import { replyKeys } from '../../queries/inbox.ts';
import { membersQuery } from '../../queries/team.ts';
import type { TabId } from './view.ts';

type Lists = InfiniteData<Page<ReplyListItem>, string | undefined>;

/** What the inbox's actions need to know about a reply (a list item or the open detail). */
export type ReplyRef = Pick<ReplyListItem, 'id' | 'status' | 'category_id' | 'snoozed_until' | 'assignee'>;

/** A change the inbox makes to one reply itself: archive, snooze or wake, category, assignee. */
export type OwnChange = Pick<ReplyPatch, 'status' | 'snoozed_until' | 'category_id' | 'client_id' | 'assignee_id'>;

/** The fields of a reply.updated / reply.sent event the lists use (docs/webhooks.md). */
export type ReplyChange = Pick<EventData<'reply.updated'>, 'id'> & Partial<Pick<EventData<'reply.updated'>, 'status' | 'category_id' | 'client_id' | 'ai_response' | 'snoozed_until' | 'assignee_id'>>;

/** A reply.assigned event (docs/webhooks.md): who the reply is assigned to now. */
export type Assignment = Pick<EventData<'reply.assigned'>, 'id' | 'assignee'>;

/** The tab a reply is counted under. */
export const tabOf = (r: Pick<ReplyRef, 'status' | 'snoozed_until'>): TabId => (r.snoozed_until && new Date(r.snoozed_until).getTime() > Date.now() ? 'snoozed' : r.status);

/** Take replies out of every cached list at once (archive, snooze: they leave the view). */
export function removeFromLists(qc: QueryClient, ids: Set<string>) {
  qc.setQueriesData<Lists>({ queryKey: replyKeys.lists() }, (data) => data && dropFrom(data, (r) => ids.has(r.id)));
}

/** A list with one reply changed in place. */
const replaceIn = (data: Lists, id: string, next: ReplyListItem): Lists => ({ ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.map((r) => (r.id === id ? next : r)) })) });

/** A list without the replies `drop` picks; its total (the list's footer, the bulk bar's "all N") goes down by as many. */
function dropFrom(data: Lists, drop: (r: ReplyListItem) => boolean): Lists {
  const gone = data.pages.reduce((n, p) => n + p.items.filter(drop).length, 0);
  if (!gone) return data;
  return {
    ...data,
    pages: data.pages.map((p) => ({ ...p, items: p.items.filter((r) => !drop(r)), pagination: { ...p.pagination, total: Math.max(0, p.pagination.total - gone) } })),
  };
}

/** Change replies in every cached list (category). */
export function patchInLists(qc: QueryClient, ids: Set<string>, patch: Partial<ReplyListItem>) {
  qc.setQueriesData<Lists>({ queryKey: replyKeys.lists() }, (data) =>
    data ? { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.map((r) => (ids.has(r.id) ? { ...r, ...patch } : r)) })) } : data,
  );
}

/** The reply's assignee as a list item shows it, from the team's cached list (a stand-in when it is not there yet). */
function assigneeOf(qc: QueryClient, id: string | null): Assignee | null {
  if (!id) return null;
  const m = qc.getQueryData(membersQuery.queryKey)?.find((x) => x.id === id);
  return m ? { id: m.id, name: m.name, email: m.email } : { id, name: '', email: '' };
}

/** What matches() reads: a reply's status, category, snooze and, when known, its assignee's id. */
type Matched = Pick<ReplyListItem, 'status' | 'category_id' | 'snoozed_until'> & { client_id?: string | null; assignee_id?: string | null };
const withAssigneeId = (r: ReplyListItem): Matched => ({ ...r, assignee_id: r.assignee?.id ?? null });

/**
 * Whether a reply with these values belongs in a list with these filters (the ones a change can
 * move). An assignee left out (undefined) is not known, and not held against the reply.
 */
function matches(query: Record<string, string>, r: Matched): boolean {
  if (query.status && !query.status.split(',').includes(r.status)) return false;
  const snoozedNow = !!r.snoozed_until && new Date(r.snoozed_until).getTime() > Date.now();
  if (query.snoozed === 'true' && !snoozedNow) return false;
  if (query.snoozed === 'false' && snoozedNow) return false;
  if (query.category_id === 'none' && r.category_id) return false;
  if (query.category_id && query.category_id !== 'none' && r.category_id !== query.category_id) return false;
  if (r.client_id !== undefined && query.client_id && r.client_id !== query.client_id) return false;
  if (r.assignee_id !== undefined && query.assignee_id) {
    if (query.assignee_id === 'none' ? r.assignee_id !== null : r.assignee_id !== query.assignee_id) return false;
  }
  return true;
}

/**
 * Apply a change the live stream announced to every cached list without asking the server:
 * a reply that still matches a list is updated in place, one that no longer does leaves it. Only
 * a list the reply now joins is fetched again (at once if it is on screen, else when next shown).
 */
export function applyReplyChange(qc: QueryClient, change: ReplyChange) {
  const categories = qc.getQueryData(categoriesQuery.queryKey);
  for (const q of qc.getQueryCache().findAll({ queryKey: replyKeys.lists() })) {
    const query = (q.queryKey[2] ?? {}) as Record<string, string>;
    const data = q.state.data as Lists | undefined;
    const current = data?.pages.flatMap((p) => p.items).find((r) => r.id === change.id);
    if (!current) {
      const status = change.status;
      if (status && matches(query, { status, category_id: change.category_id ?? null, snoozed_until: change.snoozed_until ?? null, client_id: change.client_id, assignee_id: change.assignee_id })) {
        void qc.invalidateQueries({ queryKey: q.queryKey, exact: true });
      }
      continue;
    }
    const next: ReplyListItem = { ...current };
    if (change.status !== undefined) next.status = change.status;
    if (change.ai_response !== undefined) next.ai_response = change.ai_response;
    if (change.snoozed_until !== undefined) next.snoozed_until = change.snoozed_until;
    if (change.client_id !== undefined) next.client_id = change.client_id;
    if (change.category_id !== undefined && change.category_id !== current.category_id) {
      next.category_id = change.category_id;
      const c = categories?.find((x) => x.id === change.category_id);
      next.category = c ? { id: c.id, name: c.name, color: c.color } : null;
    }
    if (change.assignee_id !== undefined && change.assignee_id !== (current.assignee?.id ?? null)) next.assignee = assigneeOf(qc, change.assignee_id);
    const keep = matches(query, withAssigneeId(next));
    qc.setQueryData<Lists>(q.queryKey, (old) => (!old ? old : keep ? replaceIn(old, change.id, next) : dropFrom(old, (r) => r.id === change.id)));
  }
  // Contact pages list replies too; they refresh when next shown.
  void qc.invalidateQueries({ queryKey: replyKeys.ofContacts(), refetchType: 'none' });
}

/**
 * A reply's new assignee in every cached list: changed in place where the reply still matches,
 * taken out where it no longer does (a list of one member's replies, or of unassigned ones).
 * With `join`, a list the reply now matches but does not hold is fetched again (at once if on
 * screen): the live stream's reply.assigned, which may be about a reply the page never loaded.
 */
function placeAssignee(qc: QueryClient, id: string, assignee: Assignee | null, join: boolean) {
  for (const q of qc.getQueryCache().findAll({ queryKey: replyKeys.lists() })) {
    const query = (q.queryKey[2] ?? {}) as Record<string, string>;
    const data = q.state.data as Lists | undefined;
    const current = data?.pages.flatMap((p) => p.items).find((r) => r.id === id);
    if (!current) {
      if (join && query.assignee_id && (query.assignee_id === 'none' ? !assignee : assignee?.id === query.assignee_id)) void qc.invalidateQueries({ queryKey: q.queryKey, exact: true });
      continue;
    }
    const next = { ...current, assignee };
    const keep = matches(query, withAssigneeId(next));
    qc.setQueryData<Lists>(q.queryKey, (old) => (!old ? old : keep ? replaceIn(old, id, next) : dropFrom(old, (r) => r.id === id)));
  }
}

/** The live stream's reply.assigned: the lists and the open reply show the new assignee. */
export function applyAssignment(qc: QueryClient, event: Assignment) {
  placeAssignee(qc, event.id, event.assignee, true);
  qc.setQueryData<ReplyDetail>(replyKeys.detail(event.id), (old) => (old ? { ...old, assignee: event.assignee } : old));
  void qc.invalidateQueries({ queryKey: replyKeys.ofContacts(), refetchType: 'none' });
}

/** A note the server kept, in the open reply's notes (once, whether from the answer or the live stream). */
export function addNoteToDetail(qc: QueryClient, replyId: string, note: ReplyNote) {
  qc.setQueryData<ReplyDetail>(replyKeys.detail(replyId), (old) => (old && !old.notes.some((n) => n.id === note.id) ? { ...old, notes: [...old.notes, note] } : old));
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
    void qc.invalidateQueries({ queryKey: replyKeys.counts() });
  }, wait);
}

/** Move one reply between tab counts at once (own actions), before the counts are refreshed. */
export function shiftCount(qc: QueryClient, from: TabId | null, to: TabId | null) {
  // every count of the tab, under whatever filters: the reply was in the view, so it matched the
  // view's; the others are read again soon anyway
  if (from) qc.setQueriesData<number>({ queryKey: replyKeys.count(from) }, (n) => (n === undefined ? n : Math.max(0, n - 1)));
  if (to) qc.setQueriesData<number>({ queryKey: replyKeys.count(to) }, (n) => (n === undefined ? n : n + 1));
  refreshCountsSoon(qc);
}

/** What an own change to a reply touches in the caches, as it was before: put back on a refusal. */
export interface Snapshot {
  id: string;
  lists: [QueryKey, Lists | undefined][];
  counts: [QueryKey, number | undefined][];
  detail: ReplyDetail | undefined;
}

export function snapshot(qc: QueryClient, id: string): Snapshot {
  return {
    id,
    lists: qc.getQueriesData<Lists>({ queryKey: replyKeys.lists() }),
    counts: qc.getQueriesData<number>({ queryKey: replyKeys.counts() }),
    detail: qc.getQueryData<ReplyDetail>(replyKeys.detail(id)),
  };
}

export function restore(qc: QueryClient, s: Snapshot) {
  for (const [key, data] of [...s.lists, ...s.counts]) qc.setQueryData(key, data);
  qc.setQueryData(replyKeys.detail(s.id), s.detail);
}

/**
 * Show an own change at once. A new status or snooze takes the reply out of every list (the
 * inbox's lists are views by status and snooze), a new category changes it in place, a new
 * assignee too (or takes it out of a list by assignee); the open reply and the tab counts follow.
 */
export function applyOwnChange(qc: QueryClient, reply: ReplyRef, change: OwnChange) {
  const { assignee_id, ...fields } = change;
  const detail: Partial<ReplyDetail> = { ...fields };
  if ('status' in change || 'snoozed_until' in change) {
    removeFromLists(qc, new Set([reply.id]));
  } else if ('category_id' in change) {
    const c = qc.getQueryData(categoriesQuery.queryKey)?.find((x) => x.id === change.category_id);
    patchInLists(qc, new Set([reply.id]), { category_id: change.category_id ?? null, category: c ? { id: c.id, name: c.name, color: c.color } : null });
    detail.category = c ? { id: c.id, name: c.name, color: c.color, is_positive: c.is_positive } : null;
  } else if ('client_id' in change) {
    const c = qc.getQueryData(clientsQuery.queryKey)?.find((x) => x.id === change.client_id);
    patchInLists(qc, new Set([reply.id]), { client_id: change.client_id ?? null });
    detail.client = c ? { id: c.id, name: c.name, service_description: c.service_description } : null;
  } else if (assignee_id !== undefined) {
    detail.assignee = assigneeOf(qc, assignee_id);
    placeAssignee(qc, reply.id, detail.assignee, false);
  }
  qc.setQueryData<ReplyDetail>(replyKeys.detail(reply.id), (old) => (old ? { ...old, ...detail } : old));
  const from = tabOf(reply);
  const to = tabOf({ ...reply, ...change } as ReplyRef);
  if (from !== to) shiftCount(qc, from, to);
}
