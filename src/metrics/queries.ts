// What GET /metrics reads from the database at scrape time (metrics/registry.ts): counts by
// state across every workspace, for the operator. Only counts and kinds leave here, never a
// workspace's data. Each is one grouped count; the mailboxes' are over a table of one row per
// mailbox (docs/deploy.md "Metrics").
import type { Q } from '../db/types.ts';
import { bool } from '../db/dialect.ts';

export interface Count {
  labels: Record<string, string>;
  n: number;
}

/** Jobs by kind and status (queued, running, done, failed). */
export async function jobCounts(db: Q): Promise<Count[]> {
  const rows = await db
    .selectFrom('jobs')
    .select(['kind', 'status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(['kind', 'status'])
    .execute();
  return rows.map((r) => ({ labels: { kind: r.kind, state: r.status }, n: Number(r.n) }));
}

/** Webhook deliveries by status (pending, succeeded, failed). */
export async function webhookDeliveryCounts(db: Q): Promise<Count[]> {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  return rows.map((r) => ({ labels: { status: r.status }, n: Number(r.n) }));
}

/** Outgoing mail (sends and forwards) by kind and status (scheduled, held, cancelled, queued, sent, failed, captured). */
export async function outgoingMailCounts(db: Q): Promise<Count[]> {
  const rows = await db
    .selectFrom('outgoing_messages')
    .select(['kind', 'status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(['kind', 'status'])
    .execute();
  return rows.map((r) => ({ labels: { kind: r.kind, status: r.status }, n: Number(r.n) }));
}

/**
 * Mailboxes that sync (those with IMAP settings) by the state the API shows them in: pending,
 * active, error, or paused (docs/mailboxes.md).
 */
export async function mailboxStateCounts(db: Q): Promise<Count[]> {
  const rows = await db
    .selectFrom('connections')
    .select(['sync_state', 'paused', (eb) => eb.fn.countAll<number>().as('n')])
    .where('imap_host', 'is not', null)
    .groupBy(['sync_state', 'paused'])
    .execute();
  const byState = new Map<string, number>();
  for (const r of rows) {
    const state = r.paused ? 'paused' : r.sync_state;
    byState.set(state, (byState.get(state) ?? 0) + Number(r.n));
  }
  return [...byState].map(([state, n]) => ({ labels: { state }, n }));
}

/**
 * The oldest last successful sync among the mailboxes that sync and are not paused (a mailbox
 * never synced counts from its creation), as an ISO timestamp; null when there is none.
 */
export async function oldestMailboxSync(db: Q): Promise<string | null> {
  const row = await db
    .selectFrom('connections')
    .select((eb) => eb.fn.min<string | null>(eb.fn.coalesce('last_synced_at', 'created_at')).as('oldest'))
    .where('imap_host', 'is not', null)
    .where('paused', '=', bool(db, false))
    .executeTakeFirst();
  return row?.oldest ?? null;
}
