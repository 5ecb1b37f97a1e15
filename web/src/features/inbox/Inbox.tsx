import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { errorMessage } from '../../api.ts';
import { Empty } from '../../components/States.tsx';
import { useToast } from '../../components/Toasts.tsx';
import { dateTime } from '../../lib/format.ts';
import { categoriesQuery } from '../../lib/session.ts';
import type { ReplyDetail, ReplyListItem, ReplyStatus } from '../../types.ts';
import { ListPane } from './ListPane.tsx';
import { live } from '../../lib/live.ts';
import { patchInLists, patchReply, removeFromLists, replyListQuery, type ReplyPatch, shiftCount } from './queries.ts';
import { ReplyView } from './ReplyView.tsx';
import { ShortcutsDialog } from './ShortcutsDialog.tsx';
import { readView, type TabId } from './view.ts';

/** What the inbox's actions need to know about a reply (a list item or the open detail). */
export type ReplyRef = Pick<ReplyListItem, 'id' | 'status' | 'category_id' | 'snoozed_until'>;

export interface InboxActions {
  archive: (reply: ReplyRef) => void;
  snooze: (reply: ReplyRef, until: Date | null) => void;
  setCategory: (reply: ReplyRef, categoryId: string | null) => void;
  /** After a send: open the next reply. */
  sent: (replyId: string) => void;
}

