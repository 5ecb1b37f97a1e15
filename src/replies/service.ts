// Reply rules: listing, reading, the PATCH state rules of CONTRACT.md, and ingestion.
import { uuidv7 } from '../db/ids.ts';
import { type Db, together } from '../db/connect.ts';
import { isUniqueViolation, type SearchTerms, searchWords } from '../db/dialect.ts';
import { ownedExists } from '../db/owned.ts';
import type { ReplyStatus, TriageSource, Tx } from '../db/types.ts';
import { Errors } from '../http/errors.ts';
import { outgoingForReply } from '../mail/service.ts';
import { attachmentsForReply } from '../connections/attachments.ts';
import { normalizeTimestamp } from '../timestamps.ts';
import { addToCounts, moveStatusCount } from '../workspaces/counts.ts';
import { publishEvent, publishEvents } from '../webhooks/events.ts';
import type { Bulk, Ingest, ListRepliesQueryT, PatchReply } from './schemas.ts';
import { decodeCursor, type ListRequest } from './list-page.ts';
import type { ReplyFilter } from './queries.ts';
import { page } from '../http/schemas.ts';
import { STATUSES } from './schemas.ts';
import * as q from './queries.ts';
import { wake } from './snooze.ts';
import { queueLearning, queueTriage, triageOn } from '../triage/queue.ts';

const now = () => new Date().toISOString();

/** `pending` or `pending,ready`: the statuses asked for, each known and once. */
export function parseStatusFilter(status: string | undefined): ReplyStatus[] | undefined {
  if (status === undefined || status === '') return undefined;
  const given = status.split(',').map((s) => s.trim());
  for (const s of given) {
    if (!(STATUSES as readonly string[]).includes(s)) throw Errors.BadRequest(`status must be one of ${STATUSES.join(', ')}`);
  }
  return [...new Set(given)] as ReplyStatus[];
}

/** The words of a `q` (db/dialect.ts searchWords); one without a letter or digit is 400. */
export function searchFor(text: string): SearchTerms {
  const terms = searchWords(text);
  if (!terms.words.length) throw Errors.BadRequest('q must contain a letter or a digit');
  return terms;
}

/** GET /api/replies's query as the list reads it (CONTRACT "Inbox queries"). */
export function parseListQuery(query: ListRepliesQueryT): ListRequest {
  const { limit, offset } = page(query.limit, query.offset);
  const newestFirst = query.sort !== 'received_at';
  const filter: ReplyFilter = {
    statuses: parseStatusFilter(query.status),
    categoryId: query.category_id === undefined ? undefined : query.category_id === 'none' ? null : query.category_id.toLowerCase(),
    clientId: query.client_id?.toLowerCase(),
    connectionId: query.connection_id?.toLowerCase(),
    contactId: query.contact_id?.toLowerCase(),
    receivedAfter: query.received_after === undefined ? undefined : normalizeTimestamp(query.received_after),
    receivedBefore: query.received_before === undefined ? undefined : normalizeTimestamp(query.received_before),
    search: query.q === undefined ? undefined : searchFor(query.q),
    snoozed: query.snoozed,
    now: now(),
    newestFirst,
  };
  if (query.cursor === undefined) return { filter, limit, offset };
  if (offset !== 0) throw Errors.BadRequest('cursor and offset cannot be combined: a cursor page starts where the cursor points');
  const after = decodeCursor(query.cursor, newestFirst);
  if (!after) throw Errors.BadRequest('cursor is not a cursor of this list (take pagination.next_cursor of the previous page, with the same sort)');
  return { filter, limit, offset, after };
}

/** The columns of a reply row that its single-read form shows as they are. */
type ReplyRow = Pick<q.ReplyDetailRow, 'id' | 'from_email' | 'from_name' | 'to_email' | 'subject' | 'body_text' | 'body_html' | 'status' | 'category_id' | 'ai_response' | 'sent_response' | 'client_id' | 'connection_id' | 'contact_id' | 'received_at' | 'handled_at' | 'snoozed_until' | 'created_at'>;

type ThreadRow = Awaited<ReturnType<typeof q.getThread>>[number];

type Outgoing = Awaited<ReturnType<typeof outgoingForReply>>;
type Attachments = Awaited<ReturnType<typeof attachmentsForReply>>;

/** Why triage gave the reply its category (src/triage/); null until triage has run. */
type Triage = { source: TriageSource; reason: string; confidence: number; category_id: string | null };

