import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, setCsrfToken } from '../api.ts';
import type { Answer, Category, Client, Connection, Session, WorkspaceInfo } from '../types.ts';

export const statusQuery = queryOptions({
  queryKey: ['status'],
  queryFn: () => api.get<Answer<'/dashboard/api/status'>>('/dashboard/api/status'),
  staleTime: Infinity,
  retry: 1,
});

/** The session, or null when nobody is signed in (401). */
export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: async (): Promise<Session | null> => {
    try {
      const s = await api.get<Session>('/dashboard/api/session');
      setCsrfToken(s.csrf_token);
      return s;
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        setCsrfToken(null);
        return null;
      }
      throw err;
    }
  },
  staleTime: 5 * 60_000,
  retry: false,
});

/** The workspace as the dashboard shows it: plan, rate limit, and the mailbox sign-in providers. */
export const workspaceQuery = queryOptions({
  queryKey: ['workspace'],
  queryFn: () => api.get<WorkspaceInfo>('/dashboard/api/workspace'),
});

export function useSession(): Session {
  const { data } = useQuery(sessionQuery);
  if (!data) throw new Error('useSession outside a signed-in page');
  return data;
}

export function canManage(session: Session): boolean {
  return session.workspace.role === 'owner' || session.workspace.role === 'admin';
}

/** Store a session the server just answered with (sign-in, setup, reset, invite, switch). */
export function useAdoptSession() {
  const qc = useQueryClient();
  return (session: Session) => {
    setCsrfToken(session.csrf_token);
    const previous = qc.getQueryData<Session | null>(['session']);
    if (previous && previous.workspace.id !== session.workspace.id) {
      // Another workspace: nothing cached belongs to it.
      qc.removeQueries({ predicate: (q) => q.queryKey[0] !== 'session' && q.queryKey[0] !== 'status' });
    }
    qc.setQueryData(['session'], session);
    qc.setQueryData(['status'], { setup_required: false });
  };
}

export const categoriesQuery = queryOptions({
  queryKey: ['categories'],
  queryFn: async () => (await api.list<Category>('/api/categories', { limit: 100 })).items,
  staleTime: 5 * 60_000,
});

export const clientsQuery = queryOptions({
  queryKey: ['clients'],
  queryFn: async () => (await api.list<Client>('/api/clients', { limit: 100 })).items,
  staleTime: 5 * 60_000,
});

export const connectionsQuery = queryOptions({
  queryKey: ['connections'],
  queryFn: async () => (await api.list<Connection>('/api/connections', { limit: 100 })).items,
  staleTime: 5 * 60_000,
});
