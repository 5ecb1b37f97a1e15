// Events are written in the transaction of the change that causes them, so a rolled-back
// change leaves no event and a committed one always has its event. Deliveries to the
// workspace's webhook endpoints are queued in that same transaction (jobs table): one row in
// webhook_deliveries and one webhook.deliver job per subscribed, enabled endpoint; the job
// workers of this process are woken when it commits (jobs/queries.ts enqueue).
import { afterCommit } from '../db/connect.ts';
import { type DomainEvent, type DomainEventType, EVENT_TYPES, subscribe } from '../events.ts';
import { uuidv7 } from '../db/ids.ts';
import { liveEvents } from './live.ts';
import type { Tx } from '../db/types.ts';
import { enqueueMany } from '../jobs/queries.ts';
import * as q from './queries.ts';

export type EventType = DomainEventType | 'webhook.test';

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

/**
 * Records the events of one change in the caller's transaction and queues their deliveries, in
 * order, with one read of the workspace's endpoints; returns each event's id (`msg_…`, the
 * webhook-id), or null when no enabled endpoint of the workspace subscribes to it. Such an event
 * is not stored: nothing would ever read it (the log exists for deliveries, their retries and
 * recovery), and on ingestion it would be a third of the rows written. A live-only event
 * (reply.outgoing) goes to the dashboards and gets no id. Subscribed to the domain events
 * (src/events.ts) below, so every raised event arrives here.
 */
export async function publishEvents(db: Tx, workspaceId: string, all: DomainEvent[]): Promise<(string | null)[]> {
  if (liveEvents.watching(workspaceId)) {
    for (const { type, data } of all) {
      const event = { type, timestamp: new Date().toISOString(), data };
      afterCommit(db, () => liveEvents.publish(workspaceId, event));
    }
  }
  const events = all.filter((e): e is { type: DomainEventType; data: unknown } => (EVENT_TYPES as readonly string[]).includes(e.type));
  if (!events.length) return [];
  const endpoints = await q.enabledEndpoints(db, { ws: workspaceId });
  const ids: (string | null)[] = [];
  for (const { type, data } of events) {
    const targets = endpoints.filter((e) => subscribes(JSON.parse(e.events) as string[], type)).map((e) => e.id);
    if (!targets.length) {
      ids.push(null);
      continue;
    }
    const id = newEventId();
    const timestamp = new Date().toISOString();
    const payload: EventPayload = { type, timestamp, data };
    await q.insertEvent(db, { id, workspace_id: workspaceId, type, payload: JSON.stringify(payload), created_at: timestamp });
    await queueDeliveries(db, workspaceId, { id, type, created_at: timestamp }, targets);
    ids.push(id);
  }
  return ids;
}

subscribe(async (trx, workspaceId, events) => {
  await publishEvents(trx, workspaceId, events);
});

/** A webhook.test event for one endpoint only, as if it had subscribed to it. */
export async function publishTestEvent(db: Tx, workspaceId: string, endpointId: string): Promise<{ eventId: string; deliveryId: string }> {
  const id = newEventId();
  const timestamp = new Date().toISOString();
  const payload: EventPayload = { type: 'webhook.test', timestamp, data: { endpoint_id: endpointId, message: 'This is a test event from Replydesk.' } };
  await q.insertEvent(db, { id, workspace_id: workspaceId, type: 'webhook.test', payload: JSON.stringify(payload), created_at: timestamp });
  const [deliveryId] = await queueDeliveries(db, workspaceId, { id, type: 'webhook.test', created_at: timestamp }, [endpointId]);
  return { eventId: id, deliveryId: deliveryId! };
}

async function queueDeliveries(db: Tx, workspaceId: string, event: { id: string; type: string; created_at: string }, endpointIds: string[]): Promise<string[]> {
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
  await q.insertDeliveries(db, rows);
  await enqueueDeliveries(
    db,
    workspaceId,
    rows.map((r) => ({ deliveryId: r.id, jobId: r.job_id })),
  );
  return rows.map((r) => r.id);
}

/** Queues one delivery job per delivery (new deliveries, manual retries, recovery). */
export function enqueueDeliveries(db: Tx, workspaceId: string, deliveries: { deliveryId: string; jobId: string }[]) {
  return enqueueMany(
    db,
    deliveries.map(({ deliveryId, jobId }) => ({ id: jobId, workspaceId, kind: DELIVER_JOB, payload: { deliveryId } satisfies DeliverJob, maxAttempts: DELIVER_MAX_ATTEMPTS })),
  );
}
