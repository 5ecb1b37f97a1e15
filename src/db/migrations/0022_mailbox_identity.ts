// Who a mailbox speaks as and for (docs/mailboxes.md "Connecting"): the display name its mail
// is sent under ("Dana Reyes <dana@agency.example>"; '' sends the bare address), and the
// client it works for: replies that arrive in it, or are ingested to its address, belong to
// that client unless they name one. A deleted client leaves the mailbox without one.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('connections').addColumn('display_name', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema
    .alterTable('connections')
    .addColumn('client_id', 'text', (c) => c.references('clients.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('connections').dropColumn('client_id').execute();
  await db.schema.alterTable('connections').dropColumn('display_name').execute();
}
