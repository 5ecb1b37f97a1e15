// reply_counts: how many replies a workspace has in each combination of status, client,
// mailbox (connection) and category, so that `pagination.total` of a list filtered by any of
// them is a sum over a handful of rows instead of a count over up to every reply
// (src/replies/queries.ts countFiltered). Kept by triggers, in the transaction of every insert,
// change and delete of a reply, so no code path that writes replies can forget it. A missing
// id is stored as '' (a key column may not be NULL and still be unique).
//
// On PostgreSQL the rows are spread over 16 slots per combination, chosen at random, as
// workspace_counts are (0006): concurrent ingestions of one client would otherwise queue on
// one row. A slot may hold a negative number; only sums mean anything.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

const KEY = ['workspace_id', 'slot', 'status', 'client_id', 'connection_id', 'category_id'] as const;
const CHANGED = 'old.status IS DISTINCT FROM new.status OR old.client_id IS DISTINCT FROM new.client_id OR old.connection_id IS DISTINCT FROM new.connection_id OR old.category_id IS DISTINCT FROM new.category_id';

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('reply_counts')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('slot', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('connection_id', 'text', (c) => c.notNull())
    .addColumn('category_id', 'text', (c) => c.notNull())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('reply_counts_pk', [...KEY])
    .execute();

  // the replies already there
  await sql`insert into reply_counts (workspace_id, slot, status, client_id, connection_id, category_id, n)
    select workspace_id, 0, status, coalesce(client_id, ''), coalesce(connection_id, ''), coalesce(category_id, ''), count(*)
    from replies group by workspace_id, status, coalesce(client_id, ''), coalesce(connection_id, ''), coalesce(category_id, '')`.execute(db);

  const add = (row: 'old' | 'new', delta: number, slot: string) => sql.raw(`insert into reply_counts (${KEY.join(', ')}, n)
      values (${row}.workspace_id, ${slot}, ${row}.status, coalesce(${row}.client_id, ''), coalesce(${row}.connection_id, ''), coalesce(${row}.category_id, ''), ${delta})
      on conflict (${KEY.join(', ')}) do update set n = reply_counts.n + excluded.n`);

  if (postgres) {
    await sql`create function replydesk_count_reply() returns trigger language plpgsql as $$
      declare s integer := floor(random() * 16);
      begin
        if tg_op in ('UPDATE', 'DELETE') then ${add('old', -1, 's')}; end if;
        if tg_op in ('UPDATE', 'INSERT') then ${add('new', 1, 's')}; end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger replies_count_insert_delete after insert or delete on replies for each row execute function replydesk_count_reply()`.execute(db);
    await sql.raw(`create trigger replies_count_update after update of status, client_id, connection_id, category_id on replies for each row when (${CHANGED}) execute function replydesk_count_reply()`).execute(db);
  } else {
    const sqliteChanged = CHANGED.replaceAll('IS DISTINCT FROM', 'IS NOT');
    await sql`create trigger replies_count_insert after insert on replies begin ${add('new', 1, '0')}; end`.execute(db);
    await sql`create trigger replies_count_delete after delete on replies begin ${add('old', -1, '0')}; end`.execute(db);
    await sql.raw(`create trigger replies_count_update after update of status, client_id, connection_id, category_id on replies when ${sqliteChanged}
      begin ${add('old', -1, '0').compile(db).sql}; ${add('new', 1, '0').compile(db).sql}; end`).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    await sql`drop trigger replies_count_update on replies`.execute(db);
    await sql`drop trigger replies_count_insert_delete on replies`.execute(db);
    await sql`drop function replydesk_count_reply()`.execute(db);
  } else {
    for (const t of ['replies_count_update', 'replies_count_insert', 'replies_count_delete']) await sql`drop trigger ${sql.id(t)}`.execute(db);
  }
  await db.schema.dropTable('reply_counts').execute();
}
