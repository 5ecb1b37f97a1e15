// The metrics of one app instance (docs/deploy.md "Metrics"), in a registry of its own rather
// than prom-client's global one, so several apps in one process (the tests) never share or
// collide. Two kinds:
// - this process's own: Node's defaults (CPU, memory, event-loop lag, garbage collection;
//   unprefixed, the names Node.js dashboards expect) and the request durations;
// - the database's, read at scrape time by each gauge's collect(): jobs, webhook deliveries,
//   outgoing mail and mailboxes. Several instances and separate workers write those tables, so
//   a counter in this process would miss what the others did; every instance answers the same.
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/connect.ts';
import type { Q } from '../db/types.ts';
import type { DeliveryStatus, JobStatus, OutgoingKind, OutgoingStatus } from '../db/tables/outbox.ts';
import { type Count, jobCounts, mailboxStateCounts, oldestMailboxSync, outgoingMailCounts, webhookDeliveryCounts } from './queries.ts';

const JOB_STATES: readonly JobStatus[] = ['queued', 'running', 'done', 'failed'];
const DELIVERY_STATES: readonly DeliveryStatus[] = ['pending', 'succeeded', 'failed'];
const MAIL_KINDS: readonly OutgoingKind[] = ['send', 'forward'];
const MAIL_STATES: readonly OutgoingStatus[] = ['scheduled', 'held', 'cancelled', 'queued', 'sent', 'failed', 'captured'];
/** As GET /api/connections shows them (mailboxes/schemas.ts SYNC_STATES). */
const MAILBOX_STATES = ['pending', 'active', 'error', 'paused'] as const;

export interface AppMetrics {
  registry: Registry;
  /** Observes one answered request: its route's pattern (or `unmatched`), never its URL. */
  observeRequest(method: string, route: string, statusCode: number, seconds: number): void;
}

type OnError = (err: unknown, metric: string) => void;

export function appMetrics(db: Db, onError: OnError): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to its answer, by method, route pattern (unmatched: no route) and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  fromDb(registry, db, onError, {
    name: 'replydesk_jobs',
    help: 'Background jobs in the jobs table by kind and state (queued, running, done, failed), all workspaces',
    labelNames: ['kind', 'state'],
    read: jobCounts,
    // every state of each kind present, 0 included, so a rate or an alert has a series to read
    zeros: (counts) => [...new Set(counts.map((c) => c.labels.kind!))].flatMap((kind) => JOB_STATES.map((state) => ({ kind, state }))),
  });
  fromDb(registry, db, onError, {
    name: 'replydesk_webhook_deliveries',
    help: 'Webhook deliveries by status (pending, succeeded, failed), all workspaces',
    labelNames: ['status'],
    read: webhookDeliveryCounts,
    zeros: () => DELIVERY_STATES.map((status) => ({ status })),
  });
  fromDb(registry, db, onError, {
    name: 'replydesk_outgoing_mail',
    help: 'Outgoing mail (sends and forwards) by kind and status (scheduled, held, cancelled, queued, sent, failed, captured), all workspaces',
    labelNames: ['kind', 'status'],
    read: outgoingMailCounts,
    zeros: () => MAIL_KINDS.flatMap((kind) => MAIL_STATES.map((status) => ({ kind, status }))),
  });
  fromDb(registry, db, onError, {
    name: 'replydesk_mailboxes',
    help: 'Mailboxes with IMAP settings by sync state (pending, active, error, paused), all workspaces',
    labelNames: ['state'],
    read: mailboxStateCounts,
    zeros: () => MAILBOX_STATES.map((state) => ({ state })),
  });
  new Gauge({
    name: 'replydesk_mailbox_sync_lag_seconds',
    help: 'Seconds since the oldest last successful sync among mailboxes that sync and are not paused (one never synced: since its creation); 0 when there is none',
    registers: [registry],
    async collect() {
      try {
        const oldest = await oldestMailboxSync(db.read);
        this.set(oldest ? Math.max(0, (Date.now() - Date.parse(oldest)) / 1000) : 0);
      } catch (err) {
        this.reset();
        onError(err, 'replydesk_mailbox_sync_lag_seconds');
      }
    },
  });

  return {
    registry,
    observeRequest: (method, route, statusCode, seconds) => requests.observe({ method, route, status_code: String(statusCode) }, seconds),
  };
}

/**
 * A gauge whose values are counts read from the database at each scrape. A read that fails
 * leaves the gauge without values (the scrape still answers, with the process's metrics) and
 * is reported once per scrape.
 */
function fromDb(
  registry: Registry,
  db: Db,
  onError: OnError,
  spec: { name: string; help: string; labelNames: string[]; read: (db: Q) => Promise<Count[]>; zeros: (counts: Count[]) => Record<string, string>[] },
) {
  new Gauge({
    name: spec.name,
    help: spec.help,
    labelNames: spec.labelNames,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        const counts = await spec.read(db.read);
        for (const labels of spec.zeros(counts)) this.set(labels, 0);
        for (const c of counts) this.set(c.labels, c.n);
      } catch (err) {
        onError(err, spec.name);
      }
    },
  });
}
