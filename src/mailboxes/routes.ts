// Mailboxes (docs/mailboxes.md "Connecting"): the connections resource. Pause and resume are PATCH
// {paused: true|false} (docs/mailboxes.md).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Db } from '../db/connect.ts';
import { errorResponses, IdParams, list, page, PageQuery, pagination, single } from '../http/schemas.ts';
import { Connection, CreateConnection, PatchConnection, SkippedMessage } from './schemas.ts';
import * as service from './service.ts';

const manage = { permission: 'connections:manage' as const };
const read = { permission: 'replies:read' as const };
const tags = ['Connections'];
const ConnectionRef = Type.Ref(Connection);

export const connectionRoutes: FastifyPluginAsyncTypebox<{ db: Db; settings: service.MailboxSettings }> = async (app, { db, settings }) => {
  app.post(
    '/api/connections',
    {
      config: { ...manage, audit: { action: 'mailbox.connected', target: 'answer' } },
      schema: {
        tags,
        summary: 'Connect a mailbox',
        description:
          'Logs in to the IMAP and SMTP servers given before storing anything: a failure is 400 naming the protocol and the step (DNS, address, connect, TLS, login, folder). Passwords are stored encrypted and never returned. Mail that arrives in the IMAP folder from now on becomes replies (backfill_days: also the last N days).',
        body: CreateConnection,
        response: { 201: single(ConnectionRef), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const data = await service.createConnection(db, settings, request.workspaceId, request.body);
      return reply.code(201).send({ data });
    },
  );

  app.get(
    '/api/connections',
    {
      config: read,
      schema: {
        tags,
        summary: 'List connections, oldest first, with their sync state',
        querystring: Type.Object(PageQuery),
        response: { 200: list(ConnectionRef), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const { limit, offset } = page(request.query.limit, request.query.offset);
      const { items, total } = await service.listConnections(db, request.workspaceId, { limit, offset });
      return { data: items, pagination: pagination(total, limit, offset) };
    },
  );

  app.get(
    '/api/connections/:id',
    {
      config: read,
      schema: { tags, summary: 'Read one connection and its sync state', params: IdParams, response: { 200: single(ConnectionRef), ...errorResponses(401, 403, 404, 429) } },
    },
    async (request) => ({ data: await service.getConnection(db, request.workspaceId, request.params.id) }),
  );

  app.get(
    '/api/connections/:id/skipped',
    {
      config: read,
      schema: {
        tags,
        summary: 'The last 100 messages of the folder that were not made replies, and why',
        params: IdParams,
        response: { 200: single(Type.Array(SkippedMessage)), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => ({ data: await service.listSkipped(db, request.workspaceId, request.params.id) }),
  );

  app.patch(
    '/api/connections/:id',
    {
      config: { ...manage, audit: { action: 'mailbox.changed', target: 'path' } },
      schema: {
        tags,
        summary: 'Change a connection; pause or resume its sync',
        description:
          'Fields left out keep their values (passwords included). Changed IMAP or SMTP settings are logged in to first (400 naming what failed). {"paused": true} pauses the sync, {"paused": false} resumes it.',
        params: IdParams,
        body: PatchConnection,
        response: { 200: single(ConnectionRef), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ({ data: await service.updateConnection(db, settings, request.workspaceId, request.params.id, request.body) }),
  );

  app.delete(
    '/api/connections/:id',
    {
      config: { ...manage, audit: { action: 'mailbox.removed', target: 'path' } },
      schema: {
        tags,
        summary: 'Delete a connection: its sync stops, its replies stay (without connection_id)',
        params: IdParams,
        response: { 204: Type.Null(), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      await service.deleteConnection(db, request.workspaceId, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
