// Shapes of the server's answers (docs/dashboard.md, docs/api.md, src/*/schemas.ts).
export type Role = 'owner' | 'admin' | 'member';
export type Plan = 'starter' | 'growth' | 'scale';

export interface Session {
  user: { id: string; email: string };
  workspace: { id: string; name: string; plan: Plan; role: Role };
  workspaces: { id: string; name: string; role: Role }[];
  permissions: string[];
  csrf_token: string;
}

export interface Pagination {
  total: number;
  limit: number;
  offset: number;
  hasMore: boolean;
  next_cursor?: string | null;
}

export interface Page<T> {
  items: T[];
  pagination: Pagination;
}

export type ReplyStatus = 'pending' | 'ready' | 'sent' | 'archived';

export interface CategorySummary {
  id: string;
  name: string;
  color: string;
}

export interface Category extends CategorySummary {
  is_positive: boolean;
  /** Whether triage drafts a reply for it, and from which template (null: the built-in one). */
  drafts: boolean;
  template: string | null;
  created_at: string;
}

/** Why triage chose a reply's category (docs/triage.md). */
export interface TriageDecision {
  source: 'header' | 'rule' | 'classifier' | 'workspace' | 'model' | 'none';
  reason: string;
  confidence: number;
  category_id: string | null;
  /** When triage chose none: the likeliest categories, best first (docs/triage.md "When unsure"). */
  suggestions: { category_id: string; confidence: number }[];
}

export interface TriageSettings {
  enabled: boolean;
  instructions: string;
  sender_name: string;
  signature: string;
  template_variables: string[];
  learned_examples: number;
  model: { configured: boolean; base_url: string | null; model: string | null; timeout_seconds: number | null; daily_budget: number | null; calls_today: number };
}

export interface Client {
  id: string;
  name: string;
  service_description: string;
  created_at: string;
}

type MailTls = 'implicit' | 'starttls' | 'none';
export interface Connection {
  id: string;
  name: string;
  email: string;
  imap: { host: string; port: number; tls: MailTls; username: string; folder: string; sent_folder: string | null } | null;
  smtp: { host: string; port: number; tls: MailTls; username: string } | null;
  signature: { text: string; html: string };
  auth: 'password' | 'oauth';
  oauth: { provider: 'google' | 'microsoft'; scopes: string[]; expires_at: string | null } | null;
  paused: boolean;
  created_at: string;
  sync: { state: 'pending' | 'active' | 'error' | 'paused'; last_synced_at: string | null; last_error: string | null; skipped: number };
}

export interface ReplyListItem {
  id: string;
  from_email: string;
  from_name: string;
  to_email: string;
  subject: string;
  body_text: string;
  body_html: string;
  status: ReplyStatus;
  category_id: string | null;
  category: CategorySummary | null;
  ai_response: string | null;
  sent_response: string | null;
  client_id: string | null;
  connection_id: string | null;
  contact_id: string;
  received_at: string;
  handled_at: string | null;
  snoozed_until: string | null;
  created_at: string;
  client?: { id: string; name: string } | null;
}

export interface ThreadItem {
  from: string;
  to: string;
  subject: string;
  body: string;
  sent_at: string;
}

export interface OutgoingMessage {
  id: string;
  kind: 'send' | 'forward';
  to: string[];
  subject: string;
  status: 'queued' | 'sent' | 'failed' | 'captured';
  message_id: string;
  error: string | null;
  attempts: number;
  created_at: string;
  sent_at: string | null;
}

export interface ReplyDetail extends Omit<ReplyListItem, 'category' | 'client'> {
  category: (CategorySummary & { is_positive: boolean }) | null;
  client: { id: string; name: string; service_description: string } | null;
  contact: {
    id: string;
    email: string;
    first_name: string | null;
    last_name: string | null;
    company: string | null;
    title?: string | null;
    do_not_contact?: boolean;
  };
  thread: ThreadItem[];
  outgoing: OutgoingMessage[];
  triage: TriageDecision | null;
}

export interface ContactListItem {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  company: string | null;
  title: string | null;
  reply_count: number;
  last_reply_at: string | null;
  created_at: string;
  do_not_contact: boolean;
  bouncing: boolean;
}

export interface ContactDetail extends ContactListItem {
  linkedin_url: string | null;
  phone: string | null;
  metadata: Record<string, unknown>;
  replies: { id: string; subject: string; status: ReplyStatus; category: string | null; received_at: string }[];
  do_not_contact_since: string | null;
  do_not_contact_reason: string | null;
  bouncing_since: string | null;
}

export interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  permissions: string[];
  created_at: string;
  last_used_at: string | null;
}

export interface NewApiKey extends Omit<ApiKey, 'last_used_at'> {
  key: string;
}

export interface Member {
  user_id: string;
  email: string;
  role: Role;
  status: 'active' | 'invited';
  created_at: string;
}

export interface Invitation {
  email: string;
  role: Role;
  status: 'invited';
  invite_url: string;
}

export interface WorkspaceInfo {
  id: string;
  name: string;
  plan: Plan;
  rate_limit: number;
  rate_limit_remaining: number;
  /** The providers a mailbox can be connected with by signing in ("google", "microsoft"). */
  mailbox_sign_in: ('google' | 'microsoft')[];
}

export interface OutboxMail {
  id: string;
  kind: 'reply' | 'forward' | 'invite' | 'password-reset';
  to: string | string[];
  subject: string;
  text: string;
  created_at: string;
}

export interface WebhookEndpoint {
  id: string;
  url: string;
  events: string[];
  description: string;
  enabled: boolean;
  disabled_reason: string | null;
  disabled_at: string | null;
  failing_since: string | null;
  secret_rotated_until: string | null;
  created_at: string;
  updated_at: string;
}

export interface WebhookDelivery {
  id: string;
  event_id: string;
  event_type: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  next_attempt_at: string | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

export const WEBHOOK_EVENTS = ['reply.received', 'reply.updated', 'reply.sent', 'reply.forwarded', 'contact.created'] as const;
export const KEY_PERMISSIONS = ['replies:read', 'replies:write', 'replies:send', 'contacts:read', 'contacts:write', 'webhooks:manage'] as const;
