// Webhook endpoint rules: registration (URL and event checks, the SSRF check for IP literals),
// the secret shown once and stored encrypted, rotation with a 24-hour overlap, the delivery
// log, manual retry, recovery and the test event.
import crypto from 'node:crypto';
import type { Db } from '../db/connect.ts';
import { listOwned } from '../db/owned.ts';
import type { DeliveryStatus, Q, Tx, WebhookEndpointTable } from '../db/types.ts';
import { Errors } from '../errors.ts';
import { normalizeTimestamp } from '../timestamps.ts';
import { runJobNow } from '../jobs/queries.ts';
import { EVENT_TYPES } from '../events.ts';
import { ALL_EVENTS, enqueueDeliveries, publishTestEvent } from './events.ts';
import * as q from './queries.ts';
import type { CreateEndpoint, PatchEndpoint } from './schemas.ts';
import { encryptSecret, generateSecret } from '../security/secrets.ts';
import { checkTarget } from '../security/ssrf.ts';
import { bool } from '../db/dialect.ts';

export interface WebhookSettings {
  /** Master key for secrets at rest (security/secrets.ts). */
  secretKey: Buffer;
  allowPrivateNetworks: boolean;
}

/** How long the previous secret keeps signing after a rotation. */
export const ROTATION_OVERLAP_MS = 24 * 3600 * 1000;

const now = () => new Date().toISOString();

export function toEndpoint(e: WebhookEndpointTable) {
  const rotatedUntil = e.previous_secret_expires_at && new Date(e.previous_secret_expires_at) > new Date() ? e.previous_secret_expires_at : null;
  return {
    id: e.id,
    url: e.url,
    events: JSON.parse(e.events) as string[],
    description: e.description,
    enabled: Boolean(e.enabled),
    disabled_reason: e.disabled_reason,
    disabled_at: e.disabled_at,
    failing_since: e.failing_since,
    secret_rotated_until: rotatedUntil,
    created_at: e.created_at,
    updated_at: e.updated_at,
  };
}

export function validateUrl(raw: string, allowPrivateNetworks: boolean): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw Errors.InvalidWebhookUrl('must be an absolute http:// or https:// URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw Errors.InvalidWebhookUrl('must be an absolute http:// or https:// URL');
  // Credentials in a URL would be stored and shown back in plain text; the signature is how a
  // receiver knows the sender (docs/webhooks.md).
  if (url.username || url.password) throw Errors.InvalidWebhookUrl('must not contain a user name or password; verify the webhook signature instead');
  if (!allowPrivateNetworks) {
    const refused = checkTarget(url);
    if (refused) throw Errors.InvalidWebhookUrl(`${refused.target} is a ${refused.reason} address; private networks are refused`);
  }
  return url.href;
}

export function validateEvents(events: string[]): string[] {
  const allowed: readonly string[] = [...EVENT_TYPES, ALL_EVENTS];
  const unknown = events.filter((e) => !allowed.includes(e));
  if (unknown.length) throw Errors.UnknownEventTypes(unknown, allowed);
  const unique = [...new Set(events)];
  return unique.includes(ALL_EVENTS) ? [ALL_EVENTS] : unique;
}

export async function createEndpoint(db: Db, settings: WebhookSettings, workspaceId: string, input: CreateEndpoint) {
  const url = validateUrl(input.url, settings.allowPrivateNetworks);
  const events = validateEvents(input.events);
  const id = crypto.randomUUID();
  const secret = generateSecret();
  const t = now();
  const row: WebhookEndpointTable = {
    id,
    workspace_id: workspaceId,
    url,
    events: JSON.stringify(events),
    description: input.description ?? '',
    enabled: bool(db.read, true),
    disabled_reason: null,
    disabled_at: null,
    secret_enc: encryptSecret(settings.secretKey, id, secret),
    previous_secret_enc: null,
    previous_secret_expires_at: null,
    failing_since: null,
    created_at: t,
    updated_at: t,
  };
  await db.write((trx) => q.insertEndpoint(trx, row));
  return { ...toEndpoint(row), secret };
}

export async function listEndpoints(db: Db, workspaceId: string, opts: { limit: number; offset: number }) {
  const { rows, total } = await listOwned(db, 'webhook_endpoints', workspaceId, opts);
  return { items: rows.map(toEndpoint), total };
}

async function mustGet(db: Q, workspaceId: string, id: string) {
  const row = await q.getEndpoint(db, workspaceId, id);
  if (!row) throw Errors.WebhookNotFound();
  return row;
}

export async function getEndpoint(db: Db, workspaceId: string, id: string) {
  return toEndpoint(await mustGet(db.read, workspaceId, id));
}

/** Re-enabling clears the disabled reason and the failure streak, so the 5-day clock restarts. */
export async function updateEndpoint(db: Db, settings: WebhookSettings, workspaceId: string, id: string, patch: PatchEndpoint) {
  if (patch.url === undefined && patch.events === undefined && patch.description === undefined && patch.enabled === undefined) {
    throw Errors.BadRequest('Nothing to update: give at least one of url, events, description, enabled');
  }
  const changes: Partial<WebhookEndpointTable> = { updated_at: now() };
  if (patch.url !== undefined) changes.url = validateUrl(patch.url, settings.allowPrivateNetworks);
  if (patch.events !== undefined) changes.events = JSON.stringify(validateEvents(patch.events));
  if (patch.description !== undefined) changes.description = patch.description;
  return db.write(async (trx) => {
    const current = await mustGet(trx, workspaceId, id);
    if (patch.enabled !== undefined && patch.enabled !== Boolean(current.enabled)) {
      changes.enabled = bool(trx, patch.enabled);
      changes.disabled_at = patch.enabled ? null : changes.updated_at!;
      changes.disabled_reason = patch.enabled ? null : 'Disabled through the API';
      changes.failing_since = null;
    }
    await q.updateEndpoint(trx, workspaceId, id, changes);
    return toEndpoint({ ...current, ...changes });
  });
}

