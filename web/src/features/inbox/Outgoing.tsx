// The mail sent or forwarded from a reply, with its delivery state: a failed one can be retried,
// a scheduled one cancelled, a held one sent anyway or cancelled.
import { dateTime } from '../../lib/format.ts';
import type { OutgoingMessage } from '../../types.ts';
import { useCancelOutgoing, useRetryOutgoing } from './mutations.ts';

const OUTGOING_LABEL: Record<OutgoingMessage['status'], string> = {
  scheduled: 'Scheduled',
  held: 'Held',
  cancelled: 'Cancelled',
  queued: 'Queued',
  sent: 'Sent',
  failed: 'Failed',
  captured: 'Captured (no mail server configured)',
};

export function Outgoing({ replyId, items }: { replyId: string; items: OutgoingMessage[] }) {
  const retry = useRetryOutgoing(replyId);
  const cancel = useCancelOutgoing(replyId);
  if (!items.length) return null;
  return (
    <section className="outgoing" aria-label="Outgoing mail">
      <h2 className="section-title">Outgoing mail</h2>
      <ul>
        {items.map((m) => (
          <li key={m.id} className={`outgoing-item outgoing-${m.status}`}>
            <span className={`badge badge-${m.status}`}>{OUTGOING_LABEL[m.status]}</span>
            <span>
              {m.kind === 'forward' ? 'Forward' : 'Reply'} to {m.to.join(', ')}
            </span>
            <span className="muted small">{m.status === 'scheduled' ? `leaves ${dateTime(m.send_at)}` : dateTime(m.sent_at ?? m.created_at)}</span>
            {m.error ? <span className="form-error small">{m.error}</span> : null}
            {m.status === 'failed' || m.status === 'held' ? (
              <button type="button" className="link-button" disabled={retry.isPending} onClick={() => retry.mutate(m.id)}>
                {m.status === 'held' ? 'Send anyway' : 'Retry'}
              </button>
            ) : null}
            {m.status === 'scheduled' || m.status === 'held' ? (
              <button type="button" className="link-button" disabled={cancel.isPending} onClick={() => cancel.mutate(m.id)}>
                Cancel
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
