// Connecting a mailbox by signing in with Google or Microsoft (docs/mailboxes.md, OAuth 2.0):
// the buttons that start it, the outcome the server's callback sends back in the URL, and a
// Reconnect for a mailbox whose access was revoked.
import { useMutation, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { api, errorMessage } from '../../api.ts';
import { workspaceQuery } from '../../lib/session.ts';
import type { Answer, Body, Connection, WorkspaceInfo } from '../../types.ts';

const LABEL: Record<WorkspaceInfo['mailbox_sign_in'][number], string> = { google: 'Google', microsoft: 'Microsoft' };

/** Asks the server where to send the person, and goes there. */
function useStart() {
  return useMutation({
    mutationFn: (p: Body<'/api/connections/oauth', 'post'>) => api.post<Answer<'/api/connections/oauth', 'post'>>('/api/connections/oauth', p),
    onSuccess: ({ authorization_url }) => window.location.assign(authorization_url),
  });
}

/** "Connect Google" / "Connect Microsoft", for the providers the server has configured. */
export function ConnectButtons() {
  const ws = useQuery({ ...workspaceQuery, staleTime: 60_000 });
  const start = useStart();
  const providers = ws.data?.mailbox_sign_in ?? [];
  return (
    <>
      {providers.map((p) => (
        <button key={p} type="button" onClick={() => start.mutate({ provider: p })} disabled={start.isPending}>
          Connect {LABEL[p]}
        </button>
      ))}
      {start.error ? (
        <span role="alert" className="form-error small">
          {errorMessage(start.error)}
        </span>
      ) : null}
    </>
  );
}

/** What the provider's round trip came to (`?oauth=connected|reconnected|error&message=…`), shown once above the list. */
export function SignInOutcome() {
  const [params, setParams] = useSearchParams();
  const outcome = params.get('oauth');
  if (!outcome) return null;
  const dismiss = () => setParams({}, { replace: true });
  const ok = outcome === 'connected' || outcome === 'reconnected';
  return (
    <div role={ok ? 'status' : 'alert'} className={ok ? 'notice' : 'notice form-error'}>
      {ok
        ? outcome === 'connected'
          ? 'Mailbox connected: its new mail will arrive in the inbox.'
          : 'Mailbox reconnected: its sync resumes where it stopped.'
        : `The mailbox was not connected: ${params.get('message') ?? 'unknown reason'}`}{' '}
      <button type="button" className="link-button" onClick={dismiss}>
        Dismiss
      </button>
    </div>
  );
}

/** Reconnect: signs in again with the mailbox's provider (its tokens renewed, its sync resumed). */
export function ReconnectButton({ connection }: { connection: Connection }) {
  const start = useStart();
  if (connection.auth !== 'oauth' || !connection.oauth) return null;
  return (
    <button type="button" onClick={() => start.mutate({ provider: connection.oauth!.provider })} disabled={start.isPending} aria-label={`Reconnect ${connection.email}`}>
      Reconnect
    </button>
  );
}
