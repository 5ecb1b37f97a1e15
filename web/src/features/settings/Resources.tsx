// Categories, clients and mailboxes: a table and a "New …" form each; categories and clients
// are edited in the same form and deleted after a confirmation (src/http/owned-routes.ts);
// mailboxes are edited, paused, resumed and deleted (src/connections/routes.ts).
import { type UseQueryResult, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { api, errorMessage } from '../../api.ts';
import { CategoryChip } from '../../components/Chip.tsx';
import { ConfirmDialog, Dialog } from '../../components/Dialog.tsx';
import { Empty, ErrorState, Loading } from '../../components/States.tsx';
import { useToast } from '../../components/Toasts.tsx';
import { dateTime } from '../../lib/format.ts';
import { categoriesQuery, clientsQuery, connectionsQuery } from '../../lib/session.ts';
import type { Connection } from '../../types.ts';
import { PageHead } from './Settings.tsx';
import { ConnectButtons, ReconnectButton, SignInOutcome } from './MailboxSignIn.tsx';

function FormDialog(props: { title: string; submit: string; onClose: () => void; onSubmit: () => Promise<unknown>; children: ReactNode }) {
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
        {create.error ? <p role="alert" className="form-error">{errorMessage(create.error)}</p> : null}
        <div className="dialog-actions">
          <button type="button" onClick={props.onClose}>Cancel</button>
          <button type="submit" className="primary" disabled={create.isPending}>{props.submit}</button>
        </div>
      </form>
    </Dialog>
  );
}

/** Asks before deleting a category or client, and says what happens to its replies. */
function DeleteDialog(props: { noun: string; name: string; path: string; queryKey: string; consequence: string; onClose: () => void }) {
  const qc = useQueryClient();
  const toast = useToast();
  const remove = useMutation({
    mutationFn: () => api.delete(props.path),
    onSuccess: async () => {
      toast(`${props.noun} ${props.name} deleted`);
      props.onClose();
      await qc.invalidateQueries({ queryKey: [props.queryKey] });
      await qc.invalidateQueries({ queryKey: ['replies'] });
    },
  });
  return (
    <ConfirmDialog
      title={`Delete ${props.noun.toLowerCase()}`}
      message={<>Delete <strong>{props.name}</strong>? {props.consequence}</>}
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
  return (
    <td className="actions-cell">
      <button type="button" className="link-button" aria-label={`Edit ${props.name}`} onClick={props.onEdit}>Edit</button>
      <button type="button" className="danger-text" aria-label={`Delete ${props.name}`} onClick={props.onDelete}>Delete</button>
    </td>
  );
}

/** A list query as a table: loading, error and empty states, then one row per item. */
function QueryTable<T extends { id: string }>(props: {
  query: UseQueryResult<T[]>;
  caption: string;
  empty: ReactNode;
  headers: string[];
  row: (item: T) => ReactNode;
}) {
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
            {props.headers.map((h) => <th key={h} scope="col">{h || <span className="sr-only">Actions</span>}</th>)}
          </tr>
        </thead>
        <tbody>
          {query.data.map((item) => <tr key={item.id}>{props.row(item)}</tr>)}
        </tbody>
      </table>
    </div>
  );
}

type Category = { id: string; name: string; color: string; is_positive: boolean };

