// Examples of the replies' operations (tag Replies), attachments included: openapi/examples/index.ts.
import { Errors } from '../../errors.ts';
import { MAX_FORWARD_RECIPIENTS } from '../../mail/schemas.ts';
import { ListRepliesQuery } from '../../replies/schemas.ts';
import { CATEGORY_ID, CLIENT_ID, one, type OperationExamples, outgoingMessage, page, REPLY_ID, replyDetail, replyListItem, replyNote, replyUpdated, single } from './samples.ts';

export const REPLY_EXAMPLES: Record<string, OperationExamples> = {
  listReplies: {
    ok: { 200: one('A page of pending replies', page([replyListItem], true)) },
    errors: {
      400: [
        'status must be one of pending, ready, sent, archived',
        Errors.UnknownQueryParameter('clinet_id', Object.keys(ListRepliesQuery.properties)).message,
        'cursor is not a cursor of this list (take pagination.next_cursor of the previous page, with the same sort)',
      ],
    },
  },
  createReplyNote: {
    body: one('A note for the team', { body: replyNote.body }),
    ok: { 201: one('The note, with its author', single(replyNote)) },
    errors: { 400: ['body must NOT have fewer than 1 characters'], 404: [Errors.ReplyNotFound().message] },
  },
  listMembers: {
    ok: {
      200: one(
        "The workspace's people",
        single([
          { ...replyListItem.assignee, role: 'admin' },
          { id: '0190f5a0-0b2c-7d3e-8f4a-5b6c7d8e9f0a', name: 'sam', email: 'sam@agency.example.com', role: 'owner' },
        ]),
      ),
    },
  },
  getReply: { ok: { 200: one('A reply with its client, contact and thread', single(replyDetail)) } },
  updateReply: {
    body: {
      ...one('Write a draft (a pending reply becomes ready)', { ai_response: replyUpdated.ai_response }),
      ...one('Categorise and archive', { category_id: CATEGORY_ID, status: 'archived' }),
      ...one('Snooze until a date', { snoozed_until: '2026-12-01T08:00:00Z' }),
      ...one('Assign to a member', { assignee_id: replyListItem.assignee.id }),
    },
    ok: { 200: one('The reply after the change', single(replyUpdated)) },
    errors: {
      400: [Errors.InvalidCategoryId().message, Errors.InvalidAssigneeId().message, Errors.EmptyUpdate().message, 'snoozed_until must be in the future (null wakes the reply)'],
      412: [Errors.ReplyChanged().message],
    },
  },
  bulkUpdateReplies: {
    body: one('Archive two replies', { ids: [REPLY_ID, '0190f5a2-8d4f-7e2b-8c3f-5a7b9d1e2f3a'], status: 'archived' }),
    ok: { 200: one('Both replies changed', single({ updated: 2, ids: [REPLY_ID, '0190f5a2-8d4f-7e2b-8c3f-5a7b9d1e2f3a'] })) },
    errors: { 400: ['ids must have at least 1 item', Errors.InvalidCategoryId().message], 404: [Errors.ReplyNotFound().message] },
  },
  createReply: {
    body: {
      ...one('A reply received to an outreach email', {
        from_email: 'ada@prospect.example.com',
        from_name: 'Ada Lovelace',
        to_email: 'sam@outreach.example.org',
        subject: 'Re: Quick question',
        body_text: 'Sounds interesting, send me pricing.',
        received_at: '2026-11-20T09:42:12Z',
        client_id: CLIENT_ID,
        message_id: '<CAF=ada.123@mail.prospect.example.com>',
        thread: [{ from: 'sam@outreach.example.org', to: 'ada@prospect.example.com', subject: 'Quick question', body: 'Hi Ada, worth a chat about your outbound?', sent_at: '2026-11-19T09:00:00Z' }],
        contact: { company: 'Analytical Engines Ltd', title: 'Head of Growth' },
      }),
      ...one('A reply with a file', {
        from_email: 'ada@prospect.example.com',
        to_email: 'sam@outreach.example.org',
        subject: 'Re: Quick question',
        body_text: 'Our requirements are attached.',
        attachments: [{ name: 'requirements.pdf', type: 'application/pdf', content: 'JVBERi0xLjQKJcfsj6IK' }],
      }),
    },
    ok: {
      200: one('The message_id was already stored: the stored reply', single({ ...replyDetail, category_id: null, category: null })),
      201: one('The stored reply', single({ ...replyDetail, category_id: null, category: null })),
    },
    errors: { 400: ['from_email is required', Errors.InvalidClientId().message, 'attachments[0].content must be base64'], 413: ['Request body is larger than 15728640 bytes'] },
  },
  sendReply: {
    body: {
      ...one("Send the reply's draft (ai_response)", {}),
      ...one('Send this text', { message: 'Hi Ada, happy to. Our plans start at $500 a month.' }),
      ...one('Send it with a copy, a blind copy and a file', {
        message: 'Hi Ada, the price sheet is attached.',
        cc: ['lead@outreach.example.org'],
        bcc: ['crm@outreach.example.org'],
        attachments: [{ name: 'prices.pdf', type: 'application/pdf', content: 'JVBERi0xLjQKJcfsj6IK' }],
      }),
      ...one('Send it tomorrow morning', { message: 'Hi Ada, happy to. Our plans start at $500 a month.', send_at: '2026-11-21T08:00:00.000Z' }),
    },
    ok: {
      200: {
        ...one(
          'Sent',
          single({
            success: true,
            sent_to: 'ada@prospect.example.com',
            sent_at: '2026-11-20T10:06:00.000Z',
            sent_response: 'Hi Ada, happy to. Our plans start at $500 a month.',
            status: 'sent',
            outgoing: { id: outgoingMessage.id, status: 'queued', send_at: null },
          }),
        ),
        ...one(
          'Scheduled',
          single({
            success: true,
            sent_to: 'ada@prospect.example.com',
            sent_at: null,
            sent_response: 'Hi Ada, happy to. Our plans start at $500 a month.',
            status: 'ready',
            outgoing: { id: outgoingMessage.id, status: 'scheduled', send_at: '2026-11-21T08:00:00.000Z' },
          }),
        ),
      },
    },
    errors: {
      400: [Errors.NothingToSend().message, Errors.InvalidSendAt().message],
      409: [Errors.ReplyAlreadySent().message, Errors.AnswerScheduled().message],
      429: [Errors.MailQuotaExceeded(200, 17).message],
    },
  },
  forwardReply: {
    body: one('Forward to the closer', { to: ['closer@agency.example.com'], message: 'Hot lead, please call today.', include_thread: true }),
    ok: { 200: one('Forwarded', single({ success: true, forwarded_to: ['closer@agency.example.com'], forwarded_at: '2026-11-20T10:07:00.000Z' })) },
    errors: {
      400: [Errors.NoRecipients().message, Errors.InvalidEmail('closer@').message, Errors.TooManyRecipients(MAX_FORWARD_RECIPIENTS).message],
      429: [Errors.MailQuotaExceeded(200, 17).message],
    },
  },
  retryReplyOutgoing: {
    ok: { 200: one('Queued again', single({ ...outgoingMessage, status: 'queued', error: null })) },
    errors: { 404: [Errors.OutgoingNotFound().message], 409: [Errors.OutgoingNotFailed('sent').message] },
  },
  cancelReplyOutgoing: {
    ok: { 200: one('Cancelled: nothing is sent', single({ ...outgoingMessage, status: 'cancelled', error: null, attempts: 0, send_at: '2026-11-21T08:00:00.000Z' })) },
    errors: { 404: [Errors.OutgoingNotFound().message], 409: [Errors.OutgoingNotCancellable('sent').message] },
  },
  getReplyAttachment: {
    ok: { 200: one('The bytes of the file', '%PDF-1.7 …') },
    errors: { 404: [Errors.AttachmentNotFound().message, Errors.AttachmentNotStored('larger than the limit of 10485760 bytes (MAILBOX_ATTACHMENT_MAX_MB)').message] },
  },
};
