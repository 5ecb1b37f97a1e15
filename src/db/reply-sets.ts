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
 * beside its list index: SQLite's rowid (8 bytes an entry), PostgreSQL's id (a UUID, 16 bytes).
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

const hex = (id: string, from: number, to: number) => parseInt(id.slice(from, to), 16);

/** A UUID (8-4-4-4-12 hex digits) as four 32-bit words, most significant first (into `out` at `at`). */
function uuidWords(id: string, out: Uint32Array, at: number): void {
  out[at] = hex(id, 0, 8);
  out[at + 1] = hex(id, 9, 13) * 0x10000 + hex(id, 14, 18);
  out[at + 2] = hex(id, 19, 23) * 0x10000 + hex(id, 24, 28);
  out[at + 3] = hex(id, 28, 36);
}

/**
 * PostgreSQL's reply ids (UUIDs) as 16 bytes each, sorted, looked up by binary search: a
 * string per id cost ~80 bytes, and a common word's matches at a million replies (up to 455,000)
 * did not fit the memo's budget. Ids a later read adds (a few new replies) wait in a small
 * Set beside them until there are enough to merge.
 */
export class UuidSet implements GrowingSet {
  private words: Uint32Array;
  private added = new Set<string>();
  private readonly probe = new Uint32Array(4);
  constructor(ids: readonly string[]) {
    this.words = UuidSet.sorted(ids);
  }
  private static sorted(ids: readonly string[]): Uint32Array {
    const words = new Uint32Array(ids.length * 4);
    for (let i = 0; i < ids.length; i++) uuidWords(ids[i]!, words, i * 4);
    let inOrder = true;
    for (let i = 1; i < ids.length && inOrder; i++) inOrder = compare(words, (i - 1) * 4, words, i * 4) < 0;
    if (inOrder) return words;
    const order = Array.from({ length: ids.length }, (_, i) => i).sort((x, y) => compare(words, x * 4, words, y * 4));
    const out = new Uint32Array(words.length);
    order.forEach((from, to) => out.set(words.subarray(from * 4, from * 4 + 4), to * 4));
    return out;
  }
  get size() {
    return this.words.length / 4 + this.added.size;
  }
  get bytes() {
    return this.words.byteLength + this.added.size * 80;
  }
  has(entry: ListIndexEntry): boolean {
    if (this.added.size && this.added.has(entry.id)) return true;
    uuidWords(entry.id, this.probe, 0);
    let lo = 0;
    let hi = this.words.length / 4 - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const c = compare(this.words, mid * 4, this.probe, 0);
      if (c === 0) return true;
      if (c < 0) lo = mid + 1;
      else hi = mid - 1;
    }
    return false;
  }
  add(ids: readonly (number | string)[]) {
    for (const id of ids as string[]) if (!this.has({ id, received_at: '', rowid: null })) this.added.add(id);
    if (this.added.size > 4096) {
      const all: string[] = [...this.added];
      for (let i = 0; i < this.words.length; i += 4) all.push(uuidText(this.words, i));
      this.words = UuidSet.sorted(all);
      this.added.clear();
    }
  }
}

/** Order of two UUIDs stored as four words each. */
function compare(a: Uint32Array, i: number, b: Uint32Array, j: number): number {
  for (let w = 0; w < 4; w++) {
    const d = a[i + w]! - b[j + w]!;
    if (d !== 0) return d;
  }
  return 0;
}

/** Four words back as a UUID (what uuidWords reads). */
function uuidText(words: Uint32Array, at: number): string {
  const h = Array.from(words.subarray(at, at + 4), (w) => w.toString(16).padStart(8, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
