import type { Kysely } from 'kysely';
import type { Db } from '../db/connect.ts';
import { prepared } from '../db/prepared.ts';
import { readCounts } from '../workspaces/counts.ts';
import type { ContactRow, Database, ReplyStatus } from '../db/types.ts';
import { Errors } from '../http/errors.ts';

/** The newest replies listed on a contact's single read; reply_count gives the full number. */
export const CONTACT_REPLIES_SHOWN = 100;

const listColumns = ['c.id', 'c.email', 'c.first_name', 'c.last_name', 'c.company', 'c.title', 'c.reply_count', 'c.last_reply_at', 'c.created_at'] as const;

// The first page straight off the (workspace_id, last_reply_at, id) index; deeper pages
// through the index-only id subquery, as for replies (replies/queries.ts).
const DIRECT_MAX_OFFSET = 40;
const listSelect = (db: Kysely<Database>) => db.selectFrom('contacts as c').select(listColumns);
const directPage = prepared(['ws', 'limit', 'offset'], (db, a) =>
  listSelect(db).where('c.workspace_id', '=', a.ws).orderBy('c.last_reply_at', 'desc').orderBy('c.id', 'desc').limit(a.limit).offset(a.offset));
const deferredPage = prepared(['ws', 'limit', 'offset'], (db, a) => {
  const ids = db.selectFrom('contacts').select('id').where('workspace_id', '=', a.ws)
    .orderBy('last_reply_at', 'desc').orderBy('id', 'desc').limit(a.limit).offset(a.offset);
  return listSelect(db).innerJoin(ids.as('p'), 'p.id', 'c.id');
});

const newestFirst = (x: { last_reply_at: string | null; id: string }, y: { last_reply_at: string | null; id: string }) =>
  (y.last_reply_at ?? '').localeCompare(x.last_reply_at ?? '') || (x.id < y.id ? 1 : x.id > y.id ? -1 : 0);

export async function listContacts(db: Db, workspaceId: string, opts: { limit: number; offset: number }) {
  const direct = opts.offset <= DIRECT_MAX_OFFSET;
  const [items, counts] = await Promise.all([
    (direct ? directPage : deferredPage)(db.kysely, { ws: workspaceId, limit: opts.limit, offset: opts.offset }),
    readCounts(db.kysely, workspaceId),
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
  const [contact, replies] = await Promise.all([
    db.kysely.selectFrom('contacts').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst(),
    db.kysely
      .selectFrom('replies as r')
      .leftJoin('categories as cat', 'cat.id', 'r.category_id')
      .select(['r.id', 'r.subject', 'r.status', 'cat.name as category', 'r.received_at'])
      .where('r.workspace_id', '=', workspaceId)
      .where('r.contact_id', '=', id)
      .orderBy('r.received_at', 'desc')
      .limit(CONTACT_REPLIES_SHOWN)
      .execute(),
  ]);
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
