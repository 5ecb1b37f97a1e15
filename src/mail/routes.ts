import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../db/connect.ts';
import { errorResponses, IdParams, single } from '../http/schemas.ts';
import { ForwardBody, ForwardResult, MAX_FORWARD_RECIPIENTS, SendBody, SendResult } from './schemas.ts';
import * as service from './service.ts';

export const mailRoutes: FastifyPluginAsyncTypebox<{ db: Db; mail: service.MailOptions }> = async (app, { db, mail }) => {
  // Both bodies are optional in practice ({message?} for a send): a POST without one, or with
  // an empty body under Content-Type: application/json, is an empty object, not an error.
  // Everything else goes through Fastify's own JSON parser (with its poisoning checks).
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, {});
    json(request, body as string, done);
  });
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined || request.body === null) request.body = {};
  });

  app.post('/api/replies/:id/send', {
    config: { permission: 'replies:send' },
    schema: {
      tags: ['Replies'],
      summary: 'Send the answer to a reply',
      description:
        "Mails `message` (default: the reply's ai_response) to the reply's from_email with subject `Re: <subject>`, threaded by In-Reply-To/References. " +
        'The reply becomes sent (sent_response and handled_at set) and reply.sent is emitted. Delivery is queued in the same transaction and retried on temporary SMTP failures; ' +
        "its state shows in the reply's `outgoing` array. 409 when the reply was already sent; 429 when the workspace's hourly sending quota is spent.",
      params: IdParams,
      body: SendBody,
      response: { 200: single(SendResult), ...errorResponses(400, 401, 403, 404, 409, 422, 429) },
    },
  }, async (request) => ({ data: await service.sendReply(db, request.workspaceId, request.params.id, request.body, mail) }));

  app.post('/api/replies/:id/forward', {
    config: { permission: 'replies:send' },
    schema: {
      tags: ['Replies'],
      summary: 'Forward a reply to email addresses',
      description:
        `Mails the reply (its text and HTML, under a From/Date/Subject/To block) to at most ${MAX_FORWARD_RECIPIENTS} addresses, with \`message\` on top; ` +
        '`include_thread` (default true) adds the earlier messages. The reply\'s status does not change; reply.forwarded is emitted.',
      params: IdParams,
      body: ForwardBody,
      response: { 200: single(ForwardResult), ...errorResponses(400, 401, 403, 404, 409, 422, 429) },
    },
  }, async (request) => ({ data: await service.forwardReply(db, request.workspaceId, request.params.id, request.body, mail) }));
};
