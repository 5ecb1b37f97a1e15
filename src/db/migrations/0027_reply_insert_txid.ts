// Which transaction stored each reply, on PostgreSQL, so a search's remembered matches can be
// brought up to date from the replies added since they were read instead of read again
// (src/replies/search.ts, src/db/dialect.ts textMatchesSince). PostgreSQL's ids are not in
// commit order, and neither is any sequence: a transaction that took a smaller number may commit
// later. A snapshot says exactly which transactions it saw, so the matches are read with the
// snapshot they saw, and the replies added since are those whose transaction that snapshot did
// not see. Rows stored before this migration have no transaction (null): every snapshot saw them.
//
// A BRIN index keeps the search for them cheap: transaction ids grow as rows are appended, so a
// block range's minimum and maximum rule out almost every old range, and the index costs an
// insert next to nothing (a btree would add an entry to every reply). A non-HOT update copies the
// value, not the updating transaction's id. SQLite needs none of it: one writer, and a rowid
// that only grows while no reply is deleted (a deletion moves the searched-text version's other
// half, migration 0015, and the matches are read again).
import { type Kysely, PostgresAdapter, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  // the column first, its default after: a volatile default given with the column would
  // rewrite the whole table to fill it in
  await sql`alter table replies add column inserted_txid bigint`.execute(db);
  await sql`alter table replies alter column inserted_txid set default (pg_current_xact_id()::text::bigint)`.execute(db);
  await sql`create index replies_inserted_txid on replies using brin (inserted_txid)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`alter table replies drop column inserted_txid`.execute(db);
}
