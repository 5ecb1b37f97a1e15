// Contacts' data: the list with its search, one contact, and the replies of one contact (kept
// under replyKeys, so a change to replies refreshes them with the inbox's lists).
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../api.ts';
import type { ContactDetail, ContactListItem, ReplyListItem } from '../types.ts';
import { PAGE_SIZE, replyKeys } from './inbox.ts';

export const contactKeys = {
  all: ['contacts'] as const,
  lists: () => [...contactKeys.all, 'list'] as const,
  list: (q: string) => [...contactKeys.lists(), q] as const,
  detail: (id: string) => [...contactKeys.all, 'one', id] as const,
};

export const contactListQuery = (q: string) =>
  infiniteQueryOptions({
    queryKey: contactKeys.list(q),
    queryFn: ({ pageParam, signal }) => api.list<ContactListItem>('/api/contacts', { q: q || undefined, limit: PAGE_SIZE, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.pagination.next_cursor ?? undefined,
  });

export const contactQuery = (id: string) =>
  queryOptions({
    queryKey: contactKeys.detail(id),
    queryFn: ({ signal }) => api.get<ContactDetail>(`/api/contacts/${encodeURIComponent(id)}`, undefined, signal),
  });

export const contactRepliesQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: replyKeys.ofContact(id),
    queryFn: ({ pageParam, signal }) => api.list<ReplyListItem>('/api/replies', { contact_id: id, limit: PAGE_SIZE, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.pagination.next_cursor ?? undefined,
  });
