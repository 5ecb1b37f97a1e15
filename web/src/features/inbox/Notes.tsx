// The team's internal notes on the open reply (docs/dashboard.md "The team's inbox"): in the
// conversation, but never like a message — a tinted card marked "Internal note" with its author
// and time — and the form that adds one (mod+Enter adds it). Notes are never mailed.
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { errorMessage } from '../../api.ts';
import { dateTime, relativeTime } from '../../lib/format.ts';
import type { ReplyDetail, ReplyNote } from '../../types.ts';
import { actorName } from './history.ts';
import { useAddNote } from './mutations.ts';
import { MOD } from './ShortcutsDialog.tsx';

export function Notes({ reply }: { reply: ReplyDetail }) {
  return (
    <section className="notes" aria-label="Internal notes">
      {reply.notes.length ? (
        <ol className="note-list">
          {reply.notes.map((n) => (
            <NoteCard key={n.id} note={n} />
          ))}
        </ol>
      ) : null}
      <NoteForm replyId={reply.id} />
    </section>
  );
}

function NoteCard({ note }: { note: ReplyNote }) {
  return (
    <li className="note">
      <div className="note-head">
        <span className="note-badge">Internal note</span>
        <span className="strong">{actorName(note.author)}</span>
        <time className="muted small" dateTime={note.created_at} title={dateTime(note.created_at)}>
          {relativeTime(note.created_at)}
        </time>
      </div>
      <div className="note-body">{note.body}</div>
    </li>
  );
}

function NoteForm({ replyId }: { replyId: string }) {
  const id = useId();
  const [text, setText] = useState('');
  const add = useAddNote(replyId, () => setText(''));
  const submit = () => {
    const body = text.trim();
    if (body && !add.isPending) add.mutate(body);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    // mod+Enter adds the note; the inbox's own mod+Enter (send) never sees it.
    if ((e.metaKey || e.ctrlKey) && e.key === 'Enter') {
      e.preventDefault();
      submit();
    }
  };
  return (
    <form
      className="note-form"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        submit();
      }}
    >
      <label htmlFor={id} className="strong small">
        Add an internal note
      </label>
      <textarea id={id} rows={2} maxLength={10_000} value={text} placeholder="Only your team sees notes; they are never mailed." onChange={(e) => setText(e.target.value)} onKeyDown={onKeyDown} />
      {add.isError ? (
        <p role="alert" className="form-error small">
          Not added: {errorMessage(add.error)}
        </p>
      ) : null}
      <div className="row-inline">
        <button type="submit" disabled={add.isPending || !text.trim()}>
          {add.isPending ? 'Adding…' : 'Add note'} <kbd aria-hidden="true">{MOD}↵</kbd>
        </button>
      </div>
    </form>
  );
}
