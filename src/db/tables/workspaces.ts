// The tables of workspaces, their API keys and counters, and Idempotency-Key records
// (src/db/types.ts assembles Database).
import type { Generated } from 'kysely';

export type Plan = 'starter' | 'growth' | 'scale';

export interface WorkspaceTable {
  id: string;
  name: string;
  plan: Plan;
  rate_limit: number | null;
  api_version: string;
  /** The IANA zone whose Monday the weekly reports go out on (migration 0023). */
  time_zone: Generated<string>;
  /** Days replies are kept (migration 0026); null: forever. */
  retention_days: Generated<number | null>;
  /** Triage on (migration 0012): replies ingested without a category are categorised. */
  triage_enabled: Generated<number | boolean>;
  /** What the language model is told beyond the reply. */
  triage_instructions: Generated<string>;
  /** Template variables {{sender_name}} and {{signature}}. */
  triage_sender_name: Generated<string>;
  triage_signature: Generated<string>;
  created_at: string;
}

/** Counters kept in the same transaction as the rows they count, so totals never scan. */
/** One of a workspace's counter rows (src/workspaces/counts.ts). */
export interface WorkspaceCountsTable {
  workspace_id: string;
  slot: number;
  replies_total: Generated<number>;
  replies_pending: Generated<number>;
  replies_ready: Generated<number>;
  replies_sent: Generated<number>;
  replies_archived: Generated<number>;
  contacts_total: Generated<number>;
  /** Changes of a stored reply's searched text (migration 0015): with replies_total, the version of what a search finds. */
  searched_text_edits: Generated<number>;
}

export interface ApiKeyTable {
  id: string;
  workspace_id: string;
  name: string;
  /** The non-secret start of the key (`rdk_` + 6 characters), shown in lists. */
  prefix: string;
  /** SHA-256 of the whole key, hex. The key itself is never stored. */
  key_hash: string;
  /** Comma-separated permission names. */
  permissions: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export type IdempotencyState = 'in_progress' | 'done';

export interface IdempotencyKeyTable {
  workspace_id: string;
  key: string;
  method: string;
  path: string;
  /** SHA-256 of method, path and the canonical JSON of the body. */
  request_hash: string;
  state: IdempotencyState;
  response_status: number | null;
  response_body: string | null;
  created_at: string;
  locked_at: string;
}

/** This area's tables, by name (part of Database). */
/** Changes to a workspace's keys, members, mailboxes and webhooks (migration 0025). */
export interface AuditLogTable {
  id: string;
  workspace_id: string;
  created_at: string;
  actor_type: string;
  actor_id: string | null;
  actor_name: string;
  action: string;
  target_id: string | null;
  /** JSON text of an object. */
  details: string;
}

export interface WorkspaceTables {
  workspaces: WorkspaceTable;
  workspace_counts: WorkspaceCountsTable;
  api_keys: ApiKeyTable;
  idempotency_keys: IdempotencyKeyTable;
  audit_log: AuditLogTable;
}
