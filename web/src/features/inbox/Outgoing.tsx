// The mail sent or forwarded from a reply, with its delivery state; a failed one can be retried.
import { dateTime } from '../../lib/format.ts';
import type { OutgoingMessage } from '../../types.ts';
import { useRetryOutgoing } from './mutations.ts';

const OUTGOING_LABEL: Record<OutgoingMessage['status'], string> = {
  queued: 'Queued',
  sent: 'Sent',
  failed: 'Failed',
  captured: 'Captured (no mail server configured)',
};

export function Outgoing({ replyId, items }: { replyId: string; items: OutgoingMessage[] }) {
  const retry = useRetryOutgoing(replyId);
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
            <span className="muted small">{dateTime(m.sent_at ?? m.created_at)}</span>
            {m.error ? <span className="form-error small">{m.error}</span> : null}
            {m.status === 'failed' ? (
              <button type="button" className="link-button" disabled={retry.isPending} onClick={() => retry.mutate(m.id)}>
                Retry
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
