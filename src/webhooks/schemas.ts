import { type Static, Type } from '@sinclair/typebox';
import { Nullable, PageQuery, PathId } from '../http/schemas.ts';
import { EVENT_TYPES } from '../events.ts';
import { ALL_EVENTS } from './events.ts';

const Timestamp = Type.String({ format: 'date-time' });
export const EVENT_CHOICES = [...EVENT_TYPES, ALL_EVENTS] as const;
const EventList = Type.Array(Type.String({ maxLength: 100 }), {
  minItems: 1,
  maxItems: 20,
  description: `Event types to receive: ${EVENT_TYPES.join(', ')}; or ["*"] for every event.`,
});
const Url = Type.String({ minLength: 1, maxLength: 2000, description: 'An absolute http:// or https:// URL.' });

export const Endpoint = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    url: Type.String(),
    events: Type.Array(Type.String()),
    description: Type.String(),
    enabled: Type.Boolean(),
    disabled_reason: Nullable(Type.String()),
    disabled_at: Nullable(Timestamp),
    failing_since: Nullable(Timestamp),
    secret_rotated_until: Nullable(Type.String({ format: 'date-time', description: 'Until then the previous secret signs alongside the current one.' })),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { $id: 'WebhookEndpoint' },
);

export const EndpointWithSecret = Type.Intersect([Type.Ref(Endpoint), Type.Object({ secret: Type.String({ description: 'whsec_… — shown only in this answer.' }) })]);

export const CreateEndpointBody = Type.Object({ url: Url, events: EventList, description: Type.Optional(Type.String({ maxLength: 500 })) }, { additionalProperties: false });
export type CreateEndpoint = Static<typeof CreateEndpointBody>;

export const PatchEndpointBody = Type.Object(
  {
    url: Type.Optional(Url),
    events: Type.Optional(EventList),
    description: Type.Optional(Type.String({ maxLength: 500 })),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type PatchEndpoint = Static<typeof PatchEndpointBody>;

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

export const Attempt = Type.Object({
  attempt: Type.Integer(),
  status_code: Nullable(Type.Integer()),
  duration_ms: Type.Integer(),
  error: Nullable(Type.String()),
  response_body: Nullable(Type.String()),
  at: Timestamp,
});

export const Delivery = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    event_id: Type.String({ description: 'The webhook-id header of every attempt.' }),
    event_type: Type.String(),
    status: Type.Unsafe<(typeof DELIVERY_STATUSES)[number]>({ type: 'string', enum: [...DELIVERY_STATUSES] }),
    attempts: Type.Integer(),
    next_attempt_at: Nullable(Timestamp),
    last_status_code: Nullable(Type.Integer()),
    last_error: Nullable(Type.String()),
    created_at: Timestamp,
    updated_at: Timestamp,
    attempt_log: Type.Array(Attempt),
  },
  { $id: 'WebhookDelivery' },
);

export const DeliveryParams = Type.Object({ id: PathId, deliveryId: PathId });

export const ListDeliveriesQuery = Type.Object({
  status: Type.Optional(Type.Unsafe<(typeof DELIVERY_STATUSES)[number]>({ type: 'string', enum: [...DELIVERY_STATUSES], description: 'Filter: pending, succeeded or failed' })),
  ...PageQuery,
});

export const RecoverBody = Type.Object({ since: Type.String({ format: 'date-time', description: 'Re-send every failed delivery created at or after this time.' }) }, { additionalProperties: false });

export const RecoverResult = Type.Object({ requeued: Type.Integer(), delivery_ids: Type.Array(Type.String()) });
export const TestResult = Type.Object({ event_id: Type.String(), delivery_id: Type.String() });
