// The webhook payloads' examples, one per event type (openapi/document.ts puts them under
// `webhooks`), built from the same sample resources as the operations' answers.
import type { EventType } from '../../webhooks/events.ts';
import { contactListItem, REPLY_ID, replyDetail, replyListItem, replyNote, replyUpdated, WEBHOOK_ID } from './samples.ts';

const outgoing = (subject: string) => ({ id: '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d', message_id: '<7a6b5c4d@outreach.example.org>', subject });

export const EVENT_EXAMPLES: Record<EventType, unknown> = {
  'reply.received': replyDetail,
  'reply.updated': {
    ...replyUpdated,
    changes: {
      status: { previous: 'pending', current: 'ready' },
      ai_response: { previous: null, current: replyUpdated.ai_response },
    },
  },
  'reply.assigned': { id: REPLY_ID, assignee: replyListItem.assignee, previous_assignee_id: null },
  'reply.note_added': { id: REPLY_ID, note: replyNote },
  'reply.sent': {
    id: REPLY_ID,
    from_email: replyListItem.from_email,
    from_name: replyListItem.from_name,
    to_email: replyListItem.to_email,
    subject: replyListItem.subject,
    status: 'sent',
    sent_to: replyListItem.from_email,
    sent_at: '2026-11-20T10:06:00.000Z',
    sent_response: 'Hi Ada, happy to. Our plans start at $500 a month.',
    handled_at: '2026-11-20T10:06:00.000Z',
    outgoing: outgoing('Re: Quick question'),
  },
  'reply.forwarded': {
    id: REPLY_ID,
    from_email: replyListItem.from_email,
    subject: replyListItem.subject,
    status: 'ready',
    forwarded_to: ['closer@agency.example.com'],
    forwarded_at: '2026-11-20T10:07:00.000Z',
    message: 'Hot lead, please call today.',
    include_thread: true,
    outgoing: outgoing('Fwd: Re: Quick question'),
  },
  'contact.created': { ...contactListItem, title: null },
  'contact.updated': {
    ...contactListItem,
    do_not_contact: true,
    do_not_contact_since: '2026-11-20T09:42:14.020Z',
    do_not_contact_reason: `Unsubscribe reply ${REPLY_ID} (phrase "remove me from")`,
    bouncing_since: null,
    changes: { do_not_contact: { previous: false, current: true } },
  },
  'contact.erased': { id: contactListItem.id },
  'webhook.test': { endpoint_id: WEBHOOK_ID, message: 'This is a test event from Replydesk.' },
};
