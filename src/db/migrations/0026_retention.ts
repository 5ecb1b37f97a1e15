// Retention (docs/api.md "Retention"): how many days a workspace keeps its replies; null keeps
// them forever (the default). The worker deletes older ones every hour, in small batches
// (src/replies/retention.ts).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('workspaces').addColumn('retention_days', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('workspaces').dropColumn('retention_days').execute();
}
