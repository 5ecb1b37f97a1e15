// Settings → Workspace (its plan, limits and time zone) and Settings → Outbox (the mail the
// workspace sent).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, errorMessage } from '../../api.ts';
import { useToast } from '../../components/Toasts.tsx';
import { Empty, ErrorState, Loading } from '../../components/States.tsx';
import { dateTime } from '../../lib/format.ts';
import { sessionKeys, workspaceQuery } from '../../lib/session.ts';
import type { OutboxMail, WorkspaceInfo } from '../../types.ts';
import { outboxQuery } from '../../queries/settings.ts';
import { PageHead, useManager } from './Settings.tsx';
import { RetentionField } from './Retention.tsx';

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
          <dt>
            <label htmlFor="workspace-tz">Time zone</label>
          </dt>
          <dd>
            <TimeZoneField current={ws.data.time_zone} />
          </dd>
        </div>
        <div className="details-row">
          <dt>
            <label htmlFor="workspace-retention">Keep replies</label>
          </dt>
          <dd>
            <RetentionField />
          </dd>
        </div>
        <div className="details-row">
          <dt>Workspace id</dt>
          <dd className="mono">{ws.data.id}</dd>
        </div>
      </dl>
    </section>
  );
}

const ZONES = [...new Set(['UTC', ...(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [])])];

/** The workspace's time zone: the clients' weekly reports go out on its Monday at 08:00. Owners and admins change it. */
function TimeZoneField({ current }: { current: string }) {
  const manage = useManager();
  const qc = useQueryClient();
  const toast = useToast();
  const [tz, setTz] = useState(current);
  const save = useMutation({
    mutationFn: () => api.patch<{ time_zone: string }>('/dashboard/api/workspace', { time_zone: tz }),
    onSuccess: async (r) => {
      toast(`Time zone set to ${r.time_zone}`);
      await qc.invalidateQueries({ queryKey: sessionKeys.workspace });
    },
  });
  return (
    <div className="inline-form">
      <select id="workspace-tz" value={tz} disabled={!manage} aria-describedby="workspace-tz-hint" onChange={(e) => setTz(e.target.value)}>
        {(ZONES.includes(current) ? ZONES : [current, ...ZONES]).map((z) => (
          <option key={z} value={z}>
            {z}
          </option>
        ))}
      </select>
      {manage ? (
        <button type="button" disabled={tz === current || save.isPending} onClick={() => save.mutate()}>
          Save
        </button>
      ) : null}
      <span id="workspace-tz-hint" className="small muted">
        Clients&apos; weekly reports go out on its Monday at 08:00.
      </span>
      {save.isError ? (
        <span role="alert" className="form-error small">
          {errorMessage(save.error)}
        </span>
      ) : null}
    </div>
  );
}

const KIND_LABEL: Record<OutboxMail['kind'], string> = { reply: 'Reply', forward: 'Forward', invite: 'Invitation', 'password-reset': 'Password reset', 'weekly-report': 'Weekly report' };

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
