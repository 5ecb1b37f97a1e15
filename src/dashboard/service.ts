// People: first-run setup, accounts, members, invitations, password resets and the
// dashboard's own mail (docs/dashboard.md "First run", "Routes"); sessions and
// sign-in are in sessions.ts.
// Routes stay thin (dashboard/routes.ts); every rule is here.
import crypto from 'node:crypto';
import { seed } from '../demo/seed.ts';
import type { Db } from '../db/connect.ts';
import { uuidv7 } from '../db/ids.ts';
import type { Role, Tx } from '../db/types.ts';
import { Errors } from '../errors.ts';
import { listOutgoing } from '../mail/queries.ts';
import { queueSystemMail } from '../mail/system.ts';
import { listSystemMail } from '../mail/system-queries.ts';
import { type Actor, createWorkspace } from '../workspaces/service.ts';
import { unassignMember } from '../replies/activity.ts';
import { hashPassword, hashToken, newToken, passwordProblem } from './passwords.ts';
import * as q from './queries.ts';
import { DashboardErrors } from '../errors.ts';
import { now, openSession, plus } from './sessions.ts';

export const ROLES = ['owner', 'admin', 'member'] as const satisfies readonly Role[];

/** How long each kind of link works. */
export const LINK_HOURS = { setup: 24 * 7, reset: 1, invite: 24 * 7 } as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normaliseEmail(email: string): string {
  const e = email.trim().toLowerCase();
  if (!EMAIL.test(e) || e.length > 320) throw DashboardErrors.BadEmail();
  return e;
}

export function checkPassword(password: string) {
  const problem = passwordProblem(password);
  if (problem) throw DashboardErrors.BadPassword(problem);
}

// First run

/**
 * On a database without users: a new one-time setup link (earlier ones stop working), to be
 * logged by the server. Null once someone has set up.
 */
export async function issueSetupLink(db: Db, baseUrl: string): Promise<string | null> {
  if ((await q.countUsers(db.read)) > 0) return null;
  const { token, hash } = newToken();
  await db.write(async (trx) => {
    await q.expireTokens(trx, 'setup', now());
    await q.insertToken(trx, { token_hash: hash, kind: 'setup', email: null, user_id: null, workspace_id: null, role: null, created_at: now(), expires_at: plus(LINK_HOURS.setup * 3_600_000) });
  });
  return `${baseUrl}/setup/${token}`;
}

export async function setupRequired(db: Db): Promise<boolean> {
  return (await q.countUsers(db.read)) === 0;
}

export async function setup(db: Db, input: { token: string; email: string; password: string; workspace_name: string; demo_data?: boolean }): Promise<string> {
  const email = normaliseEmail(input.email);
  checkPassword(input.password);
  const name = input.workspace_name.trim();
  if (!name) throw Errors.BadRequest('workspace_name must not be empty');
  const tokenHash = hashToken(input.token);
  if (!(await q.findToken(db.read, tokenHash, 'setup', now()))) throw DashboardErrors.BadLink('Setup');
  if (!(await setupRequired(db))) throw DashboardErrors.SetupDone();
  const passwordHash = await hashPassword(input.password);
  const workspace = await createWorkspace(db, { name });
  const userId = uuidv7();
  const cookie = await db.write(async (trx) => {
    // the token is spent in the same transaction that makes the owner: two tabs racing with
    // one link make one owner
    if (!(await q.useToken(trx, tokenHash, now()))) throw DashboardErrors.BadLink('Setup');
    await q.insertUser(trx, { id: userId, email, password_hash: passwordHash, created_at: now(), updated_at: now() });
    await q.insertMembership(trx, { workspace_id: workspace.id, user_id: userId, role: 'owner', created_at: now() });
    return openSession(trx, userId, workspace.id);
  });
  if (input.demo_data) await seed(db, workspace.id, { replies: 300 });
  return cookie;
}

