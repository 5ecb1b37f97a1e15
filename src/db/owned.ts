// Small workspace-owned resources (categories, clients, webhook endpoints): the
// queries they share. A page is oldest first; their tables are small per workspace, so the
// total is a count over the workspace's index range.
import type { Insertable, Selectable, Updateable } from 'kysely';
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
  await db
    .insertInto(table)
    .values(row as never)
    .execute();
}

/** Sets columns of one row of the workspace; the row as it is now, or undefined when there is none. */
export async function updateOwned<T extends 'categories' | 'clients'>(db: Tx, table: T, workspaceId: string, id: string, changes: Updateable<Database[T]>) {
  const row = await db
    .updateTable(table as 'categories' | 'clients')
    .set(changes as never)
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row as Selectable<Database[T]> | undefined;
}

/** Deletes one row of the workspace; whether it was there. */
export async function deleteOwned(db: Tx, table: 'categories' | 'clients', workspaceId: string, id: string) {
  const result = await db.deleteFrom(table).where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Whether `id` names a row of the workspace in the table. */
export async function ownedExists(db: Q, table: OwnedTable, workspaceId: string, id: string): Promise<boolean> {
  const row = await db.selectFrom(table).select('id').where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}
