// Triage (CONTRACT "Triage"): a workspace's switch and its words for the model, each
// category's draft switch and template, the model a workspace learns from its corrections,
// the consequences on contacts (do-not-contact, bouncing), and why triage chose a reply's
// category. Numbered 0012: 0011 belongs to a branch written at the same time.
//
// Existing workspaces are left as they are: triage off, no categories added (a workspace that
// already sorts its replies is not surprised by a new job rewriting them). New workspaces get
// triage on and the nine categories from workspaces/service.ts createWorkspace.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const ts = pg ? sql`timestamptz` : sql`text`;
  const boolean = pg ? sql`boolean` : sql`integer`;
  const no = pg ? sql`false` : sql`0`;

  await db.schema.alterTable('workspaces').addColumn('triage_enabled', boolean, (c) => c.notNull().defaultTo(no)).execute();
  // What the model is told beyond the reply (tone, offer, what never to promise).
  await db.schema.alterTable('workspaces').addColumn('triage_instructions', 'text', (c) => c.notNull().defaultTo('')).execute();
  // The template variables {{sender_name}} and {{signature}}: who answers for the workspace.
  await db.schema.alterTable('workspaces').addColumn('triage_sender_name', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('workspaces').addColumn('triage_signature', 'text', (c) => c.notNull().defaultTo('')).execute();

  await db.schema.alterTable('categories').addColumn('drafts', boolean, (c) => c.notNull().defaultTo(no)).execute();
  await db.schema.alterTable('categories').addColumn('template', 'text').execute();

  // One row per workspace that has learned anything: the WorkspaceModel's JSON, and a version
  // that moves with every change so a worker knows when its parsed copy is stale.
  await db.schema
    .createTable('triage_models')
    .addColumn('workspace_id', 'text', (c) => c.primaryKey().references('workspaces.id').onDelete('cascade'))
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('examples', 'integer', (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();

  // Calls to the configured language model per workspace per UTC day (the daily budget).
  await db.schema
    .createTable('triage_llm_usage')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('calls', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('triage_llm_usage_pk', ['workspace_id', 'day'])
    .execute();

  await db.schema.alterTable('contacts').addColumn('do_not_contact', boolean, (c) => c.notNull().defaultTo(no)).execute();
  await db.schema.alterTable('contacts').addColumn('do_not_contact_since', ts).execute();
  await db.schema.alterTable('contacts').addColumn('do_not_contact_reason', 'text').execute();
  await db.schema.alterTable('contacts').addColumn('bouncing', boolean, (c) => c.notNull().defaultTo(no)).execute();
  await db.schema.alterTable('contacts').addColumn('bouncing_since', ts).execute();

  // Why triage chose a reply's category: a row of its own, so the replies table, its indexes
  // and the list's hot path stay as they were. One row per reply, replaced when triage runs again.
  await db.schema
    .createTable('reply_triage')
    .addColumn('reply_id', 'text', (c) => c.primaryKey().references('replies.id').onDelete('cascade'))
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    // header | rule | classifier | workspace | model | none
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('confidence', sql`real`, (c) => c.notNull())
    .addColumn('category_id', 'text')
    // template | model | null: who wrote the draft triage left, if any
    .addColumn('drafted_by', 'text')
    .addColumn('decided_at', ts, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reply_triage').execute();
  for (const column of ['bouncing_since', 'bouncing', 'do_not_contact_reason', 'do_not_contact_since', 'do_not_contact']) {
    await db.schema.alterTable('contacts').dropColumn(column).execute();
  }
  await db.schema.dropTable('triage_llm_usage').execute();
  await db.schema.dropTable('triage_models').execute();
  await db.schema.alterTable('categories').dropColumn('template').execute();
  await db.schema.alterTable('categories').dropColumn('drafts').execute();
  for (const column of ['triage_signature', 'triage_sender_name', 'triage_instructions', 'triage_enabled']) {
    await db.schema.alterTable('workspaces').dropColumn(column).execute();
  }
}
