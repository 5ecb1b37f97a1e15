import { Type } from '@sinclair/typebox';
import { Nullable } from '../http/schemas.ts';
import { Status } from '../replies/schemas.ts';
import { CONTACT_REPLIES_SHOWN } from './service.ts';

const S = Type.String();
const NS = Nullable(Type.String());
const Timestamp = Type.String({ format: 'date-time' });

export const ContactListItem = Type.Object({
  id: S, email: S, first_name: NS, last_name: NS, company: NS, title: NS,
  reply_count: Type.Integer(), last_reply_at: Nullable(Timestamp), created_at: Timestamp,
}, { $id: 'ContactListItem' });

export const ContactDetail = Type.Object({
  id: S, email: S, first_name: NS, last_name: NS, company: NS, title: NS, linkedin_url: NS, phone: NS,
  metadata: Type.Record(Type.String(), Type.Unknown()),
  reply_count: Type.Integer(),
  replies: Type.Array(Type.Object({ id: S, subject: S, status: Status, category: NS, received_at: Timestamp }), {
    description: `The contact's newest replies, at most ${CONTACT_REPLIES_SHOWN}; reply_count gives the full number.`,
  }),
  last_reply_at: Nullable(Timestamp),
  created_at: Timestamp,
}, { $id: 'ContactDetail' });
