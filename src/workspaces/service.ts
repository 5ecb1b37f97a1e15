import type { Db } from '../db/connect.ts';
import { uuidv7 } from '../db/ids.ts';
import type { ActorType, Plan, Role } from '../db/types.ts';
import { CURRENT_API_VERSION } from '../http/versioning.ts';
import { displayPrefix, generateKey, hashKey, isWellFormedKey, KEY_LENGTH, PERMISSIONS, type Permission } from './keys.ts';
import * as q from './queries.ts';
import { bool } from '../db/dialect.ts';
import { DEFAULT_CATEGORIES } from '../triage/local/index.ts';

export const PLAN_LIMITS: Record<Plan, number> = { starter: 60, growth: 120, scale: 300 };
export const PLANS = Object.keys(PLAN_LIMITS) as Plan[];

/** Who did something to a reply, as its history and notes name them (docs/api.md "The team's inbox"). */
export interface Actor {
  type: ActorType;
  /** The user's or API key's id; null for triage and Replydesk itself. */
  id: string | null;
  name: string;
}

/** A person's name as the team sees it: the one they set, or their address up to its @. */
export const displayName = (name: string, email: string) => name || email.split('@')[0]!;

export interface Principal {
  keyId: string;
  /** Who the request acts as: the API key, or the person signed in to the dashboard. */
  actor: Actor;
  workspaceId: string;
  permissions: ReadonlySet<Permission>;
  /** Requests per minute for the workspace: its custom limit, or its plan's. */
  rateLimit: number;
  apiVersion: string;
  /** Set when a person signed in to the dashboard stands behind the request (no API key). */
  session?: { userId: string; role: Role; csrfToken: string; idHash: string };
}

const now = () => new Date().toISOString();

/**
 * A new workspace: triage on (unless `triage: false`, the CLI's `--triage off`) and the nine
 * default categories with their colours and draft switches (src/triage/local DEFAULT_CATEGORIES;
 * docs/triage.md "New workspaces, and the switch"), in the same transaction.
 */
export async function createWorkspace(db: Db, input: { name: string; plan?: Plan; rateLimit?: number | null; triage?: boolean; defaultCategories?: boolean }) {
  const name = input.name.trim();
  if (!name) throw new Error('A workspace needs a name');
  const plan = input.plan ?? 'starter';
  if (!PLANS.includes(plan)) throw new Error(`Unknown plan "${plan}". Choose from: ${PLANS.join(', ')}`);
  const rateLimit = input.rateLimit ?? null;
  if (rateLimit !== null && (!Number.isSafeInteger(rateLimit) || rateLimit < 1)) {
    throw new Error('--rate-limit must be a positive whole number of requests per minute');
  }
  const triage = input.triage ?? true;
  const t = now();
  const row = { id: uuidv7(), name, plan, rate_limit: rateLimit, api_version: CURRENT_API_VERSION, triage_enabled: bool(db.read, triage), created_at: t };
  // its counter rows are made by the first change that counts (workspaces/counts.ts)
  await db.write(async (trx) => {
    await q.insertWorkspace(trx, row);
    // (false: for callers that bring categories of their own, such as tests of other features)
    if (input.defaultCategories === false) return;
    // created_at a millisecond apart, so the list (oldest first) keeps the documented order
    await q.insertCategories(
      trx,
      DEFAULT_CATEGORIES.map((c, i) => ({
        id: uuidv7(),
        workspace_id: row.id,
        name: c.name,
        color: c.color,
        is_positive: bool(trx, c.is_positive),
        drafts: bool(trx, c.drafts),
        template: null,
        created_at: new Date(Date.parse(t) + i).toISOString(),
      })),
    );
  });
  return { ...row, triage_enabled: triage };
}

export function getWorkspace(db: Db, id: string) {
  return q.findWorkspace(db.read, id);
}

export async function createApiKey(db: Db, input: { workspaceId: string; name: string; permissions?: Permission[] }) {
  const name = input.name.trim();
  if (!name) throw new Error('A key needs a descriptive name');
  if (!(await getWorkspace(db, input.workspaceId))) throw new Error(`No workspace with id ${input.workspaceId}`);
  const permissions = input.permissions ?? [...PERMISSIONS];
  const key = generateKey();
  const row = {
    id: uuidv7(),
    workspace_id: input.workspaceId,
    name,
    prefix: displayPrefix(key),
    key_hash: hashKey(key),
    permissions: permissions.join(','),
    created_at: now(),
    last_used_at: null,
    revoked_at: null,
  };
  await db.write((trx) => q.insertApiKey(trx, row));
  return { id: row.id, name, key, permissions, prefix: row.prefix, created_at: row.created_at };
}

export async function listApiKeys(db: Db, workspaceId: string) {
  const rows = await q.listApiKeys(db.read, workspaceId);
  return rows.map((r) => ({ ...r, permissions: r.permissions.split(',') }));
}

export function revokeApiKey(db: Db, workspaceId: string, keyId: string): Promise<boolean> {
  return db.write((trx) => q.revokeApiKey(trx, workspaceId, keyId, now()));
}

/**
 * Resolves a presented key to its principal. Keys are looked up by hash; a short-lived cache
 * spares the database on the hot path. A revocation made by this process takes effect at
 * once (the cache is cleared); one made elsewhere (the CLI, another instance) within the
 * cache's TTL. last_used_at is written at most once a minute per key, not on every request.
 */
export class KeyAuthenticator {
  private cache = new Map<string, { principal: Principal | null; expires: number }>();
  private lastUsedWrites = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 10_000,
  ) {}

  async authenticate(rawKey: string): Promise<Principal | null> {
    if (rawKey.length !== KEY_LENGTH) return null; // (a long header is not hashed for nothing)
    const hash = hashKey(rawKey);
    const t = Date.now();
    const hit = this.cache.get(hash);
    let principal: Principal | null;
    if (hit && hit.expires > t) {
      principal = hit.principal;
    } else {
      // Shape and checksum are checked on a miss only: only a well-formed key is ever cached.
      if (!isWellFormedKey(rawKey)) return null;
      principal = await this.lookup(hash);
      if (this.ttlMs > 0) {
        if (this.cache.size >= this.maxEntries) this.cache.clear();
        this.cache.set(hash, { principal, expires: t + this.ttlMs });
      }
    }
    if (principal) this.touch(principal.keyId, t);
    return principal;
  }

  invalidate() {
    this.cache.clear();
  }

  private async lookup(hash: string): Promise<Principal | null> {
    const [row] = await q.keyByHash(this.db.read, { hash });
    if (!row || row.revoked_at) return null;
    return {
      keyId: row.id,
      actor: { type: 'api_key', id: row.id, name: row.name },
      workspaceId: row.workspace_id,
      permissions: new Set(row.permissions.split(',') as Permission[]),
      rateLimit: row.rate_limit ?? PLAN_LIMITS[row.plan],
      apiVersion: row.api_version,
    };
  }

  private touch(keyId: string, t: number) {
    const last = this.lastUsedWrites.get(keyId) ?? 0;
    if (t - last < 60_000) return;
    this.lastUsedWrites.set(keyId, t);
    this.db.write((trx) => q.touchApiKey(trx, keyId, new Date(t).toISOString())).catch(() => this.lastUsedWrites.delete(keyId));
  }
}

/** GET /api/members: the workspace's people, each with the name the team sees. */
export async function listMembers(db: Db, workspaceId: string) {
  const rows = await q.listMembers(db.read, workspaceId);
  return rows.map((r) => ({ id: r.id, name: displayName(r.name, r.email), email: r.email, role: r.role }));
}
