// Webhook queries. Reads for the API take the workspace id and filter by it first; the
// delivery worker reads by delivery id (the job names it) and writes each attempt in one
// transaction with the delivery's and the endpoint's new state.
import { sql } from 'kysely';
import { uuidv7 } from '../db/ids.ts';
import { prepared, preparedInsert } from '../db/prepared.ts';
import type { DeliveryStatus, Q, Tx, WebhookAttemptTable, WebhookDeliveryTable, WebhookEndpointTable } from '../db/types.ts';
import { bool, sameWorkspaceNoIndex } from '../db/dialect.ts';

export function getEndpoint(db: Q, workspaceId: string, id: string) {
  return db.selectFrom('webhook_endpoints').selectAll().where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
}

export function insertEndpoint(db: Tx, row: WebhookEndpointTable) {
  return db.insertInto('webhook_endpoints').values(row).execute();
}

export function updateEndpoint(db: Tx, workspaceId: string, id: string, changes: Partial<WebhookEndpointTable>) {
  return db.updateTable('webhook_endpoints').set(changes).where('workspace_id', '=', workspaceId).where('id', '=', id).execute();
}

export async function deleteEndpoint(db: Tx, workspaceId: string, id: string): Promise<boolean> {
  const res = await db.deleteFrom('webhook_endpoints').where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

export function listDeliveries(db: Q, workspaceId: string, endpointId: string, opts: { status?: DeliveryStatus; limit: number; offset: number }) {
  let query = db.selectFrom('webhook_deliveries').selectAll().where('workspace_id', '=', workspaceId).where('endpoint_id', '=', endpointId);
  if (opts.status) query = query.where('status', '=', opts.status);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(opts.limit).offset(opts.offset).execute();
}

export function countDeliveries(db: Q, workspaceId: string, endpointId: string, status?: DeliveryStatus) {
  let query = db
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('workspace_id', '=', workspaceId)
    .where('endpoint_id', '=', endpointId);
  if (status) query = query.where('status', '=', status);
  return query.executeTakeFirstOrThrow().then((r) => Number(r.n));
}

export function attemptsOf(db: Q, workspaceId: string, deliveryIds: string[]) {
  if (!deliveryIds.length) return Promise.resolve([]);
  return db
    .selectFrom('webhook_attempts')
    .select(['delivery_id', 'attempt', 'status_code', 'duration_ms', 'error', 'response_body', 'created_at'])
    .where('workspace_id', '=', workspaceId)
    .where('delivery_id', 'in', deliveryIds)
    .orderBy('delivery_id')
    .orderBy('attempt', 'asc')
    .execute();
}

export function getDelivery(db: Q, workspaceId: string, endpointId: string, id: string) {
  return db.selectFrom('webhook_deliveries').selectAll().where('workspace_id', '=', workspaceId).where('endpoint_id', '=', endpointId).where('id', '=', id).executeTakeFirst();
}

/** Failed deliveries of an endpoint created at or after `since`, for recovery. */
export function failedDeliveryIdsSince(db: Q, workspaceId: string, endpointId: string, since: string) {
  return db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where('endpoint_id', '=', endpointId)
    .where('status', '=', 'failed')
    .where('created_at', '>=', since)
    .execute()
    .then((rows) => rows.map((r) => r.id));
}

export function markPending(db: Tx, workspaceId: string, ids: string[], at: string) {
  return db
    .updateTable('webhook_deliveries')
    .set({ status: 'pending', next_attempt_at: at, updated_at: at })
    .where(sameWorkspaceNoIndex(db, 'workspace_id', workspaceId))
    .where('id', 'in', ids)
    .execute();
}

/** Everything one attempt needs, in one read: the delivery, its endpoint and its event. */
export function loadDeliveryForSend(db: Q, deliveryId: string) {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
    .innerJoin('events as ev', 'ev.id', 'd.event_id')
    .select([
      'd.id',
      'd.workspace_id',
      'd.endpoint_id',
      'd.event_id',
      'd.status',
      'd.attempts',
      'e.url',
      'e.enabled',
      'e.secret_enc',
      'e.previous_secret_enc',
      'e.previous_secret_expires_at',
      'e.failing_since',
      'ev.payload',
    ])
    .where('d.id', '=', deliveryId)
    .executeTakeFirst();
}

export function settleDelivery(db: Tx, id: string, changes: { status: DeliveryStatus; next_attempt_at: string | null; last_error: string | null; updated_at: string }) {
  return db.updateTable('webhook_deliveries').set(changes).where('id', '=', id).execute();
}

/** What an attempt means for its endpoint: nothing, the end of a failure streak, a failure, or disabling. */
export type EndpointEffect = { kind: 'none' } | { kind: 'recovered' } | { kind: 'failed' } | { kind: 'disable'; reason: string };

export interface AttemptRecord {
  endpointId: string;
  attempt: Omit<WebhookAttemptTable, 'id'>;
  delivery: { status: DeliveryStatus; next_attempt_at: string | null };
  effect: EndpointEffect;
}

/** Writes attempts, their deliveries' new state and their endpoints' health, in the caller's write. */
export async function recordAttempts(trx: Tx, records: AttemptRecord[]) {
  {
    await trx
      .insertInto('webhook_attempts')
      .values(records.map((r) => ({ id: uuidv7(), ...r.attempt })))
      .execute();
    for (const { endpointId, attempt, delivery, effect } of records) {
      const at = attempt.created_at;
      await trx
        .updateTable('webhook_deliveries')
        .set({ ...delivery, attempts: attempt.attempt, last_status_code: attempt.status_code, last_error: attempt.error, updated_at: at })
        .where('id', '=', attempt.delivery_id)
        .execute();
      const endpoint = trx.updateTable('webhook_endpoints').where('id', '=', endpointId);
      if (effect.kind === 'recovered') {
        await endpoint.set({ failing_since: null, updated_at: at }).where('failing_since', 'is not', null).execute();
      } else if (effect.kind === 'failed') {
        await endpoint.set({ failing_since: at, updated_at: at }).where('failing_since', 'is', null).execute();
      } else if (effect.kind === 'disable') {
        await endpoint
          .set({ enabled: bool(trx, false), disabled_reason: effect.reason, disabled_at: at, failing_since: sql`coalesce(failing_since, ${at})`, updated_at: at })
          .where(sql<boolean>`enabled`)
          .execute();
      }
    }
  }
}

export function setDeliveryJob(db: Tx, deliveryId: string, jobId: string) {
  return db.updateTable('webhook_deliveries').set({ job_id: jobId }).where('id', '=', deliveryId).execute();
}

// Events and their deliveries, as publishing writes them (events.ts).

export const insertEvent = preparedInsert('events', ['id', 'workspace_id', 'type', 'payload', 'created_at']);
// Every event runs this; a workspace without endpoints stops at it (index on workspace_id, enabled).
export const enabledEndpoints = prepared((db, a: { ws: string }) =>
  db
    .selectFrom('webhook_endpoints')
    .select(['id', 'events'])
    .where('workspace_id', '=', a.ws)
    .where(sql<boolean>`enabled`),
);

export function insertDeliveries(db: Tx, rows: WebhookDeliveryTable[]) {
  return db.insertInto('webhook_deliveries').values(rows).execute();
}
