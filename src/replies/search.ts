// A search of the replies (`q`, CONTRACT "Inbox queries"): its plan, remembered between
// requests, and on SQLite the page of a search alone read against the remembered matches.
//
// Counting the matches of a common word is the cost of a search: "thanks" is in 157,000 of a
// million replies, and both FTS5 (counting, then building the match set the page is read
// against) and PostgreSQL's GIN index (a bitmap of every match) take tens to hundreds of
// milliseconds for it, on every request, for the same answer. But what a search finds changes
// only when a reply is added or a reply's searched text changes, and the workspace's counters
// version exactly that (workspaces/counts.ts searchedTextVersion, migration 0015). So the
// matches are remembered per (workspace, words), valid for one version: a search repeated
// while nothing it could find has changed reads two counters and one page, and a new reply
// makes the next search count again.
import type { Q } from '../db/types.ts';
import { type SearchTerms, textMatchRowids } from '../db/dialect.ts';
import { readCounts, searchedTextVersion } from '../workspaces/counts.ts';
import { countFiltered, pageRowsByIds, type PagePosition, type ReplyFilter, type ReplyPageRow, type SearchPlan, walkListIndex } from './queries.ts';

interface Remembered {
  version: string;
  matches: number;
  /** SQLite: the matches' rowids, ascending; null on PostgreSQL, or when too many to keep. */
  rowids: Float64Array | null;
}

/**
 * Searches by workspace and words, each for one version of the workspace's searchable text.
 * The most recently used are kept: at most `capacity` searches and `maxRowids` rowids in all
 * (8 bytes each); a search with more matches than that is remembered by its count alone.
 */
export class SearchMemo {
  private readonly entries = new Map<string, Remembered>();
  private rowids = 0;

  constructor(readonly capacity: number, readonly maxRowids: number) {}

  get(key: string, version: string): Remembered | undefined {
    const hit = this.entries.get(key);
    if (!hit || hit.version !== version) return undefined;
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit;
  }

  set(key: string, value: Remembered) {
    this.delete(key);
    const kept = value.rowids && value.rowids.length <= this.maxRowids ? value : { ...value, rowids: null };
    this.entries.set(key, kept);
    this.rowids += kept.rowids?.length ?? 0;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.capacity && this.rowids <= this.maxRowids) break;
      this.delete(oldest);
    }
  }

  private delete(key: string) {
    this.rowids -= this.entries.get(key)?.rowids?.length ?? 0;
    this.entries.delete(key);
  }
}

/** 256 searches, 2 million rowids (16 MB): a dozen searches for common words at a million replies. */
export const searchMemo = new SearchMemo(256, 2_000_000);

const memoKey = (workspaceId: string, terms: SearchTerms) => `${workspaceId}\n${terms.lastIsPrefix ? '*' : '='}${terms.words.join(' ')}`;

const isSearchOnly = (f: ReplyFilter) => Object.entries(f).every(([k, v]) => v === undefined || k === 'search' || k === 'now' || k === 'newestFirst');

/**
 * How many replies of the workspace hold the words, and so how its page is read: walking the
 * list's index reads about `rowsWanted × replies / matches` entries before the page is full,
 * looking every match up reads `matches` rows and sorts them. The cheaper one wins.
 */
export async function planSearch(db: Q, workspaceId: string, f: ReplyFilter, rowsWanted: number, memo: SearchMemo = searchMemo): Promise<SearchPlan | undefined> {
  if (!f.search) return undefined;
  // the version is read first: matches counted after it can only be as new or newer, and an
  // entry for an old version is never used again
  const counts = await readCounts(db, workspaceId);
  const version = searchedTextVersion(counts);
  const key = memoKey(workspaceId, f.search);
  let found = memo.get(key, version);
  if (!found) {
    const rowids = await textMatchRowids(db, workspaceId, f.search);
    const matches = rowids?.length ?? (await countFiltered(db, workspaceId, { search: f.search, now: f.now, newestFirst: f.newestFirst }));
    found = { version, matches, rowids };
    memo.set(key, found);
  }
  const replies = counts.replies_total;
  const order = rowsWanted * replies < found.matches * found.matches ? 'index' : 'rows';
  return { matches: found.matches, order, rowids: isSearchOnly(f) && order === 'index' ? found.rowids : null, replies };
}

/** Whether a sorted array holds the value. */
function holds(sorted: Float64Array, value: number): boolean {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = sorted[mid]!;
    if (v === value) return true;
    if (v < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

/**
 * The page of a search alone whose plan holds its matches (SQLite, many matches): the list's
 * index is walked in the page's order, in chunks sized for the share of replies that match,
 * and the rows whose rowid is a match are kept — `offset` of them skipped, then `limit + 1`
 * (the caller learns from the last whether another page follows). Only the page's rows are
 * read from the table.
 */
export async function readSearchPage(db: Q, workspaceId: string, f: ReplyFilter, page: { limit: number; offset: number; after?: PagePosition }, plan: SearchPlan, rowids: Float64Array): Promise<ReplyPageRow[]> {
  const share = Math.max(plan.matches, 1) / Math.max(plan.replies, 1);
  let chunk = Math.min(Math.ceil((page.offset + page.limit + 1) / share) + 16, 10_000);
  let after = page.after;
  let skip = page.offset;
  const ids: string[] = [];
  for (;;) {
    const rows = await walkListIndex(db, workspaceId, f.newestFirst, after, chunk);
    for (const r of rows) {
      if (!holds(rowids, r.rowid)) continue;
      if (skip > 0) skip--;
      else if (ids.push(r.id) > page.limit) return pageRowsByIds(db, workspaceId, ids, f.newestFirst);
    }
    const last = rows.at(-1);
    if (rows.length < chunk || !last) return pageRowsByIds(db, workspaceId, ids, f.newestFirst);
    after = { receivedAt: last.received_at, id: last.id };
    chunk = Math.min(chunk * 2, 10_000);
  }
}
