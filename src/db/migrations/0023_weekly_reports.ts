// A client's weekly report by mail (docs/dashboard.md "Reports"): the addresses it goes to
// (clients.weekly_report_to, a JSON array; '[]': none), the workspace's time zone whose Monday
// it is sent on (workspaces.time_zone), one row per client and week it was sent for (the
// primary key makes it once, whichever worker gets there first), and the system mail's HTML
// part and its chart image.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('workspaces').addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('UTC')).execute();
  await db.schema.alterTable('clients').addColumn('weekly_report_to', 'text', (c) => c.notNull().defaultTo('[]')).execute();
  await db.schema.alterTable('system_mail').addColumn('html', 'text').execute();
  await db.schema
    .alterTable('system_mail')
    .addColumn('image', pg ? sql`bytea` : sql`blob`)
    .execute();
  await db.schema
    .createTable('weekly_reports')
    .addColumn('client_id', 'text', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('week', 'text', (c) => c.notNull())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('system_mail_id', 'text', (c) => c.notNull())
    .addColumn('created_at', pg ? sql`timestamptz` : sql`text`, (c) => c.notNull())
    .addPrimaryKeyConstraint('weekly_reports_pk', ['client_id', 'week'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('weekly_reports').execute();
  await db.schema.alterTable('system_mail').dropColumn('image').execute();
  await db.schema.alterTable('system_mail').dropColumn('html').execute();
  await db.schema.alterTable('clients').dropColumn('weekly_report_to').execute();
  await db.schema.alterTable('workspaces').dropColumn('time_zone').execute();
}
