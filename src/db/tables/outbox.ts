// The tables of what leaves the service: the jobs (the transactional outbox), events and their
// webhook deliveries, outgoing mail and the system's own mail (src/db/types.ts assembles
// Database).

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
/**
 * queued → sent | failed; captured when no SMTP_URL is configured. An answer sent later starts
 * scheduled → queued at its send_at, or → held (the prospect wrote again, or became
 * do-not-contact) → queued when a person sends it anyway; scheduled or held → cancelled.
 */
export type OutgoingStatus = 'scheduled' | 'held' | 'cancelled' | 'queued' | 'sent' | 'failed' | 'captured';

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
  /** When a scheduled answer is to leave (migration 0020); null: at once. */
  send_at?: string | null;
  /** A scheduled answer's text, the reply's sent_response once it has gone. */
  sent_response?: string | null;
  /** JSON of the Actor who scheduled it: its history names them as the sender. */
  scheduled_by?: string | null;
}

/** Mail Replydesk itself sends to people (invitations, password resets: mail/system.ts). */
export interface SystemMailTable {
  id: string;
  workspace_id: string | null;
  kind: 'invite' | 'password-reset' | 'weekly-report';
  to_address: string;
  subject: string;
  text: string;
  /** An HTML part, and the image it shows inline as cid:chart (a weekly report; migration 0023). */
  html?: string | null;
  image?: Buffer | null;
  status: 'captured' | 'sent' | 'failed';
  last_error: string | null;
  created_at: string;
}

/** A client's weekly report sent for a week (migration 0023): once per client and week. */
export interface WeeklyReportTable {
  client_id: string;
  /** The Monday the week begins, YYYY-MM-DD. */
  week: string;
  workspace_id: string;
  system_mail_id: string;
  created_at: string;
}

/** This area's tables, by name (part of Database). */
export interface OutboxTables {
  jobs: JobTable;
  weekly_reports: WeeklyReportTable;
  events: EventTable;
  webhook_endpoints: WebhookEndpointTable;
  webhook_deliveries: WebhookDeliveryTable;
  webhook_attempts: WebhookAttemptTable;
  outgoing_messages: OutgoingMessageTable;
  system_mail: SystemMailTable;
}
