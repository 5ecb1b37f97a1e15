// Triage learns the team's corrections from the replies' history instead of a job per correction
// (docs/triage.md "Learning from the team"). A PATCH that changes a category already writes a
// history row (reply_activity, action 'category'); a periodic sweep reads the rows written since
// its mark and learns each workspace's in one write. The mark must never step over a row that
// commits after it was taken:
//
// - PostgreSQL: ids are not in commit order, so each row records its transaction (as replies
//   do since 0027) and the mark is the snapshot the sweep read with: the rows to learn next are
//   those whose transaction it did not see. A BRIN index finds them. The mark names the server
//   too (its system identifier): another server's transaction ids (a restored database) mean
//   nothing here.
// - SQLite: one writer, so a new row's id is larger than every row before it — except that SQLite
//   gives a new row the largest id + 1, so once the newest rows are deleted (a reply erased with
//   its history) their ids come back. The trigger below lowers the mark to the largest id left
//   when that happens: every row between was deleted, so nothing is skipped or learned twice.
//
// The mark starts at what is stored now: corrections made before this migration were queued as
// triage.learn jobs, which are still run.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('triage_learning')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('mark', 'text', (c) => c.notNull())
    .execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // the column first, its default after: a volatile default given with the column would
    // rewrite the whole table to fill it in
    await sql`alter table reply_activity add column inserted_txid bigint`.execute(db);
    await sql`alter table reply_activity alter column inserted_txid set default (pg_current_xact_id()::text::bigint)`.execute(db);
    await sql`create index reply_activity_inserted_txid on reply_activity using brin (inserted_txid)`.execute(db);
    await sql`insert into triage_learning (id, mark)
      select 1, system_identifier::text || '/' || pg_current_snapshot()::text from pg_control_system()`.execute(db);
  } else {
    await sql`insert into triage_learning (id, mark) values (1, (select coalesce(max(id), 0) from reply_activity))`.execute(db);
    await sql`create trigger reply_activity_learning_mark after delete on reply_activity
      when old.id > (select coalesce(max(id), 0) from reply_activity)
      begin
        update triage_learning set mark = (select coalesce(max(id), 0) from reply_activity)
        where id = 1 and cast(mark as integer) > (select coalesce(max(id), 0) from reply_activity);
      end`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table reply_activity drop column inserted_txid`.execute(db);
  } else {
    await sql`drop trigger reply_activity_learning_mark`.execute(db);
  }
  await db.schema.dropTable('triage_learning').execute();
}
