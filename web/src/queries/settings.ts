// Settings' data, one query-key factory per area. Categories, clients and mailboxes are read
// across the dashboard too (the inbox's filters and chips, the sidebar's shortcuts).
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api.ts';
import type { ApiKey, AuditEntry, Category, Client, Connection, Member, OutboxMail, WebhookDelivery, WebhookEndpoint } from '../types.ts';

export const categoryKeys = { all: ['categories'] as const };
export const clientKeys = { all: ['clients'] as const };
export const connectionKeys = { all: ['connections'] as const };
export const apiKeyKeys = { all: ['keys'] as const };
/**
 * The workspace's people, under one root: Settings → Members' memberships and invitations, and
 * the team replies are assigned to (queries/team.ts), so a change in Settings refreshes both.
 */
export const memberKeys = {
  all: ['members'] as const,
  memberships: () => [...memberKeys.all, 'memberships'] as const,
};
export const outboxKeys = { all: ['outbox'] as const };
export const webhookKeys = {
  all: ['webhooks'] as const,
  list: () => [...webhookKeys.all, 'list'] as const,
  deliveries: (endpointId: string) => [...webhookKeys.all, 'deliveries', endpointId] as const,
};

export const categoriesQuery = queryOptions({
  queryKey: categoryKeys.all,
  queryFn: async () => (await api.list<Category>('/api/categories', { limit: 100 })).items,
  staleTime: 5 * 60_000,
});

export const clientsQuery = queryOptions({
  queryKey: clientKeys.all,
  queryFn: async () => (await api.list<Client>('/api/clients', { limit: 100 })).items,
  staleTime: 5 * 60_000,
});

export const connectionsQuery = queryOptions({
  queryKey: connectionKeys.all,
  queryFn: async () => (await api.list<Connection>('/api/connections', { limit: 100 })).items,
  staleTime: 5 * 60_000,
});

export const apiKeysQuery = queryOptions({
  queryKey: apiKeyKeys.all,
  queryFn: () => api.get<ApiKey[]>('/dashboard/api/keys'),
});

/** Settings → Members: each membership with its role and status, invitations included. */
export const membershipsQuery = queryOptions({
  queryKey: memberKeys.memberships(),
  queryFn: () => api.get<Member[]>('/dashboard/api/members'),
});

export const retentionKeys = { all: ['retention'] as const };
export const retentionQuery = queryOptions({
  queryKey: retentionKeys.all,
  queryFn: () => api.get<{ days: number | null }>('/api/retention'),
});

export const auditKeys = { all: ['audit'] as const };
export const auditQuery = queryOptions({
  queryKey: auditKeys.all,
  queryFn: () => api.get<AuditEntry[]>('/dashboard/api/audit'),
});

export const outboxQuery = queryOptions({
  queryKey: outboxKeys.all,
  queryFn: () => api.get<OutboxMail[]>('/dashboard/api/outbox'),
});

export const webhooksQuery = queryOptions({
  queryKey: webhookKeys.list(),
  queryFn: async () => (await api.list<WebhookEndpoint>('/api/webhooks', { limit: 100 })).items,
});

export const deliveriesQuery = (endpointId: string) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(endpointId),
    queryFn: async () => (await api.list<WebhookDelivery>(`/api/webhooks/${encodeURIComponent(endpointId)}/deliveries`, { limit: 50 })).items,
    refetchInterval: (q) => (q.state.data?.some((d) => d.status === 'pending') ? 3000 : false),
  });
