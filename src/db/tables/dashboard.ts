// The tables of the dashboard's people: users, memberships, sessions and link tokens
// (src/db/types.ts assembles Database).
import type { Generated } from 'kysely';

export type Role = 'owner' | 'admin' | 'member';

/** A person who signs in to the dashboard (src/dashboard/). */
export interface UserTable {
  id: string;
  /** Lower-cased. */
  email: string;
  /** scrypt with its parameters and salt (dashboard/passwords.ts). */
  password_hash: string;
  /** Shown to the team (migration 0019); empty until set: the API then shows the address before its @. */
  name: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface MembershipTable {
  workspace_id: string;
  user_id: string;
  role: Role;
  created_at: string;
}

export interface SessionTable {
  /** SHA-256 of the cookie's random id, hex. */
  id_hash: string;
  user_id: string;
  /** The workspace the session is looking at (switchable). */
  workspace_id: string;
  csrf_token: string;
  created_at: string;
  expires_at: string;
}

export type UserTokenKind = 'setup' | 'reset' | 'invite';

export interface UserTokenTable {
  /** SHA-256 of the link's token, hex. */
  token_hash: string;
  kind: UserTokenKind;
  email: string | null;
  user_id: string | null;
  workspace_id: string | null;
  role: Role | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** This area's tables, by name (part of Database). */
export interface DashboardTables {
  users: UserTable;
  memberships: MembershipTable;
  sessions: SessionTable;
  user_tokens: UserTokenTable;
}
