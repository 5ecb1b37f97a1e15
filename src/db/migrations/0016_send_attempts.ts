// A delivery attempt under way (docs/mail.md "What a crash can cause"): the mail.send job sets
// attempt_started_at, in a commit of its own, before it hands the message to the SMTP server,
// and clears it when the attempt ends with an answer that settles it (250, 4xx, 5xx). A queued
// message that still carries it was being sent when its worker died (or the attempt timed out
// with no answer): the server may have accepted it, so the next attempt treats it as uncertain
// and looks for it in the mailbox's Sent folder before sending it again.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const ts = db.getExecutor().adapter instanceof PostgresAdapter ? sql`timestamptz` : sql`text`;
  await db.schema.alterTable('outgoing_messages').addColumn('attempt_started_at', ts).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outgoing_messages').dropColumn('attempt_started_at').execute();
}
