// An endpoint's delivery log in Settings → Webhooks: each attempt's outcome, with a retry of a
// failed delivery (docs/webhooks.md).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '../../api.ts';
import { Empty, ErrorState, Loading } from '../../components/States.tsx';
import { useToast } from '../../components/Toasts.tsx';
import { dateTime } from '../../lib/format.ts';
import type { WebhookDelivery, WebhookEndpoint } from '../../types.ts';
import { deliveriesQuery, webhookKeys } from '../../queries/settings.ts';

const DELIVERY_LABEL: Record<WebhookDelivery['status'], string> = { pending: 'Pending', succeeded: 'Succeeded', failed: 'Failed' };

export function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const qc = useQueryClient();
  const toast = useToast();
  const log = useQuery(deliveriesQuery(endpoint.id));
  const retry = useMutation({
    mutationFn: (d: WebhookDelivery) => api.post(`/api/webhooks/${encodeURIComponent(endpoint.id)}/deliveries/${encodeURIComponent(d.id)}/retry`),
    onSuccess: () => toast('Delivery queued again'),
    onError: (err) => toast(errorMessage(err), { kind: 'error' }),
    onSettled: () => qc.invalidateQueries({ queryKey: webhookKeys.deliveries(endpoint.id) }),
  });
  if (log.isPending) return <Loading label="Loading deliveries…" />;
  if (log.isError) return <ErrorState error={log.error} retry={() => log.refetch()} />;
  if (!log.data.length) return <Empty title="No deliveries yet">Send a test event to see one here.</Empty>;
  return (
    <table className="table table-inner">
      <caption className="sr-only">Deliveries to {endpoint.url}</caption>
      <thead>
        <tr>
          <th scope="col">Event</th>
          <th scope="col">Status</th>
          <th scope="col">Status code</th>
          <th scope="col" className="num">
            Attempts
          </th>
          <th scope="col">Time</th>
          <th scope="col">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {log.data.map((d) => (
          <tr key={d.id}>
            <td className="mono">{d.event_type}</td>
            <td>
              <span className={`badge badge-delivery-${d.status}`}>{DELIVERY_LABEL[d.status]}</span>
              {d.last_error ? <div className="form-error small">{d.last_error}</div> : null}
            </td>
            <td className="mono">{d.last_status_code ?? '—'}</td>
            <td className="num">{d.attempts}</td>
            <td>
              {dateTime(d.updated_at)}
              {d.status === 'pending' && d.next_attempt_at ? <div className="muted small">next {dateTime(d.next_attempt_at)}</div> : null}
            </td>
            <td className="actions-cell">
              {d.status === 'failed' ? (
                <button type="button" onClick={() => retry.mutate(d)} disabled={retry.isPending}>
                  Retry
                </button>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
