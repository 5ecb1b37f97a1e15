// People and their sessions: first-run setup, sign-in, sessions, workspaces, members,
// invitations and password resets (CONTRACT "People and the dashboard", docs/dashboard.md).
// Routes stay thin (dashboard/routes.ts); every rule is here.
import crypto from 'node:crypto';
import * as cookieHeader from 'cookie';
import { seed } from '../cli/seed.ts';
import type { Db } from '../db/connect.ts';
import { uuidv7 } from '../db/ids.ts';
import type { Role, Tx } from '../db/types.ts';
import { AppError } from '../http/errors.ts';
import { enqueue } from '../jobs/queries.ts';
import { listOutgoing } from '../mail/queries.ts';
import { PERMISSIONS, type Permission } from '../workspaces/keys.ts';
import { createWorkspace, PLAN_LIMITS, type Principal } from '../workspaces/service.ts';
import type { SessionAuthenticator } from '../http/auth.ts';
import { decoyHash, hashPassword, hashToken, newToken, passwordProblem, verifyPassword } from './passwords.ts';
import * as q from './queries.ts';

export const ROLES = ['owner', 'admin', 'member'] as const satisfies readonly Role[];

/** What each role may do, in the API keys' terms. Owners and admins may do everything. */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  owner: PERMISSIONS,
  admin: PERMISSIONS,
  member: ['replies:read', 'replies:write', 'replies:send', 'contacts:read', 'contacts:write'],
};

/** Owners and admins manage keys, webhooks, mailboxes and members. */
export const canManage = (role: Role) => role === 'owner' || role === 'admin';

export const SESSION_DAYS = 30;
/** Requests per minute a signed-in person may make at least, whatever the workspace's plan. */
export const SESSION_RATE_LIMIT = 600;
const DAY = 86_400_000;
const LINK_HOURS = { setup: 24 * 7, reset: 1, invite: 24 * 7 } as const;
export const SYSTEM_MAIL_JOB = 'system-mail.send';

export const DashboardErrors = {
  BadCredentials: () => new AppError(401, 'BAD_CREDENTIALS', 'Email or password is incorrect'),
  TooManyAttempts: (minutes: number) => new AppError(429, 'TOO_MANY_SIGN_IN_ATTEMPTS', `Too many sign-in attempts; try again in ${minutes} minute${minutes === 1 ? '' : 's'}`),
  BadLink: (what: string) => new AppError(403, 'INVALID_LINK', `${what} link is invalid or already used`),
  BadPassword: (problem: string) => new AppError(400, 'BAD_PASSWORD', problem[0]!.toUpperCase() + problem.slice(1)),
  BadEmail: () => new AppError(400, 'INVALID_EMAIL', 'email must be an email address'),
  NotAMember: () => new AppError(404, 'WORKSPACE_NOT_FOUND', 'Workspace not found'),
  MemberNotFound: () => new AppError(404, 'MEMBER_NOT_FOUND', 'Member not found'),
  LastOwner: () => new AppError(409, 'LAST_OWNER', 'A workspace needs at least one owner: make someone else owner first'),
  OwnersOnly: () => new AppError(403, 'OWNERS_ONLY', 'Only an owner can make or change an owner'),
  AlreadyMember: (email: string) => new AppError(409, 'ALREADY_MEMBER', `${email} is already a member of this workspace`),
  SetupDone: () => new AppError(409, 'SETUP_DONE', 'Setup is done: sign in instead'),
};

const now = () => new Date().toISOString();
const plus = (ms: number) => new Date(Date.now() + ms).toISOString();
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normaliseEmail(email: string): string {
  const e = email.trim().toLowerCase();
  if (!EMAIL.test(e) || e.length > 320) throw DashboardErrors.BadEmail();
  return e;
}

function checkPassword(password: string) {
  const problem = passwordProblem(password);
  if (problem) throw DashboardErrors.BadPassword(problem);
}

/** What the dashboard knows of the signed-in person (docs/dashboard.md, Session). */
export interface SessionView {
  user: { id: string; email: string };
  workspace: { id: string; name: string; plan: string; role: Role };
  workspaces: { id: string; name: string; role: Role }[];
  permissions: Permission[];
  csrf_token: string;
}

/** A new session for the person in the workspace: the cookie's value and what it shows. */
async function openSession(trx: Tx, userId: string, workspaceId: string): Promise<string> {
  const { token, hash } = newToken();
  await q.insertSession(trx, { id_hash: hash, user_id: userId, workspace_id: workspaceId, csrf_token: crypto.randomBytes(24).toString('base64url'), created_at: now(), expires_at: plus(SESSION_DAYS * DAY) });
  return token;
}

