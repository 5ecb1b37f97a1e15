import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Column types that differ between the dialects, side by side.
function types(db: Kysely<any>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  return {
    timestamp: pg ? sql`timestamptz` : sql`text`,
    boolean: pg ? sql`boolean` : sql`integer`,
    serial: pg ? sql`bigserial` : sql`integer`,
  } as const;
}

export async function up(db: Kysely<any>): Promise<void> {
  const t = types(db);

  await db.schema
    .createTable('workspaces')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('rate_limit', 'integer')
    .addColumn('api_version', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('workspace_counts')
    .addColumn('workspace_id', 'text', (c) => c.primaryKey().references('workspaces.id').onDelete('cascade'))
    .addColumn('replies_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('replies_pending', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('replies_ready', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('replies_sent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('replies_archived', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('contacts_total', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('permissions', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('last_used_at', t.timestamp)
    .addColumn('revoked_at', t.timestamp)
    .execute();
  await db.schema.createIndex('api_keys_workspace').on('api_keys').columns(['workspace_id', 'created_at']).execute();

  await db.schema
    .createTable('categories')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('is_positive', t.boolean, (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('categories_workspace_name').on('categories').columns(['workspace_id', 'name']).unique().execute();

  await db.schema
    .createTable('clients')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('service_description', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('clients_workspace').on('clients').columns(['workspace_id', 'created_at']).execute();

  await db.schema
    .createTable('connections')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('connections_workspace').on('connections').columns(['workspace_id', 'created_at']).execute();

  await db.schema
    .createTable('contacts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('company', 'text')
    .addColumn('title', 'text')
    .addColumn('linkedin_url', 'text')
    .addColumn('phone', 'text')
    .addColumn('metadata', 'text', (c) => c.notNull())
    .addColumn('reply_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_reply_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('contacts_workspace_email').on('contacts').columns(['workspace_id', 'email']).unique().execute();
  // Serves the contact list (newest reply first) and its deep pages without touching rows.
  await db.schema.createIndex('contacts_workspace_last_reply').on('contacts').columns(['workspace_id', 'last_reply_at', 'id']).execute();

  await db.schema
    .createTable('replies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('contact_id', 'text', (c) => c.notNull().references('contacts.id'))
    .addColumn('client_id', 'text', (c) => c.references('clients.id').onDelete('set null'))
    .addColumn('connection_id', 'text', (c) => c.references('connections.id').onDelete('set null'))
    .addColumn('category_id', 'text', (c) => c.references('categories.id').onDelete('set null'))
    .addColumn('from_email', 'text', (c) => c.notNull())
    .addColumn('from_name', 'text', (c) => c.notNull())
    .addColumn('to_email', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body_text', 'text', (c) => c.notNull())
    .addColumn('body_html', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('ai_response', 'text')
    .addColumn('sent_response', 'text')
    .addColumn('message_id', 'text')
    .addColumn('in_reply_to', 'text')
    .addColumn('received_at', t.timestamp, (c) => c.notNull())
    .addColumn('handled_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  // The list (newest first) and its status filter; id breaks ties so pages never overlap.
  // Both are covering for the id-only page query in replies/queries.ts, so a deep offset
  // walks index entries, not rows.
  await db.schema.createIndex('replies_workspace_received').on('replies').columns(['workspace_id', 'received_at', 'id']).execute();
  await db.schema.createIndex('replies_workspace_status_received').on('replies').columns(['workspace_id', 'status', 'received_at', 'id']).execute();
  await db.schema.createIndex('replies_contact_received').on('replies').columns(['contact_id', 'received_at']).execute();
  await db.schema.createIndex('replies_workspace_message_id').on('replies').columns(['workspace_id', 'message_id']).unique().execute();

  await db.schema
    .createTable('thread_messages')
    .addColumn('id', t.serial, (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('reply_id', 'text', (c) => c.notNull().references('replies.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('from_address', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('sent_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('thread_messages_reply').on('thread_messages').columns(['reply_id', 'position']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['thread_messages', 'replies', 'contacts', 'connections', 'clients', 'categories', 'api_keys', 'workspace_counts', 'workspaces']) {
    await db.schema.dropTable(table).execute();
  }
}
