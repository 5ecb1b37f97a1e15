import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, errorMessage } from '../../api.ts';
import { SecretField } from '../../components/CopyField.tsx';
import { ConfirmDialog, Dialog } from '../../components/Dialog.tsx';
import { Empty, ErrorState, Loading } from '../../components/States.tsx';
import { useToast } from '../../components/Toasts.tsx';
import { dateTime } from '../../lib/format.ts';
import { canManage, useSession, workspaceQuery } from '../../lib/session.ts';
import type { Invitation, Member, OutboxMail, Role, WorkspaceInfo } from '../../types.ts';
import { memberKeys, membershipsQuery, outboxQuery } from '../../queries/settings.ts';
import { PageHead } from './Settings.tsx';

const ROLE_LABEL: Record<Role, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' };
const ROLES = Object.keys(ROLE_LABEL) as Role[];

export function MembersPage() {
  const session = useSession();
  const manage = canManage(session);
  const qc = useQueryClient();
  const toast = useToast();
  const members = useQuery(membershipsQuery);
  const [inviting, setInviting] = useState(false);
  const [invited, setInvited] = useState<Invitation | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const changeRole = useMutation({
    mutationFn: ({ id, role }: { id: string; role: Role }) => api.patch<Member>(`/dashboard/api/members/${encodeURIComponent(id)}`, { role }),
    onSuccess: (m) => toast(`${m.email} is now ${ROLE_LABEL[m.role] ?? m.role}`),
    onError: (err) => toast(errorMessage(err), { kind: 'error' }),
    onSettled: () => qc.invalidateQueries({ queryKey: memberKeys.all }),
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.delete(`/dashboard/api/members/${encodeURIComponent(id)}`),
    onSuccess: () => {
      toast(`${removing?.email ?? 'Member'} removed`);
      setRemoving(null);
      void qc.invalidateQueries({ queryKey: memberKeys.all });
    },
  });

  if (members.isPending) return <Loading label="Loading members…" />;
  if (members.isError) return <ErrorState error={members.error} retry={() => members.refetch()} />;
  return (
    <section>
      <PageHead title="Members">
        {manage ? (
          <button type="button" className="primary" onClick={() => setInviting(true)}>
            Invite member
          </button>
        ) : null}
      </PageHead>
      {members.data.length === 0 ? (
        <Empty title="No members" />
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="sr-only">Members</caption>
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Status</th>
                <th scope="col">Added</th>
                {manage ? (
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {members.data.map((m) => (
                <tr key={m.user_id || m.email}>
                  <td className="strong">
                    {m.email}
                    {m.user_id === session.user.id ? <span className="muted small"> (you)</span> : null}
                  </td>
                  <td>
                    {manage && m.user_id ? (
                      <>
                        <label htmlFor={`role-${m.user_id}`} className="sr-only">
                          Role of {m.email}
                        </label>
                        <select
                          id={`role-${m.user_id}`}
                          value={m.role}
                          disabled={changeRole.isPending}
                          onChange={(e) => m.user_id && changeRole.mutate({ id: m.user_id, role: e.target.value as Role })}
                        >
                          {ROLES.map((r) => (
                            <option key={r} value={r}>
                              {ROLE_LABEL[r]}
                            </option>
                          ))}
                        </select>
                      </>
                    ) : (
                      (ROLE_LABEL[m.role] ?? m.role)
                    )}
                  </td>
                  <td>
                    <span className={`badge badge-${m.status}`}>{m.status === 'active' ? 'Active' : 'Invited'}</span>
                  </td>
                  <td>{dateTime(m.created_at)}</td>
                  {manage ? (
                    <td className="actions-cell">
                      {m.user_id ? (
                        <button
                          type="button"
                          className="danger-text"
                          onClick={() => {
                            remove.reset();
                            setRemoving(m);
                          }}
                        >
                          Remove
                        </button>
                      ) : null}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {inviting ? (
        <InviteDialog
          onClose={() => setInviting(false)}
          onInvited={(inv) => {
            setInviting(false);
            setInvited(inv);
            void qc.invalidateQueries({ queryKey: memberKeys.all });
          }}
        />
      ) : null}
      {invited ? (
        <Dialog title="Invitation sent" onClose={() => setInvited(null)}>
          <p>
            We mailed an invitation to <strong>{invited.email}</strong>. You can also send them this link yourself.
          </p>
          <SecretField label="Invitation link" value={invited.invite_url} warning="This link will not be shown again." />
          <div className="dialog-actions">
            <button type="button" onClick={() => setInvited(null)}>
              Done
            </button>
          </div>
        </Dialog>
      ) : null}
      {removing ? (
        <ConfirmDialog
          title="Remove member"
          message={
            <>
              <strong>{removing.email}</strong> will lose access to {session.workspace.name}.
            </>
          }
          confirm="Remove"
          danger
          busy={remove.isPending}
          error={remove.error ? errorMessage(remove.error) : null}
          onConfirm={() => removing.user_id && remove.mutate(removing.user_id)}
          onClose={() => setRemoving(null)}
        />
      ) : null}
    </section>
  );
}

function InviteDialog({ onClose, onInvited }: { onClose: () => void; onInvited: (i: Invitation) => void }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('member');
  const invite = useMutation({
    mutationFn: () => api.post<Invitation>('/dashboard/api/members', { email: email.trim(), role }),
    onSuccess: onInvited,
  });
  return (
    <Dialog title="Invite member" onClose={onClose}>
      <form
        className="form"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          invite.mutate();
        }}
      >
        <div className="field">
          <label htmlFor="invite-email">Email</label>
          <input id="invite-email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="invite-role">Role</label>
          <select id="invite-role" value={role} onChange={(e) => setRole(e.target.value as Role)}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABEL[r]}
              </option>
            ))}
          </select>
        </div>
        {invite.error ? (
          <p role="alert" className="form-error">
            {errorMessage(invite.error)}
          </p>
        ) : null}
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={invite.isPending}>
            Send invitation
          </button>
        </div>
      </form>
    </Dialog>
  );
}

const PLAN_LABEL: Record<WorkspaceInfo['plan'], string> = { starter: 'Starter', growth: 'Growth', scale: 'Scale' };

export function WorkspacePage() {
  const ws = useQuery({ ...workspaceQuery, staleTime: 0 });
  if (ws.isPending) return <Loading />;
  if (ws.isError) return <ErrorState error={ws.error} retry={() => ws.refetch()} />;
  return (
    <section>
      <PageHead title="Workspace">
        <button type="button" onClick={() => void ws.refetch()} disabled={ws.isFetching}>
          Refresh
        </button>
      </PageHead>
      <dl className="details">
        <div className="details-row">
          <dt>Name</dt>
          <dd>{ws.data.name}</dd>
        </div>
        <div className="details-row">
          <dt>Plan</dt>
          <dd>{PLAN_LABEL[ws.data.plan] ?? ws.data.plan}</dd>
        </div>
        <div className="details-row">
          <dt>Rate limit</dt>
          <dd>{ws.data.rate_limit.toLocaleString()} requests per minute</dd>
        </div>
        <div className="details-row">
          <dt>Remaining</dt>
          <dd>{ws.data.rate_limit_remaining === null ? 'Unknown' : `${ws.data.rate_limit_remaining.toLocaleString()} in this minute`}</dd>
        </div>
        <div className="details-row">
          <dt>Workspace id</dt>
          <dd className="mono">{ws.data.id}</dd>
        </div>
      </dl>
    </section>
  );
}

const KIND_LABEL: Record<OutboxMail['kind'], string> = { reply: 'Reply', forward: 'Forward', invite: 'Invitation', 'password-reset': 'Password reset' };

export function OutboxPage() {
  const outbox = useQuery(outboxQuery);
  if (outbox.isPending) return <Loading label="Loading the outbox…" />;
  if (outbox.isError) return <ErrorState error={outbox.error} retry={() => outbox.refetch()} />;
  return (
    <section>
      <PageHead title="Outbox">
        <button type="button" onClick={() => void outbox.refetch()} disabled={outbox.isFetching}>
          Refresh
        </button>
      </PageHead>
      <p className="muted pad">Mail kept here instead of being sent, because no mail server (SMTP_URL) is configured.</p>
      {outbox.data.length === 0 ? (
        <Empty title="No captured mail" />
      ) : (
        <ul className="outbox">
          {outbox.data.map((m) => (
            <li key={m.id}>
              <details>
                <summary>
                  <span className="tag">{KIND_LABEL[m.kind] ?? m.kind}</span>
                  <span className="strong">{m.subject || '(no subject)'}</span>
                  <span className="muted"> to {m.to}</span>
                  <span className="muted small"> · {dateTime(m.created_at)}</span>
                </summary>
              </details>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
