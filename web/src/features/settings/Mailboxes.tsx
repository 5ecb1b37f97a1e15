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
import { connectionKeys, connectionsQuery } from '../../queries/settings.ts';
import { FormDialog, QueryTable } from './Resources.tsx';
import { PageHead } from './Settings.tsx';

type Tls = NonNullable<Connection['imap']>['tls'];
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

const blank = (s: Server) => !s.host.trim() && !s.username.trim() && !s.password;

/** What is wrong with a server's settings, by field (the input's id), all at once. */
function serverProblems(prefix: string, title: string, s: Server, keepPassword: boolean): Record<string, string> {
  const problems: Record<string, string> = {};
  const port = Number(s.port);
  if (!s.host.trim()) problems[`${prefix}-host`] = `Enter the ${title} server's host name.`;
  if (!Number.isInteger(port) || port < 1 || port > 65535) problems[`${prefix}-port`] = 'A port is a whole number from 1 to 65535.';
  if (!s.username.trim()) problems[`${prefix}-user`] = `Enter the ${title} username (often the mailbox's address).`;
  if (!s.password && !keepPassword) problems[`${prefix}-password`] = `Enter the ${title} password (an app password for Gmail and Microsoft 365).`;
  return problems;
}

const INPUT_OF: Record<string, string> = { host: 'host', port: 'port', username: 'user', password: 'password' };

/**
 * The server's answer to a form it refused, split into the problems of fields this form shows
 * (it names every problem at once, "imap.port must be at most 65535; smtp.host is required")
 * and the rest, said at the foot of the form.
 */
export function serverFieldProblems(message: string): { fields: Record<string, string>; rest: string[] } {
  const fields: Record<string, string> = {};
  const rest: string[] = [];
  for (const problem of message.split('; ')) {
    const m = /^(imap|smtp)\.(host|port|username|password) (.*)$/.exec(problem);
    if (m?.[1] && m[2] && m[3]) fields[`${m[1]}-${INPUT_OF[m[2]]}`] = `${m[1].toUpperCase()} ${m[2]} ${m[3]}.`;
    else rest.push(problem);
  }
  return { fields, rest };
}

/** A labelled input of a server, with its problem under it when it has one. */
function ServerInput(props: { id: string; label: string; problem?: string; children: (aria: { 'aria-invalid'?: true; 'aria-describedby'?: string }) => React.ReactNode }) {
  const aria = props.problem ? { 'aria-invalid': true as const, 'aria-describedby': `${props.id}-problem` } : {};
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      {props.children(aria)}
      {props.problem ? (
        <span id={`${props.id}-problem`} className="form-error small">
          {props.problem}
        </span>
      ) : null}
    </div>
  );
}

function ServerFields(props: { prefix: string; title: string; value: Server; onChange: (s: Server) => void; keepPassword: boolean; problems: Record<string, string> }) {
  const { prefix, title, value, problems } = props;
  const set = (k: keyof Server, v: string) => props.onChange({ ...value, [k]: v });
  return (
    <fieldset className="fieldset grid-2">
      <legend>{title}</legend>
      <ServerInput id={`${prefix}-host`} label={`${title} host`} problem={problems[`${prefix}-host`]}>
        {(aria) => <input id={`${prefix}-host`} {...aria} value={value.host} onChange={(e) => set('host', e.target.value)} />}
      </ServerInput>
      <ServerInput id={`${prefix}-port`} label={`${title} port`} problem={problems[`${prefix}-port`]}>
        {(aria) => <input id={`${prefix}-port`} {...aria} inputMode="numeric" value={value.port} onChange={(e) => set('port', e.target.value)} />}
      </ServerInput>
      <div className="field">
        <label htmlFor={`${prefix}-tls`}>{title} security</label>
        <select id={`${prefix}-tls`} value={value.tls} onChange={(e) => set('tls', e.target.value)}>
          <option value="implicit">TLS</option>
          <option value="starttls">STARTTLS</option>
          <option value="none">None</option>
        </select>
      </div>
      <ServerInput id={`${prefix}-user`} label={`${title} username`} problem={problems[`${prefix}-user`]}>
        {(aria) => <input id={`${prefix}-user`} {...aria} autoComplete="off" value={value.username} onChange={(e) => set('username', e.target.value)} />}
      </ServerInput>
      <ServerInput id={`${prefix}-password`} label={`${title} password`} problem={problems[`${prefix}-password`]}>
        {(aria) => (
          <input
            id={`${prefix}-password`}
            {...aria}
            type="password"
            autoComplete="new-password"
            placeholder={props.keepPassword ? 'Unchanged' : undefined}
            value={value.password}
            onChange={(e) => set('password', e.target.value)}
          />
        )}
      </ServerInput>
    </fieldset>
  );
}

/** Create (no `editing`) or change a mailbox. A password left blank when editing is kept. */
function MailboxDialog({ editing, onClose }: { editing: Connection | null; onClose: () => void }) {
  const qc = useQueryClient();
  const toast = useToast();
  const [form, setForm] = useState({ name: editing?.name ?? '', email: editing?.email ?? '', servers: Boolean(editing?.imap || editing?.smtp), signature: editing?.signature?.text ?? '' });
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
        const body: Record<string, unknown> = { name: form.name.trim(), email: form.email.trim(), signature: { text: form.signature } };
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
