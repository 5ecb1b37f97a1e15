import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../api.ts';
import { Dialog } from '../../components/Dialog.tsx';
import type { ReplyDetail } from '../../types.ts';
import { useForwardReply } from './mutations.ts';

export function ForwardDialog({ reply, onClose }: { reply: ReplyDetail; onClose: () => void }) {
  const [to, setTo] = useState('');
  const [message, setMessage] = useState('');
  const [includeThread, setIncludeThread] = useState(true);
  const forward = useForwardReply(reply.id, onClose);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    forward.mutate({
      to: to
        .split(/[,;\s]+/)
        .map((s) => s.trim())
        .filter(Boolean),
      message,
      include_thread: includeThread,
    });
  };
  return (
    <Dialog title="Forward reply" onClose={onClose}>
      <form className="form" onSubmit={submit}>
        <div className="field">
          <label htmlFor="forward-to">Recipients</label>
          <input id="forward-to" required value={to} onChange={(e) => setTo(e.target.value)} placeholder="name@example.com, other@example.com" aria-describedby="forward-to-hint" />
          <span id="forward-to-hint" className="muted small">
            Separate addresses with commas.
          </span>
        </div>
        <div className="field">
          <label htmlFor="forward-message">Message</label>
          <textarea id="forward-message" rows={4} value={message} onChange={(e) => setMessage(e.target.value)} />
        </div>
        <div className="check">
          <input id="forward-thread" type="checkbox" checked={includeThread} onChange={(e) => setIncludeThread(e.target.checked)} />
          <label htmlFor="forward-thread">Include thread</label>
        </div>
        {forward.error ? (
          <p role="alert" className="form-error">
            {errorMessage(forward.error)}
          </p>
        ) : null}
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={forward.isPending}>
            {forward.isPending ? 'Forwarding…' : 'Forward'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
