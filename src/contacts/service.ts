import type { Db } from '../db/connect.ts';
import { readCounts } from '../workspaces/counts.ts';
import type { ContactRow, ReplyStatus } from '../db/types.ts';
import { Errors } from '../errors.ts';
import { isId } from '../db/ids.ts';
import { parseTimestamp } from '../timestamps.ts';
import * as q from './queries.ts';
import { searchFor } from '../replies/list.ts';
import { raise } from '../events.ts';
import { clearBouncing, markBouncingById } from '../triage/queries.ts';
import { markDoNotContact } from '../replies/queries.ts';
import { contactEvent } from '../replies/contact-marks.ts';

/** The newest replies listed on a contact's single read; reply_count gives the full number. */
export const CONTACT_REPLIES_SHOWN = 100;

const newestFirst = (x: { last_reply_at: string | null; id: string }, y: { last_reply_at: string | null; id: string }) =>
  (y.last_reply_at ?? '').localeCompare(x.last_reply_at ?? '') || (x.id < y.id ? 1 : x.id > y.id ? -1 : 0);

const encodeCursor = (row: { last_reply_at: string | null; id: string }) => Buffer.from(JSON.stringify(['c', row.last_reply_at ?? '', row.id])).toString('base64url');

/**
 * The position a cursor names. Every piece is checked before it can reach a query — the time
 * in the stored form (every contact has a last_reply_at: it is made with its first reply),
 * the id in the shape of an id — and the cursor must be exactly what encodeCursor writes.
 */
function decodeCursor(cursor: string): q.ContactPosition {
  let value: unknown = null;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    // not JSON: refused below
  }
  if (Array.isArray(value) && value.length === 3) {
    const [, lastReplyAt, id] = value as unknown[];
    if (typeof lastReplyAt === 'string' && parseTimestamp(lastReplyAt) === lastReplyAt && isId(id) && encodeCursor({ last_reply_at: lastReplyAt, id }) === cursor) return { lastReplyAt, id };
  }
  throw Errors.BadRequest('cursor is not a cursor of this list (take pagination.next_cursor of the previous page)');
}

/**
 * GET /api/contacts. The plain list by offset takes the precompiled pages and the counter; a
 * search (`q`) or a cursor takes the general query, newest reply first like the rest.
 */
export async function listContacts(db: Db, workspaceId: string, opts: { limit: number; offset: number; q?: string; cursor?: string }) {
  if (opts.q !== undefined || opts.cursor !== undefined) {
    if (opts.cursor !== undefined && opts.offset !== 0) throw Errors.BadRequest('cursor and offset cannot be combined: a cursor page starts where the cursor points');
    const search = opts.q === undefined ? undefined : searchFor(opts.q);
    const after = opts.cursor === undefined ? undefined : decodeCursor(opts.cursor);
    const [rows, total] = await Promise.all([q.searchPage(db.read, workspaceId, { ...opts, search, after }), q.countSearched(db.read, workspaceId, search)]);
    const more = rows.length > opts.limit;
    const items = withFlags(more ? rows.slice(0, opts.limit) : rows);
    return { items, total, more, nextCursor: more ? encodeCursor(items.at(-1)!) : null };
  }
  const direct = opts.offset <= q.DIRECT_MAX_OFFSET;
  const [items, counts] = await Promise.all([(direct ? q.directPage : q.deferredPage)(db.read, { ws: workspaceId, limit: opts.limit, offset: opts.offset }), readCounts(db.read, workspaceId)]);
  if (!direct) items.sort(newestFirst);
  const total = Number(counts.contacts_total);
  const more = opts.offset + opts.limit < total;
  return { items: withFlags(items), total, more, nextCursor: more && items.length ? encodeCursor(items.at(-1)!) : null };
}

type Flags = { do_not_contact: number | boolean; bouncing: number | boolean };

/** SQLite's 0/1 as the booleans the API shows (in place: the rows are this request's own). */
function withFlags<T extends Flags>(rows: T[]): (Omit<T, keyof Flags> & { do_not_contact: boolean; bouncing: boolean })[] {
  for (const row of rows) {
    row.do_not_contact = Boolean(row.do_not_contact);
    row.bouncing = Boolean(row.bouncing);
  }
  return rows as never;
}

/**
 * PATCH /api/contacts/{id}: a person sets or clears do-not-contact or bouncing. A change records
 * contact.updated with each changed field's previous and current value.
 */
export async function updateContact(db: Db, workspaceId: string, id: string, patch: { do_not_contact?: boolean; bouncing?: boolean }) {
  if (patch.do_not_contact === undefined && patch.bouncing === undefined) throw Errors.BadRequest('Nothing to update: give do_not_contact or bouncing');
  await db.write(async (trx) => {
    if (!(await q.findContact(trx, workspaceId, id))) throw Errors.ContactNotFound();
    const at = new Date().toISOString();
    const changes: Record<string, { previous: unknown; current: unknown }> = {};
    let row: Awaited<ReturnType<typeof markDoNotContact>>[number] | undefined;
    if (patch.do_not_contact !== undefined) {
      const [changed] = await markDoNotContact(trx, workspaceId, id, at, 'set by a person', patch.do_not_contact);
      row = changed;
      if (changed) changes.do_not_contact = { previous: !patch.do_not_contact, current: patch.do_not_contact };
    }
    if (patch.bouncing !== undefined) {
      const [changed] = patch.bouncing ? await markBouncingById(trx, workspaceId, id, at) : await clearBouncing(trx, workspaceId, id, at);
      if (changed) {
        row = changed;
        changes.bouncing = { previous: !patch.bouncing, current: patch.bouncing };
      }
    }
    if (row) await raise(trx, workspaceId, 'contact.updated', contactEvent(row, changes));
  });
  return getContact(db, workspaceId, id);
}

function parseMetadata(text: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export async function getContact(db: Db, workspaceId: string, id: string) {
  const [contact, replies] = await Promise.all([q.findContact(db.read, workspaceId, id), q.recentReplies(db.read, workspaceId, id, CONTACT_REPLIES_SHOWN)]);
  if (!contact) throw Errors.ContactNotFound();
  return toContactDetail(contact, replies);
}

function toContactDetail(c: ContactRow, replies: { id: string; subject: string; status: ReplyStatus; category: string | null; received_at: string }[]) {
  return {
    id: c.id,
    email: c.email,
    first_name: c.first_name,
    last_name: c.last_name,
    company: c.company,
    title: c.title,
    linkedin_url: c.linkedin_url,
    phone: c.phone,
    metadata: parseMetadata(c.metadata),
    reply_count: c.reply_count,
    replies,
    last_reply_at: c.last_reply_at,
    created_at: c.created_at,
    do_not_contact: Boolean(c.do_not_contact),
    do_not_contact_since: c.do_not_contact_since,
    do_not_contact_reason: c.do_not_contact_reason,
    bouncing: Boolean(c.bouncing),
    bouncing_since: c.bouncing_since,
  };
}
