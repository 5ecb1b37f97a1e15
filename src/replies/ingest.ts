// Ingestion: an inbound reply stored with its contact, thread, counters, triage and events,
// in one write (POST /api/replies, a mailbox's sync: mailboxes/ingest.ts, the seed CLI).
import { uuidv7 } from '../db/ids.ts';
import { type Db, together } from '../db/connect.ts';
import { isUniqueViolation } from '../db/dialect.ts';
import type { ReplyRow, ReplyStatus, Tx } from '../db/types.ts';
import { Errors } from '../errors.ts';
import { normalizeTimestamp } from '../timestamps.ts';
import { addToCounts } from '../workspaces/counts.ts';
import { raiseAll } from '../events.ts';
import { queueTriage, triageOn } from './triage-jobs.ts';
import type { Ingest } from './schemas.ts';
import * as q from './ingest-queries.ts';
import { findSnoozedOfSender } from './queries.ts';
import { type Attachments, detailOf, getReply, type ReplyDetail, threadItem, type Triage } from './detail.ts';
import { wake } from './snooze.ts';
import { type Entry, record, shown, SYSTEM, TRIAGE } from '../activity/record.ts';
import { nextInTurn } from './round-robin.ts';

const now = () => new Date().toISOString();

/** "Ada Lovelace" → first "Ada", last "Lovelace"; used only to fill a contact's blank name. */
function splitName(name: string): { first: string | null; last: string | null } {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (!parts.length) return { first: null, last: null };
  return { first: parts[0]!, last: parts.length > 1 ? parts.slice(1).join(' ') : null };
}

/** The client a mailbox works for, in the shape of q.findClient's row; null without one. */
const clientOfMailbox = (m: { client_id: string | null; client_name: string | null; service_description: string | null; round_robin: string | null } | undefined) =>
  m?.client_id ? { id: m.client_id, name: m.client_name ?? '', service_description: m.service_description ?? '', round_robin: m.round_robin ?? '[]' } : null;

/**
 * Stores an inbound reply. The contact is found or created by from_email (case-insensitive)
 * in one upsert, so two replies from a new sender arriving together create one contact.
 * A reply whose message_id is already stored is not stored again: the unique index refuses
 * it, its savepoint (or transaction) is rolled back with the contact change, and the stored
 * reply is returned with created=false. No lookup runs first: duplicates are the exception.
 * `opts.within` runs in the reply's transaction once it is inserted (a mailbox's attachments and
 * headers: src/mailboxes/ingest.ts), so the reply is stored with them or not at all.
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
  /** The message's triage headers as JSON (a mailbox's: mailboxes/parse.ts), stored with the reply. */
  mailHeaders?: string;
  /**
   * Triage of the reply in its transaction: decided before the insert, so the reply is stored
   * (and announced by reply.received) with its category and draft (triage/ingestion.ts
   * triageAtIngestion, passed in by app.ts and main.ts). Without it, the reply is queued for the
   * worker's triage job.
   */
  triage?: IngestTriage;
}

/** A reply just stored, as triage reads it: its own columns, its contact's and its client's. */
export type IngestedReply = Pick<
  ReplyRow,
  'id' | 'from_email' | 'from_name' | 'to_email' | 'subject' | 'body_text' | 'body_html' | 'received_at' | 'category_id' | 'ai_response' | 'mail_headers' | 'contact_id'
