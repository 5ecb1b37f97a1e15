// GET /api/replies, rendered as JSON text.
//
// Most of a list item never changes once the reply is stored: its id, addresses, subject, the
// two bodies, its client, connection and contact, received_at and created_at. Decoding those
// columns out of SQLite and escaping them into JSON was most of a list request's cost (the
// bodies are long, and names and text are often non-ASCII). So each page reads from the
// database, on every request, only what can change — status, category, drafts, handled_at, the
// assignee —
// with the row's updated_at, and the unchanging part of each item comes from a memo of its
// JSON text, valid for one updated_at of its row. Every change to a reply sets updated_at, so
// a memo entry can never describe another version of the row, in this process or after a
// change made by another one; a row not in the memo is read in one query for the page and
// remembered. The memo only serves rows the page query has just returned for the caller's
// workspace.
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { isId } from '../db/ids.ts';
import { parseTimestamp } from '../timestamps.ts';
import { countReplies } from '../workspaces/counts.ts';
import { assigneeOf } from './detail.ts';
import * as q from './list-queries.ts';
import { planSearch, readSearchPage } from './search.ts';

/** The JSON text of a list item's unchanging fields, in the item's field order. */
interface FixedText {
  /** `{"id":…,"from_email":…,…,"body_html":…` — everything before status */
  head: string;
  /** `"client_id":…,"connection_id":…,"contact_id":…,"received_at":…` */
  middle: string;
  /** `"created_at":…}` */
  end: string;
}

/**
 * Entries by reply id, each with the updated_at it was read at. Once the memo holds `capacity`
 * entries the oldest-inserted goes first: a lookup stays a plain Map read, and an entry evicted
 * while still in use is simply read again.
 */
export class FixedTextMemo {
  private readonly entries = new Map<string, FixedText & { updatedAt: string }>();

  constructor(readonly capacity: number) {}

  get(id: string, updatedAt: string): FixedText | undefined {
    const hit = this.entries.get(id);
    return hit && hit.updatedAt === updatedAt ? hit : undefined;
  }

  set(id: string, updatedAt: string, value: FixedText) {
    this.entries.delete(id);
    this.entries.set(id, { ...value, updatedAt });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }

  /** Drops the entries of replies that no longer exist (contacts/erase.ts). */
  forget(ids: Iterable<string>) {
    for (const id of ids) this.entries.delete(id);
  }

  get size() {
    return this.entries.size;
  }
}

/** 5,000 items of 1–3 KB of text each (~20 MB): the first pages of a few hundred inboxes. */
export const fixedTextMemo = new FixedTextMemo(5_000);

/**
 * JSON text in ASCII only: every character above U+007F as a \uXXXX escape (the same value to
 * any JSON parser), held in a one-byte string. A page made only of such strings is one-byte
 * too, and V8 measures and UTF-8-encodes a one-byte string several times faster than the
 * two-byte string that a single "ë" or "—" in a 24 KB page otherwise makes of all of it
 * (measured: Buffer.byteLength 20 -> 1 us, encoding 42 -> 7 us).
 */
