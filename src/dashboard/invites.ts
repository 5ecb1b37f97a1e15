// Invitations to a workspace (docs/dashboard.md "Members and invitations"): sent with who
// invites to what, revoked, sent again, and accepted — by a new person choosing a password, or
// by a person with an account signing in and joining.
import type { Db } from '../db/connect.ts';
import { uuidv7 } from '../db/ids.ts';
import type { Role } from '../db/types.ts';
import { DashboardErrors } from '../errors.ts';
import { queueSystemMail } from '../mail/system.ts';
import { displayName, getWorkspace } from '../workspaces/service.ts';
import { hashPassword, hashToken, newToken } from './passwords.ts';
import * as q from './queries.ts';
import { checkPassword, LINK_HOURS, normaliseEmail } from './service.ts';
import { now, openSession, plus } from './sessions.ts';

/**
 * Invites an address to the workspace: a link that works for a week, mailed with who invites
 * them to what. An earlier pending invitation of the same address stops working (resend is
 * this, again).
 */
export async function invite(db: Db, actor: { userId: string; role: Role }, workspaceId: string, input: { email: string; role: Role }, baseUrl: string) {
  const email = normaliseEmail(input.email);
  if (input.role === 'owner' && actor.role !== 'owner') throw DashboardErrors.OwnersOnly();
  const [existing, inviter, workspace] = await Promise.all([q.findUserByEmail(db.read, email), q.findUser(db.read, actor.userId), getWorkspace(db, workspaceId)]);
  if (existing && (await q.findMembership(db.read, workspaceId, existing.id))) throw DashboardErrors.AlreadyMember(email);
  const { token, hash } = newToken();
  const inviteUrl = `${baseUrl}/invite/${token}`;
  const who = inviter ? `${displayName(inviter.name, inviter.email)} (${inviter.email})` : 'Someone';
  const where = workspace?.name ?? 'a workspace';
  await db.write(async (trx) => {
    await q.revokeInvites(trx, workspaceId, email, now());
    await q.insertToken(trx, {
      token_hash: hash,
      kind: 'invite',
      email,
      user_id: existing?.id ?? null,
      workspace_id: workspaceId,
      role: input.role,
      created_at: now(),
      expires_at: plus(LINK_HOURS.invite * 3_600_000),
    });
    await queueSystemMail(trx, {
      workspaceId,
      jobWorkspaceId: workspaceId,
      kind: 'invite',
      to: email,
      subject: `${who.split(' (')[0]} invited you to ${where} on Replydesk`,
      text: `${who} invited you to the workspace "${where}" on Replydesk, as ${input.role}.\n\nJoin it within a week:\n${inviteUrl}\n\nIf you did not expect this, ignore this mail: nothing happens unless the link is used.`,
    });
  });
  return { email, role: input.role, status: 'invited' as const, invite_url: inviteUrl };
}

/** Takes back the pending invitation of an address: its link stops working. 404 when there is none. */
export async function revokeInvite(db: Db, workspaceId: string, email: string) {
  const address = normaliseEmail(email);
  const revoked = await db.write((trx) => q.revokeInvites(trx, workspaceId, address, now()));
  if (!revoked) throw DashboardErrors.InviteNotFound(address);
  return { email: address, revoked: true as const };
}

/** Sends the pending invitation of an address again: a new link for another week, the old one stops working. */
export async function resendInvite(db: Db, actor: { userId: string; role: Role }, workspaceId: string, email: string, baseUrl: string) {
  const address = normaliseEmail(email);
  const pending = (await q.pendingInvites(db.read, workspaceId, now())).find((i) => i.email === address);
  if (!pending) throw DashboardErrors.InviteNotFound(address);
  return invite(db, actor, workspaceId, { email: address, role: (pending.role ?? 'member') as Role }, baseUrl);
}

/**
 * Accepts an invitation for an address without an account: the account is made with the
 * password chosen here. An address that has an account never gives its password to an
 * invitation (the link may be in the hands of the admin who invited it): its person signs in
 * and joins (joinInvite).
 */
export async function acceptInvite(db: Db, input: { token: string; password: string }): Promise<string> {
  const tokenHash = hashToken(input.token);
  const token = await q.findToken(db.read, tokenHash, 'invite', now());
  if (!token?.email || !token.workspace_id) throw DashboardErrors.BadLink('Invitation');
  if (await q.findUserByEmail(db.read, token.email)) throw DashboardErrors.SignInToJoin(token.email);
  checkPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const userId = uuidv7();
  return db.write(async (trx) => {
    if (!(await q.useToken(trx, tokenHash, now()))) throw DashboardErrors.BadLink('Invitation');
    await q.insertUser(trx, { id: userId, email: token.email!, password_hash: passwordHash, created_at: now(), updated_at: now() });
    await q.insertMembership(trx, { workspace_id: token.workspace_id!, user_id: userId, role: token.role ?? 'member', created_at: now() });
    return openSession(trx, userId, token.workspace_id!);
  });
}

/** The signed-in person joins the workspace of an invitation to their own address; their session moves there. */
export async function joinInvite(db: Db, session: { userId: string; idHash: string }, tokenInput: string) {
  const tokenHash = hashToken(tokenInput);
  const token = await q.findToken(db.read, tokenHash, 'invite', now());
  if (!token?.email || !token.workspace_id) throw DashboardErrors.BadLink('Invitation');
  const user = await q.findUser(db.read, session.userId);
  if (user?.email !== token.email) throw DashboardErrors.InvitedSomeoneElse(token.email);
  await db.write(async (trx) => {
    if (!(await q.useToken(trx, tokenHash, now()))) throw DashboardErrors.BadLink('Invitation');
    await q.insertMembership(trx, { workspace_id: token.workspace_id!, user_id: session.userId, role: token.role ?? 'member', created_at: now() });
    await q.setSessionWorkspace(trx, session.idHash, token.workspace_id!);
  });
}
