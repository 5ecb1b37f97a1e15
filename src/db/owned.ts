// Small workspace-owned resources (categories, clients, webhook endpoints): the
// queries they share. A page is oldest first; their tables are small per workspace, so the
// total is a count over the workspace's index range.
import type { Insertable } from 'kysely';
import type { Db } from './connect.ts';
import type { Database, Q, Tx } from './types.ts';

type OwnedTable = 'categories' | 'clients' | 'webhook_endpoints';

export async function listOwned<T extends OwnedTable>(db: Db, table: T, workspaceId: string, opts: { limit: number; offset: number }) {
  const [rows, count] = await Promise.all([
    db.read
      .selectFrom(table as OwnedTable)
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .limit(opts.limit)
      .offset(opts.offset)
      .execute(),
    db.read
      .selectFrom(table as OwnedTable)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function insertOwned<T extends Exclude<OwnedTable, 'webhook_endpoints'>>(db: Tx, table: T, row: Insertable<Database[T]>) {
  await db.insertInto(table).values(row as never).execute();
}

/** Whether `id` names a row of the workspace in the table. */
export async function ownedExists(db: Q, table: OwnedTable, workspaceId: string, id: string): Promise<boolean> {
  const row = await db.selectFrom(table).select('id').where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}
