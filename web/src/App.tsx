import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { ErrorState, Loading } from './components/States.tsx';
import { InvitePage, ResetPage, SetupPage, SignInPage } from './features/auth/AuthPages.tsx';
import { ContactPage, ContactsPage } from './features/contacts/Contacts.tsx';
import { InboxPage } from './features/inbox/Inbox.tsx';
import { Shell } from './features/shell/Shell.tsx';
import { sessionQuery, statusQuery } from './lib/session.ts';

const Settings = lazy(() => import('./features/settings/Settings.tsx'));
// with its charting library: only when opened
const Reports = lazy(() => import('./features/reports/Reports.tsx'));

export function App() {
  const location = useLocation();
  const status = useQuery(statusQuery);
  const onSetup = location.pathname.startsWith('/setup/');

  if (status.isPending) return <Loading label="Starting…" />;
  if (status.isError)
    return (
      <div className="auth-page">
        <ErrorState error={status.error} retry={() => status.refetch()} />
      </div>
    );
  if (status.data.setup_required && !onSetup) return <SetupRequired />;

  return (
    <Routes>
      <Route path="/signin" element={<SignInPage />} />
      <Route path="/setup/:token" element={<SetupPage />} />
      <Route path="/reset/:token" element={<ResetPage />} />
      <Route path="/invite/:token" element={<InvitePage />} />
      <Route element={<RequireSession />}>
        <Route index element={<Navigate to="/inbox" replace />} />
        <Route path="/inbox" element={<InboxPage />} />
        <Route path="/inbox/:id" element={<InboxPage />} />
        <Route path="/contacts" element={<ContactsPage />} />
        <Route path="/contacts/:id" element={<ContactPage />} />
        <Route
          path="/reports"
          element={
            <Suspense fallback={<Loading />}>
              <Reports />
            </Suspense>
          }
        />
        <Route
          path="/settings/*"
          element={
            <Suspense fallback={<Loading />}>
              <Settings />
            </Suspense>
          }
        />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}

function RequireSession() {
  const location = useLocation();
  const session = useQuery(sessionQuery);
  if (session.isPending) return <Loading label="Signing you in…" />;
  if (session.isError)
    return (
      <div className="auth-page">
        <ErrorState error={session.error} retry={() => session.refetch()} />
      </div>
    );
  if (!session.data) {
    const next = location.pathname + location.search;
    return <Navigate to={next && next !== '/' ? `/signin?next=${encodeURIComponent(next)}` : '/signin'} replace />;
  }
  return <Shell />;
}

function SetupRequired() {
  return (
    <main className="auth-page">
      <div className="auth-card">
        <h1>Welcome to Replydesk</h1>
        <p>This server has no account yet.</p>
        <p>Open the setup link printed in the server log to create the first workspace and its owner.</p>
      </div>
    </main>
  );
}

function NotFound() {
  return (
    <div className="pane pane-full">
      <div className="state state-empty">
        <h1 className="state-title">Page not found</h1>
        <p className="state-text">There is nothing at this address.</p>
      </div>
    </div>
  );
}
