import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError, api, errorMessage } from '../../api.ts';
import { forgetSession, sessionQuery, statusQuery, useAdoptSession } from '../../lib/session.ts';
import type { Answer, Session } from '../../types.ts';

function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="auth-page">
      <div className="auth-card">
        <p className="brand" aria-hidden="true">
          Replydesk
        </p>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}

function FormError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p role="alert" className="form-error">
      {errorMessage(error)}
    </p>
  );
}

/** Where to go after signing in: the page that sent the person here, if it is one of ours. */
function useNext(): string {
  const [params] = useSearchParams();
  const next = params.get('next');
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/inbox';
}

export function SignInPage() {
  const [params] = useSearchParams();
  const session = useQuery(sessionQuery);
  const next = useNext();
  if (params.get('forgot') !== null) return <ForgotPassword />;
  if (session.data) return <Navigate to={next} replace />;
  return <SignInForm next={next} />;
}

function SignInForm({ next }: { next: string }) {
  const adopt = useAdoptSession();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useMutation({
    mutationFn: () => api.post<Session>('/dashboard/api/sign-in', { email: email.trim(), password }),
    onSuccess: (session) => {
      adopt(session);
      void navigate(next, { replace: true });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    signIn.mutate();
  };
  return (
    <AuthCard title="Sign in">
      <form onSubmit={submit} className="form">
        <div className="field">
          <label htmlFor="signin-email">Email</label>
          <input id="signin-email" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="signin-password">Password</label>
          <input id="signin-password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        </div>
        <FormError error={signIn.error} />
        <button type="submit" className="primary wide" disabled={signIn.isPending}>
          Sign in
        </button>
      </form>
      <p className="auth-foot">
        <Link to="/signin?forgot">Forgot password?</Link>
      </p>
    </AuthCard>
  );
}

export function ForgotPassword() {
  const [email, setEmail] = useState('');
  const reset = useMutation({ mutationFn: () => api.post<Answer<'/dashboard/api/password-reset', 'post'>>('/dashboard/api/password-reset', { email: email.trim() }) });
  return (
    <AuthCard title="Reset your password">
      {reset.isSuccess ? (
        <p role="status">If an account exists for {email}, we have sent it a link to choose a new password.</p>
      ) : (
        <form
          className="form"
          onSubmit={(e) => {
            e.preventDefault();
            reset.mutate();
          }}
        >
          <p className="muted">Enter your email and we will send you a link to choose a new password.</p>
          <div className="field">
            <label htmlFor="forgot-email">Email</label>
            <input id="forgot-email" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
          </div>
          <FormError error={reset.error} />
          <button type="submit" className="primary wide" disabled={reset.isPending}>
            Send reset link
          </button>
        </form>
      )}
      <p className="auth-foot">
        <Link to="/signin">Back to sign in</Link>
      </p>
    </AuthCard>
  );
}

export function SetupPage() {
  const { token = '' } = useParams();
  const adopt = useAdoptSession();
  const navigate = useNavigate();
  const [form, setForm] = useState({ email: '', password: '', workspace_name: '', demo_data: false });
  // a used link: Replydesk is set up already, and the form would only fail on submit
  const status = useQuery(statusQuery);
  const setup = useMutation({
    mutationFn: () => api.post<Session>('/dashboard/api/setup', { token, email: form.email.trim(), password: form.password, workspace_name: form.workspace_name.trim(), demo_data: form.demo_data }),
    onSuccess: (session) => {
      adopt(session);
      void navigate('/inbox', { replace: true });
    },
  });
  if (status.data?.setup_required === false && !setup.isSuccess)
    return (
      <AuthCard title="Replydesk is set up">
        <p role="status">This setup link was already used: the first workspace and its owner exist. Sign in, or ask an owner of your workspace for an invitation.</p>
        <p>
          <Link to="/signin">Sign in</Link>
        </p>
      </AuthCard>
    );
  return (
    <AuthCard title="Set up Replydesk">
      <p className="muted">Create the first workspace and its owner.</p>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          setup.mutate();
        }}
      >
        <div className="field">
          <label htmlFor="setup-email">Email</label>
          <input id="setup-email" type="email" autoComplete="username" required value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="setup-password">Password</label>
          <input id="setup-password" type="password" autoComplete="new-password" required minLength={8} value={form.password} onChange={(e) => setForm({ ...form, password: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="setup-workspace">Workspace name</label>
          <input id="setup-workspace" required value={form.workspace_name} onChange={(e) => setForm({ ...form, workspace_name: e.target.value })} />
        </div>
        <div className="check">
          <input id="setup-demo" type="checkbox" checked={form.demo_data} onChange={(e) => setForm({ ...form, demo_data: e.target.checked })} />
          <label htmlFor="setup-demo">Load demo data</label>
        </div>
        <FormError error={setup.error} />
        <button type="submit" className="primary wide" disabled={setup.isPending}>
          Create workspace
        </button>
      </form>
    </AuthCard>
  );
}

function ChoosePassword(props: { title: string; intro: string; button: string; path: string; onError?: (err: unknown) => void; foot?: ReactNode }) {
  const { token = '' } = useParams();
  const adopt = useAdoptSession();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const mutation = useMutation({
    mutationFn: () => api.post<Session>(props.path, { token, password }),
    onSuccess: (session) => {
      adopt(session);
      void navigate('/inbox', { replace: true });
    },
    onError: props.onError,
  });
  return (
    <AuthCard title={props.title}>
      <p className="muted">{props.intro}</p>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          mutation.mutate();
        }}
      >
        <div className="field">
          <label htmlFor="choose-password">Password</label>
          <input id="choose-password" type="password" autoComplete="new-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        </div>
        <FormError error={mutation.error} />
        <button type="submit" className="primary wide" disabled={mutation.isPending}>
          {props.button}
        </button>
      </form>
      <p className="auth-foot">{props.foot ?? <Link to="/signin">Back to sign in</Link>}</p>
    </AuthCard>
  );
}

export function ResetPage() {
  return <ChoosePassword title="Choose a new password" intro="Your other sessions will be signed out." button="Set password" path="/dashboard/api/password-reset/confirm" />;
}

/**
 * An invitation: a new address chooses its password here; an address that already has an
 * account signs in as itself and joins (its password is never typed into an invitation).
 */
export function InvitePage() {
  const { token = '' } = useParams();
  const session = useQuery(sessionQuery);
  const [existing, setExisting] = useState(false);
  if (session.isPending) return null;
  if (session.data) return <JoinWorkspace token={token} session={session.data} />;
  const signInLink = `/signin?next=${encodeURIComponent(`/invite/${token}`)}`;
  return (
    <ChoosePassword
      title="Join the workspace"
      intro="Choose a password for your new Replydesk account."
      button="Accept invitation"
      path="/dashboard/api/invites/accept"
      onError={(err) => setExisting(err instanceof ApiError && err.status === 409)}
      foot={
        existing ? (
          <Link to={signInLink}>Sign in to join</Link>
        ) : (
          <>
            Already have an account? <Link to={signInLink}>Sign in to join</Link>
          </>
        )
      }
    />
  );
}

function JoinWorkspace({ token, session }: { token: string; session: Session }) {
  const adopt = useAdoptSession();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const join = useMutation({
    mutationFn: () => api.post<Session>('/dashboard/api/invites/join', { token }),
    onSuccess: (s) => {
      adopt(s);
      void navigate('/inbox', { replace: true });
    },
  });
  const signOut = useMutation({
    mutationFn: () => api.post('/dashboard/api/sign-out'),
    onSuccess: () => forgetSession(qc),
  });
  return (
    <AuthCard title="Join the workspace">
      <p className="muted">You are signed in as {session.user.email}.</p>
      <FormError error={join.error} />
      <button type="button" className="primary wide" disabled={join.isPending} onClick={() => join.mutate()}>
        Join workspace
      </button>
      <p className="auth-foot">
        <button type="button" className="link-button" onClick={() => signOut.mutate()}>
          Not {session.user.email}? Sign out
        </button>
      </p>
    </AuthCard>
  );
}