/**
 * A reply's single-read form (SPEC.md §2.1), written out field by field in the spec's order.
 * One literal on purpose: spreading a list item into it and overriding its `category` cost
 * V8 ~20 µs per reply, more than all the rest of ingestion's JavaScript.
 */
function detailOf(
  r: ReplyRow,
  category: { id: string; name: string; color: string; is_positive: boolean } | null,
  client: { id: string; name: string; service_description: string } | null,
  contact: { id: string; email: string; first_name: string | null; last_name: string | null; company: string | null; do_not_contact: boolean },
  thread: { from: string; to: string; subject: string; body: string; sent_at: string }[],
  outgoing: Outgoing,
  attachments: Attachments,
  triage: Triage | null,
) {
  return {
    id: r.id,
    from_email: r.from_email,
    from_name: r.from_name,
    to_email: r.to_email,
    subject: r.subject,
    body_text: r.body_text,
    body_html: r.body_html,
    status: r.status,
    category_id: r.category_id,
    category,
    ai_response: r.ai_response,
    sent_response: r.sent_response,
    client_id: r.client_id,
    connection_id: r.connection_id,
    contact_id: r.contact_id,
    received_at: r.received_at,
    handled_at: r.handled_at,
    snoozed_until: r.snoozed_until,
    created_at: r.created_at,
    client,
    contact,
    thread,
    outgoing,
    attachments,
    triage,
  };
}
export type ReplyDetail = ReturnType<typeof detailOf>;

const threadItem = (t: ThreadRow) => ({ from: t.from_address, to: t.to_address, subject: t.subject, body: t.body, sent_at: t.sent_at });

function toDetail(r: q.ReplyDetailRow, thread: ThreadRow[], outgoing: Outgoing, attachments: Attachments): ReplyDetail {
  return detailOf(
    r,
    r.category_id && r.category_name !== null
      ? { id: r.category_id, name: r.category_name, color: r.category_color!, is_positive: Boolean(r.category_is_positive) }
      : null,
    r.client_id && r.client_name !== null ? { id: r.client_id, name: r.client_name, service_description: r.client_service_description! } : null,
    { id: r.contact_id, email: r.contact_email, first_name: r.contact_first_name, last_name: r.contact_last_name, company: r.contact_company, do_not_contact: Boolean(r.contact_do_not_contact) },
    thread.map(threadItem),
    outgoing,
    attachments,
    r.triage_source === null ? null : { source: r.triage_source, reason: r.triage_reason!, confidence: Number(r.triage_confidence), category_id: r.triage_category_id },
  );
}

export async function getReply(db: Db, workspaceId: string, id: string): Promise<ReplyDetail> {
  const [row, thread, outgoing, attachments] = await Promise.all([
    q.getReplyDetail(db.read, workspaceId, id),
    q.getThread(db.read, workspaceId, id),
    outgoingForReply(db, workspaceId, id),
    attachmentsForReply(db, workspaceId, id),
  ]);
  if (!row) throw Errors.ReplyNotFound();
  return toDetail(row, thread, outgoing, attachments);
}

type Change = Pick<PatchReply, 'status' | 'category_id' | 'ai_response' | 'snoozed_until'>;

/** The change as it will be written: nothing to do is 400, a snooze in the past is 400. */
function checkChange(patch: Change, at: string): Change {
  if (patch.status === undefined && patch.category_id === undefined && patch.ai_response === undefined && patch.snoozed_until === undefined) {
    throw Errors.EmptyUpdate();
  }
  if (patch.snoozed_until == null) return patch;
  const until = normalizeTimestamp(patch.snoozed_until);
  if (until <= at) throw Errors.BadRequest('snoozed_until must be in the future (null wakes the reply)');
  return { ...patch, snoozed_until: until };
}

/**
 * PATCH rules (CONTRACT.md): a pending reply that gets a draft without an explicit status
 * becomes ready; handled_at is set when the status becomes sent or archived (kept if it was
 * already handled) and cleared when it returns to pending or ready. Records reply.updated
 * when anything changed; says whether it did.
 */
