// The team's inbox (docs/api.md "The team's inbox"): who a reply is assigned to, internal notes
// on a reply, and a reply's history — who changed what, when, written in the transaction of
// the change itself. People get a display name (empty until they set one; the API then shows
// the part of their address before the @).
import { type Kysely, PostgresAdapter, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const ts = postgres ? 'timestamptz' : 'text';
  await db.schema.alterTable('users').addColumn('name', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema
    .alterTable('replies')
    .addColumn('assignee_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  // Partial, like the other filters' indexes (0007): an unassigned reply costs no entry;
  // `assignee_id=none` walks the list's own index.
  await db.schema
    .createIndex('replies_workspace_assignee_received')
    .on('replies')
    .columns(['workspace_id', 'assignee_id', 'received_at', 'id'])
    .where(sql.ref('assignee_id'), 'is not', null)
    .execute();

  // The author's and actor's name is kept as it was: a key revoked or a person removed later
  // still names who it was.
  await db.schema
    .createTable('reply_notes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('reply_id', 'text', (c) => c.notNull().references('replies.id').onDelete('cascade'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('author_type', 'text', (c) => c.notNull())
    .addColumn('author_id', 'text')
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reply_notes_reply').on('reply_notes').columns(['workspace_id', 'reply_id', 'created_at']).execute();

  await db.schema
    .createTable('reply_activity')
    .addColumn('id', postgres ? 'bigserial' : 'integer', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('reply_id', 'text', (c) => c.notNull().references('replies.id').onDelete('cascade'))
    .addColumn('at', ts, (c) => c.notNull())
    .addColumn('actor_type', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('from_value', 'text')
    .addColumn('to_value', 'text')
    .execute();
  await db.schema.createIndex('reply_activity_reply').on('reply_activity').columns(['workspace_id', 'reply_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reply_activity').execute();
  await db.schema.dropTable('reply_notes').execute();
  await db.schema.dropIndex('replies_workspace_assignee_received').execute();
  await db.schema.alterTable('replies').dropColumn('assignee_id').execute();
  await db.schema.alterTable('users').dropColumn('name').execute();
}