/** `replydesk user create`: a person in a workspace, with a password or a link to choose one. */
export async function createUser(db: Db, input: { email: string; workspaceId: string; role: Role; password?: string }, baseUrl: string) {
  const email = normaliseEmail(input.email);
  if (!ROLES.includes(input.role)) throw new Error(`Unknown role "${input.role}". Choose from: ${ROLES.join(', ')}`);
  if (input.password !== undefined) checkPassword(input.password);
  const existing = await q.findUserByEmail(db.read, email);
  // a new account without a password gets an unusable random one until the link is used
  const passwordHash = input.password !== undefined ? await hashPassword(input.password) : existing ? null : await hashPassword(crypto.randomBytes(24).toString('base64'));
  const userId = existing?.id ?? uuidv7();
  let link: string | null = null;
  await db.write(async (trx) => {
    if (!existing) await q.insertUser(trx, { id: userId, email, password_hash: passwordHash!, created_at: now(), updated_at: now() });
    else if (passwordHash) await q.setPassword(trx, userId, passwordHash, now());
    await q.insertMembership(trx, { workspace_id: input.workspaceId, user_id: userId, role: input.role, created_at: now() });
    await q.setRole(trx, input.workspaceId, userId, input.role);
    if (input.password === undefined) {
      const { token, hash } = newToken();
      await q.insertToken(trx, {
        token_hash: hash,
        kind: 'reset',
        email,
        user_id: userId,
        workspace_id: input.workspaceId,
        role: null,
        created_at: now(),
        expires_at: plus(LINK_HOURS.invite * 3_600_000),
      });
      link = `${baseUrl}/reset/${token}`;
    }
  });
  return { id: userId, email, role: input.role, workspace_id: input.workspaceId, password_link: link as string | null };
}

// Password reset

/**
 * Mails a reset link when the address has an account. The route answers before this runs
 * (dashboard/routes.ts), so the answer takes as long whether or not the account exists.
 */
export async function sendPasswordReset(db: Db, email: string, baseUrl: string) {
  const user = await q.findUserByEmail(db.read, email);
  const workspaces = user ? await q.workspacesOfUser(db.read, user.id) : [];
  if (!user || !workspaces.length) return;
  const { token, hash } = newToken();
  const link = `${baseUrl}/reset/${token}`;
  await db.write(async (trx) => {
    await q.insertToken(trx, { token_hash: hash, kind: 'reset', email, user_id: user.id, workspace_id: null, role: null, created_at: now(), expires_at: plus(LINK_HOURS.reset * 3_600_000) });
    // A reset link is the person's own: it is not shown in any workspace's Outbox
    await queueSystemMail(trx, {
      workspaceId: null,
      jobWorkspaceId: workspaces[0]!.id,
      kind: 'password-reset',
      to: email,
      subject: 'Reset your Replydesk password',
      text: `Someone (hopefully you) asked to reset the password of your Replydesk account.\n\nChoose a new password within an hour:\n${link}\n\nIf it was not you, ignore this mail: your password stays as it is.`,
    });
  });
}

export async function confirmPasswordReset(db: Db, input: { token: string; password: string }): Promise<string> {
  checkPassword(input.password);
  const tokenHash = hashToken(input.token);
  const token = await q.findToken(db.read, tokenHash, 'reset', now());
  if (!token?.user_id) throw DashboardErrors.BadLink('Password reset');
  const userId = token.user_id;
  const workspaces = await q.workspacesOfUser(db.read, userId);
  const preferred = workspaces.find((w) => w.id === token.workspace_id) ?? workspaces[0];
  if (!preferred) throw DashboardErrors.BadLink('Password reset');
  const passwordHash = await hashPassword(input.password);
  return db.write(async (trx) => {
    if (!(await q.useToken(trx, tokenHash, now()))) throw DashboardErrors.BadLink('Password reset');
    await q.setPassword(trx, userId, passwordHash, now());
    await q.deleteSessionsOfUser(trx, userId); // whoever else was signed in is not any more
    return openSession(trx, userId, preferred.id);
  });
}

// Members and invitations

