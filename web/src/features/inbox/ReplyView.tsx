import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { api, errorMessage } from '../../api.ts';
import { CategoryChip } from '../../components/Chip.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { Popover } from '../../components/Popover.tsx';
import { ErrorState, Loading } from '../../components/States.tsx';
import { useToast } from '../../components/Toasts.tsx';
import { dateTime, personName } from '../../lib/format.ts';
import { categoriesQuery, connectionsQuery } from '../../lib/session.ts';
import type { Answer, OutgoingMessage, ReplyDetail } from '../../types.ts';
import type { InboxActions } from './Inbox.tsx';
import { patchReply, replyQuery } from './queries.ts';
import { MOD } from './ShortcutsDialog.tsx';
import { SnoozeChoices } from './SnoozeMenu.tsx';
import { DoNotContact, TriageSuggestions, TriageWhy } from '../triage/components.tsx';
import type { TabId } from './view.ts';

export function ReplyView(props: {
  id: string;
  tab: TabId | null;
  actions: InboxActions;
  onBack: () => void;
  onPrev: () => void;
  onNext: () => void;
  position: { index: number; count: number } | null;
  snoozeOpen: boolean;
  setSnoozeOpen: (open: boolean) => void;
}) {
  const reply = useQuery(replyQuery(props.id));
  const back = (
    <button type="button" className="back-button" onClick={props.onBack}>
      ← Back to list
    </button>
  );
  if (reply.isPending) return <div className="reply">{back}<Loading label="Loading reply…" /></div>;
  if (reply.isError) return <div className="reply">{back}<ErrorState error={reply.error} retry={() => reply.refetch()} /></div>;
  return <ReplyContent {...props} reply={reply.data} back={back} />;
}

function ReplyContent(props: Parameters<typeof ReplyView>[0] & { reply: ReplyDetail; back: ReactNode }) {
  const { reply, actions } = props;
  const categories = useQuery(categoriesQuery);
  const connections = useQuery(connectionsQuery);
  const [forwarding, setForwarding] = useState(false);
  const mailbox = connections.data?.find((c) => c.id === reply.connection_id);
  const contactName = personName(reply.contact);
  const snoozed = reply.snoozed_until && new Date(reply.snoozed_until).getTime() > Date.now();
  const titleId = useId();

  return (
    <article className="reply" aria-labelledby={titleId}>
      <div className="reply-nav">
        {props.back}
        <span className="muted small">{props.position ? `${props.position.index + 1} of ${props.position.count}` : ''}</span>
        <button type="button" className="icon-button" aria-label="Previous reply" title="Previous (k)" onClick={props.onPrev}>↑</button>
        <button type="button" className="icon-button" aria-label="Next reply" title="Next (j)" onClick={props.onNext}>↓</button>
      </div>
      <header className="reply-head">
        <h1 id={titleId} className="reply-subject">{reply.subject || '(no subject)'}</h1>
        <p className="reply-from">
          <strong>{reply.from_name || reply.from_email}</strong> <span className="muted">&lt;{reply.from_email}&gt;</span>
          <time className="muted small" dateTime={reply.received_at}> · {dateTime(reply.received_at)}</time>
        </p>
        <div className="contact-card">
          <Link to={`/contacts/${encodeURIComponent(reply.contact.id)}`} className="contact-name">{contactName}</Link>
          <span className="muted">{reply.contact.email}</span>
          {reply.contact.company ? <span>{reply.contact.company}</span> : null}
          <DoNotContact contactId={reply.contact.id} marked={Boolean(reply.contact.do_not_contact)} />
        </div>
        <div className="reply-fields">
          <div className="field-inline">
            <label htmlFor="reply-category">Category</label>
            <select id="reply-category" value={reply.category_id ?? ''} onChange={(e) => actions.setCategory(reply, e.target.value || null)}>
              <option value="">No category</option>
              {categories.data?.map((c) => (
                <option key={c.id} value={c.id}>{c.name}</option>
              ))}
              {reply.category && !categories.data?.some((c) => c.id === reply.category_id) ? <option value={reply.category.id}>{reply.category.name}</option> : null}
            </select>
            {reply.category ? <CategoryChip category={reply.category} /> : null}
          </div>
          <div className="field-inline">
            <span className="label">Client</span>
            <span>{reply.client?.name ?? <span className="muted">None</span>}</span>
          </div>
          <div className="field-inline">
            <span className="label">Mailbox</span>
            <span>{mailbox ? mailbox.email : reply.connection_id ? <span className="muted">Unknown</span> : <span className="muted">None</span>}</span>
          </div>
          <div className="field-inline">
            <span className="label">Status</span>
            <span className={`status status-${reply.status}`}>{reply.status}</span>
            {snoozed ? <span className="snoozed-marker">Snoozed until {dateTime(reply.snoozed_until)}</span> : null}
          </div>
        </div>
        <TriageWhy triage={reply.triage} categoryId={reply.category_id} />
        <TriageSuggestions triage={reply.triage} categoryId={reply.category_id} categories={categories.data} choose={(id) => actions.setCategory(reply, id)} />
      </header>

      <div className="reply-scroll">
        <Thread reply={reply} />
        <BodyFrame id={reply.id} />
        <Draft key={reply.id} reply={reply} actions={actions} onForward={() => setForwarding(true)} tab={props.tab} snoozeOpen={props.snoozeOpen} setSnoozeOpen={props.setSnoozeOpen} />
        <Outgoing replyId={reply.id} items={reply.outgoing} />
      </div>
      {forwarding ? <ForwardDialog reply={reply} onClose={() => setForwarding(false)} /> : null}
    </article>
  );
}

