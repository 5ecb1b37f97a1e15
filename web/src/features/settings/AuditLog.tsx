// Settings → Audit log (docs/dashboard.md "Audit log"): who changed the workspace's keys,
// members, mailboxes and webhooks, and when, newest first. Owners and admins.
import { useQuery } from '@tanstack/react-query';
import { Empty, ErrorState, Loading } from '../../components/States.tsx';
import { dateTime } from '../../lib/format.ts';
import { auditQuery } from '../../queries/settings.ts';
import type { AuditEntry } from '../../types.ts';
import { PageHead } from './Settings.tsx';

const ACTIONS: Record<string, string> = {
  'api_key.created': 'created an API key',
  'api_key.revoked': 'revoked an API key',
  'member.role_changed': "changed a member's role",
  'member.removed': 'removed a member',
  'mailbox.connected': 'connected a mailbox',
  'mailbox.changed': 'changed a mailbox',
  'mailbox.removed': 'removed a mailbox',
  'webhook.created': 'created a webhook',
  'webhook.changed': 'changed a webhook',
  'webhook.secret_rotated': "rotated a webhook's secret",
  'webhook.deleted': 'deleted a webhook',
  'contact.erased': 'erased a person',
  'retention.changed': 'changed how long replies are kept',
};

function what(e: AuditEntry): string {
  const parts: string[] = [];
  if (e.details.role) parts.push(`to ${e.details.role}`);
  else if ('days' in e.details) parts.push(e.details.days === null ? 'to forever' : `to ${String(e.details.days)} days`);
  else if (e.details.fields?.length) parts.push(`(${e.details.fields.join(', ')})`);
  return parts.join(' ');
}

export default function AuditLogPage() {
  const log = useQuery(auditQuery);
  if (log.isPending) return <Loading label="Loading the audit log…" />;
  if (log.isError) return <ErrorState error={log.error} retry={() => log.refetch()} />;
  return (
    <section>
      <PageHead title="Audit log">
        <button type="button" onClick={() => void log.refetch()} disabled={log.isFetching}>
          Refresh
        </button>
      </PageHead>
      <p className="muted pad">Who created or revoked API keys, changed or removed members, connected, changed or removed mailboxes, changed webhooks and erased people. The newest 100.</p>
      {log.data.length === 0 ? (
        <Empty title="Nothing has changed yet" />
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="sr-only">Audit log</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Which</th>
              </tr>
            </thead>
            <tbody>
              {log.data.map((e) => (
                <tr key={e.id}>
                  <td>{dateTime(e.created_at)}</td>
                  <td>
                    {e.actor.name}
                    {e.actor.type === 'api_key' && <span className="muted"> (API key)</span>}
                  </td>
                  <td>
                    {ACTIONS[e.action] ?? e.action} {what(e)}
                  </td>
                  <td className="mono small">{e.target_id ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