export function asciiJson(value: unknown): string {
  const text = JSON.stringify(value);
  if (!NON_ASCII.test(text)) return text;
  const escaped = text.replace(NON_ASCII_ALL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  // .replace keeps the two-byte representation of its input; a latin1 round trip makes it one-byte
  return Buffer.from(escaped, 'latin1').toString('latin1');
}
const NON_ASCII = /[\u0080-\uffff]/;
const NON_ASCII_ALL = /[\u0080-\uffff]/g;

function fixedText(r: q.ReplyFixedRow): FixedText {
  const head = asciiJson({
    id: r.id,
    from_email: r.from_email,
    from_name: r.from_name,
    to_email: r.to_email,
    subject: r.subject,
    body_text: r.body_text,
    body_html: r.body_html,
  });
  const middle = asciiJson({ client_id: r.client_id, connection_id: r.connection_id, contact_id: r.contact_id, received_at: r.received_at });
  return { head: head.slice(0, -1), middle: middle.slice(1, -1), end: `"created_at":${JSON.stringify(r.created_at)}}` };
}

const json = (v: string | null) => (v === null ? 'null' : asciiJson(v));
// ids (UUIDs), statuses and timestamps (ISO 8601) never contain a character JSON escapes
const plain = (v: string | null) => (v === null ? 'null' : `"${v}"`);

function itemText(f: FixedText, r: q.ReplyPageRow): string {
  const category = r.category_id && r.category_name !== null ? `{"id":${plain(r.category_id)},"name":${json(r.category_name)},"color":${json(r.category_color)}}` : 'null';
  const assignee = asciiJson(assigneeOf(r.assignee_id, r.assignee_name, r.assignee_email));
  return `${f.head},"status":"${r.status}","category_id":${plain(r.category_id)},"category":${category},"ai_response":${json(r.ai_response)},"sent_response":${json(r.sent_response)},${f.middle},"handled_at":${plain(r.handled_at)},"snoozed_until":${plain(r.snoozed_until)},"assignee":${assignee},${f.end}`;
}

/** A list request: the filter, and a page by offset or after a cursor position. */
export interface ListRequest {
  filter: q.ReplyFilter;
  limit: number;
  offset: number;
  after?: q.PagePosition;
}

/**
 * The unfiltered list and the list of one status, newest first, by offset: the inbox's first
 * screen, read through the precompiled queries and totalled from the workspace's counters.
 * Everything else takes the general path (listFiltered, countFiltered).
 */
function isPlain(request: ListRequest): boolean {
  return !request.after && request.filter.newestFirst && isStatusOnly(request.filter);
}

/** No filter but one status at most: the workspace's counters hold the total. */
function isStatusOnly(f: q.ReplyFilter): boolean {
  return (f.statuses?.length ?? 0) <= 1 && q.filterFields(f).every((k) => k === 'statuses' || k === 'now' || k === 'newestFirst');
}

/** The cursor of the page after `row`: its position in the list's order, opaque to clients. */
export const encodeCursor = (row: { received_at: string; id: string }, newestFirst: boolean) => Buffer.from(JSON.stringify([newestFirst ? 'd' : 'a', row.received_at, row.id])).toString('base64url');

/**
 * The position a cursor names, or null when it is not one of ours (or was made for the other
 * order). Every piece is checked before it can reach a query — the timestamp in the stored
 * form, the id in the shape of an id — and the cursor must be exactly what encodeCursor would
 * write for them, so no other spelling (padding, `+/`, spaces in the JSON) names a position.
 */
export function decodeCursor(cursor: string, newestFirst: boolean): q.PagePosition | null {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 3) return null;
  const [, receivedAt, id] = value as unknown[];
  if (typeof receivedAt !== 'string' || parseTimestamp(receivedAt) !== receivedAt || !isId(id)) return null;
  return encodeCursor({ received_at: receivedAt, id }, newestFirst) === cursor ? { receivedAt, id } : null;
}

/** The whole answer of GET /api/replies: `{"data":[…],"pagination":{…}}`. */
export async function listPageJson(db: Kysely<Database>, workspaceId: string, request: ListRequest, memo: FixedTextMemo = fixedTextMemo): Promise<string> {
  const { filter, limit, offset } = request;
  let rows: q.ReplyPageRow[];
  let total: number;
  let more: boolean;
  if (isPlain(request)) {
    const status = filter.statuses?.[0];
    [rows, total] = await Promise.all([q.listReplies(db, workspaceId, { status, limit, offset }), countReplies(db, workspaceId, status)]);
    more = offset + limit < total;
  } else {
    const plan = await planSearch(db, workspaceId, filter, offset + limit + 1);
    const counted = isStatusOnly(filter) ? countReplies(db, workspaceId, filter.statuses?.[0]) : q.countFiltered(db, workspaceId, filter, plan);
    const listed = plan?.set ? readSearchPage(db, workspaceId, filter, request, plan, plan.set) : q.listFiltered(db, workspaceId, filter, request, plan);
    const [read, count] = await Promise.all([listed, counted]);
    more = read.length > limit;
    rows = more ? read.slice(0, limit) : read;
    total = count;
  }
  const fixed = rows.map((r) => memo.get(r.id, r.updated_at));
  const missing = rows.filter((_, i) => !fixed[i]).map((r) => r.id);
  if (missing.length) {
    const byId = new Map((await q.fixedColumns(db, workspaceId, missing)).map((r) => [r.id, fixedText(r)]));
    rows.forEach((r, i) => {
      const f = fixed[i] ? undefined : byId.get(r.id);
      if (!f) return;
      memo.set(r.id, r.updated_at, f);
      fixed[i] = f;
    });
  }
  // (replies are never deleted, so every row of the page has its fixed part; if one ever could
  // vanish between the two reads, the page would leave it out rather than fail)
  const items = rows.flatMap((r, i) => (fixed[i] ? [itemText(fixed[i], r)] : []));
  const last = rows.at(-1);
  const nextCursor = more && last ? encodeCursor(last, filter.newestFirst) : null;
  return `{"data":[${items.join(',')}],"pagination":${JSON.stringify({ total, limit, offset, hasMore: more, next_cursor: nextCursor })}}`;
}
