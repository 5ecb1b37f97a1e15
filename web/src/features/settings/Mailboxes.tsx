// Settings → Mailboxes: each mailbox with its sync state; "New mailbox" and "Edit" take the IMAP
// and SMTP settings, "Connect Google" / "Connect Microsoft" sign in instead (MailboxSignIn.tsx);
// mailboxes are paused, resumed and deleted in place (src/mailboxes/routes.ts).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, errorMessage } from '../../api.ts';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { Empty } from '../../components/States.tsx';
import { useToast } from '../../components/Toasts.tsx';
import { dateTime } from '../../lib/format.ts';
import { mailboxState } from '../../lib/mailbox-state.ts';
import type { Connection } from '../../types.ts';
import { ConnectButtons, ReconnectButton, SignInOutcome } from './MailboxSignIn.tsx';
import { clientsQuery, connectionKeys, connectionsQuery } from '../../queries/settings.ts';
import { blank, type Server, serverFieldProblems, ServerFields, serverOf, serverProblems } from './MailboxServers.tsx';
import { FormDialog, QueryTable } from './Resources.tsx';
import { PageHead } from './Settings.tsx';

/** Create (no `editing`) or change a mailbox. A password left blank when editing is kept. */
function MailboxDialog({ editing, onClose }: { editing: Connection | null; onClose: () => void }) {
  const qc = useQueryClient();
  const toast = useToast();
  const [form, setForm] = useState({
    name: editing?.name ?? '',
    email: editing?.email ?? '',
    displayName: editing?.display_name ?? '',
    clientId: editing?.client_id ?? '',
    servers: Boolean(editing?.imap || editing?.smtp),
    signature: editing?.signature?.text ?? '',
  });
  const clients = useQuery(clientsQuery);
  const [imap, setImap] = useState(serverOf(editing?.imap, '993', 'implicit'));
  const [smtp, setSmtp] = useState(serverOf(editing?.smtp, '465', 'implicit'));
  const server = (s: Server) => ({ host: s.host.trim(), port: Number(s.port), tls: s.tls, username: s.username, ...(s.password || !editing ? { password: s.password } : {}) });
  // every problem of the server settings at once, next to its field (the server checks again)
  const [problems, setProblems] = useState<Record<string, string>>({});
  return (
    <FormDialog
      title={editing ? `Edit ${editing.email}` : 'New mailbox'}
      submit={editing ? 'Save mailbox' : 'Create mailbox'}
      onClose={onClose}
      onSubmit={async () => {
        // a server left wholly blank is not connected (IMAP alone reads, SMTP alone sends); one
        // begun must be complete; ticked with both blank is a mistake, not a mailbox without servers
        const found: Record<string, string> = {};
        if (form.servers && blank(imap) && blank(smtp)) found['imap-host'] = 'Enter the IMAP server (and SMTP to send through it), or untick "Connect IMAP and SMTP".';
        if (form.servers && !blank(imap)) Object.assign(found, serverProblems('imap', 'IMAP', imap, Boolean(editing?.imap)));
        if (form.servers && !blank(smtp)) Object.assign(found, serverProblems('smtp', 'SMTP', smtp, Boolean(editing?.smtp)));
        setProblems(found);
        const n = Object.keys(found).length;
        if (n) throw new Error(`${n === 1 ? 'One field needs' : `${n} fields need`} attention: see the marks above.`);
        const body: Record<string, unknown> = {
          name: form.name.trim(),
          email: form.email.trim(),
          display_name: form.displayName.trim(),
          client_id: form.clientId || null,
          signature: { text: form.signature },
        };
        if (form.servers && !blank(imap)) body.imap = server(imap);
        if (form.servers && !blank(smtp)) body.smtp = server(smtp);
        try {
          if (editing) await api.patch(`/api/connections/${editing.id}`, body);
          else await api.post('/api/connections', body);
        } catch (err) {
          const { fields, rest } = serverFieldProblems(err instanceof Error ? err.message : String(err));
          setProblems(fields);
          const n = Object.keys(fields).length;
          if (!n) throw err;
          throw new Error([`${n === 1 ? 'One field needs' : `${n} fields need`} attention: see the marks above.`, ...rest].join(' '));
        }
        toast(`Mailbox ${form.email.trim()} ${editing ? 'saved' : 'created'}`);
        await qc.invalidateQueries({ queryKey: connectionKeys.all });
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
        <label htmlFor="mailbox-display-name">Display name</label>
        <input
          id="mailbox-display-name"
          maxLength={200}
          placeholder="Sam Rivera"
          aria-describedby="mailbox-display-name-hint"
          value={form.displayName}
          onChange={(e) => setForm({ ...form, displayName: e.target.value })}
        />
        <span id="mailbox-display-name-hint" className="small muted">
          The name answers are sent under: “{form.displayName.trim() || 'Sam Rivera'} &lt;{form.email.trim() || 'sam@agency.example'}&gt;”.
        </span>
      </div>
      <div className="field">
        <label htmlFor="mailbox-client">Client</label>
        <select id="mailbox-client" aria-describedby="mailbox-client-hint" value={form.clientId} onChange={(e) => setForm({ ...form, clientId: e.target.value })}>
          <option value="">No client</option>
          {(clients.data ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
        <span id="mailbox-client-hint" className="small muted">
          Replies that arrive in this mailbox belong to this client.
        </span>
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
          <ServerFields prefix="imap" title="IMAP" value={imap} onChange={setImap} keepPassword={Boolean(editing?.imap)} problems={problems} />
          <ServerFields prefix="smtp" title="SMTP" value={smtp} onChange={setSmtp} keepPassword={Boolean(editing?.smtp)} problems={problems} />
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
  const refresh = () => qc.invalidateQueries({ queryKey: connectionKeys.all });
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
              {mailboxState(c).connected ? (
                <>
                  <span className={`badge badge-sync-${c.sync.state}`}>{mailboxState(c).label}</span>
                  {c.sync.last_error ? <span className="form-error small"> {c.sync.last_error}</span> : null}
                  {c.sync.last_synced_at ? <span className="muted small"> · {dateTime(c.sync.last_synced_at)}</span> : null}
                </>
              ) : (
                <span className="muted">{mailboxState(c).label}</span>
              )}
            </td>
            <td>{dateTime(c.created_at)}</td>
            <td className="actions-cell">
              {c.auth === 'oauth' && c.sync.state === 'error' ? <ReconnectButton connection={c} /> : null}
              <button type="button" onClick={() => setEditing(c)} aria-label={`Edit ${c.email}`}>
                Edit
              </button>
              {c.imap ? (
                <button type="button" onClick={() => pause.mutate(c)} disabled={pause.isPending} aria-label={`${c.paused ? 'Resume' : 'Pause'} ${c.email}`}>
                  {c.paused ? 'Resume' : 'Pause'}
                </button>
              ) : null}
              <button
                type="button"
                className="danger-text"
                onClick={() => {
                  remove.reset();
                  setDeleting(c);
                }}
                aria-label={`Delete ${c.email}`}
              >
                Delete
              </button>
            </td>
          </>
        )}
      />
      {editing ? <MailboxDialog editing={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      {deleting ? (
        <ConfirmDialog
          title="Delete mailbox"
          message={
            <>
              Stop syncing <span className="mono break">{deleting.email}</span>? Its replies stay in the inbox.
            </>
          }
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
