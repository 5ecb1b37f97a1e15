// Send, with ten seconds to take it back, and Send later (docs/dashboard.md "The team's inbox",
// docs/mail.md "Send later, undo and held mail"). Send schedules the answer UNDO_SEND_SECONDS
// ahead on the server's clock, so the mail leaves even if the tab closes, and shows Undo (or
// `z`) for those seconds: Undo cancels it before it leaves. Send later schedules it for
// tomorrow morning, Monday or a chosen time, in this browser's time zone; its Undo, and Cancel
// in the reply's outgoing mail, take it back.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage, serverNow } from '../../api.ts';
import { Popover } from '../../components/Popover.tsx';
import { useToast } from '../../components/Toasts.tsx';
import { dateTime } from '../../lib/format.ts';
import type { ReplyDetail } from '../../types.ts';
import { takeBack, useSendReply } from './mutations.ts';
import type { SendExtras } from '../../queries/inbox.ts';
import { MOD } from './ShortcutsDialog.tsx';
import { TimeChoices } from './SnoozeMenu.tsx';
import { nextMonday, tomorrowMorning } from './view.ts';

export const UNDO_SEND_SECONDS = 10;
/** How far ahead Send later reaches (docs/api.md "The team's inbox"). */
const MAX_DAYS = 30;

export function SendButtons(props: {
  reply: ReplyDetail;
  /** The text to send; undefined: the reply's draft as saved. */
  message: () => string | undefined;
  /** The composer's copies and files (ComposeExtras.tsx). */
  extras: () => SendExtras;
  /** Runs first: the draft is saved, so an Undo finds it. */
  beforeSend: () => void;
  /** The answer was taken for sending now: the inbox moves on. */
  onSent: () => void;
  /** A send undone: the reply opens again. */
  onUndone: () => void;
  /** The reply cannot be sent now: it was answered, or an answer waits to leave. */
  blocked: boolean;
}) {
  const { reply } = props;
  const toast = useToast();
  const [laterOpen, setLaterOpen] = useState(false);
  const qc = useQueryClient();
  const send = useSendReply(reply.id, () => {});

  // runs after this view may have gone (the inbox moved on): nothing of the component's own
  const undo = (outgoingId: string, after?: () => void) => () =>
    void takeBack(qc, reply.id, outgoingId).then(
      () => {
        toast('Sending undone');
        after?.();
      },
      (err: unknown) => toast(`Too late to undo: ${errorMessage(err)}`, { kind: 'error' }),
    );

  const sendAt = (at: Date, later: boolean) => {
    props.beforeSend();
    send.mutate(
      { message: props.message(), sendAt: at, extras: props.extras() },
      {
        onSuccess: (answer) => {
          if (later) {
            toast(`Scheduled for ${dateTime(answer.outgoing.send_at)}`, { action: { label: 'Undo', run: undo(answer.outgoing.id) } });
            return;
          }
          toast(`Sending to ${answer.sent_to}…`, { action: { label: 'Undo', run: undo(answer.outgoing.id, props.onUndone) }, duration: UNDO_SEND_SECONDS * 1000 });
          props.onSent();
        },
      },
    );
  };

  return (
    <>
      {send.error ? (
        <p role="alert" className="form-error">
          {errorMessage(send.error)}
        </p>
      ) : null}
      <button id="send-button" type="button" className="primary" disabled={send.isPending || props.blocked} onClick={() => sendAt(new Date(serverNow() + UNDO_SEND_SECONDS * 1000), false)}>
        {send.isPending ? 'Sending…' : 'Send'} <kbd aria-hidden="true">{MOD}↵</kbd>
      </button>
      <Popover label="Send later" panelLabel="Send at" open={laterOpen} onOpenChange={setLaterOpen} disabled={send.isPending || props.blocked}>
        <TimeChoices
          presets={[
            { label: 'Tomorrow morning', at: tomorrowMorning() },
            { label: 'Monday morning', at: nextMonday() },
          ]}
          pickLabel="Pick a time"
          maxDays={MAX_DAYS}
          onPick={(at) => {
            setLaterOpen(false);
            sendAt(at, true);
          }}
        />
      </Popover>
    </>
  );
}
