// Where SQLite and PostgreSQL differ, side by side (as Kysely's own adapters keep them). A
// query module asks here instead of testing the dialect itself.
import { type Kysely, PostgresAdapter, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import { document, SEARCHED } from './migrations/0008_search.ts';
import { type GrowingSet, type ReplySet, RowidSet, UuidSet } from './reply-sets.ts';
import type { Q, Tx } from './types.ts';

export type Dialect = 'sqlite' | 'postgres';

/** The dialect a Kysely instance or transaction talks to. */
export const dialectOf = (db: Q | Kysely<any>): Dialect => (db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite');

/**
 * Rows a transaction reads to change, held from other transactions until it ends: `FOR
 * UPDATE` (with `SKIP LOCKED`, rows another transaction holds are passed over instead of
 * waited for) on PostgreSQL. SQLite lets one transaction write at a time, which holds them
 * already: the query is unchanged.
 */
export function forUpdate<T extends SelectQueryBuilder<any, any, any>>(db: Q, query: T, opts: { skipLocked?: boolean } = {}): T {
  if (dialectOf(db) !== 'postgres') return query;
  const locked = query.forUpdate();
  return (opts.skipLocked ? locked.skipLocked() : locked) as T;
}

/**
 * Holds the rows `query` selects from other writers until the transaction ends: `FOR UPDATE`
 * on PostgreSQL. On SQLite the transaction's write lock holds every row already, so nothing
 * runs.
 */
export async function lockRows(db: Q, query: SelectQueryBuilder<any, any, any>): Promise<void> {
  if (dialectOf(db) === 'postgres') await query.forUpdate().execute();
}

/** A boolean column's value: PostgreSQL has booleans, SQLite stores 0 and 1. */
export const bool = (db: Q, value: boolean) => (dialectOf(db) === 'postgres' ? value : value ? 1 : 0) as boolean;

/**
 * How many rows a workspace's counters are spread over (src/workspaces/counts.ts). On
 * PostgreSQL every write that counts locks the row it adds to until it commits, so one row
 * would make every concurrent ingestion of a workspace wait for the one before it; spread
 * over 16, they rarely meet. SQLite has one writer at a time anyway: one row, one read.
 */
export const counterSlots = (db: Q) => (dialectOf(db) === 'postgres' ? 16 : 1);

/**
 * Brings the query planner's statistics up to date where the database does not do it itself:
 * SQLite's `PRAGMA optimize` (ANALYZE of the tables whose statistics are missing or stale;
 * without them the planner walks a whole workspace for a filter with few matches, such as
 * snoozed=true or a rare search word). PostgreSQL's autovacuum analyzes on its own (where a
 * server has it off, postgres.ts maintainWithoutAutovacuum does its work, outside a transaction).
 */
export async function refreshPlannerStatistics(trx: Q): Promise<void> {
  if (dialectOf(trx) === 'sqlite') await sql`pragma optimize`.execute(trx);
}

/**
 * `column = workspaceId` as a condition no index is chosen for: for lookups by a list of
 * primary keys (`id IN (…)`), which find each row at once. Without statistics, or with the
 * stale ones a long-lived connection loaded when the table was small, SQLite's planner
 * prefers an index on the workspace and walks every reply of it instead: a list page took
 * 2 s at a million replies. The unary plus is SQLite's documented way to keep a term off the
 * indexes; PostgreSQL's planner gets this right by itself.
 */
export function sameWorkspaceNoIndex(db: Q, column: string, workspaceId: string): RawBuilder<boolean> {
  return dialectOf(db) === 'sqlite' ? sql<boolean>`+${sql.ref(column)} = ${workspaceId}` : sql<boolean>`${sql.ref(column)} = ${workspaceId}`;
}

/** A unique-constraint violation, as either dialect reports it. */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * PostgreSQL ended the transaction to break a deadlock (SQLite has one writer at a time and
 * none). Writes that lock the same rows in different orders can meet that way, rarely: a bulk
 * change against an ingestion, both moving counter rows.
 */
export function isDeadlock(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === '40P01';
}

/** What a `q` asks for: its words, and whether the last is a prefix (the person is still typing it). */
export interface SearchTerms {
  words: string[];
  lastIsPrefix: boolean;
}

/** A whole address (`jane.doe@acme.com`): its last part is not a prefix, so `com` does not match `company`. */
const WHOLE_ADDRESS = /^\s*[^\s@]+@[^\s@]+\.[\p{L}]{2,}\s*$/u;

/**
 * The words of a search as the index holds them: accents and case dropped, split at anything
 * that is not a letter or a digit (so an address is found by its parts). Empty when the text
 * has no letter or digit.
 */
export function searchWords(text: string): SearchTerms {
  const plain = text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  return { words: plain.match(/[\p{L}\p{N}]+/gu) ?? [], lastIsPrefix: !WHOLE_ADDRESS.test(text) };
}

/** A workspace's token in replies_fts (migration 0011): `w` and the id without its hyphens. */
const workspaceToken = (workspaceId: string) => `w${workspaceId.replace(/-/g, '')}`;

/** The FTS5 query of the words within a workspace: `ws : "w…" AND "a" AND "b"*`. */
function ftsQuery(terms: SearchTerms, workspaceId?: string) {
  const words = terms.words.map((w, i) => (i === terms.words.length - 1 && terms.lastIsPrefix ? `"${w}"*` : `"${w}"`)).join(' ');
  return workspaceId === undefined ? words : `ws : "${workspaceToken(workspaceId)}" AND ${words}`;
}

/**
 * The rows of `table` (as `alias`) whose searched columns hold every word, the last one as a
 * prefix unless the search is a whole address (migrations 0008, 0011): FTS5 MATCH on SQLite, a
 * tsquery against the GIN index's tsvector on PostgreSQL. `words` come from searchWords, so
 * they hold only letters and digits.
 *
 * Replies on SQLite are matched within the workspace by the index itself, and `order` says how
 * the page is read: `'rows'` looks up each match and sorts them (few matches), `'index'` walks
 * the list's index in order and keeps the rows that match (many matches: the first page is
 * found after a few rows; the unary plus stops SQLite from looking the matches up instead).
 */
export function textSearch(db: Q, table: keyof typeof SEARCHED, alias: string, terms: SearchTerms, scope?: { workspaceId: string; order: 'rows' | 'index' }): RawBuilder<boolean> {
  if (dialectOf(db) === 'postgres') {
    const query = terms.words.map((w, i) => (i === terms.words.length - 1 && terms.lastIsPrefix ? `${w}:*` : w)).join(' & ');
    // unaccent on both sides, so its foldings beyond accents (ß → ss, æ → ae) match too
    return sql<boolean>`to_tsvector('simple'::regconfig, ${document(SEARCHED[table], alias)}) @@ to_tsquery('simple'::regconfig, public.unaccent('public.unaccent'::regdictionary, ${query}))`;
  }
  const fts = sql.table(`${table}_fts`);
  const rowid = scope?.order === 'index' ? sql`+${sql.ref(`${alias}.rowid`)}` : sql.ref(`${alias}.rowid`);
  return sql<boolean>`${rowid} in (select rowid from ${fts} where ${fts} match ${ftsQuery(terms, scope?.workspaceId)})`;
}

/** The column walkListIndex reads as `rowid`: the rowid on SQLite, null on PostgreSQL. */
export const rowidOrNull = (db: Q) => (dialectOf(db) === 'sqlite' ? sql<number | null>`rowid` : sql<number | null>`null`);

/**
 * A workspace's replies that hold a search's words, as one read found them, and where that read
 * stood (`mark`): on SQLite the largest rowid it found, on PostgreSQL the snapshot it saw.
 * textMatchesSince adds the matches stored after it.
 */
export interface MatchSet {
  readonly set: ReplySet;
  readonly mark: number | string;
}

/**
 * PostgreSQL: a row of a table with `inserted_txid` (migrations 0027, 0028) written by a
 * transaction the snapshot `mark` did not see, and the current one has — found by the block
 * ranges of the column's BRIN index at or past the snapshot's oldest transaction. A transaction
 * id beyond what the current snapshot has seen (a row restored from another server) is not new.
 */
function unseenBy(mark: string): RawBuilder<boolean> {
  const xmin = mark.slice(0, mark.indexOf(':'));
  return sql<boolean>`inserted_txid >= ${xmin}::bigint
    and inserted_txid < pg_snapshot_xmax(pg_current_snapshot())::text::bigint
    and not pg_visible_in_snapshot(inserted_txid::text::xid8, ${mark}::pg_snapshot)`;
}

/** The ids a PostgreSQL read finds, and the snapshot it saw (one statement: the same snapshot). */
async function idsWithSnapshot(db: Q, matches: RawBuilder<unknown>): Promise<{ ids: string[]; snapshot: string }> {
  const { rows } = await sql<{ id: string | null; snapshot: string | null }>`select null::text as id, pg_current_snapshot()::text as snapshot union all ${matches}`.execute(db);
  const ids: string[] = [];
  let snapshot = '';
  for (const r of rows) {
    if (r.id === null) snapshot = r.snapshot!;
    else ids.push(r.id);
  }
  return { ids, snapshot };
}

/**
 * The workspace's replies whose searched text holds the words: read off the full-text index
 * alone on SQLite (its rowids; migration 0011), through the GIN and workspace indexes on
 * PostgreSQL (its ids).
 */
export async function textMatchSet(db: Q, workspaceId: string, terms: SearchTerms): Promise<MatchSet> {
  if (dialectOf(db) === 'postgres') {
    // (on db.read, whose connections give the bitmap of a common word's matches room: postgres.ts)
    const read = await idsWithSnapshot(db, sql`select r.id, null from replies r where r.workspace_id = ${workspaceId} and ${textSearch(db, 'replies', 'r', terms)}`);
    return { set: new UuidSet(read.ids), mark: read.snapshot };
  }
  const { rows } = await sql<{ rowid: number }>`select rowid from replies_fts where replies_fts match ${ftsQuery(terms, workspaceId)} order by rowid`.execute(db);
  const set = new RowidSet(Float64Array.from(rows, (r) => r.rowid));
  return { set, mark: set.last };
}

/**
 * `found` with the matches stored since its read added (the set grows in place): the replies
 * added since hold the only matches it lacks while no stored reply's searched text changed
 * (workspaces/counts.ts searchedTextVersion). SQLite gives a new reply a rowid larger than any
 * before it (one writer; rowids are reused only after a deletion, which moves the version), so
 * the full-text index is read past the mark alone. PostgreSQL's ids are in no such order: the
 * replies whose transaction the mark's snapshot did not see are the new ones (unseenBy,
 * migration 0027); a row restored from another server is not new: the first read had it already.
 */
export async function textMatchesSince(db: Q, workspaceId: string, terms: SearchTerms, found: MatchSet): Promise<MatchSet> {
  const set = found.set as GrowingSet;
  if (dialectOf(db) === 'postgres') {
    const read = await idsWithSnapshot(
      db,
      // the new rows first (OFFSET 0 keeps the planner from merging the two levels): left
      // together, it ANDs the BRIN's few blocks with the GIN index's bitmap of every match
      sql`select r.id, null from (select * from replies where ${unseenBy(String(found.mark))}
        and workspace_id = ${workspaceId} offset 0) r where ${textSearch(db, 'replies', 'r', terms)}`,
    );
    set.add(read.ids);
    return { set, mark: read.snapshot };
  }
  const { rows } = await sql<{ rowid: number }>`select rowid from replies_fts where replies_fts match ${ftsQuery(terms, workspaceId)} and rowid > ${found.mark} order by rowid`.execute(db);
  set.add(rows.map((r) => r.rowid));
  return { set, mark: (set as RowidSet).last };
}

/** A person or key put a reply in a category: the history row triage's learning sweep learns from. */
export interface Correction {
  workspace_id: string;
  reply_id: string;
  category_id: string;
}

/**
 * The corrections written since `mark` (oldest first), and the mark to read from next time
 * (triage/learning.ts, migration 0028). Only a person's or an API key's category changes are
 * corrections: triage's own choices would only repeat themselves.
 * - PostgreSQL: the mark is the server's identity and a snapshot. The rows whose transaction
 *   that snapshot did not see are the new ones, read with the statement's own snapshot, the
 *   next mark. A mark of another server (a database restored into a new one: its transaction ids
 *   mean nothing here) makes every stored row old and starts from now.
 * - SQLite: the rows past the mark's id; the next mark is the largest id now stored.
 */
export async function correctionsSince(db: Tx, mark: string): Promise<{ corrections: Correction[]; mark: string }> {
  const isCorrection = sql`action = 'category' and actor_type in ('user', 'api_key') and to_value is not null`;
  if (dialectOf(db) === 'postgres') {
    const { rows: ids } = await sql<{ server: string; now: string }>`select system_identifier::text as server, pg_current_snapshot()::text as now from pg_control_system()`.execute(db);
    const { server, now } = ids[0]!;
    const slash = mark.indexOf('/');
    if (mark.slice(0, slash) !== server) {
      await sql`update reply_activity set inserted_txid = null where inserted_txid is not null`.execute(db);
      return { corrections: [], mark: `${server}/${now}` };
    }
    const snapshot = mark.slice(slash + 1);
    const { rows } = await sql<Correction & { id: string | null; snapshot: string | null }>`
      select null::bigint as id, null as workspace_id, null as reply_id, null as category_id, pg_current_snapshot()::text as snapshot
      union all
      select id, workspace_id, reply_id, to_value, null from reply_activity where ${unseenBy(snapshot)} and ${isCorrection}`.execute(db);
    const corrections = rows.filter((r) => r.id !== null).sort((a, b) => Number(a.id) - Number(b.id));
    return {
      corrections: corrections.map(({ workspace_id, reply_id, category_id }) => ({ workspace_id, reply_id, category_id })),
      mark: `${server}/${rows.find((r) => r.id === null)!.snapshot!}`,
    };
  }
  const { rows } = await sql<Correction>`select workspace_id, reply_id, to_value as category_id from reply_activity where id > ${Number(mark)} and ${isCorrection} order by id`.execute(db);
  const { rows: last } = await sql<{ id: number | null }>`select max(id) as id from reply_activity`.execute(db);
  return { corrections: rows, mark: String(last[0]?.id ?? 0) };
}