export async function applyChange(
  trx: Tx, workspaceId: string, id: string, patch: Change, updatedAt: string,
  /**
   * learn: a category chosen by a person or client teaches triage's model (a learning job).
   * known (triage's): the row it already read under lock, and a category it just read.
   */
  opts: { learn: boolean; known?: { current: q.LockedReply; categoryChecked: true } },
) {
  const { known, learn } = opts;
  const [current, categoryExists] = await together([
    known ? known.current : q.findReplyForUpdate(trx, workspaceId, id),
    patch.category_id != null && !known?.categoryChecked ? ownedExists(trx, 'categories', workspaceId, patch.category_id) : true,
  ]);
  if (!current) throw Errors.ReplyNotFound();
  if (!categoryExists) throw Errors.InvalidCategoryId();

  let status: ReplyStatus = patch.status ?? current.status;
  if (patch.status === undefined && current.status === 'pending' && patch.ai_response) status = 'ready';

  let handledAt = current.handled_at;
  if (status !== current.status) {
    handledAt = status === 'sent' || status === 'archived' ? (handledAt ?? updatedAt) : null;
  }

  const changes = {
    // set only when it changes: SQLite rewrites the entry of every index on a column in the
    // SET list, and status is in the status-filtered list's index (one random page less per
    // PATCH that only drafts or categorises)
    ...(status !== current.status && { status }),
    handled_at: handledAt,
    updated_at: updatedAt,
    ...(patch.category_id !== undefined && { category_id: patch.category_id }),
    ...(patch.ai_response !== undefined && { ai_response: patch.ai_response }),
    ...(patch.snoozed_until !== undefined && { snoozed_until: patch.snoozed_until }),
  };
  const updated = {
    id: current.id,
    from_email: current.from_email,
    from_name: current.from_name,
    status,
    category_id: patch.category_id !== undefined ? patch.category_id : current.category_id,
    ai_response: patch.ai_response !== undefined ? patch.ai_response : current.ai_response,
    snoozed_until: patch.snoozed_until !== undefined ? patch.snoozed_until : current.snoozed_until,
    updated_at: updatedAt,
  };
  const changed: Record<string, { previous: unknown; current: unknown }> = {};
  for (const field of ['status', 'category_id', 'ai_response', 'snoozed_until', 'handled_at'] as const) {
    const before = current[field];
    const after = field === 'handled_at' ? handledAt : updated[field];
    if (before !== after) changed[field] = { previous: before, current: after };
  }
  const didChange = Object.keys(changed).length > 0;
  const category = changed.category_id?.current;
  await together([
    // the row (and, by its trigger, reply_counts) before the workspace's counters: the order in
    // which every write takes them, so that no two wait for each other (ingestion too)
    q.updateReply(trx, workspaceId, id, changes).then(async () => {
      if (status !== current.status) await moveStatusCount(trx, workspaceId, current.status, status);
    }),
    didChange && publishEvent(trx, workspaceId, 'reply.updated', { ...updated, changes: changed }),
    // a person or client chose a category: triage's workspace model learns it (src/triage/queue.ts)
    learn && typeof category === 'string' && queueLearning(trx, workspaceId, id, category),
  ]);
  return { updated, didChange, changed };
}

export async function updateReply(db: Db, workspaceId: string, id: string, patch: PatchReply) {
  const at = now();
  const change = checkChange(patch, at);
  return db.write(async (trx) => {
    const { updated } = await applyChange(trx, workspaceId, id, change, at, { learn: true });
    return updated;
  });
}

/**
 * POST /api/replies/bulk: PATCH's rules for each reply, all in one transaction; an id the
 * workspace does not have is 404 and nothing changes. Answers the replies that changed.
 */
export async function bulkUpdate(db: Db, workspaceId: string, body: Bulk) {
  const at = now();
  const change = checkChange({ status: body.status, category_id: body.category_id, snoozed_until: body.snoozed_until }, at);
  const ids = [...new Set(body.ids)];
  return db.write(async (trx) => {
    const changed: string[] = [];
    for (const id of ids) {
      const result = await applyChange(trx, workspaceId, id, change, at, { learn: true });
      if (result.didChange) changed.push(id);
    }
    return { updated: changed.length, ids: changed };
  });
}

/** "Ada Lovelace" → first "Ada", last "Lovelace"; used only to fill a contact's blank name. */
function splitName(name: string): { first: string | null; last: string | null } {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (!parts.length) return { first: null, last: null };
  return { first: parts[0]!, last: parts.length > 1 ? parts.slice(1).join(' ') : null };
}

/**
 * Stores an inbound reply. The contact is found or created by from_email (case-insensitive)
 * in one upsert, so two replies from a new sender arriving together create one contact.
 * A reply whose message_id is already stored is not stored again: the unique index refuses
 * it, its savepoint (or transaction) is rolled back with the contact change, and the stored
 * reply is returned with created=false. No lookup runs first: duplicates are the exception.
 * `opts.within` runs in the reply's transaction once it is inserted (a mailbox's attachments and
 * headers: src/connections/ingest.ts), so the reply is stored with them or not at all.
 */
