import type { ReactNode } from 'react';
import { ApiError, errorMessage } from '../api.ts';

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="state state-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      {label}
    </div>
  );
}

export function Empty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="state state-empty">
      <p className="state-title">{title}</p>
      {children ? <div className="state-text">{children}</div> : null}
    </div>
  );
}

export function ErrorState({ error, retry }: { error: unknown; retry?: () => Promise<unknown> }) {
  if (error instanceof ApiError && error.status === 403) return <NoAccess message={error.message} />;
  return (
    <div className="state state-error" role="alert">
      <p className="state-title">Could not load this</p>
      <p className="state-text">{errorMessage(error)}</p>
      {retry ? (
        <button type="button" onClick={() => void retry()}>
          Try again
        </button>
      ) : null}
    </div>
  );
}

export function NoAccess({ message }: { message?: string }) {
  return (
    <div className="state state-error" role="alert">
      <p className="state-title">You don't have access to this page</p>
      {message ? <p className="state-text">{message}</p> : <p className="state-text">Ask an owner or admin of this workspace.</p>}
    </div>
  );
}
