// The statements of `replydesk export` (cli/export.ts): each resource of one workspace in pages
// along an index that begins with workspace_id (`(received_at, id) > last ORDER BY received_at,
// id LIMIT n` for replies), so no read holds more than a page, none starts over from the
// beginning, and none sorts the workspace's rows. Ordered by id alone, SQLite walked the
// workspace's index and sorted all its rows for every page: 200,000 replies took 4 times as
// long as 100,000 (docs/deploy.md "Export"). Every column is named: a secret never leaves by a
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
  /** The columns a page is ordered by, unique together within a workspace: the next page starts after the last row's. */
  key: readonly string[];
  /** Rows after `last` (the key's values of the previous page's last row; null: from the start). */
  page(db: Q, workspaceId: string, last: readonly unknown[] | null, limit: number): Promise<Row[]>;
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
    key: ['received_at', 'id'],
    page: (db, ws, last, limit) =>
      db
        .selectFrom('replies')
        .select(REPLY_COLUMNS)
        .where('workspace_id', '=', ws)
        .$if(last !== null, (q) => q.where((eb) => eb(eb.refTuple('received_at', 'id'), '>', eb.tuple(last![0] as string, last![1] as string))))
        .orderBy('received_at')
        .orderBy('id')
        .limit(limit)
        .execute(),
  },
  {
    name: 'contacts',
    columns: CONTACT_COLUMNS,
    booleans: ['do_not_contact', 'bouncing'],
    json: ['metadata'],
    key: ['email'],
    page: (db, ws, last, limit) =>
      db
        .selectFrom('contacts')
        .select(CONTACT_COLUMNS)
        .where('workspace_id', '=', ws)
        .$if(last !== null, (q) => q.where('email', '>', last![0] as string))
        .orderBy('email')
        .limit(limit)
        .execute(),
  },
  {
    name: 'categories',
    columns: CATEGORY_COLUMNS,
    booleans: ['is_positive', 'drafts'],
    json: [],
    key: ['id'],
    page: (db, ws, last, limit) =>
      db
        .selectFrom('categories')
        .select(CATEGORY_COLUMNS)
        .where('workspace_id', '=', ws)
        .$if(last !== null, (q) => q.where('id', '>', last![0] as string))
        .orderBy('id')
        .limit(limit)
        .execute(),
  },
  {
    name: 'clients',
    columns: CLIENT_COLUMNS,
    booleans: [],
    json: ['round_robin', 'weekly_report_to'],
    key: ['id'],
    page: (db, ws, last, limit) =>
      db
        .selectFrom('clients')
        .select(CLIENT_COLUMNS)
        .where('workspace_id', '=', ws)
        .$if(last !== null, (q) => q.where('id', '>', last![0] as string))
        .orderBy('id')
        .limit(limit)
        .execute(),
  },
  {
    name: 'notes',
    columns: NOTE_COLUMNS,
    booleans: [],
    json: [],
    key: ['reply_id', 'id'],
    page: (db, ws, last, limit) =>
      db
        .selectFrom('reply_notes')
        .select(NOTE_COLUMNS)
        .where('workspace_id', '=', ws)
        .$if(last !== null, (q) => q.where((eb) => eb(eb.refTuple('reply_id', 'id'), '>', eb.tuple(last![0] as string, last![1] as string))))
        .orderBy('reply_id')
        .orderBy('id')
        .limit(limit)
        .execute(),
  },
  {
    name: 'outgoing_mail',
    columns: OUTGOING_COLUMNS,
    booleans: [],
    json: ['to_addresses'],
    key: ['created_at', 'id'],
    page: (db, ws, last, limit) =>
      db
        .selectFrom('outgoing_messages')
        .select(OUTGOING_COLUMNS)
        .where('workspace_id', '=', ws)
        .$if(last !== null, (q) => q.where((eb) => eb(eb.refTuple('created_at', 'id'), '>', eb.tuple(last![0] as string, last![1] as string))))
        .orderBy('created_at')
        .orderBy('id')
        .limit(limit)
        .execute(),
  },
];
