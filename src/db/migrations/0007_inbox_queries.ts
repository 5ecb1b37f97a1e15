// The inbox's questions (CONTRACT "Inbox queries"): snoozing, and an index for each filter a
// person uses, each ending in (received_at, id) so a filtered page is read in order off the
// index and its cursor resumes there. A contact's replies already have replies_contact_received.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('replies').addColumn('snoozed_until', postgres ? 'timestamptz' : 'text').execute();
  // Partial: a reply without a client, mailbox or category (every reply as it is ingested has
  // no category) costs no entry, so ingestion pays only for what a filter can find.
  // `category_id=none` walks the list's own index instead, where uncategorised replies abound.
  for (const column of ['client_id', 'connection_id', 'category_id']) {
    await db.schema.createIndex(`replies_workspace_${column.replace('_id', '')}_received`).on('replies').columns(['workspace_id', column, 'received_at', 'id'])
      .where(sql.ref(column), 'is not', null).execute();
  }
  // Only snoozed replies are in it: the Snoozed view, and the sweep that ends snoozes.
  await db.schema.createIndex('replies_snoozed').on('replies').columns(['snoozed_until', 'workspace_id']).where(sql.ref('snoozed_until'), 'is not', null).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['replies_workspace_client_received', 'replies_workspace_connection_received', 'replies_workspace_category_received', 'replies_snoozed']) {
    await db.schema.dropIndex(name).execute();
  }
  await db.schema.alterTable('replies').dropColumn('snoozed_until').execute();
}