export async function deleteEndpoint(db: Db, workspaceId: string, id: string) {
  if (!(await db.write((trx) => q.deleteEndpoint(trx, workspaceId, id)))) throw Errors.WebhookNotFound();
}

/** A new secret, shown once; the old one keeps signing alongside it for ROTATION_OVERLAP_MS. */
export async function rotateSecret(db: Db, settings: WebhookSettings, workspaceId: string, id: string) {
  const secret = generateSecret();
  const t = new Date();
  return db.write(async (trx) => {
    const current = await mustGet(trx, workspaceId, id);
    const changes = {
      secret_enc: encryptSecret(settings.secretKey, id, secret),
      previous_secret_enc: current.secret_enc,
      previous_secret_expires_at: new Date(t.getTime() + ROTATION_OVERLAP_MS).toISOString(),
      updated_at: t.toISOString(),
    };
    await q.updateEndpoint(trx, workspaceId, id, changes);
    return { ...toEndpoint({ ...current, ...changes }), secret };
  });
}

export async function listDeliveries(db: Db, workspaceId: string, endpointId: string, opts: { status?: DeliveryStatus; limit: number; offset: number }) {
  await mustGet(db.read, workspaceId, endpointId);
  const [rows, total] = await Promise.all([q.listDeliveries(db.read, workspaceId, endpointId, opts), q.countDeliveries(db.read, workspaceId, endpointId, opts.status)]);
  const attempts = await q.attemptsOf(
    db.read,
    workspaceId,
    rows.map((r) => r.id),
  );
  const byDelivery = new Map<string, typeof attempts>();
  for (const a of attempts) byDelivery.set(a.delivery_id, [...(byDelivery.get(a.delivery_id) ?? []), a]);
  const items = rows.map((d) => ({
    id: d.id,
    event_id: d.event_id,
    event_type: d.event_type,
    status: d.status,
    attempts: d.attempts,
    next_attempt_at: d.next_attempt_at,
    last_status_code: d.last_status_code,
    last_error: d.last_error,
    created_at: d.created_at,
    updated_at: d.updated_at,
    attempt_log: (byDelivery.get(d.id) ?? []).map((a) => ({
      attempt: a.attempt,
      status_code: a.status_code,
      duration_ms: a.duration_ms,
      error: a.error,
      response_body: a.response_body,
      at: a.created_at,
    })),
  }));
  return { items, total };
}

/**
 * Sends a delivery again now. One waiting for a scheduled retry has its job moved forward;
 * a finished one (failed or succeeded) gets a new job with a fresh retry schedule.
 */
export async function retryDelivery(db: Db, workspaceId: string, endpointId: string, deliveryId: string) {
  const endpoint = await mustGet(db.read, workspaceId, endpointId);
  if (!endpoint.enabled) throw Errors.EndpointDisabled();
  return db.write(async (trx) => {
    const delivery = await q.getDelivery(trx, workspaceId, endpointId, deliveryId);
    if (!delivery) throw Errors.DeliveryNotFound();
    const t = now();
    if (delivery.status === 'pending') {
      const moved = delivery.job_id ? await runJobNow(trx, delivery.job_id, t) : false;
      if (!moved) throw Errors.DeliveryInProgress();
      await q.markPending(trx, workspaceId, [deliveryId], t);
    } else {
      await requeue(trx, workspaceId, [deliveryId], t);
    }
    return { delivery_id: deliveryId, event_id: delivery.event_id };
  });
}

async function requeue(trx: Tx, workspaceId: string, deliveryIds: string[], t: string) {
  const jobs = deliveryIds.map((deliveryId) => ({ deliveryId, jobId: crypto.randomUUID() }));
  await q.markPending(trx, workspaceId, deliveryIds, t);
  for (const j of jobs) await q.setDeliveryJob(trx, j.deliveryId, j.jobId);
  await enqueueDeliveries(trx, workspaceId, jobs);
}

/** Re-sends every failed delivery of the endpoint created at or after `since`. */
export async function recover(db: Db, workspaceId: string, endpointId: string, since: string) {
  const endpoint = await mustGet(db.read, workspaceId, endpointId);
  if (!endpoint.enabled) throw Errors.EndpointDisabled();
  const ids = await db.write(async (trx) => {
    const failed = await q.failedDeliveryIdsSince(trx, workspaceId, endpointId, normalizeTimestamp(since));
    if (failed.length) await requeue(trx, workspaceId, failed, now());
    return failed;
  });
  return { requeued: ids.length, delivery_ids: ids };
}

export async function sendTestEvent(db: Db, workspaceId: string, endpointId: string) {
  const endpoint = await mustGet(db.read, workspaceId, endpointId);
  if (!endpoint.enabled) throw Errors.EndpointDisabled();
  const { eventId, deliveryId } = await db.write((trx) => publishTestEvent(trx, workspaceId, endpointId));
  return { event_id: eventId, delivery_id: deliveryId };
}
