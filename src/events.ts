// Domain events: what replies, contacts, mail and mailboxes raise about a change, in the
// transaction of that change (docs/webhooks.md "Events"). This module knows no subscriber:
// webhooks/events.ts subscribes when it loads (app.ts and the worker's job handlers import it)
// and turns each event into webhook deliveries and a message on the dashboard's live stream.
// The services that raise events therefore depend on this small module, never on webhooks/.
import type { Tx } from './db/types.ts';

export const EVENT_TYPES = ['reply.received', 'reply.updated', 'reply.assigned', 'reply.note_added', 'reply.sent', 'reply.forwarded', 'contact.created', 'contact.updated', 'contact.erased'] as const;
export type DomainEventType = (typeof EVENT_TYPES)[number];

/**
 * An event only the dashboards watching the workspace hear: no webhook carries it. `reply.outgoing`:
 * a reply's outgoing mail changed without the reply changing (an answer scheduled, held or
 * cancelled); `data.id` is the reply's id.
 */
export type LiveOnlyEventType = 'reply.outgoing';

export interface DomainEvent {
  type: DomainEventType | LiveOnlyEventType;
  data: unknown;
}

/** Runs in the transaction that raised the events; a throw rolls the change back. */
export type Subscriber = (trx: Tx, workspaceId: string, events: DomainEvent[]) => Promise<void>;

const subscribers: Subscriber[] = [];

export function subscribe(subscriber: Subscriber): void {
  subscribers.push(subscriber);
}

/** Raises one event of a change. */
export function raise(trx: Tx, workspaceId: string, type: DomainEventType, data: unknown): Promise<void> {
  return raiseAll(trx, workspaceId, [{ type, data }]);
}

/** Raises several events of one change, in order (ingestion's contact.created and reply.received). */
export async function raiseAll(trx: Tx, workspaceId: string, events: DomainEvent[]): Promise<void> {
  // An event nobody hears would be a webhook silently never sent: refuse, loudly.
  if (!subscribers.length) throw new Error('No subscriber to domain events: import webhooks/events.ts where the app or the worker is built');
  for (const subscriber of subscribers) await subscriber(trx, workspaceId, events);
}

/** Tells the dashboards that a reply's outgoing mail changed (LiveOnlyEventType). */
export function signalOutgoing(trx: Tx, workspaceId: string, replyId: string): Promise<void> {
  return raiseAll(trx, workspaceId, [{ type: 'reply.outgoing', data: { id: replyId } }]);
}
