// The tables of replies and what they are filed under: contacts, categories, clients, their
// thread, attachments and the filtered totals (src/db/types.ts assembles Database).
import type { Generated } from 'kysely';

export type ReplyStatus = 'pending' | 'ready' | 'sent' | 'archived';

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
  /** The member the reply is assigned to (users.id; migration 0019); null: unassigned. */
  assignee_id: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

/** Who did something to a reply: a person, an API key, triage, the mailbox sync or Replydesk itself. */
export type ActorType = 'user' | 'api_key' | 'triage' | 'mailbox' | 'system';

/** An internal note on a reply (migration 0019): never mailed. */
export interface ReplyNoteTable {
  id: string;
  workspace_id: string;
  reply_id: string;
  body: string;
  author_type: ActorType;
  author_id: string | null;
  /** The author's name when the note was written. */
  author_name: string;
  created_at: string;
}

/** One change to a reply, written in the transaction of the change (migration 0019). */
export interface ReplyActivityTable {
  id: Generated<string>;
  workspace_id: string;
  reply_id: string;
  at: string;
  actor_type: ActorType;
  actor_id: string | null;
  actor_name: string;
  action: string;
  from_value: string | null;
  to_value: string | null;
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

/** Replies per UTC hour (since 1970) of received_at and combination, for reports (migration 0024); '' for a missing id. */
export interface ReplyHoursTable {
  workspace_id: string;
  hour: number;
  client_id: string;
  connection_id: string;
  assignee_id: string;
  category_id: string;
  /** 1: sent or archived */
  handled: number;
  slot: number;
  n: number;
}

/** Replies answered through Replydesk per UTC day (since 1970) of received_at, combination and bucket of their time to answer (migration 0024). */
export interface ReplyResponseDaysTable {
  workspace_id: string;
  day: number;
  client_id: string;
  connection_id: string;
  assignee_id: string;
  /** floor(ln(1 + seconds) × 24) */
  bucket: number;
  slot: number;
  n: number;
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
  /** JSON array of the user ids its new replies are assigned to in turn (migration 0021); '[]': off. */
  round_robin: string;
  /** How many replies were assigned in turn: the next is this modulo the members. */
  round_robin_turn: number;
  /** JSON array of the addresses its weekly report goes to (migration 0023); '[]': none. */
  weekly_report_to: string;
}

/** This area's tables, by name (part of Database). */
export interface ReplyTables {
  replies: ReplyTable;
  thread_messages: ThreadMessageTable;
  reply_attachments: ReplyAttachmentTable;
  reply_notes: ReplyNoteTable;
  reply_activity: ReplyActivityTable;
  reply_counts: ReplyCountsTable;
  reply_hours: ReplyHoursTable;
  reply_response_days: ReplyResponseDaysTable;
  contacts: ContactTable;
  categories: CategoryTable;
  clients: ClientTable;
}
