// The team's notes on replies and the replies' history (migration 0019; docs/api.md "The team's
// inbox"): written in the transaction of the change they record, read with a reply.
import { type Insertable, sql } from 'kysely';
import { together } from '../db/connect.ts';
import { prepared, preparedInsert } from '../db/prepared.ts';
import type { Q, ReplyActivityTable, ReplyNoteTable, Tx } from '../db/types.ts';

// Every change of a reply writes one to four of these (a triaged reply at ingestion: category,
// status, draft, snooze): a hot path, so each row is one INSERT compiled once (db/prepared.ts)
// rather than a multi-row INSERT built and compiled for every change. The rows keep their order,
// and so their ids the history's: SQLite runs a precompiled statement when it is called, and
// PostgreSQL runs a connection's statements in the order they were sent.
const insertOne = preparedInsert('reply_activity', ['workspace_id', 'reply_id', 'at', 'actor_type', 'actor_id', 'actor_name', 'action', 'from_value', 'to_value']);

export async function insertActivity(db: Tx, rows: Required<Omit<Insertable<ReplyActivityTable>, 'id'>>[]) {
  await together(rows.map((row) => insertOne(db, row)));
}

export async function insertNote(db: Tx, row: Insertable<ReplyNoteTable>) {
  await db.insertInto('reply_notes').values(row).execute();
}

/**
 * A reply's notes and history in one statement, as its single read takes them (a hot path:
 * compiled once). `kind` says which a row is; `seq` orders the history (its ids grow).
 */
const notesAndActivity = prepared((db, a: { ws: string; replyId: string }) =>
  db
    .selectFrom('reply_notes')
    .select([
      sql<'note' | 'activity'>`'note'`.as('kind'),
      sql<string>`0`.as('seq'),
      'id',
      'body',
      'created_at as at',
      'author_type as actor_type',
      'author_id as actor_id',
      'author_name as actor_name',
      sql<string | null>`null`.as('action'),
      sql<string | null>`null`.as('from_value'),
      sql<string | null>`null`.as('to_value'),
    ])
    .where('workspace_id', '=', a.ws)
    .where('reply_id', '=', a.replyId)
    .unionAll(
      db
        .selectFrom('reply_activity')
        .select([
          sql<'note' | 'activity'>`'activity'`.as('kind'),
          'id as seq',
          sql<string>`''`.as('id'),
          sql<string>`''`.as('body'),
          'at',
          'actor_type',
          'actor_id',
          'actor_name',
          'action',
          'from_value',
          'to_value',
        ])
        .where('workspace_id', '=', a.ws)
        .where('reply_id', '=', a.replyId),
    ),
);

/** The reply's notes (oldest first) and its history (in the order it was written). */
export async function notesAndActivityOf(db: Q, workspaceId: string, replyId: string) {
  const rows = await notesAndActivity(db, { ws: workspaceId, replyId });
  const notes = rows.filter((r) => r.kind === 'note').sort((x, y) => (x.at < y.at ? -1 : x.at > y.at ? 1 : x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
  const activity = rows.filter((r) => r.kind === 'activity').sort((x, y) => Number(x.seq) - Number(y.seq));
  return { notes, activity };
}
export type NoteRow = Awaited<ReturnType<typeof notesAndActivityOf>>['notes'][number];
