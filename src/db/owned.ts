// Small workspace-owned resources (categories, clients, connections, webhook endpoints): one
// page, oldest first. Their tables are small per workspace, so the total is a count over the
// workspace's index range.
import type { Db } from './connect.ts';

type OwnedTable = 'categories' | 'clients' | 'connections' | 'webhook_endpoints';

export async function listOwned<T extends OwnedTable>(db: Db, table: T, workspaceId: string, opts: { limit: number; offset: number }) {
  const [rows, count] = await Promise.all([
    db.kysely
      .selectFrom(table as OwnedTable)
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .limit(opts.limit)
      .offset(opts.offset)
      .execute(),
    db.kysely
      .selectFrom(table as OwnedTable)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
