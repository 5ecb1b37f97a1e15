// The top of the inbox's list: the search box, the status tabs with their counts, and the
// filters (category, client, mailbox, assignee, date). Each writes the URL, which is the view (view.ts).
import { useQueries, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { dateTime } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { useUrlSearch } from '../../lib/url-search.ts';
import { categoriesQuery, clientsQuery, connectionsQuery } from '../../queries/settings.ts';
import { membersQuery } from '../../queries/team.ts';
import { countsQuery } from '../../queries/inbox.ts';
import { DATE_PRESETS, daysAgo, presetOf, TABS, tabSearch, type View } from './view.ts';

export function SearchBox() {
  const { text, setText } = useUrlSearch();
  return (
    <div className="search">
      <label htmlFor="reply-search" className="sr-only">
        Search replies
      </label>
      <input id="reply-search" type="search" placeholder="Search replies…" value={text} maxLength={200} onChange={(e) => setText(e.target.value)} />
      <kbd className="search-hint" aria-hidden="true">
        /
      </kbd>
    </div>
  );
}

export function Tabs({ view }: { view: View }) {
  const [params] = useSearchParams();
  // each tab's count under the view's filters and search: a search shows how many match in every tab
  const { status: _s, snoozed: _z, ...filters } = view.query;
  const counts = useQueries({ queries: TABS.map((t) => countsQuery(t.id, filters)) });
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

export function Filters() {
  const [params, setParams] = useSearchParams();
  const categories = useQuery(categoriesQuery);
  const clients = useQuery(clientsQuery);
  const connections = useQuery(connectionsQuery);
  const members = useQuery(membersQuery);
  const me = useSession().user.id;
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
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <div className="filter">
        <label htmlFor="filter-client">Client</label>
        <select id="filter-client" value={params.get('client_id') ?? ''} onChange={(e) => set('client_id', e.target.value)}>
          <option value="">All clients</option>
          {clients.data?.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <div className="filter">
        <label htmlFor="filter-mailbox">Mailbox</label>
        <select id="filter-mailbox" value={params.get('connection_id') ?? ''} onChange={(e) => set('connection_id', e.target.value)}>
          <option value="">All mailboxes</option>
          {connections.data?.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name === c.email ? c.email : `${c.name} (${c.email})`}
            </option>
          ))}
        </select>
      </div>
      <div className="filter">
        <label htmlFor="filter-assignee">Assignee</label>
        <select id="filter-assignee" value={params.get('assignee_id') ?? ''} onChange={(e) => set('assignee_id', e.target.value)}>
          <option value="">Anyone</option>
          <option value={me}>Assigned to me</option>
          <option value="none">Unassigned</option>
          {members.data
            ?.filter((m) => m.id !== me)
            .map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
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
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
          {preset === 'custom' ? <option value="custom">Since {dateTime(receivedAfter)}</option> : null}
        </select>
      </div>
    </div>
  );
}
