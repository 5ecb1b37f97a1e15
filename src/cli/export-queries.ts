// The statements of `replydesk export` (cli/export.ts): each resource of one workspace in pages
// of its primary key (`id > last ORDER BY id LIMIT n`), so no read holds more than a page and
// none starts over from the beginning. Every column is named: a secret never leaves by a
// `select *` (no API key hashes, webhook or mailbox secrets, password hashes or sessions are
// read at all).
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';

type Q = Kysely<Database>;
export type Row = Record<string, unknown>;

export interface ExportedResource {
  /** The file's name without its extension. */
  name: string;
  columns: readonly string[];
  /** Columns stored as 0/1 on SQLite: written as true/false. */
  booleans: readonly string[];
  /** Columns holding JSON text: JSON Lines writes their value, CSV the text. */
  json: readonly string[];
  page(db: Q, workspaceId: string, after: string, limit: number): Promise<Row[]>;
}

const REPLY_COLUMNS = [
  'id',
  'contact_id',
  'client_id',
  'connection_id',
  'category_id',
  'assignee_id',
  'from_email',
  'from_name',
  'to_email',
  'subject',
  'body_text',
  'body_html',
  'status',
  'ai_response',
  'sent_response',
  'message_id',
  'in_reply_to',
  'mail_headers',
  'received_at',
  'handled_at',
  'snoozed_until',
  'created_at',
  'updated_at',
] as const;

const CONTACT_COLUMNS = [
  'id',
  'email',
  'first_name',
  'last_name',
  'company',
  'title',
  'linkedin_url',
  'phone',
  'metadata',
  'reply_count',
  'last_reply_at',
  'do_not_contact',
  'do_not_contact_since',
  'do_not_contact_reason',
  'bouncing',
  'bouncing_since',
  'created_at',
  'updated_at',
] as const;

const CATEGORY_COLUMNS = ['id', 'name', 'color', 'is_positive', 'drafts', 'template', 'created_at'] as const;
const CLIENT_COLUMNS = ['id', 'name', 'service_description', 'round_robin', 'weekly_report_to', 'created_at'] as const;
const NOTE_COLUMNS = ['id', 'reply_id', 'body', 'author_type', 'author_id', 'author_name', 'created_at'] as const;
// Not `raw` (the whole MIME message again, text and HTML encoded) nor `scheduled_by`.
const OUTGOING_COLUMNS = [
  'id',
  'reply_id',
  'connection_id',
  'kind',
  'status',
  'from_address',
  'to_addresses',
  'recipient_count',
  'subject',
  'message_id',
  'in_reply_to',
  'references',
  'text',
  'html',
  'attempts',
  'last_error',
  'smtp_response',
  'send_at',
  'sent_at',
  'created_at',
  'updated_at',
] as const;

export const EXPORTED: readonly ExportedResource[] = [
  {
    name: 'replies',
    columns: REPLY_COLUMNS,
    booleans: [],
    json: ['mail_headers'],
    page: (db, ws, after, limit) => db.selectFrom('replies').select(REPLY_COLUMNS).where('workspace_id', '=', ws).where('id', '>', after).orderBy('id').limit(limit).execute(),
  },
  {
    name: 'contacts',
    columns: CONTACT_COLUMNS,
    booleans: ['do_not_contact', 'bouncing'],
    json: ['metadata'],
    page: (db, ws, after, limit) => db.selectFrom('contacts').select(CONTACT_COLUMNS).where('workspace_id', '=', ws).where('id', '>', after).orderBy('id').limit(limit).execute(),
  },
  {
    name: 'categories',
    columns: CATEGORY_COLUMNS,
    booleans: ['is_positive', 'drafts'],
    json: [],
    page: (db, ws, after, limit) => db.selectFrom('categories').select(CATEGORY_COLUMNS).where('workspace_id', '=', ws).where('id', '>', after).orderBy('id').limit(limit).execute(),
  },
  {
    name: 'clients',
    columns: CLIENT_COLUMNS,
    booleans: [],
    json: ['round_robin', 'weekly_report_to'],
    page: (db, ws, after, limit) => db.selectFrom('clients').select(CLIENT_COLUMNS).where('workspace_id', '=', ws).where('id', '>', after).orderBy('id').limit(limit).execute(),
  },
  {
    name: 'notes',
    columns: NOTE_COLUMNS,
    booleans: [],
    json: [],
    page: (db, ws, after, limit) => db.selectFrom('reply_notes').select(NOTE_COLUMNS).where('workspace_id', '=', ws).where('id', '>', after).orderBy('id').limit(limit).execute(),
  },
  {
    name: 'outgoing_mail',
    columns: OUTGOING_COLUMNS,
    booleans: [],
    json: ['to_addresses'],
    page: (db, ws, after, limit) => db.selectFrom('outgoing_messages').select(OUTGOING_COLUMNS).where('workspace_id', '=', ws).where('id', '>', after).orderBy('id').limit(limit).execute(),
  },
];