export async function sessionView(db: Db, cookie: string): Promise<SessionView | null> {
  const row = await findLiveSession(db, cookie);
  if (!row?.role) return null;
  const workspaces = await q.workspacesOfUser(db.read, row.user_id);
  return {
    user: { id: row.user_id, email: row.email },
    workspace: { id: row.workspace_id, name: row.workspace_name, plan: row.plan, role: row.role },
    workspaces: workspaces.map((w) => ({ id: w.id, name: w.name, role: w.role })),
    permissions: [...ROLE_PERMISSIONS[row.role]],
    csrf_token: row.csrf_token,
  };
}

/**
 * The session behind a cookie's value, or null when there is none or it has lapsed. A
 * session in use is extended to SESSION_DAYS from now, at most once a day.
 */
export async function findLiveSession(db: Db, cookie: string): Promise<q.SessionRow | null> {
  if (!cookie || cookie.length > 100) return null;
  const hash = hashToken(cookie);
  const row = await q.findSession(db.read, hash);
  if (!row) return null;
  const expires = Date.parse(row.expires_at);
  if (expires <= Date.now()) return null;
  if (expires - Date.now() < (SESSION_DAYS - 1) * DAY) {
    await db.write((trx) => q.extendSession(trx, hash, plus(SESSION_DAYS * DAY)));
  }
  return row;
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
  if (!name) throw new AppError(400, 'BAD_REQUEST', 'workspace_name must not be empty');
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
  if (input.demo_data) await seed(db, workspace.id, { replies: 120 });
  return cookie;
}

/** `replydesk user create`: a person in a workspace, with a password or a link to choose one. */
export async function createUser(db: Db, input: { email: string; workspaceId: string; role: Role; password?: string }, baseUrl: string) {
  const email = normaliseEmail(input.email);
  if (!ROLES.includes(input.role)) throw new Error(`Unknown role "${input.role}". Choose from: ${ROLES.join(', ')}`);
  if (input.password !== undefined) checkPassword(input.password);
  const existing = await q.findUserByEmail(db.read, email);
  const passwordHash = input.password !== undefined ? await hashPassword(input.password) : await hashPassword(crypto.randomBytes(24).toString('base64'));
  const userId = existing?.id ?? uuidv7();
  let link: string | null = null;
  await db.write(async (trx) => {
    if (!existing) await q.insertUser(trx, { id: userId, email, password_hash: passwordHash, created_at: now(), updated_at: now() });
    else if (input.password !== undefined) await q.setPassword(trx, userId, passwordHash, now());
    await q.insertMembership(trx, { workspace_id: input.workspaceId, user_id: userId, role: input.role, created_at: now() });
    await q.setRole(trx, input.workspaceId, userId, input.role);
    if (input.password === undefined) {
      const { token, hash } = newToken();
      await q.insertToken(trx, { token_hash: hash, kind: 'reset', email, user_id: userId, workspace_id: input.workspaceId, role: null, created_at: now(), expires_at: plus(LINK_HOURS.invite * 3_600_000) });
      link = `${baseUrl}/reset/${token}`;
    }
  });
  return { id: userId, email, role: input.role, workspace_id: input.workspaceId, password_link: link as string | null };
}

// Sign-in

/**
 * Failed sign-ins, counted per account and per client address over a sliding 15 minutes, in
 * this process (docs/dashboard.md). A correct password does not reset the address's count.
 */
export class SignInLimiter {
  private failures = new Map<string, number[]>();
  constructor(private readonly perAccount = 5, private readonly perAddress = 20, private readonly windowMs = 15 * 60_000) {}

