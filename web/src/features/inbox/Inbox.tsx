import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Empty } from '../../components/States.tsx';
import { useUndoLatest } from '../../components/Toasts.tsx';
import { useInboxActions } from './actions.ts';
import { useInboxKeys } from './keyboard.ts';
import { ListPane } from './ListPane.tsx';
import { replyListQuery, replyQuery } from '../../queries/inbox.ts';
import { ReplyView } from './ReplyView.tsx';
import { ShortcutsDialog } from './ShortcutsDialog.tsx';
import { readView } from './view.ts';

export function InboxPage() {
  const { id: openId } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const view = readView(params);
  const search = params.toString() ? `?${params.toString()}` : '';
  const list = useInfiniteQuery(replyListQuery(view.query));
  const items = useMemo(() => list.data?.pages.flatMap((p) => p.items) ?? [], [list.data]);

  const [showHelp, setShowHelp] = useState(false);
  const [snoozeOpen, setSnoozeOpen] = useState(false);
  const [assignOpen, setAssignOpen] = useState(false);
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

  const actions = useInboxActions(openAfter, open);
  const undo = useUndoLatest();

  const toggle = (id: string) =>
    setSelection(() => {
      const ids = new Set(sel.ids);
      if (ids.has(id)) ids.delete(id);
      else ids.add(id);
      return { key: view.key, ids, all: false };
    });

  useInboxKeys({
    openId,
    items,
    detail: () => (openId ? qc.getQueryData(replyQuery(openId).queryKey) : undefined),
    actions,
    open,
    close,
    neighbour,
    snoozeOpen,
    setSnoozeOpen,
    assignOpen,
    setAssignOpen,
    selected: sel.ids.size,
    clearSelection: () => setSelection({ key: view.key, ids: new Set(), all: false }),
    toggle,
    showHelp: () => setShowHelp(true),
    undo,
  });

  useEffect(() => {
    setSnoozeOpen(false);
    setAssignOpen(false);
  }, [openId]);

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
            assignOpen={assignOpen}
            setAssignOpen={setAssignOpen}
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
