import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import type React from 'react';
import { api, errorMessage } from '../../api.ts';
import { Dot } from '../../components/Chip.tsx';
import { mailboxState } from '../../lib/mailbox-state.ts';
import { useToast } from '../../components/Toasts.tsx';
import { useLiveUpdates } from './live.ts';
import { forgetSession, statusQuery, useAdoptSession, useSession } from '../../lib/session.ts';
import { categoriesQuery, connectionsQuery } from '../../queries/settings.ts';
import type { Session } from '../../types.ts';

export function Shell() {
  const session = useSession();
  useLiveUpdates(session.workspace.id, session.user.id);
  return (
    <div className="app">
      <Sidebar session={session} />
      <main className="main" id="main">
        <Outlet />
      </main>
    </div>
  );
}

function Sidebar({ session }: { session: Session }) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const adopt = useAdoptSession();
  const toast = useToast();
  const categories = useQuery(categoriesQuery);
  const connections = useQuery(connectionsQuery);

  const switchWorkspace = useMutation({
    mutationFn: (workspace_id: string) => api.post<Session>('/dashboard/api/session/workspace', { workspace_id }),
    onSuccess: (s) => {
      adopt(s);
      void navigate('/inbox');
    },
    onError: (err) => toast(errorMessage(err), { kind: 'error' }),
  });
  const signOut = useMutation({
    mutationFn: () => api.post('/dashboard/api/sign-out'),
    onSettled: () => {
      qc.clear();
      forgetSession(qc);
      qc.setQueryData(statusQuery.queryKey, { setup_required: false });
      void navigate('/signin', { replace: true });
    },
  });

  return (
    <aside className="sidebar" aria-label="Sidebar">
      <div className="workspace">
        {session.workspaces.length > 1 ? (
          <>
            <label htmlFor="workspace-switch" className="sr-only">
              Workspace
            </label>
            <select id="workspace-switch" value={session.workspace.id} disabled={switchWorkspace.isPending} onChange={(e) => switchWorkspace.mutate(e.target.value)}>
              {session.workspaces.map((w) => (
                <option key={w.id} value={w.id}>
                  {w.name}
                </option>
              ))}
            </select>
          </>
        ) : (
          <span className="workspace-name" title={session.workspace.name}>
            {session.workspace.name}
          </span>
        )}
      </div>
      <nav aria-label="Main" className="nav">
        <NavLink to="/inbox">Inbox</NavLink>
        <NavLink to="/contacts">Contacts</NavLink>
        <NavLink to="/reports">Reports</NavLink>
        <NavLink to="/settings">Settings</NavLink>
      </nav>
      <div className="sidebar-extra">
        <nav aria-label="Team" className="shortcuts">
          <h2 className="sidebar-heading">Team</h2>
          <Shortcut param="assignee_id" value={session.user.id}>
            <span className="truncate">Assigned to me</span>
          </Shortcut>
          <Shortcut param="assignee_id" value="none">
            <span className="truncate">Unassigned</span>
          </Shortcut>
        </nav>
        {categories.data && categories.data.length > 0 ? (
          <nav aria-label="Categories" className="shortcuts">
            <h2 className="sidebar-heading">Categories</h2>
            {categories.data.map((c) => (
              <Shortcut key={c.id} param="category_id" value={c.id}>
                <Dot color={c.color} />
                <span className="truncate">{c.name}</span>
              </Shortcut>
            ))}
          </nav>
        ) : null}
        {connections.data && connections.data.length > 0 ? (
          <nav aria-label="Mailboxes" className="shortcuts">
            <h2 className="sidebar-heading">Mailboxes</h2>
            {connections.data.map((c) => (
              <Shortcut key={c.id} param="connection_id" value={c.id} title={c.sync?.last_error ?? c.email}>
                <span className="truncate">{c.email}</span>
                <Dot color={mailboxState(c).colour} />
                <span className="sr-only">{mailboxState(c).label}</span>
              </Shortcut>
            ))}
          </nav>
        ) : null}
      </div>
      <div className="sidebar-foot">
        <span className="muted small truncate" title={session.user.email}>
          {session.user.email}
        </span>
        <button type="button" className="link-button" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          Sign out
        </button>
      </div>
    </aside>
  );
}

/** A link to the inbox filtered by one assignee, category or mailbox; marked current when that is the view. */
function Shortcut(props: { param: string; value: string; title?: string; children: React.ReactNode }) {
  const location = useLocation();
  const current = location.pathname.startsWith('/inbox') && new URLSearchParams(location.search).get(props.param) === props.value;
  return (
    <Link to={`/inbox?${props.param}=${encodeURIComponent(props.value)}`} className={current ? 'shortcut active' : 'shortcut'} aria-current={current ? 'page' : undefined} title={props.title}>
      {props.children}
    </Link>
  );
}
