// The inbox's data: the query-key factory of replies, what each query asks the server, and the
// calls that change a reply. What the caches do with a change is in cache.ts; the mutations
// built from both are in mutations.ts.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api, type Query } from '../api.ts';
import type { Answer, Body, OutgoingMessage, ReplyDetail, ReplyListItem, ReplyNote, ReplyPatch } from '../types.ts';

export const PAGE_SIZE = 50;

/** The inbox's tabs: four statuses and the snoozed replies of any status. */
export const TABS = [
  { id: 'pending', label: 'Pending' },
  { id: 'ready', label: 'Ready' },
  { id: 'sent', label: 'Sent' },
  { id: 'archived', label: 'Archived' },
  { id: 'snoozed', label: 'Snoozed' },
] as const;
export type TabId = (typeof TABS)[number]['id'];

/** What a tab's count asks GET /api/replies: one item, for pagination.total. */
/** The query that counts a tab's replies under the view's filters (its category, client, search…; sort aside). */
export function countQuery(tab: TabId, filters: Record<string, string> = {}): Query {
  const { sort: _, ...narrowing } = filters;
  return { ...narrowing, ...(tab === 'snoozed' ? { snoozed: true } : { status: tab, snoozed: false }), limit: 1 };
}

/**
 * Lists, tab counts and a contact's replies share the root `replies`, so one invalidation
 * refreshes every list; an open reply's detail has a root of its own.
 */
export const replyKeys = {
  all: ['replies'] as const,
  lists: () => [...replyKeys.all, 'list'] as const,
  list: (query: Record<string, string>) => [...replyKeys.lists(), query] as const,
  counts: () => [...replyKeys.all, 'count'] as const,
  /** A tab's count under some filters; without them, every filtered count of the tab too (a prefix). */
  count: (tab: TabId, filters?: Record<string, string>) => (filters ? ([...replyKeys.counts(), tab, filters] as const) : ([...replyKeys.counts(), tab] as const)),
  ofContacts: () => [...replyKeys.all, 'contact'] as const,
  ofContact: (contactId: string) => [...replyKeys.ofContacts(), contactId] as const,
  details: () => ['reply'] as const,
  detail: (id: string) => [...replyKeys.details(), id] as const,
};

export const replyListQuery = (query: Record<string, string>) =>
  infiniteQueryOptions({
    queryKey: replyKeys.list(query),
    queryFn: ({ pageParam, signal }) => api.list<ReplyListItem>('/api/replies', { ...query, limit: PAGE_SIZE, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.pagination.next_cursor ?? undefined,
  });

export const countsQuery = (tab: TabId, filters: Record<string, string> = {}) =>
  queryOptions({
    queryKey: replyKeys.count(tab, filters),
    queryFn: async ({ signal }) => (await api.list<ReplyListItem>('/api/replies', countQuery(tab, filters), signal)).pagination.total,
    staleTime: 30_000,
  });

export const replyQuery = (id: string) =>
  queryOptions({
    queryKey: replyKeys.detail(id),
    queryFn: ({ signal }) => api.get<ReplyDetail>(`/api/replies/${encodeURIComponent(id)}`, undefined, signal),
    // Delivery has no event of its own: while a mail of the reply waits in the queue, look again
    // every two seconds so "Queued" turns into "Sent" or "Failed" without a reload.
    refetchInterval: (query) => (query.state.data?.outgoing.some((m) => m.status === 'queued') ? 2000 : false),
  });

const replyPath = (id: string) => `/api/replies/${encodeURIComponent(id)}`;

/** A change to a reply; with `version` (its updated_at as read) only if nobody changed it since: else a 412 ApiError. */
export function patchReply(id: string, body: ReplyPatch, version?: string) {
  return api.patch<Answer<'/api/replies/{id}', 'patch'>>(replyPath(id), body, version === undefined ? undefined : { 'If-Match': `"${version}"` });
}

export function bulkUpdate(ids: string[], change: ReplyPatch) {
  return api.post<Answer<'/api/replies/bulk', 'post'>>('/api/replies/bulk', { ids, ...change });
}

/** Sends the answer; with `sendAt`, it waits as a scheduled mail until then (docs/api.md "The team's inbox"). */
/** What the composer adds to an answer: copies and files (docs/mail.md "The answer to a reply (send)"). */
export type SendExtras = Pick<Body<'/api/replies/{id}/send', 'post'>, 'cc' | 'bcc' | 'attachments'>;

export function sendReply(id: string, message: string | undefined, sendAt?: Date, extras: SendExtras = {}) {
  return api.post<Answer<'/api/replies/{id}/send', 'post'>>(`${replyPath(id)}/send`, {
    ...(message !== undefined && { message }),
    ...(sendAt && { send_at: sendAt.toISOString() }),
    ...(extras.cc?.length && { cc: extras.cc }),
    ...(extras.bcc?.length && { bcc: extras.bcc }),
    ...(extras.attachments?.length && { attachments: extras.attachments }),
  });
}

export type ReplyTemplate = Answer<'/api/replies/{id}/templates', 'get'>[number];

/** The workspace's templates filled in for the reply: the composer's template picker. */
export const templatesQuery = (id: string) =>
  queryOptions({
    queryKey: [...replyKeys.detail(id), 'templates'] as const,
    queryFn: ({ signal }) => api.get<ReplyTemplate[]>(`${replyPath(id)}/templates`, undefined, signal),
    staleTime: 60_000,
  });

/** Cancels a scheduled or held answer: the Undo after Send. */
export function cancelOutgoing(replyId: string, outgoingId: string) {
  return api.post<OutgoingMessage>(`${replyPath(replyId)}/outgoing/${encodeURIComponent(outgoingId)}/cancel`);
}

export function forwardReply(id: string, body: Body<'/api/replies/{id}/forward', 'post'>) {
  return api.post<Answer<'/api/replies/{id}/forward', 'post'>>(`${replyPath(id)}/forward`, body);
}

export function retryOutgoing(replyId: string, outgoingId: string) {
  return api.post<OutgoingMessage>(`${replyPath(replyId)}/outgoing/${encodeURIComponent(outgoingId)}/retry`);
}

/** An internal note on the reply: seen by the team, never mailed (docs/api.md "The team's inbox"). */
export function addNote(replyId: string, body: string) {
  return api.post<ReplyNote>(`${replyPath(replyId)}/notes`, { body });
}
