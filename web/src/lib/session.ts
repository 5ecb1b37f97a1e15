// The shell's data: whether the server is set up, the signed-in session, the workspace. Their
// query keys are sessionKeys; every other feature has a factory of its own (docs/architecture.md
// "The dashboard").
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, setCsrfToken } from '../api.ts';
import type { Answer, Session, WorkspaceInfo } from '../types.ts';

export const sessionKeys = {
  status: ['status'] as const,
  session: ['session'] as const,
  workspace: ['workspace'] as const,
};

export const statusQuery = queryOptions({
  queryKey: sessionKeys.status,
  queryFn: () => api.get<Answer<'/dashboard/api/status'>>('/dashboard/api/status'),
  staleTime: Infinity,
  retry: 1,
});

/** The session, or null when nobody is signed in (401). */
export const sessionQuery = queryOptions({
  queryKey: sessionKeys.session,
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
  queryKey: sessionKeys.workspace,
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

/** Nobody is signed in any more: the sign-in page shows. */
export function forgetSession(qc: QueryClient) {
  qc.setQueryData(sessionQuery.queryKey, null);
}

/** Store a session the server just answered with (sign-in, setup, reset, invite, switch). */
export function useAdoptSession() {
  const qc = useQueryClient();
  return (session: Session) => {
    setCsrfToken(session.csrf_token);
    const previous = qc.getQueryData(sessionQuery.queryKey);
    if (previous && previous.workspace.id !== session.workspace.id) {
      // Another workspace: nothing cached belongs to it.
      const kept = new Set<unknown>([sessionKeys.session[0], sessionKeys.status[0]]);
      qc.removeQueries({ predicate: (q) => !kept.has(q.queryKey[0]) });
    }
    qc.setQueryData(sessionQuery.queryKey, session);
    qc.setQueryData(statusQuery.queryKey, { setup_required: false });
  };
}
