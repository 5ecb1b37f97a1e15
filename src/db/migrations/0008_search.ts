// Full-text search (CONTRACT "Inbox queries": q). Words as written, any language: no stemming,
// no stop words; case and accents ignored; an address matches by its parts (jane, doe, acme).
//
// SQLite: FTS5 external-content tables over the searched columns, tokenised by unicode61 with
// remove_diacritics 2, kept in step by triggers, so every insert and change updates the index
// in its own transaction. PostgreSQL: a GIN index over a tsvector of the same columns ('simple'
// configuration, unaccent, the punctuation of addresses turned into spaces); the query side
// builds its tsquery from the same words (src/db/dialect.ts textSearch). Chosen over pg_trgm:
// whole words and prefixes are what a person types, and a tsvector index answers them without
// the false positives a trigram index must recheck.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

export const SEARCHED = {
  replies: ['from_name', 'from_email', 'subject', 'body_text'],
  contacts: ['email', 'first_name', 'last_name', 'company'],
} as const;

export async function up(db: Kysely<any>): Promise<void> {
  // A contact's replies by the same shape of index as the other filters (0007), so that the
  // filter is answered in order off it in any workspace; it replaces (contact_id, received_at).
  await db.schema.createIndex('replies_workspace_contact_received').on('replies').columns(['workspace_id', 'contact_id', 'received_at', 'id']).execute();
  await db.schema.dropIndex('replies_contact_received').execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create extension if not exists unaccent`.execute(db);
    // unaccent() is only STABLE (its dictionary could change), so an index cannot use it; this
    // wrapper names the dictionary and is declared IMMUTABLE, as its documentation suggests.
    await sql`create or replace function replydesk_search_text(text) returns text language sql immutable parallel safe strict
      as $$ select regexp_replace(public.unaccent('public.unaccent'::regdictionary, $1), '[@._+/:-]', ' ', 'g') $$`.execute(db);
    for (const [table, columns] of Object.entries(SEARCHED)) {
      await sql`create index ${sql.id(`${table}_search`)} on ${sql.table(table)} using gin (to_tsvector('simple'::regconfig, ${document(columns)}))`.execute(db);
    }
    return;
  }
  for (const [table, columns] of Object.entries(SEARCHED)) {
    const fts = `${table}_fts`;
    const cols = sql.join(columns.map((c) => sql.ref(c)));
    const newValues = sql.join(columns.map((c) => sql`new.${sql.ref(c)}`));
    const oldValues = sql.join(columns.map((c) => sql`old.${sql.ref(c)}`));
    await sql`create virtual table ${sql.table(fts)} using fts5(${cols}, content=${sql.lit(table)}, content_rowid='rowid', tokenize='unicode61 remove_diacritics 2')`.execute(db);
    await sql`create trigger ${sql.id(`${fts}_insert`)} after insert on ${sql.table(table)} begin
      insert into ${sql.table(fts)} (rowid, ${cols}) values (new.rowid, ${newValues}); end`.execute(db);
    await sql`create trigger ${sql.id(`${fts}_delete`)} after delete on ${sql.table(table)} begin
      insert into ${sql.table(fts)} (${sql.table(fts)}, rowid, ${cols}) values ('delete', old.rowid, ${oldValues}); end`.execute(db);
    // only when a searched column really changes: the contact upsert names them on every reply
    const changed = sql.join(columns.map((c) => sql`old.${sql.ref(c)} is not new.${sql.ref(c)}`), sql` or `);
    await sql`create trigger ${sql.id(`${fts}_update`)} after update of ${cols} on ${sql.table(table)} when ${changed} begin
      insert into ${sql.table(fts)} (${sql.table(fts)}, rowid, ${cols}) values ('delete', old.rowid, ${oldValues});
      insert into ${sql.table(fts)} (rowid, ${cols}) values (new.rowid, ${newValues}); end`.execute(db);
    await sql`insert into ${sql.table(fts)} (${sql.table(fts)}) values ('rebuild')`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('replies_contact_received').on('replies').columns(['contact_id', 'received_at']).execute();
  await db.schema.dropIndex('replies_workspace_contact_received').execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const table of Object.keys(SEARCHED)) await sql`drop index ${sql.id(`${table}_search`)}`.execute(db);
    await sql`drop function replydesk_search_text(text)`.execute(db);
    return;
  }
  for (const table of Object.keys(SEARCHED)) {
    for (const t of ['insert', 'delete', 'update']) await sql`drop trigger ${sql.id(`${table}_fts_${t}`)}`.execute(db);
    await sql`drop table ${sql.table(`${table}_fts`)}`.execute(db);
  }
}

/** The searched text of a row on PostgreSQL; dialect.ts textSearch writes the same expression. */
export function document(columns: readonly string[], alias?: string) {
  const ref = (c: string) => sql.ref(alias ? `${alias}.${c}` : c);
  return sql`replydesk_search_text(${sql.join(columns.map((c) => sql`coalesce(${ref(c)}, '')`), sql` || ' ' || `)})`;
}
