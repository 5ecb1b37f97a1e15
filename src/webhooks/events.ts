// Events are written in the transaction of the change that causes them, so a rolled-back
// change leaves no event and a committed one always has its event. Deliveries to the
// workspace's webhook endpoints are queued in that same transaction (jobs table): one row in
// webhook_deliveries and one webhook.deliver job per subscribed, enabled endpoint. Callers
// call notifyJobs() after commit so the worker in this process starts at once.
import { sql } from 'kysely';
import { uuidv7 } from '../db/ids.ts';
import { prepared, preparedInsert } from '../db/prepared.ts';
import type { Q } from '../db/types.ts';
import { enqueueMany } from '../jobs/queue.ts';

export const EVENT_TYPES = ['reply.received', 'reply.updated', 'reply.sent', 'reply.forwarded', 'contact.created'] as const;
export type EventType = (typeof EVENT_TYPES)[number] | 'webhook.test';

/** Subscribing to this instead of a list means every event, including kinds added later. */
export const ALL_EVENTS = '*';

export const DELIVER_JOB = 'webhook.deliver';
/**
 * The job's own attempt ceiling. The delivery handler ends a delivery itself when the retry
 * schedule (config) runs out; this only stops a runaway.
 */
const DELIVER_MAX_ATTEMPTS = 100;

export interface EventPayload<D = unknown> {
  type: EventType;
  timestamp: string;
  data: D;
}

export interface DeliverJob {
  deliveryId: string;
}

export const newEventId = () => `msg_${uuidv7().replace(/-/g, '')}`;

export function subscribes(events: string[], type: string): boolean {
  return events.includes(ALL_EVENTS) || events.includes(type);
}

const insertEvent = preparedInsert('events', ['id', 'workspace_id', 'type', 'payload', 'created_at']);
// Every event runs this; a workspace without endpoints stops at it (index on workspace_id, enabled).
const enabledEndpoints = prepared(['ws'], (db, a) =>
  db.selectFrom('webhook_endpoints').select(['id', 'events']).where('workspace_id', '=', a.ws).where(sql<boolean>`enabled`),
);

/**
 * Records an event in the caller's transaction and queues its deliveries; returns its id
 * (`msg_…`, the webhook-id), or null when no enabled endpoint of the workspace subscribes to
 * it. Such an event is not stored: nothing would ever read it (the log exists for deliveries,
 * their retries and recovery), and on ingestion it would be a third of the rows written.
 */
export async function publishEvent<D>(db: Q, workspaceId: string, type: EventType, data: D): Promise<string | null> {
  const endpoints = await enabledEndpoints(db, { ws: workspaceId });
  const targets = endpoints.filter((e) => subscribes(JSON.parse(e.events) as string[], type)).map((e) => e.id);
  if (!targets.length) return null;
  const id = newEventId();
  const timestamp = new Date().toISOString();
  const payload: EventPayload<D> = { type, timestamp, data };
  await insertEvent(db, { id, workspace_id: workspaceId, type, payload: JSON.stringify(payload), created_at: timestamp });
  await queueDeliveries(db, workspaceId, { id, type, created_at: timestamp }, targets);
  return id;
}

/** A webhook.test event for one endpoint only, as if it had subscribed to it. */
export async function publishTestEvent(db: Q, workspaceId: string, endpointId: string): Promise<{ eventId: string; deliveryId: string }> {
  const id = newEventId();
  const timestamp = new Date().toISOString();
  const payload: EventPayload = { type: 'webhook.test', timestamp, data: { endpoint_id: endpointId, message: 'This is a test event from Replydesk.' } };
  await insertEvent(db, { id, workspace_id: workspaceId, type: 'webhook.test', payload: JSON.stringify(payload), created_at: timestamp });
  const [deliveryId] = await queueDeliveries(db, workspaceId, { id, type: 'webhook.test', created_at: timestamp }, [endpointId]);
  return { eventId: id, deliveryId: deliveryId! };
}

async function queueDeliveries(db: Q, workspaceId: string, event: { id: string; type: string; created_at: string }, endpointIds: string[]): Promise<string[]> {
  const rows = endpointIds.map((endpointId) => ({
    id: uuidv7(),
    job_id: uuidv7(),
    workspace_id: workspaceId,
    endpoint_id: endpointId,
    event_id: event.id,
    event_type: event.type,
    status: 'pending' as const,
    attempts: 0,
    next_attempt_at: event.created_at,
    last_status_code: null,
    last_error: null,
    created_at: event.created_at,
    updated_at: event.created_at,
  }));
  await db.insertInto('webhook_deliveries').values(rows).execute();
  await enqueueDeliveries(db, workspaceId, rows.map((r) => ({ deliveryId: r.id, jobId: r.job_id })));
  return rows.map((r) => r.id);
}

/** Queues one delivery job per delivery (new deliveries, manual retries, recovery). */
export function enqueueDeliveries(db: Q, workspaceId: string, deliveries: { deliveryId: string; jobId: string }[]) {
  return enqueueMany(
    db,
    deliveries.map(({ deliveryId, jobId }) => ({ id: jobId, workspaceId, kind: DELIVER_JOB, payload: { deliveryId } satisfies DeliverJob, maxAttempts: DELIVER_MAX_ATTEMPTS })),
  );
}
