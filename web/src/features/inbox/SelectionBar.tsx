// The selection over the inbox's list and what can be done to it at once: archive (or move back
// to Pending), a category, an assignee, a snooze, a wake; "select all N that match" reaches past the page.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Popover } from '../../components/Popover.tsx';
import { dateTime, plural } from '../../lib/format.ts';
import type { ReplyListItem } from '../../types.ts';
import { categoriesQuery } from '../../queries/settings.ts';
import { AssignChoices } from './AssignMenu.tsx';
import type { OwnChange } from './cache.ts';
import { useBulkChange } from './mutations.ts';
import { SnoozeChoices } from './SnoozeMenu.tsx';
import type { View } from './view.ts';

export interface Selection {
  ids: Set<string>;
  all: boolean;
}

export function SelectionBar(props: { view: View; items: ReplyListItem[]; selection: Selection; setSelection: (ids: Set<string>, all: boolean) => void; total: number }) {
  const { items, selection, total, view } = props;
  const categories = useQuery(categoriesQuery);
  const [menu, setMenu] = useState<'category' | 'assign' | 'snooze' | null>(null);
  const [progress, setProgress] = useState<string | null>(null);
  const pageSelected = items.length > 0 && items.every((r) => selection.ids.has(r.id));
  const count = selection.all ? total : selection.ids.size;
  const someSelected = count > 0;

  const bulk = useBulkChange(() => props.setSelection(new Set(), false));
  const run = (change: OwnChange, done: string) => {
    setMenu(null);
    bulk.mutate({ change, done, ids: selection.all ? null : [...selection.ids], query: view.query, items, progress: setProgress });
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
        <label htmlFor="select-page" className="small">
          Select all on page
        </label>
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
            <span className="small" role="status">
              {progress}
            </span>
          ) : (
            <>
              {view.query.status !== 'archived' ? (
                <button id="bulk-archive" type="button" onClick={() => run({ status: 'archived' }, 'Archived')}>
                  Archive <kbd aria-hidden="true">e</kbd>
                </button>
              ) : (
                <button type="button" onClick={() => run({ status: 'pending' }, 'Moved to Pending')}>
                  Move to Pending
                </button>
              )}
              <Popover
                label={
                  <>
                    Category <span aria-hidden="true">▾</span>
                  </>
                }
                panelLabel="Set the category"
                open={menu === 'category'}
                onOpenChange={(o) => setMenu(o ? 'category' : null)}
              >
                <button type="button" className="menu-item" onClick={() => run({ category_id: null }, 'Category removed')}>
                  No category
                </button>
                {categories.data?.map((c) => (
                  <button key={c.id} type="button" className="menu-item" onClick={() => run({ category_id: c.id }, `Category set to ${c.name}`)}>
                    {c.name}
                  </button>
                ))}
              </Popover>
              <Popover
                label={
                  <>
                    Assign <span aria-hidden="true">▾</span>
                  </>
                }
                panelLabel="Assign to"
                open={menu === 'assign'}
                onOpenChange={(o) => setMenu(o ? 'assign' : null)}
              >
                <AssignChoices onPick={(id, name) => run({ assignee_id: id }, id ? `Assigned to ${name}` : 'Unassigned')} />
              </Popover>
              <Popover
                label={
                  <>
                    Snooze <span aria-hidden="true">▾</span>
                  </>
                }
                panelLabel="Snooze until"
                open={menu === 'snooze'}
                onOpenChange={(o) => setMenu(o ? 'snooze' : null)}
              >
                <SnoozeChoices onPick={(d) => run({ snoozed_until: d.toISOString() }, `Snoozed until ${dateTime(d.toISOString())}`)} />
              </Popover>
              {view.tab === 'snoozed' ? (
                <button type="button" onClick={() => run({ snoozed_until: null }, 'Woken')}>
                  Wake
                </button>
              ) : null}
            </>
          )}
        </div>
      ) : null}
    </div>
  );
}
