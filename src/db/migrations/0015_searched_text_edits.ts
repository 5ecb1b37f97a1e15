// A version of each workspace's searchable text, so a search's matches can be remembered
// between requests (src/replies/search.ts). Replies are only ever added, and their searched
// columns (0008: from_name, from_email, subject, body_text) are written once at ingestion, so
// `replies_total` alone almost versions the text; this counter, beside it in workspace_counts,
// covers the rest: every UPDATE that changes a searched column adds one to it, in the same
// transaction, by trigger — whatever code makes the change. (Replies are never deleted; a
// feature that deletes them must add to it as well.)
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { SEARCHED } from './0008_search.ts';

const cols = SEARCHED.replies;
const ADD_ONE = `insert into workspace_counts (workspace_id, slot, searched_text_edits) values (new.workspace_id, 0, 1)
  on conflict (workspace_id, slot) do update set searched_text_edits = workspace_counts.searched_text_edits + 1`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('workspace_counts').addColumn('searched_text_edits', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  const columns = cols.join(', ');
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const changed = cols.map((c) => `old.${c} is distinct from new.${c}`).join(' or ');
    await sql.raw(`create function replydesk_searched_text_edited() returns trigger language plpgsql as $$
      begin ${ADD_ONE}; return null; end $$`).execute(db);
    await sql.raw(`create trigger replies_searched_text_edited after update of ${columns} on replies
      for each row when (${changed}) execute function replydesk_searched_text_edited()`).execute(db);
    return;
  }
  const changed = cols.map((c) => `old.${c} is not new.${c}`).join(' or ');
  await sql.raw(`create trigger replies_searched_text_edited after update of ${columns} on replies when ${changed}
    begin ${ADD_ONE}; end`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger replies_searched_text_edited${sql.raw(db.getExecutor().adapter instanceof PostgresAdapter ? ' on replies' : '')}`.execute(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) await sql`drop function replydesk_searched_text_edited()`.execute(db);
  await db.schema.alterTable('workspace_counts').dropColumn('searched_text_edits').execute();
}
