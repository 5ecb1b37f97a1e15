// Reply rules: the state rules of docs/api.md "PATCH rules" (reading: detail.ts; listing: list.ts; ingestion: ingest.ts).
import { type Db, together } from '../db/connect.ts';
import { ownedExists } from '../db/owned.ts';
import type { ReplyStatus, Tx } from '../db/types.ts';
import { Errors } from '../errors.ts';
import { normalizeTimestamp } from '../timestamps.ts';
import { moveStatusCount } from '../workspaces/counts.ts';
import { raise } from '../events.ts';
import type { Bulk, PatchReply } from './schemas.ts';
import * as q from './queries.ts';
import { historyOf, record } from '../activity/record.ts';
import type { Actor } from '../workspaces/service.ts';
import { findMember } from '../workspaces/queries.ts';
import { categoryChosen } from './contact-marks.ts';
import { assigneeOf, getReply } from './detail.ts';

export { getReply };

const now = () => new Date().toISOString();

type Change = Pick<PatchReply, 'status' | 'category_id' | 'client_id' | 'ai_response' | 'snoozed_until' | 'assignee_id'>;

/** The change as it will be written: nothing to do is 400, a snooze in the past is 400. */
function checkChange(patch: Change, at: string): Change {
  if (Object.values(patch).every((v) => v === undefined)) {
    throw Errors.EmptyUpdate();
  }
  if (patch.snoozed_until == null) return patch;
  const until = normalizeTimestamp(patch.snoozed_until);
  if (until <= at) throw Errors.BadRequest('snoozed_until must be in the future (null wakes the reply)');
  return { ...patch, snoozed_until: until };
}

/**
 * PATCH rules (docs/api.md "PATCH rules"): a pending reply that gets a draft without an
 * explicit status becomes ready; handled_at is set when the status becomes sent or archived
 * (kept if it was already handled) and cleared when it returns to pending or ready. Records
 * reply.updated when anything changed; says whether it did.
 */
export async function applyChange(
  trx: Tx,
  workspaceId: string,
  id: string,
  patch: Change,
  at: string,
  /**
   * learn: a category chosen by a person or client, not by triage: its consequences follow
   * (Unsubscribe marks the contact), and triage's model learns it from the history row written
   * here when the actor is a person or an API key (triage/learning.ts).
   * known (triage's): the row it already read under lock, and a category it just read.
   */
  opts: { actor: Actor; learn: boolean; known?: { current: q.LockedReply; categoryChecked: true }; ifMatch?: string },
) {
  const { known, learn, actor } = opts;
  const [current, categoryExists, clientExists, assignee] = await together([
    known ? known.current : q.findReplyForUpdate(trx, workspaceId, id),
    patch.category_id != null && !known?.categoryChecked ? ownedExists(trx, 'categories', workspaceId, patch.category_id) : true,
    patch.client_id != null ? ownedExists(trx, 'clients', workspaceId, patch.client_id) : true,
    patch.assignee_id != null ? findMember(trx, workspaceId, patch.assignee_id.toLowerCase()) : null,
  ]);
  if (!current) throw Errors.ReplyNotFound();
  // the caller's version (If-Match), compared under the row's lock: a change made since it read the reply is not overwritten
  if (opts.ifMatch !== undefined && !ifMatches(opts.ifMatch, current.updated_at)) throw Errors.ReplyChanged();
  if (!categoryExists) throw Errors.InvalidCategoryId();
  if (!clientExists) throw Errors.InvalidClientId();
  if (patch.assignee_id != null && !assignee) throw Errors.InvalidAssigneeId();
  // a new version, later than the last even within one millisecond: updated_at is what If-Match
  // and the list's memo (list-page.ts) compare
  const updatedAt = at > current.updated_at ? at : new Date(Date.parse(current.updated_at) + 1).toISOString();
  const assigneeId = patch.assignee_id === undefined ? current.assignee_id : (assignee?.id ?? null);

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
    ...(patch.client_id !== undefined && { client_id: patch.client_id }),
    ...(patch.ai_response !== undefined && { ai_response: patch.ai_response }),
    ...(patch.snoozed_until !== undefined && { snoozed_until: patch.snoozed_until }),
    ...(patch.assignee_id !== undefined && { assignee_id: assigneeId }),
  };
  const updated = {
    id: current.id,
    from_email: current.from_email,
    from_name: current.from_name,
    status,
    category_id: patch.category_id !== undefined ? patch.category_id : current.category_id,
    client_id: patch.client_id !== undefined ? patch.client_id : current.client_id,
    ai_response: patch.ai_response !== undefined ? patch.ai_response : current.ai_response,
    snoozed_until: patch.snoozed_until !== undefined ? patch.snoozed_until : current.snoozed_until,
    assignee_id: assigneeId,
    updated_at: updatedAt,
  };
  const changed: Record<string, { previous: unknown; current: unknown }> = {};
  for (const field of ['status', 'category_id', 'client_id', 'ai_response', 'snoozed_until', 'assignee_id', 'handled_at'] as const) {
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
    didChange && raise(trx, workspaceId, 'reply.updated', { ...updated, changes: changed }),
    changed.assignee_id &&
      raise(trx, workspaceId, 'reply.assigned', { id: current.id, assignee: assignee ? assigneeOf(assignee.id, assignee.name, assignee.email) : null, previous_assignee_id: current.assignee_id }),
    didChange && record(trx, workspaceId, current.id, actor, updatedAt, historyOf(changed)),
    // a person or client chose a category: the history row above is what triage's workspace
    // model learns it from (triage/learning.ts)
    learn && typeof category === 'string' && categoryChosen(trx, workspaceId, current, category, updatedAt),
  ]);
  return { updated, didChange, changed };
}

/** A reply's ETag: its updated_at, quoted (RFC 9110 strong validator). */
export const etagOf = (updatedAt: string) => `"${updatedAt}"`;

/** Whether an If-Match header names this version: `*`, or a list of ETags one of which is it. */
function ifMatches(header: string, updatedAt: string): boolean {
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim() === etagOf(updatedAt));
}

export async function updateReply(db: Db, workspaceId: string, id: string, patch: PatchReply, actor: Actor, ifMatch?: string) {
  const at = now();
  const change = checkChange(patch, at);
  return db.write(async (trx) => {
    const { updated } = await applyChange(trx, workspaceId, id, change, at, { actor, learn: true, ifMatch });
    return updated;
  });
}

/**
 * POST /api/replies/bulk: PATCH's rules for each reply, all in one transaction; an id the
 * workspace does not have is 404 and nothing changes. Answers the replies that changed.
 */
export async function bulkUpdate(db: Db, workspaceId: string, body: Bulk, actor: Actor) {
  const at = now();
  const change = checkChange({ status: body.status, category_id: body.category_id, client_id: body.client_id, snoozed_until: body.snoozed_until, assignee_id: body.assignee_id }, at);
  const ids = [...new Set(body.ids)];
  return db.write(async (trx) => {
    const changed: string[] = [];
    for (const id of ids) {
      const result = await applyChange(trx, workspaceId, id, change, at, { actor, learn: true });
      if (result.didChange) changed.push(id);
    }
    return { updated: changed.length, ids: changed };
  });
}
