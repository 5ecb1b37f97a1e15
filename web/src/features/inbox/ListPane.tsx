import { type InfiniteData, type UseInfiniteQueryResult, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api, errorMessage } from '../../api.ts';
import { CategoryChip } from '../../components/Chip.tsx';
import { Popover } from '../../components/Popover.tsx';
import { Empty, ErrorState, Loading } from '../../components/States.tsx';
import { useToast } from '../../components/Toasts.tsx';
import { dateTime, firstLine, plural, shortTime } from '../../lib/format.ts';
import { useUrlSearch } from '../../lib/url-search.ts';
import { categoriesQuery, clientsQuery, connectionsQuery } from '../../lib/session.ts';
import type { Page, ReplyListItem } from '../../types.ts';
import { bulkUpdate, countsQuery, type ReplyPatch, removeFromLists } from './queries.ts';
import { SnoozeChoices } from './SnoozeMenu.tsx';
import { DATE_PRESETS, daysAgo, presetOf, TABS, tabSearch, type View } from './view.ts';

interface Selection {
  ids: Set<string>;
  all: boolean;
}

export function ListPane(props: {
  view: View;
  list: UseInfiniteQueryResult<InfiniteData<Page<ReplyListItem>, unknown>>;
  items: ReplyListItem[];
  openId: string | undefined;
  search: string;
  selection: Selection;
  setSelection: (ids: Set<string>, all: boolean) => void;
  toggle: (id: string) => void;
  onHelp: () => void;
}) {
  const { view, list, items, selection } = props;
  const total = list.data?.pages[0]?.pagination.total ?? 0;
  const clients = useQuery(clientsQuery);
  const clientName = (id: string | null) => (id ? clients.data?.find((c) => c.id === id)?.name : undefined);

  return (
    <section className="pane list-pane" aria-label="Replies">
      <div className="list-head">
        <h1 className="sr-only">Inbox</h1>
        <SearchBox />
        <Tabs view={view} />
        <Filters />
        <SelectionBar {...props} total={total} />
      </div>
      <div className="list-body">
        {list.isPending ? (
          <Loading label="Loading replies…" />
        ) : list.isError && !list.data ? (
          <ErrorState error={list.error} retry={() => list.refetch()} />
        ) : items.length === 0 && !list.isError ? (
          <Empty title="No replies here">{Object.keys(view.query).some((k) => !['status', 'snoozed'].includes(k)) ? 'No reply matches these filters.' : 'New replies will appear here as they arrive.'}</Empty>
        ) : (
          <>
            <ul className="rows" aria-label="Reply list">
              {items.map((r) => {
                const name = r.from_name || r.from_email;
                const active = r.id === props.openId;
                const checked = selection.all || selection.ids.has(r.id);
                const client = clientName(r.client_id);
                const snoozed = r.snoozed_until && new Date(r.snoozed_until).getTime() > Date.now();
                return (
                  <li key={r.id} className={`row${active ? ' active' : ''}${checked ? ' selected' : ''}`}>
                    <input type="checkbox" className="row-check" aria-label={`Select reply from ${name}`} checked={checked} disabled={selection.all} onChange={() => props.toggle(r.id)} />
                    <Link to={`/inbox/${encodeURIComponent(r.id)}${props.search}`} className="row-link" aria-current={active ? 'true' : undefined}>
                      <span className="row-top">
                        <span className={`row-from${r.status === 'pending' ? ' unread' : ''}`}>{name}</span>
                        <time className="row-time" dateTime={r.received_at} title={dateTime(r.received_at)}>{shortTime(r.received_at)}</time>
                      </span>
                      <span className="row-subject">{r.subject || '(no subject)'}</span>
                      <span className="row-snippet">{firstLine(r.body_text)}</span>
                      {r.category || client || snoozed ? (
                        <span className="row-meta">
                          {r.category ? <CategoryChip category={r.category} /> : null}
                          {client ? <span className="muted">{client}</span> : null}
                          {snoozed ? <span className="snoozed-marker">Snoozed until {dateTime(r.snoozed_until)}</span> : null}
                        </span>
                      ) : null}
                    </Link>
                  </li>
                );
              })}
            </ul>
            {list.hasNextPage ? (
              <div className="load-more">
                <button type="button" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
                  {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
                </button>
              </div>
            ) : null}
            {list.isError ? <p role="alert" className="form-error pad">{errorMessage(list.error)}</p> : null}
          </>
        )}
      </div>
      <div className="list-foot">
        <span className="muted small">{list.data ? `${plural(total, 'reply', 'replies')}` : ''}</span>
        <button type="button" className="link-button small" onClick={props.onHelp}>
          Keyboard shortcuts
        </button>
      </div>
    </section>
  );
}

function SearchBox() {
  const { text, setText } = useUrlSearch();
  return (
    <div className="search">
      <label htmlFor="reply-search" className="sr-only">Search replies</label>
      <input id="reply-search" type="search" placeholder="Search replies…" value={text} maxLength={200} onChange={(e) => setText(e.target.value)} />
      <kbd className="search-hint" aria-hidden="true">/</kbd>
    </div>
  );
}

function Tabs({ view }: { view: View }) {
  const [params] = useSearchParams();
  const counts = useQueries({ queries: TABS.map((t) => countsQuery(t.id)) });
  return (
    <nav className="tabs" aria-label="Status">
      {TABS.map((t, i) => {
        const n = counts[i]?.data;
        const current = view.tab === t.id;
        return (
          <Link key={t.id} to={`/inbox${tabSearch(params, t.id)}`} className={current ? 'tab active' : 'tab'} aria-current={current ? 'page' : undefined}>
            {t.label}
            {n !== undefined ? <span className="count">{n.toLocaleString()}</span> : null}
          </Link>
        );
      })}
    </nav>
  );
}

function Filters() {
  const [params, setParams] = useSearchParams();
  const categories = useQuery(categoriesQuery);
  const clients = useQuery(clientsQuery);
  const connections = useQuery(connectionsQuery);
  const set = (name: string, value: string) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });
  const receivedAfter = params.get('received_after');
  const preset = presetOf(receivedAfter);
  return (
    <div className="filters">
      <div className="filter">
        <label htmlFor="filter-category">Category</label>
        <select id="filter-category" value={params.get('category_id') ?? ''} onChange={(e) => set('category_id', e.target.value)}>
          <option value="">All categories</option>
          <option value="none">No category</option>
          {categories.data?.map((c) => (
            <option key={c.id} value={c.id}>{c.name}</option>
          ))}
        </select>
      </div>
      <div className="filter">
        <label htmlFor="filter-client">Client</label>
        <select id="filter-client" value={params.get('client_id') ?? ''} onChange={(e) => set('client_id', e.target.value)}>
          <option value="">All clients</option>
          {clients.data?.map((c) => (
            <option key={c.id} value={c.id}>{c.name}</option>
          ))}
        </select>
      </div>
      <div className="filter">
        <label htmlFor="filter-mailbox">Mailbox</label>
        <select id="filter-mailbox" value={params.get('connection_id') ?? ''} onChange={(e) => set('connection_id', e.target.value)}>
          <option value="">All mailboxes</option>
          {connections.data?.map((c) => (
            <option key={c.id} value={c.id}>{c.name === c.email ? c.email : `${c.name} (${c.email})`}</option>
          ))}
        </select>
      </div>
      <div className="filter">
        <label htmlFor="filter-date">Date</label>
        <select
          id="filter-date"
          value={preset}
          onChange={(e) => {
            const p = DATE_PRESETS.find((x) => x.id === e.target.value);
            set('received_after', p && p.days ? daysAgo(p.days) : '');
          }}
        >
          {DATE_PRESETS.map((p) => (
            <option key={p.id} value={p.id}>{p.label}</option>
          ))}
          {preset === 'custom' ? <option value="custom">Since {dateTime(receivedAfter)}</option> : null}
        </select>
      </div>
    </div>
  );
}

