// The inbox's right pane: the open reply's header (sender, contact, category, assignee, client,
// mailbox, status, triage's why), the thread, the body (BodyFrame.tsx), the team's notes
// (Notes.tsx), the draft and its actions (Draft.tsx), the outgoing mail (Outgoing.tsx) and the
// history (History.tsx).
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ErrorState, Loading } from '../../components/States.tsx';
import { dateTime, personName } from '../../lib/format.ts';
import type { ReplyDetail } from '../../types.ts';
import { categoriesQuery, connectionsQuery } from '../../queries/settings.ts';
import { DoNotContact, TriageSuggestions, TriageWhy } from '../triage/components.tsx';
import type { InboxActions } from './actions.ts';
import { AssignMenu } from './AssignMenu.tsx';
import { CategoryMenu, ClientMenu } from './CategoryMenu.tsx';
import { BodyFrame } from './BodyFrame.tsx';
import { Draft } from './Draft.tsx';
import { ForwardDialog } from './ForwardDialog.tsx';
import { History } from './History.tsx';
import { Notes } from './Notes.tsx';
import { Outgoing } from './Outgoing.tsx';
import { replyQuery } from '../../queries/inbox.ts';
import type { TabId } from './view.ts';
import { PresenceLine } from './presence.tsx';

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
  assignOpen: boolean;
  setAssignOpen: (open: boolean) => void;
}) {
  const reply = useQuery(replyQuery(props.id));
  const back = (
    <button type="button" className="back-button" onClick={props.onBack}>
      ← Back to list
    </button>
  );
  if (reply.isPending)
    return (
      <div className="reply">
        {back}
        <Loading label="Loading reply…" />
      </div>
    );
  if (reply.isError)
    return (
      <div className="reply">
        {back}
        <ErrorState error={reply.error} retry={() => reply.refetch()} />
      </div>
    );
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
  // focus follows the open reply (j, k, a click): its subject, so Tab goes on into the reply and
  // a screen reader says which one opened; never out of a field someone is typing in, nor out
  // of a picker already open (`a` pressed as the reply appears)
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!document.activeElement?.closest('input, textarea, select, [contenteditable="true"], dialog, .popover')) title.current?.focus({ preventScroll: true });
  }, [reply.id]);

  return (
    <article className="reply" aria-labelledby={titleId}>
      <div className="reply-nav">
        {props.back}
        <span className="muted small">{props.position ? `${props.position.index + 1} of ${props.position.count}` : ''}</span>
        <button type="button" className="icon-button" aria-label="Previous reply" title="Previous (k)" onClick={props.onPrev}>
          ↑
        </button>
        <button type="button" className="icon-button" aria-label="Next reply" title="Next (j)" onClick={props.onNext}>
          ↓
        </button>
      </div>
      <header className="reply-head">
        <h1 id={titleId} className="reply-subject" ref={title} tabIndex={-1}>
          {reply.subject || '(no subject)'}
        </h1>
        <PresenceLine replyId={reply.id} />
        <p className="reply-from">
          <strong>{reply.from_name || reply.from_email}</strong> <span className="muted">&lt;{reply.from_email}&gt;</span>
          <time className="muted small" dateTime={reply.received_at}>
            {' '}
            · {dateTime(reply.received_at)}
          </time>
        </p>
        <div className="contact-card">
          <Link to={`/contacts/${encodeURIComponent(reply.contact.id)}`} className="contact-name">
            {contactName}
          </Link>
          <span className="muted">{reply.contact.email}</span>
          {reply.contact.company ? <span>{reply.contact.company}</span> : null}
          <DoNotContact contactId={reply.contact.id} marked={Boolean(reply.contact.do_not_contact)} />
        </div>
        <div className="reply-fields">
          <div className="field-inline">
            <span className="label">Category</span>
            <CategoryMenu category={reply.category} onPick={(id) => actions.setCategory(reply, id)} />
          </div>
          <div className="field-inline">
            <AssignMenu assignee={reply.assignee} open={props.assignOpen} setOpen={props.setAssignOpen} onAssign={(id) => actions.assign(reply, id)} />
          </div>
          <div className="field-inline">
            <span className="label">Client</span>
            <ClientMenu client={reply.client} onPick={(id) => actions.setClient(reply, id)} />
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
        <Notes reply={reply} />
        <Draft key={reply.id} reply={reply} actions={actions} onForward={() => setForwarding(true)} tab={props.tab} snoozeOpen={props.snoozeOpen} setSnoozeOpen={props.setSnoozeOpen} />
        <Outgoing replyId={reply.id} items={reply.outgoing} />
        <History reply={reply} />
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
