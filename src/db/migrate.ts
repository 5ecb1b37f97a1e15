import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Db } from './connect.ts';
import * as m0001 from './migrations/0001_initial.ts';
import * as m0002 from './migrations/0002_jobs.ts';
import * as m0003 from './migrations/0003_events.ts';
import * as m0004 from './migrations/0004_mail.ts';
import * as m0005 from './migrations/0005_webhooks.ts';
import * as m0006 from './migrations/0006_counter_slots.ts';
import * as m0007 from './migrations/0007_inbox_queries.ts';
import * as m0008 from './migrations/0008_search.ts';
import * as m0009 from './migrations/0009_people.ts';
import * as m0010 from './migrations/0010_reply_counts.ts';
import * as m0011 from './migrations/0011_search_scope.ts';
import * as m0012 from './migrations/0012_triage.ts';
import * as m0013 from './migrations/0013_mailboxes.ts';
import * as m0014 from './migrations/0014_reply_counts_lock_order.ts';
import * as m0015 from './migrations/0015_searched_text_edits.ts';
import * as m0016 from './migrations/0016_send_attempts.ts';
import * as m0017 from './migrations/0017_mailbox_oauth.ts';
import * as m0018 from './migrations/0018_triage_suggestions.ts';
import * as m0019 from './migrations/0019_team_inbox.ts';
import * as m0020 from './migrations/0020_send_later.ts';
import * as m0021 from './migrations/0021_round_robin.ts';
import * as m0022 from './migrations/0022_mailbox_identity.ts';
import * as m0023 from './migrations/0023_weekly_reports.ts';
import * as m0024 from './migrations/0024_report_rollups.ts';
import * as m0025 from './migrations/0025_audit_log.ts';
import * as m0026 from './migrations/0026_retention.ts';
import * as m0027 from './migrations/0027_reply_insert_txid.ts';
import * as m0028 from './migrations/0028_learning_from_history.ts';

// Listed here rather than read from the folder, so the set of migrations is part of the
// code under review and works the same under tsx, a bundler or plain node.
// A new migration: the next number, its line here, and `npm run migrations:checksum` to record
// its checksum. A committed migration is never edited: write a new one instead
// (docs/architecture.md "Migrations"; test/migration-checksums.test.ts).
const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_jobs': m0002,
  '0003_events': m0003,
  '0004_mail': m0004,
  '0005_webhooks': m0005,
  '0006_counter_slots': m0006,
  '0007_inbox_queries': m0007,
  '0008_search': m0008,
  '0009_people': m0009,
  '0010_reply_counts': m0010,
  '0011_search_scope': m0011,
  '0012_triage': m0012,
  '0013_mailboxes': m0013,
  '0014_reply_counts_lock_order': m0014,
  '0015_searched_text_edits': m0015,
  '0016_send_attempts': m0016,
  '0017_mailbox_oauth': m0017,
  '0018_triage_suggestions': m0018,
  '0019_team_inbox': m0019,
  '0020_send_later': m0020,
  '0021_round_robin': m0021,
  '0022_mailbox_identity': m0022,
  '0023_weekly_reports': m0023,
  '0024_report_rollups': m0024,
  '0025_audit_log': m0025,
  '0026_retention': m0026,
  '0027_reply_insert_txid': m0027,
  '0028_learning_from_history': m0028,
};

/** Every migration this code knows, by name (a restored copy must name no other: cli/backup.ts). */
export const MIGRATION_NAMES: readonly string[] = Object.keys(migrations);

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Kysely's Migrator over our migrations (tests use it to stop at an older schema). */
// Unordered migrations allowed: 0011 and 0012 were written on parallel branches, so a database
// migrated to 0012 may meet 0011 later; each migration touches its own tables and columns.
export const migrator = (db: Db) => new Migrator({ db: db.migrations, provider, allowUnorderedMigrations: true });

/** Brings the database to the latest schema. Idempotent; Kysely's Migrator holds a lock. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const { error, results } = await migrator(db).migrateToLatest();
  // what a migration threw: an Error as it is, anything else wrapped so it has a stack
  if (error) throw error instanceof Error ? error : new Error('migration failed', { cause: error });
  // statistics for the planner from the start (then every 15 s: job-handlers.ts)
  await db.refreshPlannerStatistics();
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
