// A search of the replies (`q`, docs/api.md "Inbox queries"): its plan and its matches,
// remembered between requests, and the page of a search alone read against those matches.
//
// Counting the matches of a common word is the cost of a search: "thanks" is in 157,000 of a
// million replies, and both FTS5 (counting, then building the match set the page is read
// against) and PostgreSQL's GIN index (a bitmap of every match) take tens to hundreds of
// milliseconds for it, on every request, for the same answer. But what a search finds changes
// only when a reply is added or a reply's searched text changes, and the workspace's counters
// version exactly that (workspaces/counts.ts searchedTextVersion, migration 0015). So the
// matches are remembered per (workspace, words), valid for one version: a search repeated
// while nothing it could find has changed reads the counters, walks the list's index until
// its page is full (about a hundred entries for a word in one reply in five) and reads the
// page's rows; a new reply makes the next search find its matches again.
import type { Q } from '../db/types.ts';
import { type ReplySet, type SearchTerms, textMatchSet } from '../db/dialect.ts';
import { readCounts, searchedTextVersion } from '../workspaces/counts.ts';
import { isSearchOnly, pageRowsByIds, type PagePosition, type ReplyFilter, type ReplyPageRow, type SearchPlan, walkListIndex } from './list-queries.ts';

interface Remembered {
  version: string;
  matches: number;
  /** The matches themselves (db/dialect.ts textMatchSet); null when too large to keep. */
  set: ReplySet | null;
}

/**
 * Searches by workspace and words, each for one version of the workspace's searchable text.
 * The most recently used are kept: at most `capacity` searches holding `maxBytes` of match
 * sets in all; a search whose set is larger than that is remembered by its count alone.
 */
export class SearchMemo {
  private readonly entries = new Map<string, Remembered>();
  private readonly pending = new Map<string, Promise<Remembered>>();
  private bytes = 0;

  constructor(
    readonly capacity: number,
    readonly maxBytes: number,
  ) {}

  get(key: string, version: string): Remembered | undefined {
    const hit = this.entries.get(key);
    if (!hit || hit.version !== version) return undefined;
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit;
  }

  /**
   * The remembered search, or the one `find` makes, remembered. Requests that miss at the same
   * time share one `find`: a common word's matches at a million replies take seconds to read
   * on PostgreSQL, and 32 requests each reading them would hold every core for minutes.
   */
  async getOrFind(key: string, version: string, find: () => Promise<ReplySet>): Promise<Remembered> {
    const hit = this.get(key, version);
    if (hit) return hit;
    const flight = `${key}\n${version}`;
    let pending = this.pending.get(flight);
    if (!pending) {
      pending = find()
        .then((set) => {
          const found = { version, matches: set.size, set };
          this.set(key, found);
          return found;
        })
        .finally(() => this.pending.delete(flight));
      this.pending.set(flight, pending);
    }
    return pending;
  }

  set(key: string, value: Remembered) {
    this.delete(key);
    const kept = value.set && value.set.bytes <= this.maxBytes ? value : { ...value, set: null };
    this.entries.set(key, kept);
    this.bytes += kept.set?.bytes ?? 0;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.capacity && this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  private delete(key: string) {
    this.bytes -= this.entries.get(key)?.set?.bytes ?? 0;
    this.entries.delete(key);
  }
}

/**
 * 256 searches, 24 MB of match sets: on SQLite 3 million rowids, a dozen common words at a
 * million replies; on PostgreSQL 300,000 ids, two of them.
 */
export const searchMemo = new SearchMemo(256, 24 << 20);

const memoKey = (workspaceId: string, terms: SearchTerms) => `${workspaceId}\n${terms.lastIsPrefix ? '*' : '='}${terms.words.join(' ')}`;

/**
 * How many replies of the workspace hold the words, and so how its page is read: walking the
 * list's index reads about `rowsWanted × replies / matches` entries before the page is full,
 * looking every match up reads `matches` rows and sorts them. The cheaper one wins; a search
 * alone walked that way is checked against the remembered matches (readSearchPage).
 */
export async function planSearch(db: Q, workspaceId: string, f: ReplyFilter, rowsWanted: number, memo: SearchMemo = searchMemo): Promise<SearchPlan | undefined> {
  if (!f.search) return undefined;
  // the version is read first: matches found after it can only be as new or newer, and an
  // entry for an old version is never used again
  const counts = await readCounts(db, workspaceId);
  const version = searchedTextVersion(counts);
  const search = f.search;
  const found = await memo.getOrFind(memoKey(workspaceId, search), version, () => textMatchSet(db, workspaceId, search));
  const replies = counts.replies_total;
  const order = rowsWanted * replies < found.matches * found.matches ? 'index' : 'rows';
  return { matches: found.matches, order, set: isSearchOnly(f) && order === 'index' ? found.set : null, replies };
}

/**
 * The page of a search alone whose plan holds its matches (many of them): the list's index is
 * walked in the page's order, in chunks sized for the share of replies that match, and the
 * entries that are matches are kept — `offset` of them skipped, then `limit + 1` (the caller
 * learns from the last whether another page follows). Only the page's rows are read from the
 * table.
 */
export async function readSearchPage(
  db: Q,
  workspaceId: string,
  f: ReplyFilter,
  page: { limit: number; offset: number; after?: PagePosition },
  plan: SearchPlan,
  matches: ReplySet,
): Promise<ReplyPageRow[]> {
  const share = Math.max(plan.matches, 1) / Math.max(plan.replies, 1);
  let chunk = Math.min(Math.ceil((page.offset + page.limit + 1) / share) + 16, 10_000);
  let after = page.after;
  let skip = page.offset;
  const ids: string[] = [];
  for (;;) {
    const entries = await walkListIndex(db, workspaceId, f.newestFirst, after, chunk);
    for (const e of entries) {
      if (!matches.has(e)) continue;
      if (skip > 0) skip--;
      else if (ids.push(e.id) > page.limit) return pageRowsByIds(db, workspaceId, ids, f.newestFirst);
    }
    const last = entries.at(-1);
    if (entries.length < chunk || !last) return pageRowsByIds(db, workspaceId, ids, f.newestFirst);
    after = { receivedAt: last.received_at, id: last.id };
    chunk = Math.min(chunk * 2, 10_000);
  }
}
