// One interface types every query (docs/architecture.md "The shape"). Timestamps travel as
// ISO 8601 UTC strings on both dialects (PostgreSQL's timestamptz is parsed back to ISO in
// db/connect.ts); booleans are 0/1 on SQLite and true/false on PostgreSQL, so readers go
// through Boolean().
import type { Generated, Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';

export type Plan = 'starter' | 'growth' | 'scale';
export type ReplyStatus = 'pending' | 'ready' | 'sent' | 'archived';

export interface WorkspaceTable {
  id: string;
  name: string;
  plan: Plan;
  rate_limit: number | null;
  api_version: string;
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

export interface CategoryTable {
  id: string;
  workspace_id: string;
  name: string;
  color: string;
  is_positive: number | boolean;
  /** Whether triage drafts a reply for replies in this category. */
  drafts: Generated<number | boolean>;
  /** The draft's template ({{first_name}} …, src/triage/drafts.ts); null: the built-in one. */
  template: Generated<string | null>;
  created_at: string;
}

export interface ClientTable {
  id: string;
  workspace_id: string;
  name: string;
  service_description: string;
  created_at: string;
}

export type MailTls = 'implicit' | 'starttls' | 'none';
export type SyncState = 'pending' | 'active' | 'error';

/** A mailbox (migration 0013): its IMAP and SMTP settings, sync state and sync lease. */
export interface ConnectionTable {
  id: string;
  workspace_id: string;
  name: string;
  email: string;
  created_at: string;
  imap_host: Generated<string | null>;
  imap_port: Generated<number | null>;
  imap_tls: Generated<MailTls | null>;
  imap_username: Generated<string | null>;
  /** AES-256-GCM ciphertext (security/secrets.ts), never plain. */
  imap_password_enc: Generated<string | null>;
  imap_folder: Generated<string | null>;
  /** null: the folder marked \Sent; '': never append a copy. */
  imap_sent_folder: Generated<string | null>;
  smtp_host: Generated<string | null>;
  smtp_port: Generated<number | null>;
  smtp_tls: Generated<MailTls | null>;
  smtp_username: Generated<string | null>;
  smtp_password_enc: Generated<string | null>;
  signature_text: Generated<string>;
  signature_html: Generated<string>;
  paused: Generated<number | boolean>;
  sync_state: Generated<SyncState>;
  last_synced_at: Generated<string | null>;
  last_error: Generated<string | null>;
  sync_failures: Generated<number>;
  next_sync_at: Generated<string | null>;
  lease_holder: Generated<string | null>;
  lease_expires_at: Generated<string | null>;
  updated_at: Generated<string | null>;
  /** How the connection logs in (migration 0017). */
  auth: Generated<MailboxAuth>;
  oauth_provider: Generated<OAuthProvider | null>;
  /** The scopes granted, space-separated. */
  oauth_scopes: Generated<string | null>;
  /** AES-256-GCM ciphertexts (security/secrets.ts), never plain. */
  oauth_access_token_enc: Generated<string | null>;
  oauth_refresh_token_enc: Generated<string | null>;
  oauth_expires_at: Generated<string | null>;
  /** The lease of the worker refreshing the tokens. */
  oauth_refresh_until: Generated<string | null>;
}

export type MailboxAuth = 'password' | 'oauth';
export type OAuthProvider = 'google' | 'microsoft';

/** An OAuth authorization under way (migration 0017): used once, within 10 minutes. */
export interface OAuthStateTable {
  state_hash: string;
  workspace_id: string;
  user_id: string | null;
  api_key_id: string | null;
  provider: OAuthProvider;
  name: string | null;
  code_verifier_enc: string;
  nonce: string;
  created_at: string;
  expires_at: string;
  used_at: Generated<string | null>;
}

/** Where the sync of one folder of a mailbox stopped. */
export interface MailboxFolderTable {
  connection_id: string;
  workspace_id: string;
  folder: string;
  uidvalidity: string;
  last_uid: number;
  updated_at: string;
}

/** A message the sync did not store as a reply, and why. */
export interface MailboxSkippedTable {
  id: string;
  workspace_id: string;
  connection_id: string;
  folder: string;
  uidvalidity: string;
  uid: number;
  message_id: string | null;
  reason: string;
  created_at: string;
}

export interface ReplyAttachmentTable {
  id: string;
  workspace_id: string;
  reply_id: string;
  position: number;
  filename: string;
  content_type: string;
  size: number;
  content_id: string | null;
  /** null when skipped_reason says why it was not kept. */
  content: Buffer | null;
  skipped_reason: string | null;
  created_at: string;
}

export interface ContactTable {
  id: string;
  workspace_id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  company: string | null;
  title: string | null;
  linkedin_url: string | null;
  phone: string | null;
  /** JSON text of a flat object. */
  metadata: string;
  reply_count: number;
  last_reply_at: string | null;
  /** An Unsubscribe reply (or a person) said never to write again: a send is refused. */
  do_not_contact: Generated<number | boolean>;
  do_not_contact_since: Generated<string | null>;
  do_not_contact_reason: Generated<string | null>;
  /** Mail to the address bounced. */
  bouncing: Generated<number | boolean>;
  bouncing_since: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

export interface ReplyTable {
  id: string;
  workspace_id: string;
  contact_id: string;
  client_id: string | null;
  connection_id: string | null;
  category_id: string | null;
  from_email: string;
  from_name: string;
  to_email: string;
  subject: string;
  body_text: string;
  body_html: string;
  status: ReplyStatus;
  ai_response: string | null;
  sent_response: string | null;
  message_id: string | null;
  in_reply_to: string | null;
  received_at: string;
  handled_at: string | null;
  /** Hidden from snoozed=false lists until then (docs/api.md "PATCH rules"); null: not snoozed. */
  snoozed_until: Generated<string | null>;
  /** JSON object of the auto-reply and bounce headers of a reply that came by IMAP (mailboxes/parse.ts). */
  mail_headers: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

export interface ThreadMessageTable {
  id: Generated<number>;
  workspace_id: string;
  reply_id: string;
  position: number;
  from_address: string;
  to_address: string;
  subject: string;
  body: string;
  sent_at: string;
}

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

/** The transactional outbox: side effects (mail, webhook deliveries) as rows. */
export interface JobTable {
  id: string;
  workspace_id: string;
  kind: string;
  /** JSON text. */
  payload: string;
  status: JobStatus;
  attempts: number;
  max_attempts: number;
  run_at: string;
  locked_by: string | null;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

/** Every event, as its Standard Webhooks payload `{type, timestamp, data}` (JSON text). */
export interface EventTable {
  id: string;
  workspace_id: string;
  type: string;
  payload: string;
  created_at: string;
}

/** A webhook endpoint. Secrets are AES-256-GCM ciphertexts (security/secrets.ts), never plain. */
export interface WebhookEndpointTable {
  id: string;
  workspace_id: string;
  url: string;
  /** JSON array of event types, or `["*"]` for every event. */
  events: string;
  description: string;
  enabled: number | boolean;
  disabled_reason: string | null;
  disabled_at: string | null;
  secret_enc: string;
  /** The secret before the last rotation; it signs alongside the new one until it expires. */
  previous_secret_enc: string | null;
  previous_secret_expires_at: string | null;
  /** When the current run of failed attempts began; null while the endpoint answers 2xx. */
  failing_since: string | null;
  created_at: string;
  updated_at: string;
}

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

/** One event for one endpoint. */
export interface WebhookDeliveryTable {
  id: string;
  workspace_id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: string | null;
  last_status_code: number | null;
  last_error: string | null;
  /** The job that carries the next attempt (a manual retry moves it forward). */
  job_id: string | null;
  created_at: string;
  updated_at: string;
}

/** One HTTP attempt of a delivery. */
export interface WebhookAttemptTable {
  id: string;
  workspace_id: string;
  delivery_id: string;
  attempt: number;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  /** The first bytes of the answer (webhooks/deliver.ts RESPONSE_BODY_LIMIT). */
  response_body: string | null;
  created_at: string;
}

export type OutgoingKind = 'send' | 'forward';
/** queued → sent | failed; captured when no SMTP_URL is configured. */
export type OutgoingStatus = 'queued' | 'sent' | 'failed' | 'captured';

/** One outgoing mail (send or forward), its MIME as built at request time, and its fate. */
export interface OutgoingMessageTable {
  id: string;
  workspace_id: string;
  reply_id: string;
  kind: OutgoingKind;
  from_address: string;
  /** JSON text: array of addresses. */
  to_addresses: string;
  recipient_count: number;
  subject: string;
  /** Our Message-ID, with angle brackets. */
  message_id: string;
  in_reply_to: string | null;
  references: string | null;
  text: string;
  html: string;
  raw: string;
  status: OutgoingStatus;
  attempts: number;
  last_error: string | null;
  smtp_response: string | null;
  created_at: string;
  sent_at: string | null;
  updated_at: string;
  /** The mailbox whose SMTP server sends it; null: SMTP_URL. */
  connection_id?: string | null;
  /** The copy in the mailbox's Sent folder: appended, skipped (why), or failed (why). */
  sent_copy?: string | null;
  /** When a delivery attempt began that has not been settled yet (migration 0016); null otherwise. */
  attempt_started_at?: string | null;
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

/** Replies per (status, client, mailbox, category), kept by triggers (migration 0010); '' for a missing id. */
export interface ReplyCountsTable {
  workspace_id: string;
  slot: number;
  status: ReplyStatus;
  client_id: string;
  connection_id: string;
  category_id: string;
  n: number;
}

export type Role = 'owner' | 'admin' | 'member';

/** A person who signs in to the dashboard (src/dashboard/). */
export interface UserTable {
  id: string;
  /** Lower-cased. */
  email: string;
  /** scrypt with its parameters and salt (dashboard/passwords.ts). */
  password_hash: string;
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

/** Mail the dashboard sends itself (invitations, password resets). */
export interface SystemMailTable {
  id: string;
  workspace_id: string | null;
  kind: 'invite' | 'password-reset';
  to_address: string;
  subject: string;
  text: string;
  status: 'captured' | 'sent' | 'failed';
  last_error: string | null;
  created_at: string;
}

/** A workspace's model learned from its corrections (src/triage/local WorkspaceModel, as JSON). */
export interface TriageModelTable {
  workspace_id: string;
  model: string;
  version: number;
  examples: number;
  updated_at: string;
}

/** Language-model calls per workspace per UTC day (YYYY-MM-DD). */
export interface TriageLlmUsageTable {
  workspace_id: string;
  day: string;
  calls: number;
}

export type TriageSource = 'header' | 'rule' | 'classifier' | 'workspace' | 'model' | 'none';

/** Why triage chose a reply's category (the reply's `triage` field). */
export interface ReplyTriageTable {
  reply_id: string;
  workspace_id: string;
  source: TriageSource;
  reason: string;
  confidence: number;
  category_id: string | null;
  drafted_by: 'template' | 'model' | null;
  decided_at: string;
  /** JSON [{category_id, confidence}]: the likeliest categories when triage chose none (migration 0018). */
  suggestions: string | null;
}

export interface Database {
  workspaces: WorkspaceTable;
  workspace_counts: WorkspaceCountsTable;
  api_keys: ApiKeyTable;
  categories: CategoryTable;
  clients: ClientTable;
  connections: ConnectionTable;
  oauth_states: OAuthStateTable;
  mailbox_folders: MailboxFolderTable;
  mailbox_skipped: MailboxSkippedTable;
  reply_attachments: ReplyAttachmentTable;
  contacts: ContactTable;
  replies: ReplyTable;
  thread_messages: ThreadMessageTable;
  jobs: JobTable;
  events: EventTable;
  webhook_endpoints: WebhookEndpointTable;
  webhook_deliveries: WebhookDeliveryTable;
  webhook_attempts: WebhookAttemptTable;
  outgoing_messages: OutgoingMessageTable;
  idempotency_keys: IdempotencyKeyTable;
  users: UserTable;
  memberships: MembershipTable;
  sessions: SessionTable;
  user_tokens: UserTokenTable;
  system_mail: SystemMailTable;
  reply_counts: ReplyCountsTable;
  triage_models: TriageModelTable;
  triage_llm_usage: TriageLlmUsageTable;
  reply_triage: ReplyTriageTable;
}

export type Workspace = Selectable<WorkspaceTable>;
export type ApiKeyRow = Selectable<ApiKeyTable>;
export type ReplyRow = Selectable<ReplyTable>;
export type ContactRow = Selectable<ContactTable>;
export type NewReply = Insertable<ReplyTable>;
export type ContactUpdate = Updateable<ContactTable>;

/** A write transaction (db.write hands it out): what every query that changes rows takes. */
export type Tx = Transaction<Database>;
/** What a read runs on: db.read, or a write transaction (to read what it is about to change). */
export type Q = Kysely<Database> | Tx;
