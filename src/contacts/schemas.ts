import { Type } from '@sinclair/typebox';
import { Nullable } from '../http/schemas.ts';
import { Status } from '../replies/schemas.ts';
import { CONTACT_REPLIES_SHOWN } from './service.ts';

const S = Type.String();
const NS = Nullable(Type.String());
const Timestamp = Type.String({ format: 'date-time' });

const DoNotContact = Type.Boolean({ description: 'Never write to this contact again (an Unsubscribe reply, or a person): a send is refused with 409. PATCH can clear it.' });
const Bouncing = Type.Boolean({ description: 'Mail to this address bounced (a Bounce reply).' });

export const ContactListItem = Type.Object(
  {
    id: S,
    email: S,
    first_name: NS,
    last_name: NS,
    company: NS,
    title: NS,
    reply_count: Type.Integer(),
    last_reply_at: Nullable(Timestamp),
    created_at: Timestamp,
    do_not_contact: DoNotContact,
    bouncing: Bouncing,
  },
  { $id: 'ContactListItem' },
);

export const ContactDetail = Type.Object(
  {
    id: S,
    email: S,
    first_name: NS,
    last_name: NS,
    company: NS,
    title: NS,
    linkedin_url: NS,
    phone: NS,
    metadata: Type.Record(Type.String(), Type.Unknown()),
    reply_count: Type.Integer(),
    replies: Type.Array(Type.Object({ id: S, subject: S, status: Status, category: NS, received_at: Timestamp }), {
      description: `The contact's newest replies, at most ${CONTACT_REPLIES_SHOWN}; reply_count gives the full number.`,
    }),
    last_reply_at: Nullable(Timestamp),
    created_at: Timestamp,
    do_not_contact: DoNotContact,
    do_not_contact_since: Nullable(Timestamp),
    do_not_contact_reason: Nullable(Type.String({ description: 'Why: the Unsubscribe reply that set it, or "set by a person".' })),
    bouncing: Bouncing,
    bouncing_since: Nullable(Timestamp),
  },
  { $id: 'ContactDetail' },
);

export const PatchContactBody = Type.Object(
  {
    do_not_contact: Type.Optional(Type.Boolean({ description: 'false clears the mark (a person decided the contact may be written to); true sets it.' })),
    bouncing: Type.Optional(Type.Boolean({ description: 'false clears the bouncing mark (the address works again); true sets it.' })),
  },
  { additionalProperties: false },
);
