// Settings → Workspace (its plan and limits) and Settings → Outbox (the mail the workspace sent).
import { useQuery } from '@tanstack/react-query';
import { Empty, ErrorState, Loading } from '../../components/States.tsx';
import { dateTime } from '../../lib/format.ts';
import { workspaceQuery } from '../../lib/session.ts';
import type { OutboxMail, WorkspaceInfo } from '../../types.ts';
import { outboxQuery } from '../../queries/settings.ts';
import { PageHead } from './Settings.tsx';

const PLAN_LABEL: Record<WorkspaceInfo['plan'], string> = { starter: 'Starter', growth: 'Growth', scale: 'Scale' };

export function WorkspacePage() {
  const ws = useQuery({ ...workspaceQuery, staleTime: 0 });
  if (ws.isPending) return <Loading />;
  if (ws.isError) return <ErrorState error={ws.error} retry={() => ws.refetch()} />;
  return (
    <section>
      <PageHead title="Workspace">
        <button type="button" onClick={() => void ws.refetch()} disabled={ws.isFetching}>
          Refresh
        </button>
      </PageHead>
      <dl className="details">
        <div className="details-row">
          <dt>Name</dt>
          <dd>{ws.data.name}</dd>
        </div>
        <div className="details-row">
          <dt>Plan</dt>
          <dd>{PLAN_LABEL[ws.data.plan] ?? ws.data.plan}</dd>
        </div>
        <div className="details-row">
          <dt>Rate limit</dt>
          <dd>{ws.data.rate_limit.toLocaleString()} requests per minute</dd>
        </div>
        <div className="details-row">
          <dt>Remaining</dt>
          <dd>{ws.data.rate_limit_remaining === null ? 'Unknown' : `${ws.data.rate_limit_remaining.toLocaleString()} in this minute`}</dd>
        </div>
        <div className="details-row">
          <dt>Workspace id</dt>
          <dd className="mono">{ws.data.id}</dd>
        </div>
      </dl>
    </section>
  );
}

const KIND_LABEL: Record<OutboxMail['kind'], string> = { reply: 'Reply', forward: 'Forward', invite: 'Invitation', 'password-reset': 'Password reset' };

export function OutboxPage() {
  const outbox = useQuery(outboxQuery);
  if (outbox.isPending) return <Loading label="Loading the outbox…" />;
  if (outbox.isError) return <ErrorState error={outbox.error} retry={() => outbox.refetch()} />;
  return (
    <section>
      <PageHead title="Outbox">
        <button type="button" onClick={() => void outbox.refetch()} disabled={outbox.isFetching}>
          Refresh
        </button>
      </PageHead>
      <p className="muted pad">Mail kept here instead of being sent, because no mail server (SMTP_URL) is configured.</p>
      {outbox.data.length === 0 ? (
        <Empty title="No captured mail" />
      ) : (
        <ul className="outbox">
          {outbox.data.map((m) => (
            <li key={m.id}>
              <details>
                <summary>
                  <span className="tag">{KIND_LABEL[m.kind] ?? m.kind}</span>
                  <span className="strong">{m.subject || '(no subject)'}</span>
                  <span className="muted"> to {m.to}</span>
                  <span className="muted small"> · {dateTime(m.created_at)}</span>
                </summary>
              </details>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
