// GET and PATCH /api/retention (docs/api.md "Retention"): how many days the workspace keeps its
// replies. In the dashboard, owners' and admins' to change (Settings → Workspace).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Db } from '../db/connect.ts';
import { errorResponses, single } from '../http/schemas.ts';
import { getRetention, MAX_RETENTION_DAYS, setRetention } from './retention.ts';

const Retention = Type.Object(
  {
    days: Type.Union([Type.Integer({ minimum: 1, maximum: MAX_RETENTION_DAYS }), Type.Null()], {
      description: 'Replies received more than this many days ago are deleted, hourly; null keeps them forever.',
    }),
  },
  { additionalProperties: false },
);

export const retentionRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/retention',
    {
      config: { permission: 'replies:read' },
      schema: { tags: ['Replies'], summary: 'How many days the workspace keeps its replies', response: { 200: single(Retention), ...errorResponses(401, 403, 429) } },
    },
    async (request) => ({ data: await getRetention(db, request.workspaceId) }),
  );

  app.patch(
    '/api/retention',
    {
      config: { permission: 'replies:write', manage: true, audit: { action: 'retention.changed', target: 'path' } },
      schema: {
        tags: ['Replies'],
        summary: 'Keep replies for a number of days, or forever',
        description:
          'Replies received more than `days` days ago are deleted with their threads, attachments, notes, history and outgoing mail, and stored events older than that with their webhook deliveries; the worker does it every hour, in small batches. `null` (the default) keeps everything. Cannot be undone for what was deleted.',
        body: Retention,
        response: { 200: single(Retention), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => ({ data: await setRetention(db, request.workspaceId, request.body.days) }),
  );
};