function Thread({ reply }: { reply: ReplyDetail }) {
  if (!reply.thread.length) return null;
  return (
    <section className="thread" aria-label="Earlier messages">
      <h2 className="section-title">Earlier messages ({reply.thread.length})</h2>
      {reply.thread.map((m, i) => (
        <details key={i} className="thread-item" open={i === reply.thread.length - 1 && reply.thread.length <= 2}>
          <summary>
            <span className="strong">{m.from}</span>
            <span className="muted small"> · {dateTime(m.sent_at)}</span>
            <span className="thread-subject muted small">{m.subject}</span>
          </summary>
          <div className="thread-body">{m.body}</div>
        </details>
      ))}
    </section>
  );
}

/** The reply's body: a sandboxed document without scripts, sized to its content. */
function BodyFrame({ id }: { id: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [remote, setRemote] = useState(false);
  const [remoteCount, setRemoteCount] = useState(0);
  const [height, setHeight] = useState(120);
  const observer = useRef<ResizeObserver | null>(null);
  const src = `/dashboard/api/replies/${encodeURIComponent(id)}/body${remote ? '?remote_images=true' : ''}`;

  const measure = useCallback(() => {
    const doc = frame.current?.contentDocument;
    if (!doc?.documentElement) return;
    setHeight(Math.max(60, Math.min(doc.documentElement.scrollHeight + 4, 20000)));
  }, []);

  const onLoad = () => {
    const doc = frame.current?.contentDocument;
    if (!doc) return;
    measure();
    const meta = doc.querySelector('meta[name="replydesk-remote-images"]');
    const n = Number(meta?.getAttribute('content') ?? 0);
    setRemoteCount(Number.isFinite(n) ? n : 0);
    observer.current?.disconnect();
    if (typeof ResizeObserver !== 'undefined' && doc.body) {
      observer.current = new ResizeObserver(measure);
      observer.current.observe(doc.body);
    }
  };
  useEffect(() => () => observer.current?.disconnect(), []);

  return (
    <section className="body">
      {remoteCount > 0 && !remote ? (
        <div className="remote-images">
          <span className="small muted">{remoteCount === 1 ? 'A remote image was blocked.' : `${remoteCount} remote images were blocked.`}</span>
          <button type="button" className="small" onClick={() => setRemote(true)}>Load remote images</button>
        </div>
      ) : null}
      <iframe
        ref={frame}
        title="Reply body"
        className="body-frame"
        sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox"
        src={src}
        style={{ height }}
        onLoad={onLoad}
      />
    </section>
  );
}

type SaveState = { state: 'idle' } | { state: 'saving' } | { state: 'saved'; at: string } | { state: 'error'; message: string };

function Draft(props: {
  reply: ReplyDetail;
  actions: InboxActions;
  onForward: () => void;
  tab: TabId | null;
  snoozeOpen: boolean;
  setSnoozeOpen: (open: boolean) => void;
}) {
  const { reply, actions } = props;
  const qc = useQueryClient();
  const toast = useToast();
  const server = reply.ai_response ?? '';
  const [text, setText] = useState(server);
  const [save, setSave] = useState<SaveState>({ state: 'idle' });
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

  const flush = useCallback(async () => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    const value = textRef.current;
    if (value === saved.current) return;
    setSave({ state: 'saving' });
    try {
      const updated = await patchReply(reply.id, { ai_response: value === '' ? null : value });
      saved.current = value;
      qc.setQueryData<ReplyDetail>(['reply', reply.id], (old) => (old ? { ...old, ai_response: updated.ai_response, status: updated.status } : old));
      setSave({ state: 'saved', at: new Date().toISOString() });
    } catch (err) {
      setSave({ state: 'error', message: errorMessage(err) });
    }
  }, [qc, reply.id]);

  // Leaving the reply saves what is left.
  useEffect(() => () => void flush(), [flush]);

  const onChange = (value: string) => {
    setText(value);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => void flush(), 800);
  };

  const send = useMutation({
    mutationFn: () => {
      window.clearTimeout(timer.current);
      const message = textRef.current.trim() ? textRef.current : undefined;
      return api.post<Answer<'/api/replies/{id}/send', 'post'>>(`/api/replies/${encodeURIComponent(reply.id)}/send`, message === undefined ? {} : { message });
    },
    onSuccess: (res) => {
      saved.current = textRef.current;
      toast(`Sent to ${res.sent_to}`);
      actions.sent(reply.id);
    },
  });

  const alreadySent = reply.status === 'sent';
  const snoozed = !!reply.snoozed_until && new Date(reply.snoozed_until).getTime() > Date.now();

  return (
    <section className="draft">
      <div className="draft-head">
        <label htmlFor="draft" className="strong">Draft</label>
        <span className="muted small" aria-hidden="true">(r)</span>
        <span className={`save-state small${save.state === 'error' ? ' form-error' : ' muted'}`} role="status">
          {save.state === 'saving' ? 'Saving…' : save.state === 'saved' ? 'Saved' : save.state === 'error' ? `Not saved: ${save.message}` : ''}
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
          void flush();
        }}
      />
      {reply.contact.do_not_contact ? <p className="warning small">This contact asked not to be contacted: sending is refused.</p> : null}
      {send.error ? <p role="alert" className="form-error">{errorMessage(send.error)}</p> : null}
      <div className="actions" role="group" aria-label="Reply actions">
        <button id="send-button" type="button" className="primary" disabled={send.isPending || alreadySent} onClick={() => send.mutate()}>
          {send.isPending ? 'Sending…' : 'Send'} <kbd aria-hidden="true">{MOD}↵</kbd>
        </button>
        <button type="button" onClick={props.onForward}>Forward</button>
        <button type="button" disabled={reply.status === 'archived'} onClick={() => actions.archive(reply)}>
          Archive <kbd aria-hidden="true">e</kbd>
        </button>
        <Popover
          label={<>Snooze <kbd aria-hidden="true">s</kbd></>}
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
          <button type="button" onClick={() => actions.snooze(reply, null)}>Wake</button>
        ) : null}
      </div>
    </section>
  );
}