export async function listMembers(db: Db, workspaceId: string) {
  const [members, invites] = await Promise.all([q.listMembers(db.read, workspaceId), q.pendingInvites(db.read, workspaceId, now())]);
  return [
    ...members.map((m) => ({ user_id: m.user_id as string | null, email: m.email, role: m.role, status: 'active' as const, created_at: m.created_at })),
    ...invites.map((i) => ({ user_id: null, email: i.email!, role: (i.role ?? 'member') as Role, status: 'invited' as const, created_at: i.created_at })),
  ];
}

/**
 * Reads, inside a membership change's transaction, what the change depends on: the owners'
 * rows locked first (FOR UPDATE on PostgreSQL; SQLite runs one write at a time), so two
 * changes racing on two instances take turns and the second sees the first's outcome — "at
 * least one owner" holds by the database's locks, not by a read that another write may have
 * made stale. The actor's role is read there too: an owner demoted a moment ago acts as
 * what they are now.
 */
async function lockedMembership(trx: Tx, workspaceId: string, actorId: string, userId: string) {
  await q.lockOwners(trx, workspaceId);
  const actor = await q.findMembership(trx, workspaceId, actorId);
  const current = await q.findMembership(trx, workspaceId, userId);
  if (!actor) throw DashboardErrors.NotAMember();
  if (actor.role === 'member') throw Errors.RoleForbidden(actor.role);
  if (!current) throw DashboardErrors.MemberNotFound();
  const lastOwner = async () => current.role === 'owner' && (await q.countOwners(trx, workspaceId)) <= 1;
  return { actorRole: actor.role, current, lastOwner };
}

export async function changeRole(db: Db, actor: { userId: string }, workspaceId: string, userId: string, role: Role) {
  const current = await db.write(async (trx) => {
    const m = await lockedMembership(trx, workspaceId, actor.userId, userId);
    if ((role === 'owner' || m.current.role === 'owner') && m.actorRole !== 'owner') throw DashboardErrors.OwnersOnly();
    if (role !== 'owner' && (await m.lastOwner())) throw DashboardErrors.LastOwner();
    await q.setRole(trx, workspaceId, userId, role);
    return m.current;
  });
  const user = await q.findUser(db.read, userId);
  return { user_id: userId, email: user!.email, role, status: 'active' as const, created_at: current.created_at };
}

export async function removeMember(db: Db, actor: { userId: string }, workspaceId: string, userId: string, by: Actor) {
  await db.write(async (trx) => {
    const m = await lockedMembership(trx, workspaceId, actor.userId, userId);
    if (m.current.role === 'owner' && m.actorRole !== 'owner') throw DashboardErrors.OwnersOnly();
    if (await m.lastOwner()) throw DashboardErrors.LastOwner();
    await q.deleteMembership(trx, workspaceId, userId);
    await q.deleteSessionsOfUser(trx, userId, workspaceId); // signed out of this workspace at once
    await unassignMember(trx, workspaceId, userId, by, new Date().toISOString());
  });
  return { user_id: userId, removed: true as const };
}

/** The Outbox page: the workspace's outgoing mail (sends, forwards) and invitations, newest first. */
export async function listOutbox(db: Db, workspaceId: string) {
  const [outgoing, system] = await Promise.all([listOutgoing(db.read, { workspaceId, limit: 100 }), listSystemMail(db.read, workspaceId, 100)]);
  return [
    ...outgoing.map((m) => ({
      id: m.id,
      kind: m.kind === 'send' ? 'reply' : m.kind,
      to: (JSON.parse(m.to_addresses) as string[]).join(', '),
      subject: m.subject,
      status: m.status,
      error: m.last_error,
      created_at: m.created_at,
    })),
    ...system.map((m) => ({ id: m.id, kind: m.kind, to: m.to_address, subject: m.subject, status: m.status, error: null, created_at: m.created_at })),
  ]
    .sort((a, b) => (a.created_at < b.created_at ? 1 : -1))
    .slice(0, 100);
}