> & {
  contact_email: string;
  first_name: string | null;
  last_name: string | null;
  company: string | null;
  title: string | null;
  client_name: string | null;
  service_description: string | null;
};

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
/** Triage in the ingestion's write: prepared once per write, then asked about the reply. */
export interface IngestTriage {
  /**
   * Reads what triage needs of the workspace (in the write's first round trip); null: triage
   * leaves the workspace's replies alone.
   */
  prepare(trx: Tx, workspaceId: string): Promise<IngestDecider | null>;
}
/** How triage decides a reply about to be stored, once prepared for its workspace. */
export interface IngestDecider {
  decide(reply: IngestedReply): IngestDecision | null;
}

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
    const [foundClient, foundConnection, foundCategory, contact, decider, snoozed] = await together([
      // != null, not truthiness: an empty id names nothing and is refused like any unknown id
      input.client_id != null ? q.findClient(trx, { ws: workspaceId, id: input.client_id }) : null,
      // left out: the mailbox the prospect wrote to, when it is one of the workspace's (null: none)
      input.connection_id != null
        ? q.findConnection(trx, { ws: workspaceId, id: input.connection_id })
        : input.connection_id === undefined
          ? q.findConnectionByAddress(trx, { ws: workspaceId, email: input.to_email.trim().toLowerCase() })
          : null,
      input.category_id != null ? q.findCategory(trx, { ws: workspaceId, id: input.category_id }) : null,
      q.upsertContact(
        trx,
        {
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
        },
        { explicitName, withMetadata: given.metadata !== undefined },
      ),
      triage && triageOn(trx, workspaceId).then((on) => (on ? triage.prepare(trx, workspaceId) : null)),
      // the contact writes again: whatever of theirs was snoozed comes back
      // (docs/api.md "PATCH rules"); a contact the upsert above creates has none, whichever of
      // the two runs first
      findSnoozedOfSender(trx, workspaceId, fromEmail.toLowerCase()),
    ]);
    const mailbox = foundConnection?.[0];
    if (input.client_id != null && !foundClient?.[0]) throw Errors.InvalidClientId();
    if (input.connection_id != null && !mailbox) throw Errors.InvalidConnectionId();
    const connectionId = mailbox?.id ?? null;
    // left out: the client the mailbox works for (null: none)
    const client = foundClient?.[0] ?? (input.client_id === undefined ? clientOfMailbox(mailbox) : null);
    const found = foundCategory?.[0];
    if (input.category_id != null && !found) throw Errors.InvalidCategoryId();
    let category: { id: string; name: string; color: string; is_positive: boolean } | null = found
      ? { id: found.id, name: found.name, color: found.color, is_positive: Boolean(found.is_positive) }
      : null;
    const contactCreated = contact.id === newContactId;
    await wake(trx, workspaceId, snoozed, t);
    // the client's members in turn, when it has some (round-robin.ts)
    const assignee = client && client.round_robin !== '[]' ? await nextInTurn(trx, workspaceId, client) : null;

    const reply = {
      id: uuidv7(),
      workspace_id: workspaceId,
      contact_id: contact.id,
      client_id: client?.id ?? null,
      connection_id: connectionId,
      category_id: category?.id ?? (null as string | null),
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
      assignee_id: assignee?.id ?? null,
      created_at: t,
      updated_at: t,
      mail_headers: opts.mailHeaders ?? null,
    };
    const decision =
      decider &&
      decider.decide({
        ...reply,
        contact_email: contact.email,
        first_name: contact.first_name,
        last_name: contact.last_name,
        company: contact.company,
        title: contact.title,
        client_name: client?.name ?? null,
        service_description: client?.service_description ?? null,
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
    // what triage decided, in the reply's history as if it had changed the stored reply
    const triaged: Entry[] = decision
      ? [
          ...(decision.category ? [{ action: 'category' as const, from: null, to: decision.category.id }] : []),
          ...(decision.ai_response !== null ? [{ action: 'status' as const, from: 'pending', to: 'ready' }, { action: 'draft' as const }] : []),
          ...(decision.snoozed_until !== null ? [{ action: 'snooze' as const, from: null, to: decision.snoozed_until }] : []),
        ]
      : [];

    const assigned: Entry = { action: 'assignee', from: null, to: assignee?.id ?? null };

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
      // a category given by the client is never overwritten: triage runs only without one
      // (docs/triage.md "On ingestion")
      !category && !opts.triage && queueTriage(trx, workspaceId, reply.id),
      record(trx, workspaceId, reply.id, TRIAGE, t, triaged),
      assignee && record(trx, workspaceId, reply.id, SYSTEM, t, [assigned]),
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
      assignee,
      { notes: [], activity: [...triaged.map((e) => shown(t, TRIAGE, e)), ...(assignee ? [shown(t, SYSTEM, assigned)] : [])] },
    );
    const created = contactCreated && {
      type: 'contact.created' as const,
      data: {
        id: contact.id,
        email: contact.email,
        first_name: contact.first_name,
        last_name: contact.last_name,
        company: contact.company,
        title: contact.title,
        reply_count: 1,
        last_reply_at: receivedAt,
        created_at: t,
        do_not_contact: false,
        bouncing: false,
      },
    };
    await raiseAll(trx, workspaceId, [
      ...(created ? [created] : []),
      { type: 'reply.received', data: detail },
      ...(assignee ? [{ type: 'reply.assigned' as const, data: { id: reply.id, assignee, previous_assignee_id: null } }] : []),
    ]);
    return detail;
  });
  return { created: true, reply };
}