export async function ingestReply(db: Db, workspaceId: string, input: Ingest, opts: IngestOptions = {}): Promise<{ reply: ReplyDetail; created: boolean }> {
  try {
    return await ingestOnce(db, workspaceId, input, opts);
  } catch (err) {
    // a second delivery of one message: it answers with the stored reply
    if (input.message_id !== undefined && isUniqueViolation(err)) {
      const [existing] = await q.findByMessageId(db.read, { ws: workspaceId, messageId: input.message_id });
      if (existing) return { reply: await getReply(db, workspaceId, existing.id), created: false };
    }
    throw err;
  }
}

export interface IngestOptions {
  within?: (trx: Tx, replyId: string) => Promise<Attachments>;
  /** The message's triage headers as JSON (a mailbox's: connections/parse.ts), stored with the reply. */
  mailHeaders?: string;
  /**
   * Triage of the reply in its transaction: decided before the insert, so the reply is stored
   * (and announced by reply.received) with its category and draft (triage/service.ts
   * triageAtIngestion, passed in by app.ts and main.ts). Without it, the reply is queued for the
   * worker's triage job.
   */
  triage?: IngestTriage;
}

/** A reply just stored, as triage reads it. */
export interface IngestedReply {
  id: string;
  from_email: string;
  from_name: string;
  to_email: string;
  subject: string;
  body_text: string;
  body_html: string;
  received_at: string;
  category_id: string | null;
  ai_response: string | null;
  mail_headers: string | null;
  contact_id: string;
  contact_email: string;
  first_name: string | null;
  last_name: string | null;
  company: string | null;
  title: string | null;
  client_name: string | null;
  service_description: string | null;
}

/**
 * Triage's decision on a reply about to be stored: the values it is stored with, and what to
 * record once it is (the decision, the contact's marks, a model's job). Null: triage leaves it.
 */
export interface IngestDecision {
  category: { id: string; name: string; color: string; is_positive: boolean } | null;
  ai_response: string | null;
  snoozed_until: string | null;
  /** Shown as the reply's `triage` (its "why"). */
  why: Triage | null;
  stored(trx: Tx): Promise<void>;
}
/**
 * Reads what triage needs of the workspace (in the write's first round trip) and answers how
 * it decides a reply; null: triage leaves the workspace's replies alone.
 */
export type IngestTriage = (trx: Tx, workspaceId: string) => Promise<((reply: IngestedReply) => IngestDecision | null) | null>;

