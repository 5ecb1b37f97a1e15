import type React from 'react';
import { lazy, Suspense } from 'react';
import { Navigate, NavLink, Route, Routes } from 'react-router';
import { Loading, NoAccess } from '../../components/States.tsx';
import { canManage, useSession } from '../../lib/session.ts';
import { ApiKeysPage } from './ApiKeys.tsx';
import { MembersPage } from './People.tsx';
import { OutboxPage, WorkspacePage } from './Workspace.tsx';
import { CategoriesPage, ClientsPage } from './Resources.tsx';
import { MailboxesPage } from './Mailboxes.tsx';

const WebhooksPage = lazy(() => import('./Webhooks.tsx'));
const TriagePage = lazy(() => import('./Triage.tsx'));
const AuditLogPage = lazy(() => import('./AuditLog.tsx'));

const PAGES = [
  { path: 'keys', label: 'API keys', admin: true },
  { path: 'webhooks', label: 'Webhooks', admin: true },
  { path: 'categories', label: 'Categories', admin: false },
  { path: 'clients', label: 'Clients', admin: false },
  { path: 'triage', label: 'Triage', admin: false },
  { path: 'mailboxes', label: 'Mailboxes', admin: true },
  { path: 'members', label: 'Members', admin: false },
  { path: 'workspace', label: 'Workspace', admin: false },
  { path: 'outbox', label: 'Outbox', admin: true },
  { path: 'audit', label: 'Audit log', admin: true },
] as const;

export default function Settings() {
  const session = useSession();
  const manage = canManage(session);
  return (
    <div className="settings">
      <nav className="subnav" aria-label="Settings">
        <h1 className="subnav-title">Settings</h1>
        {PAGES.filter((p) => manage || !p.admin).map((p) => (
          <NavLink key={p.path} to={`/settings/${p.path}`}>
            {p.label}
          </NavLink>
        ))}
      </nav>
      <div className="settings-body">
        <Suspense fallback={<Loading />}>
          <Routes>
            <Route index element={<Navigate to={manage ? 'keys' : 'categories'} replace />} />
            <Route path="keys" element={<ApiKeysPage />} />
            <Route path="webhooks" element={<WebhooksPage />} />
            <Route path="categories" element={<CategoriesPage />} />
            <Route path="clients" element={<ClientsPage />} />
            <Route path="triage" element={<TriagePage />} />
            <Route path="mailboxes" element={manage ? <MailboxesPage /> : <NoAccess />} />
            <Route path="members" element={<MembersPage />} />
            <Route path="workspace" element={<WorkspacePage />} />
            <Route path="outbox" element={<OutboxPage />} />
            <Route path="audit" element={manage ? <AuditLogPage /> : <NoAccess />} />
            <Route path="*" element={<NoSuchPage />} />
          </Routes>
        </Suspense>
      </div>
    </div>
  );
}

function NoSuchPage() {
  return (
    <div className="state state-empty">
      <p className="state-title">There is no such settings page</p>
    </div>
  );
}

/** Whether the signed-in person may change the workspace's settings: owners and admins (docs/dashboard.md "How the dashboard talks to the server"). */
export function useManager(): boolean {
  return canManage(useSession());
}

/** For a member on a settings page they may read but not change. */
export function ReadOnlyNote({ what }: { what: string }) {
  if (useManager()) return null;
  return (
    <p className="muted pad-bottom" role="note">
      Only owners and admins can change {what}; ask one of them.
    </p>
  );
}

export function PageHead({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <header className="page-head">
      <h2 className="page-title">{title}</h2>
      <div className="page-actions">{children}</div>
    </header>
  );
}
