// Round-robin assignment per client (docs/api.md "The team's inbox"): the members a client's new
// replies are assigned to in turn (a JSON array of user ids, empty: off), and whose turn is next
// (a counter taken modulo the members still in the workspace).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('clients').addColumn('round_robin', 'text', (c) => c.notNull().defaultTo('[]')).execute();
  await db.schema.alterTable('clients').addColumn('round_robin_turn', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('clients').dropColumn('round_robin_turn').execute();
  await db.schema.alterTable('clients').dropColumn('round_robin').execute();
}
