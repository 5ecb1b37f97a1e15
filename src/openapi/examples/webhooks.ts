// Examples of the webhook endpoints' operations (tag Webhooks): openapi/examples/index.ts; the
// payloads they deliver are in events.ts.
import { Errors } from '../../errors.ts';
import { EVENT_CHOICES } from '../../webhooks/schemas.ts';
import { delivery, DELIVERY_ID, endpoint, EVENT_ID, one, type OperationExamples, page, SECRET, single } from './samples.ts';

export const WEBHOOK_EXAMPLES: Record<string, OperationExamples> = {
  createWebhook: {
    body: one('Two event types', { url: endpoint.url, events: endpoint.events, description: endpoint.description }),
    ok: { 201: one('The endpoint with its secret, shown this once', single({ ...endpoint, secret: SECRET })) },
    errors: {
      400: [
        Errors.InvalidWebhookUrl('must be an absolute http:// or https:// URL').message,
        Errors.UnknownEventTypes(['reply.deleted'], EVENT_CHOICES).message,
        Errors.InvalidWebhookUrl('10.0.0.5 is a private address; private networks are refused').message,
      ],
    },
  },
  listWebhooks: {
    ok: { 200: one('A page of endpoints', page([endpoint])) },
    errors: { 400: ['limit must be at least 1'] },
  },
  getWebhook: { ok: { 200: one('An endpoint', single(endpoint)) } },
  updateWebhook: {
    body: {
      ...one('Enable again', { enabled: true }),
      ...one('Receive every event', { events: ['*'] }),
    },
    ok: { 200: one('The endpoint after the change', single({ ...endpoint, events: ['*'], updated_at: '2026-11-21T08:00:00.000Z' })) },
    errors: { 400: ['enabled must be a boolean', Errors.InvalidWebhookUrl('must be an absolute http:// or https:// URL').message] },
  },
  deleteWebhook: { ok: {} },
  rotateWebhookSecret: {
    ok: {
      200: one(
        'The new secret; the old one signs alongside until secret_rotated_until',
        single({ ...endpoint, secret: 'whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD', secret_rotated_until: '2026-11-22T08:00:00.000Z', updated_at: '2026-11-21T08:00:00.000Z' }),
      ),
    },
  },
  listWebhookDeliveries: {
    ok: { 200: one('A delivery that succeeded at the second attempt', page([delivery])) },
    errors: { 400: ['status must be one of pending, succeeded, failed'], 404: [Errors.WebhookNotFound().message] },
  },
  retryWebhookDelivery: {
    ok: { 202: one('Queued again', single({ delivery_id: DELIVERY_ID, event_id: EVENT_ID })) },
    errors: { 404: [Errors.WebhookNotFound().message, Errors.DeliveryNotFound().message], 409: [Errors.DeliveryInProgress().message, Errors.EndpointDisabled().message] },
  },
  recoverWebhook: {
    body: one('Everything that failed since Friday', { since: '2026-11-20T00:00:00Z' }),
    ok: { 202: one('Three deliveries queued again', single({ requeued: 3, delivery_ids: [DELIVERY_ID, '0190f5a3-6b7c-7d8e-8f9a-0b1c2d3e4f5a', '0190f5a3-7c8d-7e9f-9a0b-1c2d3e4f5a6b'] })) },
    errors: { 400: ['since must be an ISO 8601 date-time such as 2026-01-31T09:30:00Z'], 409: [Errors.EndpointDisabled().message] },
  },
  testWebhook: {
    ok: { 202: one('A webhook.test event queued for this endpoint', single({ event_id: EVENT_ID, delivery_id: DELIVERY_ID })) },
    errors: { 409: [Errors.EndpointDisabled().message] },
  },
};