export function InboxPage() {
  const { id: openId } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const toast = useToast();
  const view = readView(params);
  const search = params.toString() ? `?${params.toString()}` : '';
  const list = useInfiniteQuery(replyListQuery(view.query));
  const categories = useQuery(categoriesQuery);
  const items = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);

  const [showHelp, setShowHelp] = useState(false);
  const [snoozeOpen, setSnoozeOpen] = useState(false);
  const [selection, setSelection] = useState<{ key: string; ids: Set<string>; all: boolean }>({ key: view.key, ids: new Set(), all: false });
  const sel = selection.key === view.key ? selection : { key: view.key, ids: new Set<string>(), all: false };

  // Where the open reply sits in the list. When it leaves the list (archived, or its draft
  // made it "ready"), its neighbours are found from the last place it was seen.
  const lastIndex = useRef(0);
  const openIndex = openId ? items.findIndex((r) => r.id === openId) : -1;
  if (openIndex >= 0) lastIndex.current = openIndex;

  const open = useCallback((id: string) => void navigate(`/inbox/${encodeURIComponent(id)}${search}`), [navigate, search]);
  const close = useCallback(() => void navigate(`/inbox${search}`), [navigate, search]);

  /** The reply j (dir 1) or k (dir -1) goes to from the open one. */
  const neighbour = (dir: 1 | -1): string | undefined => {
    if (!items.length) return undefined;
    if (openIndex < 0) {
      if (!openId) return items[0]?.id;
      const i = dir === 1 ? lastIndex.current : lastIndex.current - 1;
      return items[Math.max(0, Math.min(items.length - 1, i))]?.id;
    }
    return items[openIndex + dir]?.id;
  };

  /** After a reply leaves the view: the next one below it, else the one above, else none. */
  const openAfter = (id: string) => {
    if (openId !== id) return;
    const i = items.findIndex((r) => r.id === id);
    const at = i >= 0 ? i : lastIndex.current;
    const rest = items.filter((r) => r.id !== id);
    const next = rest[at] ?? rest[at - 1];
    if (next) open(next.id);
    else close();
  };

  /** Ask the server again: after a failure, or after a change when the live stream is down. */
  const refresh = (id?: string) => {
    void qc.invalidateQueries({ queryKey: ['replies'] });
    if (id) void qc.invalidateQueries({ queryKey: ['reply', id] });
  };
  const tabOf = (r: ReplyRef): TabId => (r.snoozed_until && new Date(r.snoozed_until).getTime() > Date.now() ? 'snoozed' : r.status);

  const patchDetail = (id: string, patch: Partial<ReplyDetail>) =>
    qc.setQueryData<ReplyDetail>(['reply', id], (old) => (old ? { ...old, ...patch } : old));

  /** Send a change; on failure say so and reload what was shown optimistically. */
  const send = (id: string, body: ReplyPatch, failure: string) => {
    const done = patchReply(id, body);
    done.then(
      () => {
        // The live stream's reply.updated brings every list up to date; without it, ask.
        if (!live.connected) refresh(id);
      },
      (err) => {
        toast(`${failure}: ${errorMessage(err)}`, { kind: 'error' });
        refresh(id);
      },
    );
    return done;
  };

  const actions: InboxActions = {
    archive: (reply) => {
      if (reply.status === 'archived') return;
      void qc.cancelQueries({ queryKey: ['replies', 'list'] });
      openAfter(reply.id);
      removeFromLists(qc, new Set([reply.id]));
      patchDetail(reply.id, { status: 'archived' });
      shiftCount(qc, tabOf(reply), tabOf({ ...reply, status: 'archived' }));
      const done = send(reply.id, { status: 'archived' }, 'Could not archive');
      const previous: ReplyStatus = reply.status;
      toast('Reply archived', {
        action: {
          label: 'Undo',
          run: () => {
            patchDetail(reply.id, { status: previous });
            shiftCount(qc, tabOf({ ...reply, status: 'archived' }), tabOf(reply));
            void done.finally(() => send(reply.id, { status: previous }, 'Could not undo'));
          },
        },
      });
    },
    snooze: (reply, until) => {
      void qc.cancelQueries({ queryKey: ['replies', 'list'] });
      openAfter(reply.id);
      removeFromLists(qc, new Set([reply.id]));
      const value = until ? until.toISOString() : null;
      patchDetail(reply.id, { snoozed_until: value });
      shiftCount(qc, tabOf(reply), tabOf({ ...reply, snoozed_until: value }));
      const done = send(reply.id, { snoozed_until: value }, until ? 'Could not snooze' : 'Could not wake');
      const previous = reply.snoozed_until && new Date(reply.snoozed_until).getTime() > Date.now() + 5000 ? reply.snoozed_until : null;
      toast(until ? `Snoozed until ${dateTime(value)}` : 'Reply woken', {
        action: {
          label: 'Undo',
          run: () => void done.finally(() => send(reply.id, { snoozed_until: previous }, 'Could not undo')),
        },
      });
    },
    setCategory: (reply, categoryId) => {
      if (reply.category_id === categoryId) return;
      const previous = reply.category_id;
      const apply = (cid: string | null) => {
        const c = categories.data?.find((x) => x.id === cid) ?? null;
        patchInLists(qc, new Set([reply.id]), { category_id: cid, category: c ? { id: c.id, name: c.name, color: c.color } : null });
        patchDetail(reply.id, { category_id: cid, category: c ? { id: c.id, name: c.name, color: c.color, is_positive: c.is_positive } : null });
      };
      void qc.cancelQueries({ queryKey: ['replies', 'list'] });
      apply(categoryId);
      const done = send(reply.id, { category_id: categoryId }, 'Could not change the category');
      const name = categories.data?.find((x) => x.id === categoryId)?.name;
      toast(name ? `Category set to ${name}` : 'Category removed', {
        action: {
          label: 'Undo',
          run: () => {
            apply(previous);
            void done.finally(() => send(reply.id, { category_id: previous }, 'Could not undo'));
          },
        },
      });
    },
    sent: (replyId) => {
      const reply = qc.getQueryData<ReplyDetail>(['reply', replyId]);
      if (reply) shiftCount(qc, tabOf(reply), 'sent');
      openAfter(replyId);
      removeFromLists(qc, new Set([replyId]));
      void qc.invalidateQueries({ queryKey: ['reply', replyId] });
      if (!live.connected) refresh(replyId);
    },
  };

  const toggle = (id: string) =>
    setSelection(() => {
      const ids = new Set(sel.ids);
      if (ids.has(id)) ids.delete(id);
      else ids.add(id);
      return { key: view.key, ids, all: false };
    });

  // Keyboard (docs/dashboard.md "The inbox"). The handler reads the latest render through a
  // ref, so the listener is added once.
  const keys = useRef<(e: KeyboardEvent) => void>(() => {});
  keys.current = (e: KeyboardEvent) => {
    if (e.defaultPrevented || document.querySelector('dialog[open]')) return;
    const target = e.target as HTMLElement | null;
    const typing = !!target?.closest('textarea, select, [contenteditable="true"], input:not([type=checkbox]):not([type=radio]):not([type=button]):not([type=submit])');
    const mod = e.metaKey || e.ctrlKey;
    const detail = openId ? qc.getQueryData<ReplyDetail>(['reply', openId]) : undefined;
    if (mod && e.key === 'Enter') {
      if (!openId) return;
      e.preventDefault();
      document.getElementById('send-button')?.click();
      return;
    }
    if (e.key === 'Escape') {
      if (typing && target) {
        target.blur();
        return;
      }
      if (snoozeOpen) return setSnoozeOpen(false);
      if (openId) return close();
      if (sel.ids.size) setSelection({ key: view.key, ids: new Set(), all: false });
      return;
    }
    if (typing || mod || e.altKey) return;
    const reply = detail ?? items.find((r) => r.id === openId);
    switch (e.key) {
      case 'j':
      case 'k': {
        const next = neighbour(e.key === 'j' ? 1 : -1);
        if (next) open(next);
        break;
      }
      case 'e':
        if (reply) actions.archive(reply);
        break;
      case 's':
        if (openId) setSnoozeOpen(true);
        break;
      case 'c':
        document.getElementById('reply-category')?.focus();
        break;
      case 'r':
        document.getElementById('draft')?.focus();
        break;
      case '/':
        document.getElementById('reply-search')?.focus();
        break;
      case 'x':
        if (openId) toggle(openId);
        break;
      case '?':
        setShowHelp(true);
        break;
      default:
        return;
    }
    e.preventDefault();
  };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => keys.current(e);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => setSnoozeOpen(false), [openId]);

  return (
    <div className={openId ? 'inbox has-open' : 'inbox'}>
      <ListPane
        view={view}
        list={list}
        items={items}
        openId={openId}
        search={search}
        selection={sel}
        setSelection={(ids, all) => setSelection({ key: view.key, ids, all })}
        toggle={toggle}
        onHelp={() => setShowHelp(true)}
      />
      <section className="pane reply-pane" aria-label="Open reply">
        {openId ? (
          <ReplyView
            key={openId}
            id={openId}
            tab={view.tab}
            actions={actions}
            onBack={close}
            snoozeOpen={snoozeOpen}
            setSnoozeOpen={setSnoozeOpen}
            position={openIndex >= 0 ? { index: openIndex, count: items.length } : null}
            onPrev={() => {
              const p = neighbour(-1);
              if (p) open(p);
            }}
            onNext={() => {
              const n = neighbour(1);
              if (n) open(n);
            }}
          />
        ) : (
          <Empty title="No reply open">
            Choose a reply from the list, or press <kbd>j</kbd> to open the first one. <kbd>?</kbd> lists every shortcut.
          </Empty>
        )}
      </section>
      {showHelp ? <ShortcutsDialog onClose={() => setShowHelp(false)} /> : null}
    </div>
  );
}
