// workspace_counts becomes several rows per workspace, keyed (workspace_id, slot), so that
// concurrent writers on PostgreSQL add to different rows (src/workspaces/counts.ts). The old
// single row becomes slot 0.
import { type CreateTableBuilder, type Kysely, sql } from 'kysely';

const COUNTERS = ['replies_total', 'replies_pending', 'replies_ready', 'replies_sent', 'replies_archived', 'contacts_total'];

async function createCounts(db: Kysely<any>, name: string, slotted: boolean) {
  let table: CreateTableBuilder<string, string> = db.schema
    .createTable(name)
    .addColumn('workspace_id', 'text', (c) => (slotted ? c.notNull() : c.primaryKey()).references('workspaces.id').onDelete('cascade'));
  if (slotted) table = table.addColumn('slot', 'integer', (c) => c.notNull());
  for (const c of COUNTERS) table = table.addColumn(c, 'integer', (col) => col.notNull().defaultTo(0));
  if (slotted) table = table.addPrimaryKeyConstraint(`${name}_pkey`, ['workspace_id', 'slot']);
  await table.execute();
}

export async function up(db: Kysely<any>): Promise<void> {
  await createCounts(db, 'workspace_counts_slotted', true);
  await sql`insert into workspace_counts_slotted (workspace_id, slot, ${sql.join(COUNTERS.map((c) => sql.ref(c)))})
            select workspace_id, 0, ${sql.join(COUNTERS.map((c) => sql.ref(c)))} from workspace_counts`.execute(db);
  await db.schema.dropTable('workspace_counts').execute();
  await db.schema.alterTable('workspace_counts_slotted').renameTo('workspace_counts').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await createCounts(db, 'workspace_counts_single', false);
  await sql`insert into workspace_counts_single (workspace_id, ${sql.join(COUNTERS.map((c) => sql.ref(c)))})
            select workspace_id, ${sql.join(COUNTERS.map((c) => sql`sum(${sql.ref(c)})`))} from workspace_counts group by workspace_id`.execute(db);
  await db.schema.dropTable('workspace_counts').execute();
  await db.schema.alterTable('workspace_counts_single').renameTo('workspace_counts').execute();
}
