// Search within a workspace without leaving the full-text index (SQLite). 0008's replies_fts
// held only the searched columns, so a search had to look up every matching row to learn its
// workspace: counting "thanks" at a million replies (174,557 matches) took 0.4 s, and the page
// sorted them all. Here the index gains the workspace as a column of its own, one token per
// workspace (`w` and the id's hex digits: dialect.ts workspaceToken), so `ws : wXXXX AND …`
// is answered by FTS5 alone; and prefix indexes of 2 and 3 characters, so that a short last
// word typed as a prefix ("co", "pri") reads one doclist instead of merging every word it
// begins. The table is contentless (content=''), with contentless_delete=1 (SQLite 3.43+): it
// stores no copy of the text, and a row leaves it by a plain DELETE by rowid.
//
// PostgreSQL is unchanged: its GIN index and the workspace's B-tree combine in a bitmap AND.
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { SEARCHED } from './0008_search.ts';

const cols = SEARCHED.replies;
const token = (ref: string) => sql.raw(`'w' || replace(${ref}.workspace_id, '-', '')`);
const values = (ref: 'new' | 'old') => sql.join(cols.map((c) => sql.raw(`${ref}.${c}`)));

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  for (const t of ['insert', 'delete', 'update']) await sql`drop trigger ${sql.id(`replies_fts_${t}`)}`.execute(db);
  await sql`drop table replies_fts`.execute(db);
  const names = sql.join(cols.map((c) => sql.ref(c)));
  await sql`create virtual table replies_fts using fts5(ws, ${names}, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2', prefix='2 3')`.execute(db);
  await sql`create trigger replies_fts_insert after insert on replies begin
    insert into replies_fts (rowid, ws, ${names}) values (new.rowid, ${token('new')}, ${values('new')}); end`.execute(db);
  await sql`create trigger replies_fts_delete after delete on replies begin
    delete from replies_fts where rowid = old.rowid; end`.execute(db);
  const changed = sql.join(cols.map((c) => sql.raw(`old.${c} is not new.${c}`)), sql` or `);
  await sql`create trigger replies_fts_update after update of ${names} on replies when ${changed} begin
    delete from replies_fts where rowid = old.rowid;
    insert into replies_fts (rowid, ws, ${names}) values (new.rowid, ${token('new')}, ${values('new')}); end`.execute(db);
  await sql`insert into replies_fts (rowid, ws, ${names}) select rowid, ${token('replies')}, ${sql.join(cols.map((c) => sql.ref(c)))} from replies`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  for (const t of ['insert', 'delete', 'update']) await sql`drop trigger ${sql.id(`replies_fts_${t}`)}`.execute(db);
  await sql`drop table replies_fts`.execute(db);
  const names = sql.join(cols.map((c) => sql.ref(c)));
  await sql`create virtual table replies_fts using fts5(${names}, content='replies', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2')`.execute(db);
  await sql`create trigger replies_fts_insert after insert on replies begin
    insert into replies_fts (rowid, ${names}) values (new.rowid, ${values('new')}); end`.execute(db);
  await sql`create trigger replies_fts_delete after delete on replies begin
    insert into replies_fts (replies_fts, rowid, ${names}) values ('delete', old.rowid, ${values('old')}); end`.execute(db);
  const changed = sql.join(cols.map((c) => sql.raw(`old.${c} is not new.${c}`)), sql` or `);
  await sql`create trigger replies_fts_update after update of ${names} on replies when ${changed} begin
    insert into replies_fts (replies_fts, rowid, ${names}) values ('delete', old.rowid, ${values('old')});
    insert into replies_fts (rowid, ${names}) values (new.rowid, ${values('new')}); end`.execute(db);
  await sql`insert into replies_fts (replies_fts) values ('rebuild')`.execute(db);
}
