import { type Static, Type } from '@sinclair/typebox';
import { AttachmentsIn } from '../http/attachments.ts';
import { Nullable } from '../http/schemas.ts';

/** A forward goes to at most this many addresses (docs/mail.md, Limits). */
export const MAX_FORWARD_RECIPIENTS = 50;
/** The longest message a caller may put on top of a send or a forward. */
export const MAX_MESSAGE_LENGTH = 100_000;

const Timestamp = Type.String({ format: 'date-time' });
const TimestampOf = (description: string) => Type.String({ format: 'date-time', description });

export const SendBody = Type.Object(
  {
    message: Type.Optional(Type.String({ maxLength: MAX_MESSAGE_LENGTH, description: "The text to send; defaults to the reply's ai_response." })),
    send_at: Type.Optional(
      Type.String({
        format: 'date-time',
        description: "Send later: a future time, at most 30 days ahead. The answer waits as outgoing mail with status `scheduled`; the reply's status becomes sent only once it has gone.",
      }),
    ),
    cc: Type.Optional(Type.Array(Type.String({ maxLength: 998 }), { maxItems: 1000, description: `Copied addresses, shown to every recipient; with bcc at most ${MAX_FORWARD_RECIPIENTS}.` })),
    bcc: Type.Optional(Type.Array(Type.String({ maxLength: 998 }), { maxItems: 1000, description: 'Blind-copied addresses: they receive the answer, no recipient sees them.' })),
    attachments: Type.Optional(AttachmentsIn),
  },
  { additionalProperties: false },
);
export type Send = Static<typeof SendBody>;

export const SendResult = Type.Object({
  success: Type.Boolean(),
  sent_to: Type.String({ description: "The reply's from_email." }),
  sent_at: Nullable(TimestampOf('When the reply was answered; null while the answer is scheduled.')),
  sent_response: Type.String(),
  status: Type.Unsafe<'pending' | 'ready' | 'sent' | 'archived'>({
    type: 'string',
    enum: ['pending', 'ready', 'sent', 'archived'],
    description: "The reply's status: sent, or unchanged while the answer is scheduled.",
  }),
  outgoing: Type.Object({
    id: Type.String({ description: "The answer's outgoing mail: its id in the reply's `outgoing` array (to cancel a scheduled one)." }),
    status: Type.Unsafe<'queued' | 'scheduled'>({ type: 'string', enum: ['queued', 'scheduled'] }),
    send_at: Nullable(TimestampOf('When a scheduled answer leaves; null when sent at once.')),
  }),
});

// `to` is checked by the service, not the schema, so a missing or empty list gets its fixed
// message (docs/mail.md "Forwarding a reply") rather than a generic one; the schema only
// refuses wrong types.
export const ForwardBody = Type.Object(
  {
    to: Type.Optional(Nullable(Type.Array(Type.String({ maxLength: 998 }), { maxItems: 1000, description: `Email addresses, at most ${MAX_FORWARD_RECIPIENTS}.` }))),
    message: Type.Optional(Nullable(Type.String({ maxLength: MAX_MESSAGE_LENGTH, description: 'Text placed above the forwarded content.' }))),
    include_thread: Type.Optional(Type.Boolean({ default: true, description: 'Include the earlier messages of the thread.' })),
  },
  { additionalProperties: false },
);
export type Forward = Static<typeof ForwardBody>;

export const ForwardResult = Type.Object({
  success: Type.Boolean(),
  forwarded_to: Type.Array(Type.String()),
  forwarded_at: Timestamp,
});

export const OUTGOING_STATUSES = ['scheduled', 'held', 'cancelled', 'queued', 'sent', 'failed', 'captured'] as const;

export const OutgoingMessage = Type.Object(
  {
    id: Type.String(),
    kind: Type.Unsafe<'send' | 'forward'>({ type: 'string', enum: ['send', 'forward'] }),
    to: Type.Array(Type.String()),
    subject: Type.String(),
    status: Type.Unsafe<(typeof OUTGOING_STATUSES)[number]>({
      type: 'string',
      enum: [...OUTGOING_STATUSES],
      description:
        'scheduled (an answer waiting for its send_at), held (a scheduled answer not sent because the prospect wrote again or became do-not-contact; see error), cancelled, ' +
        'queued (waiting for delivery or a retry), sent (accepted by the SMTP server), failed (refused for good; see error), captured (kept in the database: no SMTP_URL configured)',
    }),
    message_id: Type.String({ description: 'The Message-ID header of the mail.' }),
    error: Nullable(Type.String({ description: 'The last delivery error, or why a scheduled answer is held.' })),
    attempts: Type.Integer(),
    created_at: Timestamp,
    sent_at: Nullable(Timestamp),
    send_at: Nullable(TimestampOf('When a scheduled answer is to leave; null for mail sent at once.')),
  },
  { $id: 'OutgoingMessage', description: 'A mail sent or forwarded from this reply, and its delivery state.' },
);