  private recent(key: string, t: number) {
    const list = (this.failures.get(key) ?? []).filter((x) => t - x < this.windowMs);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  /** Throws 429 when either count is spent. */
  check(email: string, ip: string) {
    const t = Date.now();
    for (const [key, max] of [[`a:${email}`, this.perAccount], [`ip:${ip}`, this.perAddress]] as const) {
      const list = this.recent(key, t);
      if (list.length >= max) throw DashboardErrors.TooManyAttempts(Math.max(1, Math.ceil((list[0]! + this.windowMs - t) / 60_000)));
    }
  }

  fail(email: string, ip: string) {
    const t = Date.now();
    if (this.failures.size > 100_000) this.failures.clear();
    for (const key of [`a:${email}`, `ip:${ip}`]) this.failures.set(key, [...this.recent(key, t), t]);
  }

  succeed(email: string) {
    this.failures.delete(`a:${email}`);
  }
}

export async function signIn(db: Db, limiter: SignInLimiter, input: { email: string; password: string }, ip: string): Promise<string> {
  const email = input.email.trim().toLowerCase();
  limiter.check(email, ip);
  const user = email ? await q.findUserByEmail(db.read, email) : undefined;
  // an unknown address costs the same hash as a known one: timing does not tell them apart
  const ok = await verifyPassword(input.password, user?.password_hash ?? (await decoyHash()));
  const workspaces = user && ok ? await q.workspacesOfUser(db.read, user.id) : [];
  if (!user || !ok || !workspaces.length) {
    limiter.fail(email, ip);
    throw DashboardErrors.BadCredentials();
  }
  limiter.succeed(email);
  return db.write((trx) => openSession(trx, user.id, workspaces[0]!.id));
}

export async function signOut(db: Db, cookie: string) {
  await db.write((trx) => q.deleteSession(trx, hashToken(cookie)));
}

export async function switchWorkspace(db: Db, session: q.SessionRow, workspaceId: string) {
  if (!(await q.findMembership(db.read, workspaceId, session.user_id))) throw DashboardErrors.NotAMember();
  await db.write((trx) => q.setSessionWorkspace(trx, session.id_hash, workspaceId));
}

// Password reset

export async function requestPasswordReset(db: Db, emailInput: string, baseUrl: string) {
  const email = normaliseEmail(emailInput);
  const user = await q.findUserByEmail(db.read, email);
  const workspaces = user ? await q.workspacesOfUser(db.read, user.id) : [];
  if (!user || !workspaces.length) return; // the answer is the same either way
  const { token, hash } = newToken();
  const link = `${baseUrl}/reset/${token}`;
  await db.write(async (trx) => {
    await q.insertToken(trx, { token_hash: hash, kind: 'reset', email, user_id: user.id, workspace_id: null, role: null, created_at: now(), expires_at: plus(LINK_HOURS.reset * 3_600_000) });
    // A reset link is the person's own: it is not shown in any workspace's Outbox
    await queueSystemMail(trx, { workspaceId: null, jobWorkspaceId: workspaces[0]!.id, kind: 'password-reset', to: email, subject: 'Reset your Replydesk password', text: `Someone (hopefully you) asked to reset the password of your Replydesk account.\n\nChoose a new password within an hour:\n${link}\n\nIf it was not you, ignore this mail: your password stays as it is.` });
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

export async function invite(db: Db, actor: { role: Role }, workspaceId: string, input: { email: string; role: Role }, baseUrl: string) {
  const email = normaliseEmail(input.email);
  if (input.role === 'owner' && actor.role !== 'owner') throw DashboardErrors.OwnersOnly();
  const existing = await q.findUserByEmail(db.read, email);
  if (existing && (await q.findMembership(db.read, workspaceId, existing.id))) throw DashboardErrors.AlreadyMember(email);
  const { token, hash } = newToken();
  const inviteUrl = `${baseUrl}/invite/${token}`;
  await db.write(async (trx) => {
    await q.insertToken(trx, { token_hash: hash, kind: 'invite', email, user_id: existing?.id ?? null, workspace_id: workspaceId, role: input.role, created_at: now(), expires_at: plus(LINK_HOURS.invite * 3_600_000) });
    await queueSystemMail(trx, { workspaceId, jobWorkspaceId: workspaceId, kind: 'invite', to: email, subject: 'You are invited to a Replydesk workspace', text: `You have been invited to a workspace on Replydesk as ${input.role}.\n\nJoin it within a week:\n${inviteUrl}` });
  });
  return { email, role: input.role, status: 'invited' as const, invite_url: inviteUrl };
}

export async function acceptInvite(db: Db, input: { token: string; password: string }): Promise<string> {
  const tokenHash = hashToken(input.token);
  const token = await q.findToken(db.read, tokenHash, 'invite', now());
  if (!token?.email || !token.workspace_id) throw DashboardErrors.BadLink('Invitation');
  const existing = await q.findUserByEmail(db.read, token.email);
  if (existing) {
    if (!(await verifyPassword(input.password, existing.password_hash))) throw DashboardErrors.BadCredentials();
  } else {
    checkPassword(input.password);
  }
  const passwordHash = existing ? null : await hashPassword(input.password);
  const userId = existing?.id ?? uuidv7();
  const workspaceId = token.workspace_id;
  return db.write(async (trx) => {
    if (!(await q.useToken(trx, tokenHash, now()))) throw DashboardErrors.BadLink('Invitation');
    if (passwordHash) await q.insertUser(trx, { id: userId, email: token.email!, password_hash: passwordHash, created_at: now(), updated_at: now() });
    await q.insertMembership(trx, { workspace_id: workspaceId, user_id: userId, role: token.role ?? 'member', created_at: now() });
    return openSession(trx, userId, workspaceId);
  });
}

export async function changeRole(db: Db, actor: { role: Role }, workspaceId: string, userId: string, role: Role) {
  const current = await q.findMembership(db.read, workspaceId, userId);
  if (!current) throw DashboardErrors.MemberNotFound();
  if ((role === 'owner' || current.role === 'owner') && actor.role !== 'owner') throw DashboardErrors.OwnersOnly();
  await db.write(async (trx) => {
    if (current.role === 'owner' && role !== 'owner' && (await q.countOwners(trx, workspaceId)) <= 1) throw DashboardErrors.LastOwner();
    await q.setRole(trx, workspaceId, userId, role);
  });
  const user = await q.findUser(db.read, userId);
  return { user_id: userId, email: user!.email, role, status: 'active' as const, created_at: current.created_at };
}

export async function removeMember(db: Db, actor: { role: Role }, workspaceId: string, userId: string) {
  const current = await q.findMembership(db.read, workspaceId, userId);
  if (!current) throw DashboardErrors.MemberNotFound();
  if (current.role === 'owner' && actor.role !== 'owner') throw DashboardErrors.OwnersOnly();
  await db.write(async (trx) => {
    if (current.role === 'owner' && (await q.countOwners(trx, workspaceId)) <= 1) throw DashboardErrors.LastOwner();
    await q.deleteMembership(trx, workspaceId, userId);
    await q.deleteSessionsOfUser(trx, userId, workspaceId); // signed out of this workspace at once
  });
  return { user_id: userId, removed: true as const };
}

// Mail the dashboard sends (invitations, resets): through the jobs table like all mail.

async function queueSystemMail(trx: Tx, m: { workspaceId: string | null; jobWorkspaceId: string; kind: 'invite' | 'password-reset'; to: string; subject: string; text: string }) {
  const id = uuidv7();
  await q.insertSystemMail(trx, { id, workspace_id: m.workspaceId, kind: m.kind, to_address: m.to, subject: m.subject, text: m.text, status: 'captured', last_error: null, created_at: now() });
  await enqueue(trx, { workspaceId: m.jobWorkspaceId, kind: SYSTEM_MAIL_JOB, payload: { id }, maxAttempts: 5 });
}

/** The Outbox page: the workspace's outgoing mail (sends, forwards) and invitations, newest first. */
export async function listOutbox(db: Db, workspaceId: string) {
  const [outgoing, system] = await Promise.all([listOutgoing(db.read, { workspaceId, limit: 100 }), q.listSystemMail(db.read, workspaceId, 100)]);
  return [
    ...outgoing.map((m) => ({ id: m.id, kind: m.kind === 'send' ? 'reply' : m.kind, to: (JSON.parse(m.to_addresses) as string[]).join(', '), subject: m.subject, status: m.status, error: m.last_error, created_at: m.created_at })),
    ...system.map((m) => ({ id: m.id, kind: m.kind, to: m.to_address, subject: m.subject, status: m.status, error: null, created_at: m.created_at })),
  ].sort((a, b) => (a.created_at < b.created_at ? 1 : -1)).slice(0, 100);
}

export function workspaceRateLimit(row: { plan: string; rate_limit: number | null }) {
  return row.rate_limit ?? PLAN_LIMITS[row.plan as keyof typeof PLAN_LIMITS];
}

// Sessions as request principals (http/auth.ts)

export const COOKIE = 'rd_session';

/** The rd_session value in a Cookie header, or null. */
export function sessionCookie(header: string | undefined): string | null {
  if (!header || !header.includes(COOKIE)) return null;
  return cookieHeader.parse(header)[COOKIE] ?? null;
}

/** Turns a session cookie into the principal of the person's current workspace. */
export class CookieSessions implements SessionAuthenticator {
  constructor(private readonly db: Db) {}

  async authenticate(cookieHeader: string): Promise<Principal | null> {
    const cookie = sessionCookie(cookieHeader);
    if (!cookie) return null;
    const row = await findLiveSession(this.db, cookie);
    if (!row?.role) return null; // no longer a member of the workspace the session looks at
    return {
      keyId: `session:${row.user_id}`,
      workspaceId: row.workspace_id,
      permissions: new Set(ROLE_PERMISSIONS[row.role]),
      // a person clicking through the dashboard makes a dozen requests a screen: their own
      // bucket (http/auth.ts keys it by person), never less than SESSION_RATE_LIMIT a minute
      rateLimit: Math.max(SESSION_RATE_LIMIT, workspaceRateLimit(row)),
      apiVersion: row.api_version,
      session: { userId: row.user_id, role: row.role, csrfToken: row.csrf_token, idHash: row.id_hash },
    };
  }
}