export function CategoriesPage() {
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
        <button type="button" className="primary" onClick={() => open('new')}>New category</button>
      </PageHead>
      <QueryTable
        query={list}
        caption="Categories"
        empty={<Empty title="No categories yet" />}
        headers={['Name', 'Colour', 'Positive', 'Created', '']}
        row={(c) => (
          <>
            <td><CategoryChip category={c} /></td>
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
            await qc.invalidateQueries({ queryKey: ['categories'] });
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
          queryKey="categories"
          consequence="Its replies stay in the inbox without a category."
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </section>
  );
}

type Client = { id: string; name: string; service_description: string };

export function ClientsPage() {
  const qc = useQueryClient();
  const toast = useToast();
  const list = useQuery(clientsQuery);
  const [editing, setEditing] = useState<Client | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Client | null>(null);
  const [form, setForm] = useState({ name: '', service_description: '' });
  const open = (c: Client | 'new') => {
    setForm(c === 'new' ? { name: '', service_description: '' } : { name: c.name, service_description: c.service_description });
    setEditing(c);
  };
  return (
    <section>
      <PageHead title="Clients">
        <button type="button" className="primary" onClick={() => open('new')}>New client</button>
      </PageHead>
      <QueryTable
        query={list}
        caption="Clients"
        empty={<Empty title="No clients yet">Clients are the companies you send campaigns for.</Empty>}
        headers={['Name', 'Service description', 'Created', '']}
        row={(c) => (
          <>
            <td className="strong">{c.name}</td>
            <td className="clamp">{c.service_description}</td>
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
            const body = { name: form.name.trim(), service_description: form.service_description };
            if (editing === 'new') await api.post('/api/clients', body);
            else await api.patch(`/api/clients/${encodeURIComponent(editing.id)}`, body);
            toast(`Client ${body.name} ${editing === 'new' ? 'created' : 'saved'}`);
            await qc.invalidateQueries({ queryKey: ['clients'] });
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
        </FormDialog>
      ) : null}
      {deleting ? (
        <DeleteDialog
          noun="Client"
          name={deleting.name}
          path={`/api/clients/${encodeURIComponent(deleting.id)}`}
          queryKey="clients"
          consequence="Its replies stay in the inbox without a client."
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </section>
  );
}

type Tls = 'implicit' | 'starttls' | 'none';
interface Server {
  host: string;
  port: string;
  tls: Tls;
  username: string;
  password: string;
}
const emptyServer = (port: string, tls: Tls): Server => ({ host: '', port, tls, username: '', password: '' });
const serverOf = (s: { host: string; port: number; tls: Tls; username: string } | null | undefined, port: string, tls: Tls): Server =>
  s ? { host: s.host, port: String(s.port), tls: s.tls, username: s.username, password: '' } : emptyServer(port, tls);

function ServerFields({ prefix, title, value, onChange, keepPassword }: { prefix: string; title: string; value: Server; onChange: (s: Server) => void; keepPassword: boolean }) {
  const set = (k: keyof Server, v: string) => onChange({ ...value, [k]: v });
  return (
    <fieldset className="fieldset grid-2">
      <legend>{title}</legend>
      <div className="field">
        <label htmlFor={`${prefix}-host`}>{title} host</label>
        <input id={`${prefix}-host`} value={value.host} onChange={(e) => set('host', e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${prefix}-port`}>{title} port</label>
        <input id={`${prefix}-port`} inputMode="numeric" value={value.port} onChange={(e) => set('port', e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${prefix}-tls`}>{title} security</label>
        <select id={`${prefix}-tls`} value={value.tls} onChange={(e) => set('tls', e.target.value)}>
          <option value="implicit">TLS</option>
          <option value="starttls">STARTTLS</option>
          <option value="none">None</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${prefix}-user`}>{title} username</label>
        <input id={`${prefix}-user`} autoComplete="off" value={value.username} onChange={(e) => set('username', e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${prefix}-password`}>{title} password</label>
        <input id={`${prefix}-password`} type="password" autoComplete="new-password" placeholder={keepPassword ? 'Unchanged' : undefined} value={value.password} onChange={(e) => set('password', e.target.value)} />
      </div>
    </fieldset>
  );
}

const SYNC_LABEL: Record<string, string> = { pending: 'Waiting for first sync', active: 'Syncing', error: 'Error', paused: 'Paused' };

/** Create (no `editing`) or change a mailbox. A password left blank when editing is kept. */
function MailboxDialog({ editing, onClose }: { editing: Connection | null; onClose: () => void }) {
  const qc = useQueryClient();
  const toast = useToast();
  const [form, setForm] = useState({ name: editing?.name ?? '', email: editing?.email ?? '', servers: Boolean(editing?.imap || editing?.smtp), signature: editing?.signature?.text ?? '' });
  const [imap, setImap] = useState(serverOf(editing?.imap, '993', 'implicit'));
  const [smtp, setSmtp] = useState(serverOf(editing?.smtp, '465', 'implicit'));
  const server = (s: Server) => ({ host: s.host.trim(), port: Number(s.port), tls: s.tls, username: s.username, ...(s.password || !editing ? { password: s.password } : {}) });
  return (
    <FormDialog
      title={editing ? `Edit ${editing.email}` : 'New mailbox'}
      submit={editing ? 'Save mailbox' : 'Create mailbox'}
      onClose={onClose}
      onSubmit={async () => {
        const body: Record<string, unknown> = { name: form.name.trim(), email: form.email.trim(), signature: { text: form.signature } };
        if (form.servers && imap.host.trim()) body.imap = server(imap);
        if (form.servers && smtp.host.trim()) body.smtp = server(smtp);
        if (editing) await api.patch(`/api/connections/${editing.id}`, body);
        else await api.post('/api/connections', body);
        toast(`Mailbox ${form.email.trim()} ${editing ? 'saved' : 'created'}`);
        await qc.invalidateQueries({ queryKey: ['connections'] });
      }}
    >
      <div className="field">
        <label htmlFor="mailbox-name">Name</label>
        <input id="mailbox-name" required maxLength={200} value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
      </div>
      <div className="field">
        <label htmlFor="mailbox-email">Email</label>
        <input id="mailbox-email" type="email" required maxLength={254} value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} />
      </div>
      <div className="field">
        <label htmlFor="mailbox-signature">Signature</label>
        <textarea id="mailbox-signature" rows={3} maxLength={10_000} value={form.signature} onChange={(e) => setForm({ ...form, signature: e.target.value })} />
      </div>
      <div className="check">
        <input id="mailbox-servers" type="checkbox" checked={form.servers} onChange={(e) => setForm({ ...form, servers: e.target.checked })} />
        <label htmlFor="mailbox-servers">Connect IMAP and SMTP</label>
      </div>
      {form.servers ? (
        <>
          <p className="muted small">Replies are read from the IMAP folder; answers are sent through SMTP and filed in Sent. Gmail and Microsoft 365 need an app password.</p>
          <ServerFields prefix="imap" title="IMAP" value={imap} onChange={setImap} keepPassword={Boolean(editing?.imap)} />
          <ServerFields prefix="smtp" title="SMTP" value={smtp} onChange={setSmtp} keepPassword={Boolean(editing?.smtp)} />
        </>
      ) : null}
    </FormDialog>
  );
}

export function MailboxesPage() {
  const qc = useQueryClient();
  const toast = useToast();
  const list = useQuery({ ...connectionsQuery, refetchInterval: 10_000 });
  const [editing, setEditing] = useState<Connection | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Connection | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: ['connections'] });
  const pause = useMutation({
    mutationFn: (c: Connection) => api.patch(`/api/connections/${c.id}`, { paused: !c.paused }),
    onSuccess: (_, c) => {
      toast(`${c.email} ${c.paused ? 'resumed' : 'paused'}`);
      return refresh();
    },
    onError: (err) => toast(errorMessage(err)),
  });
  const remove = useMutation({
    mutationFn: (c: Connection) => api.delete(`/api/connections/${c.id}`),
    onSuccess: (_, c) => {
      setDeleting(null);
      toast(`${c.email} deleted`);
      return refresh();
    },
  });
  return (
    <section>
      <PageHead title="Mailboxes">
        <ConnectButtons />
        <button type="button" className="primary" onClick={() => setEditing('new')}>
          New mailbox
        </button>
      </PageHead>
      <SignInOutcome />
      <QueryTable
        query={list}
        caption="Mailboxes"
        empty={<Empty title="No mailboxes yet">A mailbox is an address replies arrive in.</Empty>}
        headers={['Name', 'Email', 'Sync', 'Created', 'Actions']}
        row={(c) => (
          <>
            <td className="strong">{c.name}</td>
            <td>{c.email}</td>
            <td>
              {c.imap && c.sync ? (
                <>
                  <span className={`badge badge-sync-${c.sync.state}`}>{SYNC_LABEL[c.sync.state] ?? c.sync.state}</span>
                  {c.sync.last_error ? <span className="form-error small"> {c.sync.last_error}</span> : null}
                  {c.sync.last_synced_at ? <span className="muted small"> · {dateTime(c.sync.last_synced_at)}</span> : null}
                </>
              ) : (
                <span className="muted">Not connected</span>
              )}
            </td>
            <td>{dateTime(c.created_at)}</td>
            <td className="actions-cell">
              {c.auth === 'oauth' && c.sync.state === 'error' ? <ReconnectButton connection={c} /> : null}
              <button type="button" onClick={() => setEditing(c)} aria-label={`Edit ${c.email}`}>Edit</button>
              {c.imap ? (
                <button type="button" onClick={() => pause.mutate(c)} disabled={pause.isPending} aria-label={`${c.paused ? 'Resume' : 'Pause'} ${c.email}`}>
                  {c.paused ? 'Resume' : 'Pause'}
                </button>
              ) : null}
              <button type="button" className="danger-text" onClick={() => { remove.reset(); setDeleting(c); }} aria-label={`Delete ${c.email}`}>Delete</button>
            </td>
          </>
        )}
      />
      {editing ? <MailboxDialog editing={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      {deleting ? (
        <ConfirmDialog
          title="Delete mailbox"
          message={<>Stop syncing <span className="mono break">{deleting.email}</span>? Its replies stay in the inbox.</>}
          confirm="Delete"
          danger
          busy={remove.isPending}
          error={remove.error ? errorMessage(remove.error) : null}
          onConfirm={() => remove.mutate(deleting)}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </section>
  );
}
