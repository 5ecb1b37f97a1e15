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
// page's rows. Replies arrive all day, so a new reply does not make the next search read every
// match again: it reads the matches stored since the last read (db/dialect.ts
// textMatchesSince) and adds them. A changed or deleted reply's text makes it read them all.
import type { Q } from '../db/types.ts';
import { type MatchSet, type SearchTerms, textMatchesSince, textMatchSet } from '../db/dialect.ts';
import type { ReplySet } from '../db/reply-sets.ts';
import { readCounts, searchedTextVersion, type TextVersion } from '../workspaces/counts.ts';
import { isSearchOnly, pageRowsByIds, type PagePosition, type ReplyFilter, type ReplyPageRow, type SearchPlan, walkListIndex } from './list-queries.ts';

interface Remembered {
  version: TextVersion;
  matches: number;
  /** The matches and where their read stood (db/dialect.ts MatchSet); null when too large to keep. */
  found: MatchSet | null;
  /** What `found` held when remembered: its set grows in place as later reads extend it. */
  bytes: number;
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

  /**
   * The search as remembered for `version` or a later one: matches read after the version
   * was can only be as new or newer, which a request that read the version first accepts.
   */
  get(key: string, version: TextVersion): Remembered | undefined {
    const hit = this.entries.get(key);
    if (!hit || !atOrAfter(hit.version, version)) return undefined;
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit;
  }

  /**
   * The remembered search, or the one `read` makes, remembered. `read` is given the matches of
   * an earlier version when only replies were added since (the same count of edits), to add
   * the new replies' matches to, and null otherwise: every match is read again. Requests that
   * miss at the same time share one read: a common word's matches at a million replies take
   * seconds to read on PostgreSQL, and 32 requests each reading them would hold every core for
   * minutes.
   */
  async getOrFind(key: string, version: TextVersion, read: (earlier: MatchSet | null) => Promise<MatchSet>): Promise<Remembered> {
    const hit = this.get(key, version);
    if (hit) return hit;
    const flight = `${key}\n${version.replies}.${version.edits}`;
    let pending = this.pending.get(flight);
    if (!pending) {
      const earlier = this.entries.get(key);
      pending = read(earlier?.found && earlier.version.edits === version.edits ? earlier.found : null)
        .then((found) => {
          const entry = { version, matches: found.set.size, found, bytes: found.set.bytes };
          this.set(key, entry);
          return entry;
        })
        .finally(() => this.pending.delete(flight));
      this.pending.set(flight, pending);
    }
    return pending;
  }

  set(key: string, value: Remembered) {
    const current = this.entries.get(key);
    if (current && atOrAfter(current.version, value.version) && current !== value) return; // a later read finished first
    this.delete(key);
    const kept = value.found && value.bytes <= this.maxBytes ? value : { ...value, found: null, bytes: 0 };
    this.entries.set(key, kept);
    this.bytes += kept.bytes;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.capacity && this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  private delete(key: string) {
    this.bytes -= this.entries.get(key)?.bytes ?? 0;
    this.entries.delete(key);
  }
}

/** Whether text at version `a` holds everything it did at `b`: only replies added since. */
const atOrAfter = (a: TextVersion, b: TextVersion) => a.edits === b.edits && a.replies >= b.replies;

/**
 * 256 searches, 32 MB of match sets: on SQLite 4 million rowids, on PostgreSQL 2 million ids —
 * at a million replies, the benchmark's six common words (1.5 million matches) on either.
 */
export const searchMemo = new SearchMemo(256, 32 << 20);

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
  const found = await memo.getOrFind(memoKey(workspaceId, search), version, (earlier) => (earlier ? textMatchesSince(db, workspaceId, search, earlier) : textMatchSet(db, workspaceId, search)));
  const replies = counts.replies_total;
  const order = rowsWanted * replies < found.matches * found.matches ? 'index' : 'rows';
  return { matches: found.matches, order, set: isSearchOnly(f) && order === 'index' ? (found.found?.set ?? null) : null, replies };
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
