// Sessions: the cookie, sign-in and its limits, what the dashboard shows of the signed-in
// person, and the session as a request's principal (http/auth.ts). Only the SHA-256 of the
// cookie's random id is stored (migration 0009).
import crypto from 'node:crypto';
import * as cookieHeader from 'cookie';
import type { Db } from '../db/connect.ts';
import type { Role, Tx } from '../db/types.ts';
import type { SessionAuthenticator } from '../http/auth.ts';
import { PERMISSIONS, type Permission } from '../workspaces/keys.ts';
import { displayName, PLAN_LIMITS, type Principal } from '../workspaces/service.ts';
import { DashboardErrors } from '../errors.ts';
import { decoyHash, hashToken, newToken, verifyPassword } from './passwords.ts';
import * as q from './queries.ts';

/** What each role may do, in the API keys' terms. Owners and admins may do everything. */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  owner: PERMISSIONS,
  admin: PERMISSIONS,
  member: ['replies:read', 'replies:write', 'replies:send', 'contacts:read', 'contacts:write'],
};

export const SESSION_DAYS = 30;
/** Requests per minute a signed-in person may make at least, whatever the workspace's plan. */
export const SESSION_RATE_LIMIT = 600;
const DAY = 86_400_000;

/** Timestamps as the tables store them (ISO 8601, UTC). */
export const now = () => new Date().toISOString();
export const plus = (ms: number) => new Date(Date.now() + ms).toISOString();

/** What the dashboard knows of the signed-in person (docs/dashboard.md, Session). */
export interface SessionView {
  user: { id: string; email: string };
  workspace: { id: string; name: string; plan: string; role: Role };
  workspaces: { id: string; name: string; role: Role }[];
  permissions: Permission[];
  csrf_token: string;
}

/** A new session for the person in the workspace: the cookie's value and what it shows. */
export async function openSession(trx: Tx, userId: string, workspaceId: string): Promise<string> {
  const { token, hash } = newToken();
  await q.insertSession(trx, {
    id_hash: hash,
    user_id: userId,
    workspace_id: workspaceId,
    csrf_token: crypto.randomBytes(24).toString('base64url'),
    created_at: now(),
    expires_at: plus(SESSION_DAYS * DAY),
  });
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

/**
 * Whether a session still stands as it was when a stream opened: not signed out, not expired,
 * still looking at the workspace, whose member the person still is, in the same role.
 */
export async function sessionStillHolds(db: Db, opened: { idHash: string; workspaceId: string; role: Role }): Promise<boolean> {
  const row = await q.findSession(db.read, opened.idHash);
  return Boolean(row && Date.parse(row.expires_at) > Date.now() && row.workspace_id === opened.workspaceId && row.role === opened.role);
}

// Sign-in

/** A new session for the person whose email and password these are (the route counts the attempt: limiter.ts). */
export async function signIn(db: Db, input: { email: string; password: string }): Promise<string> {
  const email = input.email.trim().toLowerCase();
  const user = email ? await q.findUserByEmail(db.read, email) : undefined;
  // an unknown address costs the same hash as a known one: timing does not tell them apart
  const ok = await verifyPassword(input.password, user?.password_hash ?? (await decoyHash()));
  const workspaces = user && ok ? await q.workspacesOfUser(db.read, user.id) : [];
  if (!user || !ok || !workspaces.length) throw DashboardErrors.BadCredentials();
  return db.write((trx) => openSession(trx, user.id, workspaces[0]!.id));
}

export async function signOut(db: Db, cookie: string) {
  await db.write((trx) => q.deleteSession(trx, hashToken(cookie)));
}

export async function switchWorkspace(db: Db, session: { userId: string; idHash: string }, workspaceId: string) {
  if (!(await q.findMembership(db.read, workspaceId, session.userId))) throw DashboardErrors.NotAMember();
  await db.write((trx) => q.setSessionWorkspace(trx, session.idHash, workspaceId));
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
      actor: { type: 'user', id: row.user_id, name: displayName(row.user_name, row.email) },
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
