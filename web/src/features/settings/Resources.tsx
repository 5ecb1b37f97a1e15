// Categories and clients: a table and a "New …" form each, edited in the same form and deleted
// after a confirmation (src/http/owned-routes.ts). FormDialog and QueryTable serve the
// Mailboxes page too (Mailboxes.tsx).
import { type QueryKey, type UseQueryResult, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { api, errorMessage } from '../../api.ts';
import { CategoryChip } from '../../components/Chip.tsx';
import { ConfirmDialog, Dialog } from '../../components/Dialog.tsx';
import { Empty, ErrorState, Loading } from '../../components/States.tsx';
import { useToast } from '../../components/Toasts.tsx';
import { dateTime } from '../../lib/format.ts';
import type { Category, Client } from '../../types.ts';
import { RoundRobinField, RoundRobinNames } from './RoundRobinField.tsx';
import { replyKeys } from '../../queries/inbox.ts';
import { categoriesQuery, categoryKeys, clientKeys, clientsQuery } from '../../queries/settings.ts';
import { PageHead, ReadOnlyNote, useManager } from './Settings.tsx';

export function FormDialog(props: { title: string; submit: string; onClose: () => void; onSubmit: () => Promise<unknown>; children: ReactNode }) {
  const create = useMutation({ mutationFn: props.onSubmit, onSuccess: props.onClose });
  return (
    <Dialog title={props.title} onClose={props.onClose}>
      <form
        className="form"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          create.mutate();
        }}
      >
        {props.children}
        {create.error ? (
          <p role="alert" className="form-error">
            {errorMessage(create.error)}
          </p>
        ) : null}
        <div className="dialog-actions">
          <button type="button" onClick={props.onClose}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={create.isPending}>
            {props.submit}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** Asks before deleting a category or client, and says what happens to its replies. */
function DeleteDialog(props: { noun: string; name: string; path: string; queryKey: QueryKey; consequence: string; onClose: () => void }) {
  const qc = useQueryClient();
  const toast = useToast();
  const remove = useMutation({
    mutationFn: () => api.delete(props.path),
    onSuccess: async () => {
      toast(`${props.noun} ${props.name} deleted`);
      props.onClose();
      await qc.invalidateQueries({ queryKey: props.queryKey });
      await qc.invalidateQueries({ queryKey: replyKeys.all });
    },
  });
  return (
    <ConfirmDialog
      title={`Delete ${props.noun.toLowerCase()}`}
      message={
        <>
          Delete <strong>{props.name}</strong>? {props.consequence}
        </>
      }
      confirm="Delete"
      danger
      busy={remove.isPending}
      error={remove.error ? errorMessage(remove.error) : null}
      onConfirm={() => remove.mutate()}
      onClose={props.onClose}
    />
  );
}

function RowActions(props: { name: string; onEdit: () => void; onDelete: () => void }) {
  if (!useManager()) return <td />;
  return (
    <td className="actions-cell">
      <button type="button" className="link-button" aria-label={`Edit ${props.name}`} onClick={props.onEdit}>
        Edit
      </button>
      <button type="button" className="danger-text" aria-label={`Delete ${props.name}`} onClick={props.onDelete}>
        Delete
      </button>
    </td>
  );
}

/** A list query as a table: loading, error and empty states, then one row per item. */
export function QueryTable<T extends { id: string }>(props: { query: UseQueryResult<T[]>; caption: string; empty: ReactNode; headers: string[]; row: (item: T) => ReactNode }) {
  const { query } = props;
  if (query.isPending) return <Loading />;
  if (query.isError) return <ErrorState error={query.error} retry={() => query.refetch()} />;
  if (query.data.length === 0) return <>{props.empty}</>;
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="sr-only">{props.caption}</caption>
        <thead>
          <tr>
            {props.headers.map((h) => (
              <th key={h} scope="col">
                {h || <span className="sr-only">Actions</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {query.data.map((item) => (
            <tr key={item.id}>{props.row(item)}</tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function CategoriesPage() {
  const manage = useManager();
  const qc = useQueryClient();
  const toast = useToast();
  const list = useQuery(categoriesQuery);
  // null: no form open; 'new': creating; a category: editing it
  const [editing, setEditing] = useState<Category | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);
  const [form, setForm] = useState({ name: '', color: '#6b7280', is_positive: false });
  const open = (c: Category | 'new') => {
    setForm(c === 'new' ? { name: '', color: '#6b7280', is_positive: false } : { name: c.name, color: c.color, is_positive: c.is_positive });
    setEditing(c);
  };
  return (
    <section>
      <PageHead title="Categories">
        {manage ? (
          <button type="button" className="primary" onClick={() => open('new')}>
            New category
          </button>
        ) : null}
      </PageHead>
      <ReadOnlyNote what="categories" />
      <QueryTable
        query={list}
        caption="Categories"
        empty={<Empty title="No categories yet" />}
        headers={['Name', 'Colour', 'Positive', 'Created', '']}
        row={(c) => (
          <>
            <td>
              <CategoryChip category={c} />
            </td>
            <td className="mono">{c.color}</td>
            <td>{c.is_positive ? 'Yes' : 'No'}</td>
            <td>{dateTime(c.created_at)}</td>
            <RowActions name={c.name} onEdit={() => open(c)} onDelete={() => setDeleting(c)} />
          </>
        )}
      />
      {editing ? (
        <FormDialog
          title={editing === 'new' ? 'New category' : `Edit ${editing.name}`}
          submit={editing === 'new' ? 'Create category' : 'Save category'}
          onClose={() => setEditing(null)}
          onSubmit={async () => {
            const body = { name: form.name.trim(), color: form.color, is_positive: form.is_positive };
            if (editing === 'new') await api.post('/api/categories', body);
            else await api.patch(`/api/categories/${encodeURIComponent(editing.id)}`, body);
            toast(`Category ${body.name} ${editing === 'new' ? 'created' : 'saved'}`);
            await qc.invalidateQueries({ queryKey: categoryKeys.all });
          }}
        >
          <div className="field">
            <label htmlFor="category-name">Name</label>
            <input id="category-name" required maxLength={100} value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
          </div>
          <div className="field">
            <label htmlFor="category-color">Colour</label>
            <input id="category-color" type="color" value={form.color} onChange={(e) => setForm({ ...form, color: e.target.value })} />
          </div>
          <div className="check">
            <input id="category-positive" type="checkbox" checked={form.is_positive} onChange={(e) => setForm({ ...form, is_positive: e.target.checked })} />
            <label htmlFor="category-positive">Positive (replies in it are leads)</label>
          </div>
        </FormDialog>
      ) : null}
      {deleting ? (
        <DeleteDialog
          noun="Category"
          name={deleting.name}
          path={`/api/categories/${encodeURIComponent(deleting.id)}`}
          queryKey={categoryKeys.all}
          consequence="Its replies stay in the inbox without a category."
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </section>
  );
}

export function ClientsPage() {
  const manage = useManager();
  const qc = useQueryClient();
  const toast = useToast();
  const list = useQuery(clientsQuery);
  const [editing, setEditing] = useState<Client | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Client | null>(null);
  const [form, setForm] = useState({ name: '', service_description: '', round_robin: [] as string[], weekly: '' });
  const open = (c: Client | 'new') => {
    setForm(
      c === 'new'
        ? { name: '', service_description: '', round_robin: [], weekly: '' }
        : { name: c.name, service_description: c.service_description, round_robin: c.round_robin, weekly: c.weekly_report_to.join(', ') },
    );
    setEditing(c);
  };
  return (
    <section>
      <PageHead title="Clients">
        {manage ? (
          <button type="button" className="primary" onClick={() => open('new')}>
            New client
          </button>
        ) : null}
      </PageHead>
      <ReadOnlyNote what="clients" />
      <QueryTable
        query={list}
        caption="Clients"
        empty={<Empty title="No clients yet">Clients are the companies you send campaigns for.</Empty>}
        headers={['Name', 'Service description', 'Assigned in turn to', 'Weekly report to', 'Created', '']}
        row={(c) => (
          <>
            <td className="strong">{c.name}</td>
            <td className="clamp">{c.service_description}</td>
            <td>
              <RoundRobinNames ids={c.round_robin} />
            </td>
            <td className="small">{c.weekly_report_to.join(', ') || <span className="muted">Nobody</span>}</td>
            <td>{dateTime(c.created_at)}</td>
            <RowActions name={c.name} onEdit={() => open(c)} onDelete={() => setDeleting(c)} />
          </>
        )}
      />
      {editing ? (
        <FormDialog
          title={editing === 'new' ? 'New client' : `Edit ${editing.name}`}
          submit={editing === 'new' ? 'Create client' : 'Save client'}
          onClose={() => setEditing(null)}
          onSubmit={async () => {
            const body = { name: form.name.trim(), service_description: form.service_description, round_robin: form.round_robin, weekly_report_to: form.weekly.split(/[,;\s]+/).filter(Boolean) };
            if (editing === 'new') await api.post('/api/clients', body);
            else await api.patch(`/api/clients/${encodeURIComponent(editing.id)}`, body);
            toast(`Client ${body.name} ${editing === 'new' ? 'created' : 'saved'}`);
            await qc.invalidateQueries({ queryKey: clientKeys.all });
          }}
        >
          <div className="field">
            <label htmlFor="client-name">Name</label>
            <input id="client-name" required maxLength={200} value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
          </div>
          <div className="field">
            <label htmlFor="client-description">Service description</label>
            <textarea id="client-description" rows={4} maxLength={5000} value={form.service_description} onChange={(e) => setForm({ ...form, service_description: e.target.value })} />
          </div>
          <RoundRobinField value={form.round_robin} onChange={(ids) => setForm({ ...form, round_robin: ids })} />
          <div className="field">
            <label htmlFor="client-weekly">Weekly report to</label>
            <input
              id="client-weekly"
              inputMode="email"
              placeholder="founder@client.example, …"
              aria-describedby="client-weekly-hint"
              value={form.weekly}
              onChange={(e) => setForm({ ...form, weekly: e.target.value })}
            />
            <span id="client-weekly-hint" className="small muted">
              Every Monday at 08:00 (the workspace&apos;s time zone, Settings → Workspace) these addresses get last week&apos;s numbers for this client, with a chart.
            </span>
          </div>
        </FormDialog>
      ) : null}
      {deleting ? (
        <DeleteDialog
          noun="Client"
          name={deleting.name}
          path={`/api/clients/${encodeURIComponent(deleting.id)}`}
          queryKey={clientKeys.all}
          consequence="Its replies stay in the inbox without a client."
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </section>
  );
}
