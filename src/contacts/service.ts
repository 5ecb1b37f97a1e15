import type { Db } from '../db/connect.ts';
import { readCounts } from '../workspaces/counts.ts';
import type { ContactRow, ReplyStatus } from '../db/types.ts';
import { Errors } from '../http/errors.ts';
import * as q from './queries.ts';

/** The newest replies listed on a contact's single read; reply_count gives the full number. */
export const CONTACT_REPLIES_SHOWN = 100;

const newestFirst = (x: { last_reply_at: string | null; id: string }, y: { last_reply_at: string | null; id: string }) =>
  (y.last_reply_at ?? '').localeCompare(x.last_reply_at ?? '') || (x.id < y.id ? 1 : x.id > y.id ? -1 : 0);

export async function listContacts(db: Db, workspaceId: string, opts: { limit: number; offset: number }) {
  const direct = opts.offset <= q.DIRECT_MAX_OFFSET;
  const [items, counts] = await Promise.all([
    (direct ? q.directPage : q.deferredPage)(db.read, { ws: workspaceId, limit: opts.limit, offset: opts.offset }),
    readCounts(db.read, workspaceId),
  ]);
  if (!direct) items.sort(newestFirst);
  return { items, total: Number(counts.contacts_total) };
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
