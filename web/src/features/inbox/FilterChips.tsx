// The filters of the view that have no control of their own in the filter bar, as chips with a
// remove button (docs/dashboard.md "The inbox"): a contact (opening a reply from a contact's
// page filters the inbox to that contact), a "received before" date, and "Clear all" when any
// filter is on. No filter of the URL acts unseen.
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { dateTime, personName } from '../../lib/format.ts';
import { contactQuery } from '../../queries/contacts.ts';
import { FILTER_PARAMS } from './view.ts';

export function FilterChips() {
  const [params, setParams] = useSearchParams();
  const contactId = params.get('contact_id');
  const before = params.get('received_before');
  const contact = useQuery({ ...contactQuery(contactId ?? ''), enabled: !!contactId });
  const remove = (...names: string[]) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      for (const n of names) next.delete(n);
      return next;
    });
  const active = FILTER_PARAMS.filter((n) => n !== 'sort' && params.get(n));
  if (!active.length) return null;
  const contactName = contact.data ? personName(contact.data) : 'a contact';
  return (
    <div className="filter-chips" role="group" aria-label="Active filters">
      {contactId ? (
        <span className="filter-chip">
          From {contactName}
          <button type="button" className="icon-button" aria-label={`Remove the filter: from ${contactName}`} onClick={() => remove('contact_id')}>
            ×
          </button>
        </span>
      ) : null}
      {before ? (
        <span className="filter-chip">
          Received before {dateTime(before)}
          <button type="button" className="icon-button" aria-label="Remove the filter: received before" onClick={() => remove('received_before')}>
            ×
          </button>
        </span>
      ) : null}
      <button type="button" className="link-button small" onClick={() => remove(...FILTER_PARAMS.filter((n) => n !== 'sort'))}>
        Clear all filters
      </button>
    </div>
  );
}
