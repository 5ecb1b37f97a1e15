// Send later and undo (docs/mail.md "Send later, undo and held mail"): an answer can wait as
// outgoing mail with status `scheduled` until its send_at. It keeps the text that becomes the
// reply's sent_response once it goes, and who scheduled it, whom its history names as the
// sender. A cancelled answer stays as a record but no longer counts as the reply's one send.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const ts = db.getExecutor().adapter instanceof PostgresAdapter ? sql`timestamptz` : sql`text`;
  await db.schema.alterTable('outgoing_messages').addColumn('send_at', ts).execute();
  await db.schema.alterTable('outgoing_messages').addColumn('sent_response', 'text').execute();
  await db.schema.alterTable('outgoing_messages').addColumn('scheduled_by', 'text').execute();
  await db.schema.dropIndex('outgoing_messages_one_send_per_reply').execute();
  await sql`CREATE UNIQUE INDEX outgoing_messages_one_send_per_reply ON outgoing_messages (reply_id) WHERE kind = 'send' AND status <> 'cancelled'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('outgoing_messages_one_send_per_reply').execute();
  await sql`CREATE UNIQUE INDEX outgoing_messages_one_send_per_reply ON outgoing_messages (reply_id) WHERE kind = 'send'`.execute(db);
  await db.schema.alterTable('outgoing_messages').dropColumn('scheduled_by').execute();
  await db.schema.alterTable('outgoing_messages').dropColumn('sent_response').execute();
  await db.schema.alterTable('outgoing_messages').dropColumn('send_at').execute();
}
