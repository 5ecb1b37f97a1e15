// Settings → Members: the people of the workspace and their roles, and its pending invitations
// (sent, sent again with a new link, revoked; docs/dashboard.md "Members and invitations").
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, errorMessage } from '../../api.ts';
import { SecretField } from '../../components/CopyField.tsx';
import { ConfirmDialog, Dialog } from '../../components/Dialog.tsx';
import { Empty, ErrorState, Loading } from '../../components/States.tsx';
import { useToast } from '../../components/Toasts.tsx';
import { dateTime } from '../../lib/format.ts';
import { canManage, useSession } from '../../lib/session.ts';
import type { Invitation, Member, Role } from '../../types.ts';
import { memberKeys, membershipsQuery } from '../../queries/settings.ts';
import { PageHead } from './Settings.tsx';

const ROLE_LABEL: Record<Role, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' };
const ROLES = Object.keys(ROLE_LABEL) as Role[];
/** What a pending invitation's row offers (docs/dashboard.md "Members and invitations"). */
const INVITE_ACTIONS = [
  { action: 'resend', label: 'Resend', className: 'link-button' },
  { action: 'revoke', label: 'Revoke', className: 'danger-text' },
] as const;

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

  // a pending invitation sent again (a new link, another week) or taken back (its link stops working)
  const invitation = useMutation({
    mutationFn: ({ email, action }: { email: string; action: 'resend' | 'revoke' }) => api.post<Invitation | { email: string }>(`/dashboard/api/invites/${action}`, { email }),
    onSuccess: (answer, { email, action }) => {
      if (action === 'resend' && 'invite_url' in answer) setInvited(answer);
      else toast(`Invitation to ${email} revoked: its link no longer works`);
    },
    onError: (err) => toast(errorMessage(err), { kind: 'error' }),
    onSettled: () => qc.invalidateQueries({ queryKey: memberKeys.all }),
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
                      ) : (
                        <>
                          {INVITE_ACTIONS.map(({ action, label, className }) => (
                            <button
                              key={action}
                              type="button"
                              className={className}
                              aria-label={`${label} the invitation to ${m.email}`}
                              disabled={invitation.isPending}
                              onClick={() => invitation.mutate({ email: m.email, action })}
                            >
                              {label}
                            </button>
                          ))}
                        </>
                      )}
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
