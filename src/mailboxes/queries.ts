// Mailbox queries: connections, their sync leases and folder state, skipped messages. Every query a service calls takes the workspace id and filters by it; the
// sync's own (by connection id) run on rows it found through a lease.
import { type Insertable, sql, type Updateable } from 'kysely';
import { bool } from '../db/dialect.ts';
import type { ConnectionTable, MailboxSkippedTable, Q, Tx } from '../db/types.ts';

export type ConnectionRow = Awaited<ReturnType<typeof getConnection>> & {};

export function getConnection(db: Q, workspaceId: string, id: string) {
  return db.selectFrom('connections').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
}

export async function listConnections(db: Q, workspaceId: string, opts: { limit: number; offset: number }) {
  const [rows, count] = await Promise.all([
    db.selectFrom('connections').selectAll().where('workspace_id', '=', workspaceId).orderBy('created_at', 'asc').orderBy('id', 'asc').limit(opts.limit).offset(opts.offset).execute(),
    db
      .selectFrom('connections')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function insertConnection(db: Tx, row: Insertable<ConnectionTable>) {
  return db.insertInto('connections').values(row).execute();
}

export async function updateConnection(db: Tx, workspaceId: string, id: string, changes: Updateable<ConnectionTable>) {
  const values = changes.paused === undefined ? changes : { ...changes, paused: bool(db, Boolean(changes.paused)) };
  const res = await db.updateTable('connections').set(values).where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export async function deleteConnection(db: Tx, workspaceId: string, id: string) {
  const res = await db.deleteFrom('connections').where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** A folder's sync position, created where there is none (a new connection or folder). */
export function startFolder(db: Tx, row: { connection_id: string; workspace_id: string; folder: string; uidvalidity: string; last_uid: number; updated_at: string }) {
  return db
    .insertInto('mailbox_folders')
    .values(row)
    .onConflict((oc) => oc.columns(['connection_id', 'folder']).doNothing())
    .execute();
}

export function getFolder(db: Q, connectionId: string, folder: string) {
  return db.selectFrom('mailbox_folders').selectAll().where('connection_id', '=', connectionId).where('folder', '=', folder).executeTakeFirst();
}

/**
 * Moves a folder's position on, never back: two holders of one lease (a worker that stalled
 * past its lease and the one that took over) can only agree on the highest UID.
 */
export function advanceFolder(db: Tx, row: { connection_id: string; workspace_id: string; folder: string; uidvalidity: string; last_uid: number; updated_at: string }, opts: { reset: boolean }) {
  return db
    .insertInto('mailbox_folders')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['connection_id', 'folder']).doUpdateSet({
        uidvalidity: sql`excluded.uidvalidity`,
        last_uid: opts.reset
          ? sql`excluded.last_uid`
          : sql`case when mailbox_folders.uidvalidity = excluded.uidvalidity and mailbox_folders.last_uid > excluded.last_uid then mailbox_folders.last_uid else excluded.last_uid end`,
        updated_at: sql`excluded.updated_at`,
      }),
    )
    .execute();
}

// Leases. A worker takes a mailbox that is due, has IMAP settings, is not paused, and whose
// lease is free, lapsed or its own, in one conditional UPDATE: of two workers racing for one
// mailbox, one UPDATE matches and the other finds the row changed (PostgreSQL re-checks the
// condition on the row it waited for; SQLite has one writer).

/** Mailboxes that are due now and may be free: candidates for takeLease. */
export function dueMailboxes(db: Q, now: string, holder: string, limit: number) {
  return db
    .selectFrom('connections')
    .select(['id', 'workspace_id'])
    .where('imap_host', 'is not', null)
    .where('paused', '=', bool(db, false))
    .where((eb) => eb.or([eb('next_sync_at', 'is', null), eb('next_sync_at', '<=', now)]))
    .where((eb) => eb.or([eb('lease_holder', 'is', null), eb('lease_holder', '=', holder), eb('lease_expires_at', '<', now)]))
    .orderBy('next_sync_at', 'asc')
    .limit(limit)
    .execute();
}

/** Takes or renews the lease; answers the row when this holder has it, else undefined. */
export function takeLease(db: Tx, id: string, holder: string, now: string, until: string) {
  return db
    .updateTable('connections')
    .set({ lease_holder: holder, lease_expires_at: until })
    .where('id', '=', id)
    .where('imap_host', 'is not', null)
    .where('paused', '=', bool(db, false))
    .where((eb) => eb.or([eb('lease_holder', 'is', null), eb('lease_holder', '=', holder), eb('lease_expires_at', '<', now)]))
    .returningAll()
    .executeTakeFirst();
}

/** Gives the lease up (stopping, or the mailbox was paused or changed); only its holder can. */
export function releaseLease(db: Tx, id: string, holder: string) {
  return db.updateTable('connections').set({ lease_holder: null, lease_expires_at: null }).where('id', '=', id).where('lease_holder', '=', holder).execute();
}

/**
 * Records the outcome of a sync attempt; only the lease's holder can, and only for the settings
 * it synced with (`version`, the row's updated_at then): a session that started before a PATCH
 * never overwrites the state the PATCH set.
 */
export async function recordSync(db: Tx, id: string, holder: string, version: string | null, changes: Updateable<ConnectionTable>) {
  const res = await db
    .updateTable('connections')
    .set(changes)
    .where('id', '=', id)
    .where('lease_holder', '=', holder)
    .where('updated_at', version === null ? 'is' : '=', version)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

export function incrementFailures(db: Tx, id: string, holder: string, version: string | null) {
  return db
    .updateTable('connections')
    .set((eb) => ({ sync_failures: eb('sync_failures', '+', 1) }))
    .where('id', '=', id)
    .where('lease_holder', '=', holder)
    .where('updated_at', version === null ? 'is' : '=', version)
    .returning('sync_failures')
    .executeTakeFirst();
}

export function recordSkipped(db: Tx, row: MailboxSkippedTable) {
  return db
    .insertInto('mailbox_skipped')
    .values(row)
    .onConflict((oc) => oc.columns(['connection_id', 'folder', 'uidvalidity', 'uid']).doNothing())
    .execute();
}

export function listSkipped(db: Q, workspaceId: string, connectionId: string, limit: number) {
  return db
    .selectFrom('mailbox_skipped')
    .select(['folder', 'uid', 'message_id', 'reason', 'created_at'])
    .where('workspace_id', '=', workspaceId)
    .where('connection_id', '=', connectionId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

export function countSkipped(db: Q, workspaceId: string, connectionId: string) {
  return db
    .selectFrom('mailbox_skipped')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('workspace_id', '=', workspaceId)
    .where('connection_id', '=', connectionId)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

// Threading: the stored message a new one answers, by the Message-IDs it names.

/** Our sends whose Message-ID is one of `ids`, with the reply each answered. */
export function outgoingByMessageIds(db: Q, workspaceId: string, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom('outgoing_messages')
    .select(['reply_id', 'message_id', 'from_address', 'to_addresses', 'subject', 'text', 'created_at', 'sent_at'])
    .where('workspace_id', '=', workspaceId)
    .where('message_id', 'in', ids)
    .execute();
}

/** Stored replies whose Message-ID is one of `ids`. */
export function repliesByMessageIds(db: Q, workspaceId: string, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom('replies')
    .select(['id', 'message_id', 'from_email', 'to_email', 'subject', 'body_text', 'received_at'])
    .where('workspace_id', '=', workspaceId)
    .where('message_id', 'in', ids)
    .execute();
}

export function repliesById(db: Q, workspaceId: string, id: string) {
  return db.selectFrom('replies').select(['id', 'from_email', 'to_email', 'subject', 'body_text', 'received_at']).where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
}

/** What was sent in answer to a stored reply (sends, not forwards), oldest first. */
export function sendsOfReply(db: Q, workspaceId: string, replyId: string) {
  return db
    .selectFrom('outgoing_messages')
    .select(['from_address', 'to_addresses', 'subject', 'text', 'created_at', 'sent_at'])
    .where('workspace_id', '=', workspaceId)
    .where('reply_id', '=', replyId)
    .where('kind', '=', 'send')
    .orderBy('created_at', 'asc')
    .execute();
}

// Sending through a mailbox

export function connectionForSend(db: Q, id: string) {
  return db.selectFrom('connections').selectAll().where('id', '=', id).executeTakeFirst();
}

export function recordSentCopy(db: Tx, outgoingId: string, value: string) {
  return db.updateTable('outgoing_messages').set({ sent_copy: value }).where('id', '=', outgoingId).execute();
}

/** Whether the workspace has this client (a mailbox's client_id). */
export async function clientExists(db: Q, workspaceId: string, id: string) {
  return Boolean(await db.selectFrom('clients').select('id').where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst());
}
