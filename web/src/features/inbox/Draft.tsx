// The answer to the open reply: saved as it is typed, sent with Send (mod+Enter) or Send later
// (SendButtons.tsx); beside them the reply's other actions (forward, archive, snooze, wake), in
// a bar that stays at the foot of the reading pane while a long reply is read.
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../api.ts';
import { Popover } from '../../components/Popover.tsx';
import { dateTime } from '../../lib/format.ts';
import type { ReplyDetail } from '../../types.ts';
import type { InboxActions } from './actions.ts';
import { useSaveDraft } from './mutations.ts';
import { SendButtons } from './SendButtons.tsx';
import { AttachedFiles, CopyFields, sendExtras, TemplatePicker, useExtras } from './ComposeExtras.tsx';
import { useToast } from '../../components/Toasts.tsx';
import type { ReplyTemplate } from '../../queries/inbox.ts';
import { replyQuery } from '../../queries/inbox.ts';
import { useQueryClient } from '@tanstack/react-query';
import { actorName } from './history.ts';
import { useAnnouncePresence } from './presence.tsx';
import { SnoozeChoices } from './SnoozeMenu.tsx';
import type { TabId } from './view.ts';

export function Draft(props: { reply: ReplyDetail; actions: InboxActions; onForward: () => void; tab: TabId | null; snoozeOpen: boolean; setSnoozeOpen: (open: boolean) => void }) {
  const { reply, actions } = props;
  const qc = useQueryClient();
  const server = reply.ai_response ?? '';
  const [text, setText] = useState(server);
  const save = useSaveDraft(reply.id);
  const saved = useRef(server);
  // the version of the reply the draft was written on: its saves are made against it (If-Match)
  const version = useRef(reply.updated_at);
  // someone else saved another draft since: both texts, for the person to choose
  const [conflict, setConflict] = useState<{ mine: string; theirs: string; version: string } | null>(null);
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
    // nothing of the draft's own to keep: what is saved is the newest version
    if (textRef.current === saved.current && server === saved.current) version.current = reply.updated_at;
  }, [server, reply.updated_at]);

  const { mutateAsync: saveDraft } = save;
  const flush = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    const value = textRef.current;
    if (value === saved.current) return;
    const attempt = (base: string): Promise<void> =>
      saveDraft({ text: value, version: base }).then(
        (updated) => {
          saved.current = value;
          version.current = updated.updated_at;
        },
        async (err: unknown) => {
          if (!(err instanceof ApiError) || err.status !== 412) return; // shown by the save state
          // the reply changed since: if its draft is still the one this person started from
          // (a status, an assignee, a category moved), save again on the new version; if
          // someone else wrote another draft, show both
          const latest = await qc.fetchQuery({ ...replyQuery(reply.id), staleTime: 0 });
          if ((latest.ai_response ?? '') === saved.current) return attempt(latest.updated_at);
          setConflict({ mine: value, theirs: latest.ai_response ?? '', version: latest.updated_at });
        },
      );
    void attempt(version.current);
  }, [saveDraft, reply.id, qc]);

  const resolve = (keep: 'mine' | 'theirs') => {
    if (!conflict) return;
    saved.current = conflict.theirs;
    version.current = conflict.version;
    setConflict(null);
    if (keep === 'theirs') {
      setText(conflict.theirs);
      return;
    }
    setText(conflict.mine);
    textRef.current = conflict.mine;
    flush();
  };

  // Leaving the reply saves what is left.
  useEffect(() => () => flush(), [flush]);

  // others see this person on the reply, and writing its answer (presence.tsx)
  const typing = useAnnouncePresence(reply.id);
  const onChange = (value: string) => {
    setText(value);
    typing();
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(flush, 800);
  };

  const alreadySent = reply.status === 'sent';
  // an answer that waits to leave (Send later, or a held one): one answer per reply
  const waiting = reply.outgoing.find((m) => m.kind === 'send' && (m.status === 'scheduled' || m.status === 'held'));
  const scheduledBy = reply.activity.filter((e) => e.action === 'schedule').at(-1);
  // who sent it: a teammate who pressed Send on the same reply sees this, not a second mail
  const sentBy = reply.activity.filter((e) => e.action === 'send').at(-1);
  const snoozed = !!reply.snoozed_until && new Date(reply.snoozed_until).getTime() > Date.now();
  const bar = usePinnedBar();
  const [extras, setExtras] = useExtras(reply.id);
  const toast = useToast();
  // a template replaces the draft's text; the toast's Undo (or z) puts the old text back
  const pickTemplate = (t: ReplyTemplate) => {
    const before = textRef.current;
    onChange(t.text);
    flush();
    const undo = () => {
      onChange(before);
      flush();
    };
    toast(`Template "${t.name}" inserted`, { action: { label: 'Undo', run: undo } });
  };

  // the actions follow the draft's section rather than sit in it: their bar is pinned to the foot of
  // the reading pane (reply.css .reply-actions, sticky), which only works across the whole pane
  return (
    <>
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
            <p className="small muted">
              Sent{sentBy ? ` by ${actorName(sentBy.actor)}` : ''} {dateTime(sentBy?.at ?? reply.handled_at)}:
            </p>
            <div className="pre">{reply.sent_response}</div>
          </div>
        ) : null}
        {!alreadySent ? <CopyFields extras={extras} onChange={setExtras} to={reply.from_name ? `${reply.from_name} <${reply.from_email}>` : reply.from_email} /> : null}
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
        {!alreadySent ? (
          <div className="compose-tools">
            <AttachedFiles extras={extras} onChange={setExtras} disabled={!!waiting} />
            <TemplatePicker replyId={reply.id} onPick={pickTemplate} disabled={!!waiting} />
          </div>
        ) : null}
        {conflict ? (
          <div className="draft-conflict" role="alertdialog" aria-labelledby="draft-conflict-title">
            <p id="draft-conflict-title" className="strong">
              Someone else saved another draft while you were writing. Which one do you keep?
            </p>
            <div className="draft-conflict-texts">
              <figure>
                <figcaption className="small muted">Yours</figcaption>
                <div className="pre">{conflict.mine}</div>
              </figure>
              <figure>
                <figcaption className="small muted">Theirs (saved)</figcaption>
                <div className="pre">{conflict.theirs || '(empty)'}</div>
              </figure>
            </div>
            <div className="actions">
              <button type="button" className="primary" onClick={() => resolve('mine')}>
                Keep mine
              </button>
              <button type="button" onClick={() => resolve('theirs')}>
                Use theirs
              </button>
            </div>
          </div>
        ) : null}
        {reply.contact.do_not_contact ? (
          <p className="warning small" id="send-blocked">
            This contact is marked do-not-contact, so nothing can be sent to them. Clear the mark on the contact card above if they asked to hear from you again.
          </p>
        ) : null}
        {waiting && !alreadySent ? (
          <p className="warning small">
            {waiting.status === 'held'
              ? `An answer is held, not sent: ${waiting.error ?? ''} Send it anyway or cancel it under Outgoing mail.`
              : `An answer${scheduledBy ? ` by ${actorName(scheduledBy.actor)}` : ''} is scheduled for ${dateTime(waiting.send_at)}; cancel it under Outgoing mail to change it.`}
          </p>
        ) : null}
      </section>
      <div className="actions reply-actions" role="group" aria-label="Reply actions" ref={bar}>
        <SendButtons
          reply={reply}
          message={() => (textRef.current.trim() ? textRef.current : undefined)}
          extras={() => sendExtras(extras)}
          beforeSend={flush}
          onSent={() => actions.sent(reply.id)}
          onUndone={() => actions.unsent(reply.id)}
          blocked={alreadySent || !!waiting || reply.contact.do_not_contact}
        />
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
    </>
  );
}

/**
 * The pinned actions' height, as --reply-actions-height on the page: the reading pane's scroll
 * padding (reply.css), so what is focused or scrolled to, the draft first, comes to rest above
 * the bar on one row of buttons or two, and on a narrow screen the toasts' place above it
 * (narrow.css).
 */
function usePinnedBar() {
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = bar.current;
    const root = document.documentElement;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => root.style.setProperty('--reply-actions-height', `${el.offsetHeight + 8}px`));
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--reply-actions-height');
    };
  }, []);
  return bar;
}
