import type { Db } from '../db/connect.ts';
import { readCounts } from '../workspaces/counts.ts';
import type { ContactRow, ReplyStatus } from '../db/types.ts';
import { Errors } from '../http/errors.ts';
import * as q from './queries.ts';
import { searchFor } from '../replies/service.ts';

/** The newest replies listed on a contact's single read; reply_count gives the full number. */
export const CONTACT_REPLIES_SHOWN = 100;

const newestFirst = (x: { last_reply_at: string | null; id: string }, y: { last_reply_at: string | null; id: string }) =>
  (y.last_reply_at ?? '').localeCompare(x.last_reply_at ?? '') || (x.id < y.id ? 1 : x.id > y.id ? -1 : 0);

const encodeCursor = (row: { last_reply_at: string | null; id: string }) => Buffer.from(JSON.stringify(['c', row.last_reply_at ?? '', row.id])).toString('base64url');

function decodeCursor(cursor: string): q.ContactPosition {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 3 && value[0] === 'c' && typeof value[1] === 'string' && typeof value[2] === 'string') {
      return { lastReplyAt: value[1], id: value[2] };
    }
  } catch {
    // not JSON: refused below
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
    const items = more ? rows.slice(0, opts.limit) : rows;
    return { items, total, more, nextCursor: more ? encodeCursor(items.at(-1)!) : null };
  }
  const direct = opts.offset <= q.DIRECT_MAX_OFFSET;
  const [items, counts] = await Promise.all([
    (direct ? q.directPage : q.deferredPage)(db.read, { ws: workspaceId, limit: opts.limit, offset: opts.offset }),
    readCounts(db.read, workspaceId),
  ]);
  if (!direct) items.sort(newestFirst);
  const total = Number(counts.contacts_total);
  const more = opts.offset + opts.limit < total;
  return { items, total, more, nextCursor: more && items.length ? encodeCursor(items.at(-1)!) : null };
}

function parseMetadata(text: string): Record<string, unknown> {
  try {
    const v = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? v : {};
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
  };
}
