// Triage's suggestions for a reply it left without a category (docs/triage.md "When unsure"):
// the two most likely categories as JSON [{category_id, confidence}], shown in the dashboard as
// one-click choices. Null when triage decided, or for decisions recorded before this migration.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('reply_triage').addColumn('suggestions', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('reply_triage').dropColumn('suggestions').execute();
}
