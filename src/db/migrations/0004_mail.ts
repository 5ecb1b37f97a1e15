import { type Kysely, PostgresAdapter, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const ts = db.getExecutor().adapter instanceof PostgresAdapter ? sql`timestamptz` : sql`text`;

  // One row per outgoing mail (a send or a forward). The MIME is built once, when the request
  // is accepted, and stored in `raw`: every delivery attempt sends the same bytes with the same
  // Message-ID, and captured mail (no SMTP_URL) is kept whole.
  await db.schema
    .createTable('outgoing_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('reply_id', 'text', (c) => c.notNull().references('replies.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('from_address', 'text', (c) => c.notNull())
    .addColumn('to_addresses', 'text', (c) => c.notNull())
    .addColumn('recipient_count', 'integer', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('in_reply_to', 'text')
    .addColumn('references', 'text')
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('raw', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('smtp_response', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('sent_at', ts)
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('outgoing_messages_reply').on('outgoing_messages').columns(['workspace_id', 'reply_id', 'created_at']).execute();
  // The hourly quota sums recipients over the last hour; the CLI lists newest first.
  await db.schema.createIndex('outgoing_messages_workspace_created').on('outgoing_messages').columns(['workspace_id', 'created_at']).execute();
  // A reply is answered at most once, whatever races past the status check.
  await db.schema
    .createIndex('outgoing_messages_one_send_per_reply')
    .on('outgoing_messages')
    .column('reply_id')
    .unique()
    .where(sql.ref('kind'), '=', sql.lit('send'))
    .execute();

  // Idempotency-Key records. The primary key is the lock: the first request inserts the row
  // (state in_progress), a concurrent one with the same key cannot, and waits for nothing.
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('locked_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['workspace_id', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
  await db.schema.dropTable('outgoing_messages').execute();
}