const OUTGOING_LABEL: Record<OutgoingMessage['status'], string> = {
  queued: 'Queued',
  sent: 'Sent',
  failed: 'Failed',
  captured: 'Captured (no mail server configured)',
};

function Outgoing({ replyId, items }: { replyId: string; items: OutgoingMessage[] }) {
  const qc = useQueryClient();
  const toast = useToast();
  const retry = useMutation({
    mutationFn: (id: string) => api.post<OutgoingMessage>(`/api/replies/${encodeURIComponent(replyId)}/outgoing/${encodeURIComponent(id)}/retry`),
    onSuccess: () => toast('Queued to be sent again'),
    onError: (err) => toast(`Not retried: ${errorMessage(err)}`),
    onSettled: () => qc.invalidateQueries({ queryKey: ['reply', replyId] }),
  });
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
              <button type="button" className="link-button" disabled={retry.isPending} onClick={() => retry.mutate(m.id)}>Retry</button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function ForwardDialog({ reply, onClose }: { reply: ReplyDetail; onClose: () => void }) {
  const toast = useToast();
  const qc = useQueryClient();
  const [to, setTo] = useState('');
  const [message, setMessage] = useState('');
  const [includeThread, setIncludeThread] = useState(true);
  const forward = useMutation({
    mutationFn: () =>
      api.post<Answer<'/api/replies/{id}/forward', 'post'>>(`/api/replies/${encodeURIComponent(reply.id)}/forward`, {
        to: to.split(/[,;\s]+/).map((s) => s.trim()).filter(Boolean),
        message,
        include_thread: includeThread,
      }),
    onSuccess: (res) => {
      toast(`Forwarded to ${res.forwarded_to.join(', ')}`);
      void qc.invalidateQueries({ queryKey: ['reply', reply.id] });
      onClose();
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    forward.mutate();
  };
  return (
    <Dialog title="Forward reply" onClose={onClose}>
      <form className="form" onSubmit={submit}>
        <div className="field">
          <label htmlFor="forward-to">Recipients</label>
          <input id="forward-to" required value={to} onChange={(e) => setTo(e.target.value)} placeholder="name@example.com, other@example.com" aria-describedby="forward-to-hint" />
          <span id="forward-to-hint" className="muted small">Separate addresses with commas.</span>
        </div>
        <div className="field">
          <label htmlFor="forward-message">Message</label>
          <textarea id="forward-message" rows={4} value={message} onChange={(e) => setMessage(e.target.value)} />
        </div>
        <div className="check">
          <input id="forward-thread" type="checkbox" checked={includeThread} onChange={(e) => setIncludeThread(e.target.checked)} />
          <label htmlFor="forward-thread">Include thread</label>
        </div>
        {forward.error ? <p role="alert" className="form-error">{errorMessage(forward.error)}</p> : null}
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>Cancel</button>
          <button type="submit" className="primary" disabled={forward.isPending}>
            {forward.isPending ? 'Forwarding…' : 'Forward'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
