// Events are written in the transaction of the change that causes them, so a rolled-back
// change leaves no event and a committed one always has its event. Deliveries to the
// workspace's webhook endpoints are queued in that same transaction (jobs table).
import type { Kysely, Transaction } from 'kysely';
import { uuidv7 } from '../db/ids.ts';
import { preparedInsert } from '../db/prepared.ts';
import type { Database } from '../db/types.ts';

export const EVENT_TYPES = ['reply.received', 'reply.updated', 'reply.sent', 'reply.forwarded', 'contact.created'] as const;
export type EventType = (typeof EVENT_TYPES)[number] | 'webhook.test';

export interface EventPayload<D = unknown> {
  type: EventType;
  timestamp: string;
  data: D;
}

type Q = Kysely<Database> | Transaction<Database>;

const insertEvent = preparedInsert('events', ['id', 'workspace_id', 'type', 'payload', 'created_at']);

/** Records an event in the caller's transaction. Returns its id (`msg_…`, the webhook-id). */
export async function publishEvent<D>(db: Q, workspaceId: string, type: EventType, data: D): Promise<string> {
  const id = `msg_${uuidv7().replace(/-/g, '')}`;
  const timestamp = new Date().toISOString();
  const payload: EventPayload<D> = { type, timestamp, data };
  await insertEvent(db, { id, workspace_id: workspaceId, type, payload: JSON.stringify(payload), created_at: timestamp });
  return id;
}
