// The body of every webhook delivery, one schema per event type: the OpenAPI document's
// `webhooks` section (openapi/document.ts) and, through it, the typed client's verifyWebhook().
// The `satisfies` below makes a new event type without a schema a type error.
import { type TSchema, Type } from '@sinclair/typebox';
import { Nullable } from '../http/schemas.ts';
import { ReplyUpdated, Status } from '../replies/schemas.ts';
import { ContactListItem } from '../contacts/schemas.ts';
import type { EventType } from './events.ts';

const Timestamp = Type.String({ format: 'date-time' });

const Outgoing = Type.Object(
  { id: Type.String(), message_id: Type.String({ description: 'The Message-ID header of the mail.' }), subject: Type.String() },
  { description: "The mail this operation queued; its delivery state shows in the reply's `outgoing`." },
);

const Change = Type.Object({ previous: Type.Unknown(), current: Type.Unknown() });

export const EVENT_DATA = {
  'reply.received': {
    summary: 'A reply was ingested',
    description: 'A reply arrived (`POST /api/replies` or a connected mailbox). `data` is the reply as `GET /api/replies/{id}` returns it.',
    data: Type.Ref('ReplyDetail'),
  },
  'reply.updated': {
    summary: 'A reply changed',
    description:
      'Status, category, client, draft or snooze changed (`PATCH /api/replies/{id}`, `POST /api/replies/bulk`, or a snooze ending). `data` is the reply after the change; `changes` names each changed field with its previous and current value.',
    data: Type.Composite([ReplyUpdated, Type.Object({ changes: Type.Record(Type.String(), Change) })]),
  },
  'reply.assigned': {
    summary: 'A reply was assigned or unassigned',
    description:
      '`assignee_id` changed (`PATCH /api/replies/{id}`, `POST /api/replies/bulk`); reply.updated is recorded too. `data.assignee` is the member it is assigned to now, null when unassigned; `previous_assignee_id` the one before.',
    data: Type.Object({
      id: Type.String(),
      assignee: Nullable(Type.Object({ id: Type.String(), name: Type.String(), email: Type.String() })),
      previous_assignee_id: Nullable(Type.String()),
    }),
  },
  'reply.note_added': {
    summary: 'A note was added to a reply',
    description: '`POST /api/replies/{id}/notes`: an internal note, never mailed. `data.id` is the reply; `data.note` the note.',
    data: Type.Object({ id: Type.String(), note: Type.Ref('ReplyNote') }),
  },
  'reply.sent': {
    summary: 'The answer to a reply was sent',
    description: '`POST /api/replies/{id}/send` queued the answer; the reply is now sent.',
    data: Type.Object({
      id: Type.String(),
      from_email: Type.String(),
      from_name: Type.String(),
      to_email: Type.String(),
      subject: Type.String(),
      status: Type.Literal('sent'),
      sent_to: Type.String(),
      sent_at: Timestamp,
      sent_response: Type.String(),
      handled_at: Timestamp,
      outgoing: Outgoing,
    }),
  },
  'reply.forwarded': {
    summary: 'A reply was forwarded',
    description: "`POST /api/replies/{id}/forward` queued the forward; the reply's status is unchanged.",
    data: Type.Object({
      id: Type.String(),
      from_email: Type.String(),
      subject: Type.String(),
      status: Status,
      forwarded_to: Type.Array(Type.String()),
      forwarded_at: Timestamp,
      message: Nullable(Type.String()),
      include_thread: Type.Boolean(),
      outgoing: Outgoing,
    }),
  },
  'contact.created': {
    summary: 'A new contact wrote in',
    description: 'A reply arrived from an address the workspace had not seen. `data` is the contact as `GET /api/contacts` lists it.',
    data: Type.Ref('ContactListItem'),
  },
  'contact.updated': {
    summary: "A contact's do-not-contact or bouncing mark changed",
    description:
      'Triage read an Unsubscribe or a Bounce reply, or a person used `PATCH /api/contacts/{id}`. `data` is the contact as `GET /api/contacts` lists it, with when and why it was marked; `changes` names each changed mark with its previous and current value.',
    data: Type.Composite([
      Type.Omit(ContactListItem, []),
      Type.Object({
        do_not_contact_since: Nullable(Timestamp),
        do_not_contact_reason: Nullable(Type.String()),
        bouncing_since: Nullable(Timestamp),
        changes: Type.Record(Type.String(), Change),
      }),
    ]),
  },
  'contact.erased': {
    summary: 'A person was erased',
    description:
      'Someone used `DELETE /api/contacts/{id}?erase=true`: the contact, their replies and everything that named them are gone. `data` holds the id alone, so a receiver can erase its own copy.',
    data: Type.Object({ id: Type.String() }),
  },
  'webhook.test': {
    summary: 'A test event',
    description: 'Sent by `POST /api/webhooks/{id}/test` to that endpoint only.',
    data: Type.Object({ endpoint_id: Type.String(), message: Type.String() }),
  },
} satisfies Record<EventType, { summary: string; description: string; data: TSchema }>;

/** The delivery body of one event type: `{type, timestamp, data}`. */
export const eventPayload = (type: EventType) =>
  Type.Object({
    type: Type.Literal(type),
    timestamp: Type.String({ format: 'date-time', description: 'When the change happened.' }),
    data: EVENT_DATA[type].data,
  });
