// The sets of a workspace's replies a search remembers (src/replies/search.ts), by the key each
// database gives cheapest beside its list index; db/dialect.ts fills and extends them.

/** An entry of a list index as the walk of a search reads it (replies/queries.ts walkListIndex). */
export interface ListIndexEntry {
  id: string;
  received_at: string;
  /** SQLite's rowid; null on PostgreSQL. */
  rowid: number | null;
}

/**
 * A set of a workspace's replies held in memory, by the key each database gives cheapest
 * beside its list index: SQLite's rowid (8 bytes an entry), PostgreSQL's id (a UUID string,
 * about 80 bytes with the set's own entry).
 */
export interface ReplySet {
  readonly size: number;
  /** About how much memory it holds. */
  readonly bytes: number;
  has(entry: ListIndexEntry): boolean;
}

/** A set that later reads add to (textMatchesSince). */
export interface GrowingSet extends ReplySet {
  add(keys: readonly (number | string)[]): void;
}

/** Sorted rowids, looked up by binary search; later reads append larger ones. */
export class RowidSet implements GrowingSet {
  private length: number;
  constructor(private rowids: Float64Array) {
    this.length = rowids.length;
  }
  get size() {
    return this.length;
  }
  get bytes() {
    return this.rowids.byteLength;
  }
  /** The largest rowid held, 0 when none. */
  get last() {
    return this.length ? this.rowids[this.length - 1]! : 0;
  }
  has(entry: ListIndexEntry): boolean {
    const value = entry.rowid!;
    let lo = 0;
    let hi = this.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const v = this.rowids[mid]!;
      if (v === value) return true;
      if (v < value) lo = mid + 1;
      else hi = mid - 1;
    }
    return false;
  }
  /** Appends the rowids (ascending) larger than every one held, so the set stays sorted. */
  add(rowids: readonly (number | string)[]) {
    const newer = (rowids as number[]).filter((r) => r > this.last);
    if (!newer.length) return;
    if (this.length + newer.length > this.rowids.length) {
      const grown = new Float64Array(Math.max(64, Math.ceil((this.length + newer.length) * 1.25)));
      grown.set(this.rowids.subarray(0, this.length));
      this.rowids = grown;
    }
    this.rowids.set(newer, this.length);
    this.length += newer.length;
  }
}

export class IdSet implements GrowingSet {
  constructor(private readonly ids: Set<string>) {}
  get size() {
    return this.ids.size;
  }
  get bytes() {
    return this.ids.size * 80;
  }
  has(entry: ListIndexEntry): boolean {
    return this.ids.has(entry.id);
  }
  add(ids: readonly (number | string)[]) {
    for (const id of ids as string[]) this.ids.add(id);
  }
}