async function ingestOnce(db: Db, workspaceId: string, input: Ingest, opts: IngestOptions): Promise<{ reply: ReplyDetail; created: boolean }> {
  const t = now();
  const receivedAt = input.received_at ? normalizeTimestamp(input.received_at) : t;
  const fromEmail = input.from_email.trim();
  const fromName = input.from_name?.trim() ?? '';
  const given = input.contact ?? {};
  const explicitName = given.first_name !== undefined || given.last_name !== undefined;
  const derived = explicitName ? { first: null, last: null } : splitName(fromName);

  const reply = await db.write(async (trx) => {
    const newContactId = uuidv7();
    const triage = input.category_id == null ? opts.triage : undefined;
    // Nothing here depends on another's answer (postgres.ts sends them in one write). An unknown
    // client, mailbox or category throws once they are back, and the write rolls back whole.
    const [foundClient, foundConnection, foundCategory, contact, decide, snoozed] = await together([
      // != null, not truthiness: an empty id names nothing and is refused like any unknown id
      input.client_id != null ? q.findClient(trx, { ws: workspaceId, id: input.client_id }) : null,
      input.connection_id != null ? q.findConnection(trx, { ws: workspaceId, id: input.connection_id }) : null,
      input.category_id != null ? q.findCategory(trx, { ws: workspaceId, id: input.category_id }) : null,
      q.upsertContact(trx, {
        id: newContactId,
        workspace_id: workspaceId,
        email: fromEmail.toLowerCase(),
        first_name: given.first_name ?? derived.first,
        last_name: given.last_name ?? derived.last,
        company: given.company ?? null,
        title: given.title ?? null,
        linkedin_url: given.linkedin_url ?? null,
        phone: given.phone ?? null,
        metadata: JSON.stringify(given.metadata ?? {}),
        reply_count: 1,
        last_reply_at: receivedAt,
        created_at: t,
        updated_at: t,
      }, { explicitName, withMetadata: given.metadata !== undefined }),
      triage && triageOn(trx, workspaceId).then((on) => (on ? triage(trx, workspaceId) : null)),
      // the contact writes again: whatever of theirs was snoozed comes back (CONTRACT); a
      // contact the upsert above creates has none, whichever of the two runs first
      q.findSnoozedOfSender(trx, workspaceId, fromEmail.toLowerCase()),
    ]);
    const client = foundClient?.[0] ?? null;
    if (input.client_id != null && !client) throw Errors.InvalidClientId();
    if (input.connection_id != null && !foundConnection?.[0]) throw Errors.InvalidConnectionId();
    const found = foundCategory?.[0];
    if (input.category_id != null && !found) throw Errors.InvalidCategoryId();
    let category: { id: string; name: string; color: string; is_positive: boolean } | null =
      found ? { id: found.id, name: found.name, color: found.color, is_positive: Boolean(found.is_positive) } : null;
    const contactCreated = contact.id === newContactId;
    await wake(trx, workspaceId, snoozed, t);

    const reply = {
      id: uuidv7(),
      workspace_id: workspaceId,
      contact_id: contact.id,
      client_id: input.client_id ?? null,
      connection_id: input.connection_id ?? null,
      category_id: category?.id ?? null as string | null,
      from_email: fromEmail,
      from_name: fromName,
      to_email: input.to_email.trim(),
      subject: input.subject ?? '',
      body_text: input.body_text ?? '',
      body_html: input.body_html ?? '',
      status: 'pending' as ReplyStatus,
      ai_response: null as string | null,
      sent_response: null,
      message_id: input.message_id ?? null,
      in_reply_to: input.in_reply_to ?? null,
      received_at: receivedAt,
      handled_at: null,
      snoozed_until: null as string | null,
      created_at: t,
      updated_at: t,
      mail_headers: opts.mailHeaders ?? null,
    };
    const decision = decide && decide({
      ...reply, contact_email: contact.email, first_name: contact.first_name, last_name: contact.last_name, company: contact.company,
      title: contact.title, client_name: client?.name ?? null, service_description: client?.service_description ?? null,
    });
    if (decision) {
      category = decision.category;
      Object.assign(reply, {
        category_id: decision.category?.id ?? null,
        ai_response: decision.ai_response,
        snoozed_until: decision.snoozed_until,
        // a draft makes a pending reply ready, as a PATCH with one does
        ...(decision.ai_response !== null && { status: 'ready' as const }),
      });
    }
    await q.insertReply(trx, reply);

    const thread = (input.thread ?? []).map((m, position) => ({
      workspace_id: workspaceId,
      reply_id: reply.id,
      position,
      from_address: m.from,
      to_address: m.to,
      subject: m.subject ?? '',
      body: m.body ?? '',
      sent_at: normalizeTimestamp(m.sent_at),
    }));
    const [attachments] = await together([
      opts.within ? opts.within(trx, reply.id) : [],
      ...thread.map((message) => q.insertThreadMessage(trx, message)),
      // the counter row last, so it is locked for as short a time as possible on PostgreSQL, and
      // after triage's marks on contacts: every write takes contacts before the counters
      (async () => {
        await decision?.stored(trx);
        await addToCounts(trx, workspaceId, { replies_total: 1, [`replies_${reply.status}`]: 1, contacts_total: contactCreated ? 1 : 0 });
      })(),
      // a category given by the client is never overwritten: triage runs only without one (CONTRACT "Triage")
      !category && !opts.triage && queueTriage(trx, workspaceId, reply.id),
    ]);

    const detail = detailOf(
      reply,
      category,
      client,
      { id: contact.id, email: contact.email, first_name: contact.first_name, last_name: contact.last_name, company: contact.company, do_not_contact: Boolean(contact.do_not_contact) },
      thread.map(threadItem),
      [],
      attachments,
      decision ? decision.why : null,
    );
    const created = contactCreated && {
      type: 'contact.created' as const,
      data: {
        id: contact.id, email: contact.email, first_name: contact.first_name, last_name: contact.last_name, company: contact.company,
        title: contact.title, reply_count: 1, last_reply_at: receivedAt, created_at: t, do_not_contact: false, bouncing: false,
      },
    };
    await publishEvents(trx, workspaceId, [...(created ? [created] : []), { type: 'reply.received', data: detail }]);
    return detail;
  });
  return { created: true, reply };
}