function SelectionBar(props: {
  view: View;
  items: ReplyListItem[];
  selection: Selection;
  setSelection: (ids: Set<string>, all: boolean) => void;
  total: number;
}) {
  const { items, selection, total, view } = props;
  const qc = useQueryClient();
  const toast = useToast();
  const categories = useQuery(categoriesQuery);
  const [menu, setMenu] = useState<'category' | 'snooze' | null>(null);
  const [progress, setProgress] = useState<string | null>(null);
  const pageSelected = items.length > 0 && items.every((r) => selection.ids.has(r.id));
  const count = selection.all ? total : selection.ids.size;
  const someSelected = count > 0;

  /**
   * Apply a change to the selection: the chosen ids in calls of at most 100, or, for "all that
   * match", every matching reply by walking the list's cursor pages 100 at a time. Each reply's
   * previous value is kept, so the change can be undone.
   */
  const run = async (change: ReplyPatch, done: string) => {
    const field = Object.keys(change)[0] as keyof ReplyPatch;
    const before = new Map<string, string | null>();
    const remember = (r: ReplyListItem) => before.set(r.id, (r[field as keyof ReplyListItem] as string | null | undefined) ?? null);
    let updated = 0;
    setMenu(null);
    try {
      if (selection.all) {
        let cursor: string | undefined;
        let seen = 0;
        do {
          const page = await api.list<ReplyListItem>('/api/replies', { ...view.query, limit: 100, cursor });
          page.items.forEach(remember);
          seen += page.items.length;
          setProgress(`Updating ${seen.toLocaleString()} of ${page.pagination.total.toLocaleString()}…`);
          if (page.items.length) updated += (await bulkUpdate(page.items.map((r) => r.id), change)).updated;
          cursor = page.pagination.next_cursor ?? undefined;
        } while (cursor);
      } else {
        const byId = new Map(items.map((r) => [r.id, r]));
        const ids = [...selection.ids];
        ids.forEach((id) => {
          const r = byId.get(id);
          if (r) remember(r);
        });
        for (let i = 0; i < ids.length; i += 100) {
          setProgress(`Updating ${Math.min(i + 100, ids.length)} of ${ids.length}…`);
          updated += (await bulkUpdate(ids.slice(i, i + 100), change)).updated;
        }
      }
      if (field === 'status' || field === 'snoozed_until') removeFromLists(qc, new Set(before.keys()));
      props.setSelection(new Set(), false);
      toast(`${done}: ${plural(updated, 'reply', 'replies')}`, {
        action: before.size ? { label: 'Undo', run: () => void undo(field, before) } : undefined,
      });
    } catch (err) {
      toast(errorMessage(err), { kind: 'error' });
    } finally {
      setProgress(null);
      void qc.invalidateQueries({ queryKey: ['replies'] });
      void qc.invalidateQueries({ queryKey: ['reply'] });
    }
  };

  const undo = async (field: keyof ReplyPatch, before: Map<string, string | null>) => {
    const groups = new Map<string | null, string[]>();
    for (const [id, value] of before) {
      // A snooze that has ended meanwhile cannot be put back; wake instead.
      const v = field === 'snoozed_until' && value && new Date(value).getTime() <= Date.now() + 5000 ? null : value;
      groups.set(v, [...(groups.get(v) ?? []), id]);
    }
    try {
      for (const [value, ids] of groups) {
        for (let i = 0; i < ids.length; i += 100) await bulkUpdate(ids.slice(i, i + 100), { [field]: value });
      }
      toast('Undone');
    } catch (err) {
      toast(errorMessage(err), { kind: 'error' });
    } finally {
      void qc.invalidateQueries({ queryKey: ['replies'] });
    }
  };

  return (
    <div className="selection">
      <div className="selection-line">
        <input
          id="select-page"
          type="checkbox"
          checked={selection.all || pageSelected}
          disabled={!items.length}
          onChange={(e) => props.setSelection(e.target.checked ? new Set(items.map((r) => r.id)) : new Set(), false)}
        />
        <label htmlFor="select-page" className="small">Select all on page</label>
        {someSelected ? <span className="small strong">{plural(count, 'selected', 'selected')}</span> : null}
        {pageSelected && !selection.all && total > items.length ? (
          <button type="button" className="link-button small" onClick={() => props.setSelection(new Set(), true)}>
            Select all {total.toLocaleString()} that match
          </button>
        ) : null}
        {selection.all ? (
          <button type="button" className="link-button small" onClick={() => props.setSelection(new Set(), false)}>
            Clear selection
          </button>
        ) : null}
      </div>
      {someSelected ? (
        <div className="bulk-bar" role="group" aria-label="Bulk actions">
          {progress ? (
            <span className="small" role="status">{progress}</span>
          ) : (
            <>
              {view.query.status !== 'archived' ? (
                <button type="button" onClick={() => void run({ status: 'archived' }, 'Archived')}>Archive</button>
              ) : (
                <button type="button" onClick={() => void run({ status: 'pending' }, 'Moved to Pending')}>Move to Pending</button>
              )}
              <Popover label={<>Category <span aria-hidden="true">▾</span></>} panelLabel="Set the category" open={menu === 'category'} onOpenChange={(o) => setMenu(o ? 'category' : null)}>
                <button type="button" className="menu-item" onClick={() => void run({ category_id: null }, 'Category removed')}>No category</button>
                {categories.data?.map((c) => (
                  <button key={c.id} type="button" className="menu-item" onClick={() => void run({ category_id: c.id }, `Category set to ${c.name}`)}>
                    {c.name}
                  </button>
                ))}
              </Popover>
              <Popover label={<>Snooze <span aria-hidden="true">▾</span></>} panelLabel="Snooze until" open={menu === 'snooze'} onOpenChange={(o) => setMenu(o ? 'snooze' : null)}>
                <SnoozeChoices onPick={(d) => void run({ snoozed_until: d.toISOString() }, `Snoozed until ${dateTime(d.toISOString())}`)} />
              </Popover>
              {view.tab === 'snoozed' ? (
                <button type="button" onClick={() => void run({ snoozed_until: null }, 'Woken')}>Wake</button>
              ) : null}
            </>
          )}
        </div>
      ) : null}
    </div>
  );
}
