import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Empty, ErrorState, Loading } from '../../components/States.tsx';
import { dateTime, personName, plural, shortTime } from '../../lib/format.ts';
import { useUrlSearch } from '../../lib/url-search.ts';
import { DoNotContact } from '../triage/components.tsx';
import { EraseContact } from './EraseContact.tsx';
import { contactListQuery, contactQuery, contactRepliesQuery } from '../../queries/contacts.ts';

export function ContactsPage() {
  const { q, text, setText } = useUrlSearch();

  const list = useInfiniteQuery(contactListQuery(q));
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const total = list.data?.pages[0]?.pagination.total ?? 0;

  return (
    <div className="pane pane-full">
      <header className="page-head">
        <h1>Contacts</h1>
        <div className="search">
          <label htmlFor="contact-search" className="sr-only">
            Search contacts
          </label>
          <input id="contact-search" type="search" placeholder="Search contacts…" value={text} maxLength={200} onChange={(e) => setText(e.target.value)} />
        </div>
      </header>
      {list.isPending ? (
        <Loading label="Loading contacts…" />
      ) : list.isError ? (
        <ErrorState error={list.error} retry={() => list.refetch()} />
      ) : items.length === 0 ? (
        <Empty title={q ? 'No contact matches this search' : 'No contacts yet'}>{q ? 'Try other words.' : 'Contacts appear when their first reply arrives.'}</Empty>
      ) : (
        <>
          <p className="muted small pad">{plural(total, 'contact')}</p>
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Email</th>
                  <th scope="col">Company</th>
                  <th scope="col" className="num">
                    Replies
                  </th>
                  <th scope="col">Last reply</th>
                </tr>
              </thead>
              <tbody>
                {items.map((c) => (
                  <tr key={c.id}>
                    <td>
                      <Link to={`/contacts/${encodeURIComponent(c.id)}`}>{personName(c)}</Link>
                      {c.do_not_contact ? <span className="badge badge-danger">Do not contact</span> : null}
                      {c.bouncing ? <span className="badge badge-danger">Bouncing</span> : null}
                    </td>
                    <td>{c.email}</td>
                    <td>{c.company ?? ''}</td>
                    <td className="num">{c.reply_count}</td>
                    <td>{shortTime(c.last_reply_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {list.hasNextPage ? (
            <div className="load-more">
              <button type="button" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
                {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
              </button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}

export function ContactPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const contact = useQuery(contactQuery(id));
  const replies = useInfiniteQuery(contactRepliesQuery(id));
  const items = replies.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <div className="pane pane-full">
      <button type="button" className="back-button" onClick={() => void navigate(-1)}>
        ← Back
      </button>
      {contact.isPending ? (
        <Loading label="Loading contact…" />
      ) : contact.isError ? (
        <ErrorState error={contact.error} retry={() => contact.refetch()} />
      ) : (
        <>
          <header className="page-head">
            <h1>{personName(contact.data)}</h1>
            <DoNotContact contactId={contact.data.id} marked={contact.data.do_not_contact} />
            {contact.data.bouncing ? <span className="badge badge-danger">Bouncing</span> : null}
            <span className="page-actions">
              <EraseContact id={contact.data.id} email={contact.data.email} />
            </span>
          </header>
          {contact.data.do_not_contact && contact.data.do_not_contact_reason ? (
            <p className="muted small pad">
              Do not contact since {dateTime(contact.data.do_not_contact_since)}: {contact.data.do_not_contact_reason}
            </p>
          ) : null}
          <dl className="details">
            <Detail term="Email">{contact.data.email}</Detail>
            {contact.data.company ? <Detail term="Company">{contact.data.company}</Detail> : null}
            {contact.data.title ? <Detail term="Title">{contact.data.title}</Detail> : null}
            {contact.data.phone ? <Detail term="Phone">{contact.data.phone}</Detail> : null}
            {contact.data.linkedin_url ? (
              <Detail term="LinkedIn">
                {/^https?:\/\//i.test(contact.data.linkedin_url) ? (
                  <a href={contact.data.linkedin_url} target="_blank" rel="noopener noreferrer">
                    {contact.data.linkedin_url}
                  </a>
                ) : (
                  contact.data.linkedin_url
                )}
              </Detail>
            ) : null}
            <Detail term="Replies">{contact.data.reply_count}</Detail>
            <Detail term="First seen">{dateTime(contact.data.created_at)}</Detail>
            {Object.entries(contact.data.metadata ?? {}).map(([k, v]) => (
              <Detail key={k} term={k}>
                {typeof v === 'string' ? v : JSON.stringify(v)}
              </Detail>
            ))}
          </dl>
        </>
      )}
      <section aria-labelledby="contact-replies">
        <h2 id="contact-replies" className="section-title pad">
          Replies
        </h2>
        {replies.isPending ? (
          <Loading label="Loading replies…" />
        ) : replies.isError ? (
          <ErrorState error={replies.error} retry={() => replies.refetch()} />
        ) : items.length === 0 ? (
          <Empty title="No replies from this contact" />
        ) : (
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Subject</th>
                  <th scope="col">Status</th>
                  <th scope="col">Category</th>
                  <th scope="col">Received</th>
                </tr>
              </thead>
              <tbody>
                {items.map((r) => (
                  <tr key={r.id}>
                    <td>
                      <Link to={`/inbox/${encodeURIComponent(r.id)}?contact_id=${encodeURIComponent(id)}${r.status === 'pending' ? '' : `&status=${r.status}`}`}>{r.subject || '(no subject)'}</Link>
                    </td>
                    <td>
                      <span className={`status status-${r.status}`}>{r.status}</span>
                    </td>
                    <td>{r.category?.name ?? ''}</td>
                    <td>{dateTime(r.received_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {replies.hasNextPage ? (
              <div className="load-more">
                <button type="button" onClick={() => void replies.fetchNextPage()} disabled={replies.isFetchingNextPage}>
                  Load more
                </button>
              </div>
            ) : null}
          </div>
        )}
      </section>
    </div>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="details-row">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
