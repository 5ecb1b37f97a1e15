// 0013, not 0011: main took 0011 (search_scope) meanwhile, and 0012 is the triage branch's.
// Mailboxes (CONTRACT "Mailboxes (connections)", docs/mailboxes.md): a connection's IMAP and
// SMTP settings, its sync state, the lease that lets one worker at a time sync it, where each
// folder's sync stopped, the messages it skipped and why, and the attachments of the replies it
// stored.
//
// Passwords are stored encrypted (`*_password_enc`, AES-256-GCM under REPLYDESK_SECRET_KEY with
// the connection id and the protocol as associated data: src/webhooks/secrets.ts), never plain.
// One reply per Message-ID per workspace is the unique index replies_workspace_message_id
// (0001); a message without a Message-ID is given one derived from its bytes
// (src/connections/parse.ts), so the index guards it too.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const ts = pg ? sql`timestamptz` : sql`text`;
  const bool = pg ? sql`boolean` : sql`integer`;
  const blob = pg ? sql`bytea` : sql`blob`;

  const columns: [string, ReturnType<typeof sql> | 'text' | 'integer', ((c: any) => any)?][] = [
    ['imap_host', 'text'],
    ['imap_port', 'integer'],
    // implicit | starttls | none
    ['imap_tls', 'text'],
    ['imap_username', 'text'],
    ['imap_password_enc', 'text'],
    ['imap_folder', 'text'],
    // null: the folder the server marks \Sent; '': never append (the server files sent mail itself)
    ['imap_sent_folder', 'text'],
    ['smtp_host', 'text'],
    ['smtp_port', 'integer'],
    ['smtp_tls', 'text'],
    ['smtp_username', 'text'],
    ['smtp_password_enc', 'text'],
    ['signature_text', 'text', (c) => c.notNull().defaultTo('')],
    ['signature_html', 'text', (c) => c.notNull().defaultTo('')],
    ['paused', bool, (c) => c.notNull().defaultTo(pg ? sql`false` : 0)],
    // pending | active | error (paused is the column above)
    ['sync_state', 'text', (c) => c.notNull().defaultTo('pending')],
    ['last_synced_at', ts],
    ['last_error', 'text'],
    // consecutive failed attempts; the backoff before the next one grows with it
    ['sync_failures', 'integer', (c) => c.notNull().defaultTo(0)],
    ['next_sync_at', ts],
    // the worker syncing the mailbox and until when its claim holds (renewed while it syncs)
    ['lease_holder', 'text'],
    ['lease_expires_at', ts],
    ['updated_at', ts],
  ];
  for (const [name, type, build] of columns) {
    await db.schema.alterTable('connections').addColumn(name, type as any, build ?? ((c) => c)).execute();
  }
  // the workers look for mailboxes that are due and free
  await db.schema.createIndex('connections_sync_due').on('connections').columns(['next_sync_at']).where(sql.ref('imap_host'), 'is not', null).execute();

  // Where the sync of each folder stopped: a UIDVALIDITY other than the stored one means the
  // UIDs were renumbered and the folder is read again from the start (Message-IDs keep the
  // replies single); otherwise every UID above last_uid is new.
  await db.schema
    .createTable('mailbox_folders')
    .addColumn('connection_id', 'text', (c) => c.notNull().references('connections.id').onDelete('cascade'))
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('folder', 'text', (c) => c.notNull())
    .addColumn('uidvalidity', 'text', (c) => c.notNull())
    .addColumn('last_uid', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('mailbox_folders_pk', ['connection_id', 'folder'])
    .execute();

  // Messages the sync did not turn into replies, and why (sent by the mailbox itself, no
  // sender, unparseable…): the record that nothing was dropped silently.
  await db.schema
    .createTable('mailbox_skipped')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('connection_id', 'text', (c) => c.notNull().references('connections.id').onDelete('cascade'))
    .addColumn('folder', 'text', (c) => c.notNull())
    .addColumn('uidvalidity', 'text', (c) => c.notNull())
    .addColumn('uid', 'bigint', (c) => c.notNull())
    .addColumn('message_id', 'text')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mailbox_skipped_message').on('mailbox_skipped').columns(['connection_id', 'folder', 'uidvalidity', 'uid']).unique().execute();

  // Attachments of replies that arrived by IMAP. One larger than the configured limit is
  // listed with skipped_reason and no content.
  await db.schema
    .createTable('reply_attachments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('reply_id', 'text', (c) => c.notNull().references('replies.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('content_id', 'text')
    .addColumn('content', blob)
    .addColumn('skipped_reason', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reply_attachments_reply').on('reply_attachments').columns(['workspace_id', 'reply_id', 'position']).execute();

  // The headers triage reads to recognise auto-replies and bounces (JSON object, lower-case
  // names; src/connections/parse.ts triageHints); null for replies that did not come by IMAP.
  await db.schema.alterTable('replies').addColumn('mail_headers', 'text').execute();

  // A send or forward of a reply that came through a mailbox leaves through that mailbox's
  // SMTP server, and a copy is filed in its Sent folder (sent_copy: appended, skipped, or why not).
  // No foreign key: SQLite cannot drop a referencing column (down), and a mail whose mailbox
  // was deleted while it was queued is failed by the worker, which looks the mailbox up anyway.
  await db.schema.alterTable('outgoing_messages').addColumn('connection_id', 'text').execute();
  await db.schema.alterTable('outgoing_messages').addColumn('sent_copy', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outgoing_messages').dropColumn('sent_copy').execute();
  await db.schema.alterTable('outgoing_messages').dropColumn('connection_id').execute();
  await db.schema.alterTable('replies').dropColumn('mail_headers').execute();
  for (const table of ['reply_attachments', 'mailbox_skipped', 'mailbox_folders']) await db.schema.dropTable(table).execute();
  await db.schema.dropIndex('connections_sync_due').execute();
  for (const name of ['imap_host', 'imap_port', 'imap_tls', 'imap_username', 'imap_password_enc', 'imap_folder', 'imap_sent_folder', 'smtp_host', 'smtp_port', 'smtp_tls', 'smtp_username', 'smtp_password_enc', 'signature_text', 'signature_html', 'paused', 'sync_state', 'last_synced_at', 'last_error', 'sync_failures', 'next_sync_at', 'lease_holder', 'lease_expires_at', 'updated_at']) {
    await db.schema.alterTable('connections').dropColumn(name).execute();
  }
}
