import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../db/connect.ts';
import { Type } from '@sinclair/typebox';
import { withAttachments } from '../http/attachments.ts';
import { errorResponses, IdParams, single } from '../http/schemas.ts';
import { ForwardBody, ForwardResult, MAX_FORWARD_RECIPIENTS, SendBody, SendResult } from './schemas.ts';
import * as service from './service.ts';

export const mailRoutes: FastifyPluginAsyncTypebox<{ db: Db; mail: service.MailOptions }> = async (app, { db, mail }) => {
  app.post(
    '/api/replies/:id/send',
    {
      config: { permission: 'replies:send' },
      ...withAttachments(),
      schema: {
        tags: ['Replies'],
        summary: 'Send the answer to a reply',
        description:
          "Mails `message` (default: the reply's ai_response) to the reply's from_email with subject `Re: <subject>`, threaded by In-Reply-To/References. " +
          'The reply becomes sent (sent_response and handled_at set) and reply.sent is emitted. Delivery is queued in the same transaction and retried on temporary SMTP failures; ' +
          "its state shows in the reply's `outgoing` array. With `send_at` the answer waits as a `scheduled` mail until then (cancel it with POST /api/replies/{id}/outgoing/{outgoing_id}/cancel); " +
          'the reply becomes sent and reply.sent is emitted only once it leaves, and it is held instead when the prospect writes again or becomes do-not-contact first. ' +
          '`cc` and `bcc` copy the answer to other addresses (at most 50 in all; each counts against the hourly quota); `attachments` (name, type, base64 content; at most 10 files of 10 MB in all) go with it. ' +
          "409 when the reply was already sent or has an answer waiting; 429 when the workspace's hourly sending quota is spent.",
        params: IdParams,
        body: SendBody,
        response: { 200: single(SendResult), ...errorResponses(400, 401, 403, 404, 409, 422, 429) },
      },
    },
    async (request) => ({ data: await service.sendReply(db, request.workspaceId, request.params.id, request.body, mail, request.actor) }),
  );

  app.post(
    '/api/replies/:id/forward',
    {
      config: { permission: 'replies:send' },
      schema: {
        tags: ['Replies'],
        summary: 'Forward a reply to email addresses',
        description:
          `Mails the reply (its text and HTML, under a From/Date/Subject/To block) to at most ${MAX_FORWARD_RECIPIENTS} addresses, with \`message\` on top; ` +
          "`include_thread` (default true) adds the earlier messages. The reply's status does not change; reply.forwarded is emitted.",
        params: IdParams,
        body: ForwardBody,
        response: { 200: single(ForwardResult), ...errorResponses(400, 401, 403, 404, 409, 422, 429) },
      },
    },
    async (request) => ({ data: await service.forwardReply(db, request.workspaceId, request.params.id, request.body, mail, request.actor) }),
  );

  app.post(
    '/api/replies/:id/outgoing/:outgoingId/retry',
    {
      config: { permission: 'replies:send' },
      schema: {
        tags: ['Replies'],
        summary: 'Send a failed or held outgoing mail again',
        description:
          "Puts a mail of the reply's `outgoing` array whose status is `failed` back in the queue (status `queued`) with a fresh retry schedule: the same recipients, " +
          "text and Message-ID, so the recipient's client threads it as the same message. A `held` answer is sent now, as a person's decision (409 when the contact is do-not-contact). " +
          '409 when the mail is neither failed nor held.',
        params: Type.Object({ id: IdParams.properties.id, outgoingId: IdParams.properties.id }),
        response: { 200: single(Type.Ref('OutgoingMessage')), ...errorResponses(401, 403, 404, 409, 429) },
      },
    },
    async (request) => ({ data: await service.retryOutgoing(db, request.workspaceId, request.params.id, request.params.outgoingId, request.actor) }),
  );

  app.post(
    '/api/replies/:id/outgoing/:outgoingId/cancel',
    {
      config: { permission: 'replies:send' },
      schema: {
        tags: ['Replies'],
        summary: 'Cancel a scheduled answer',
        description:
          "Cancels a mail of the reply's `outgoing` array whose status is `scheduled` or `held`: it becomes `cancelled`, nothing is sent, the reply is unchanged and the hourly quota " +
          "it spent is given back. The dashboard's Undo after Send is this call. 409 once the mail is being sent or has gone.",
        params: Type.Object({ id: IdParams.properties.id, outgoingId: IdParams.properties.id }),
        response: { 200: single(Type.Ref('OutgoingMessage')), ...errorResponses(401, 403, 404, 409, 429) },
      },
    },
    async (request) => ({ data: await service.cancelScheduled(db, request.workspaceId, request.params.id, request.params.outgoingId, request.actor) }),
  );
};
