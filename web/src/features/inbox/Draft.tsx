// The answer to the open reply: saved as it is typed, sent with Send (mod+Enter); beside it the
// reply's other actions (forward, archive, snooze, wake).
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../api.ts';
import { Popover } from '../../components/Popover.tsx';
import { useToast } from '../../components/Toasts.tsx';
import { dateTime } from '../../lib/format.ts';
import type { ReplyDetail } from '../../types.ts';
import type { InboxActions } from './actions.ts';
import { useSaveDraft, useSendReply } from './mutations.ts';
import { MOD } from './ShortcutsDialog.tsx';
import { SnoozeChoices } from './SnoozeMenu.tsx';
import type { TabId } from './view.ts';

export function Draft(props: { reply: ReplyDetail; actions: InboxActions; onForward: () => void; tab: TabId | null; snoozeOpen: boolean; setSnoozeOpen: (open: boolean) => void }) {
  const { reply, actions } = props;
  const toast = useToast();
  const server = reply.ai_response ?? '';
  const [text, setText] = useState(server);
  const save = useSaveDraft(reply.id);
  const saved = useRef(server);
  const focused = useRef(false);
  const timer = useRef<number | undefined>(undefined);
  const textRef = useRef(text);
  textRef.current = text;

  // A refresh from the server (someone else, or triage) replaces the draft only when the
  // person is not in it and has nothing unsaved.
  useEffect(() => {
    if (!focused.current && textRef.current === saved.current && server !== saved.current) {
      saved.current = server;
      setText(server);
    }
  }, [server]);

  const { mutateAsync: saveDraft } = save;
  const flush = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    const value = textRef.current;
    if (value === saved.current) return;
    saveDraft(value).then(
      () => {
        saved.current = value;
      },
      () => {}, // shown by the save state
    );
  }, [saveDraft]);

  // Leaving the reply saves what is left.
  useEffect(() => () => flush(), [flush]);

  const onChange = (value: string) => {
    setText(value);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(flush, 800);
  };

  const send = useSendReply((sentTo) => {
    saved.current = textRef.current;
    toast(`Sent to ${sentTo}`);
    actions.sent(reply.id);
  });
  const sendNow = () => {
    window.clearTimeout(timer.current);
    send.mutate({ id: reply.id, message: textRef.current.trim() ? textRef.current : undefined });
  };

  const alreadySent = reply.status === 'sent';
  const snoozed = !!reply.snoozed_until && new Date(reply.snoozed_until).getTime() > Date.now();

  return (
    <section className="draft">
      <div className="draft-head">
        <label htmlFor="draft" className="strong">
          Draft
        </label>
        <span className="muted small" aria-hidden="true">
          (r)
        </span>
        <span className={`save-state small${save.isError ? ' form-error' : ' muted'}`} role="status">
          {save.isPending ? 'Saving…' : save.isSuccess ? 'Saved' : save.isError ? `Not saved: ${errorMessage(save.error)}` : ''}
        </span>
      </div>
      {alreadySent && reply.sent_response ? (
        <div className="sent-response">
          <p className="small muted">Sent {dateTime(reply.handled_at)}:</p>
          <div className="pre">{reply.sent_response}</div>
        </div>
      ) : null}
      <textarea
        id="draft"
        value={text}
        rows={8}
        placeholder={alreadySent ? 'This reply was already answered.' : 'Write the answer…'}
        onChange={(e) => onChange(e.target.value)}
        onFocus={() => (focused.current = true)}
        onBlur={() => {
          focused.current = false;
          flush();
        }}
      />
      {reply.contact.do_not_contact ? <p className="warning small">This contact asked not to be contacted: sending is refused.</p> : null}
      {send.error ? (
        <p role="alert" className="form-error">
          {errorMessage(send.error)}
        </p>
      ) : null}
      <div className="actions" role="group" aria-label="Reply actions">
        <button id="send-button" type="button" className="primary" disabled={send.isPending || alreadySent} onClick={sendNow}>
          {send.isPending ? 'Sending…' : 'Send'} <kbd aria-hidden="true">{MOD}↵</kbd>
        </button>
        <button type="button" onClick={props.onForward}>
          Forward
        </button>
        <button type="button" disabled={reply.status === 'archived'} onClick={() => actions.archive(reply)}>
          Archive <kbd aria-hidden="true">e</kbd>
        </button>
        <Popover
          label={
            <>
              Snooze <kbd aria-hidden="true">s</kbd>
            </>
          }
          panelLabel="Snooze until"
          open={props.snoozeOpen}
          onOpenChange={props.setSnoozeOpen}
        >
          <SnoozeChoices
            onPick={(d) => {
              props.setSnoozeOpen(false);
              actions.snooze(reply, d);
            }}
          />
        </Popover>
        {snoozed || props.tab === 'snoozed' ? (
          <button type="button" onClick={() => actions.snooze(reply, null)}>
            Wake
          </button>
        ) : null}
      </div>
    </section>
  );
}
