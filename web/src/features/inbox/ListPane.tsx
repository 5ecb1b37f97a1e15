// The inbox's middle pane: search, tabs, filters and the selection on top (ListHead.tsx,
// SelectionBar.tsx), then the replies of the view, page after page.
import { FilterChips } from './FilterChips.tsx';
import { type InfiniteData, type UseInfiniteQueryResult, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { errorMessage, type Page } from '../../api.ts';
import { CategoryChip } from '../../components/Chip.tsx';
import { Empty, ErrorState, Loading } from '../../components/States.tsx';
import { dateTime, firstLine, plural, shortTime } from '../../lib/format.ts';
import type { ReplyListItem } from '../../types.ts';
import { clientsQuery } from '../../queries/settings.ts';
import { AssigneeTag } from './AssignMenu.tsx';
import { Filters, SearchBox, Tabs } from './ListHead.tsx';
import { type Selection, SelectionBar } from './SelectionBar.tsx';
import type { View } from './view.ts';

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
        <FilterChips />
        <SelectionBar {...props} total={total} />
      </div>
      <div className="list-body">
        {list.isPending ? (
          <Loading label="Loading replies…" />
        ) : list.isError && !list.data ? (
          <ErrorState error={list.error} retry={() => list.refetch()} />
        ) : items.length === 0 && !list.isError ? (
          <Empty title="No replies here">
            {Object.keys(view.query).some((k) => !['status', 'snoozed'].includes(k)) ? 'No reply matches these filters.' : 'New replies will appear here as they arrive.'}
          </Empty>
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
                        <time className="row-time" dateTime={r.received_at} title={dateTime(r.received_at)}>
                          {shortTime(r.received_at)}
                        </time>
                      </span>
                      <span className="row-subject">{r.subject || '(no subject)'}</span>
                      <span className="row-snippet">{firstLine(r.body_text)}</span>
                      {r.category || client || snoozed || r.assignee ? (
                        <span className="row-meta">
                          {r.category ? <CategoryChip category={r.category} /> : null}
                          {client ? <span className="muted">{client}</span> : null}
                          {snoozed ? <span className="snoozed-marker">Snoozed until {dateTime(r.snoozed_until)}</span> : null}
                          {r.assignee ? <AssigneeTag assignee={r.assignee} /> : null}
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
            {list.isError ? (
              <p role="alert" className="form-error pad">
                {errorMessage(list.error)}
              </p>
            ) : null}
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
