// Settings → Workspace's changes (docs/dashboard.md "Reports"): the workspace's time zone, whose
// Monday the clients' weekly reports go out on (reports/weekly.ts). Owners and admins.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Db } from '../db/connect.ts';
import { checkTimeZone } from '../reports/periods.ts';
import { setTimeZone } from '../workspaces/queries.ts';
import { body, hidden, ok } from './route-helpers.ts';

export const workspaceRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.patch(
    '/dashboard/api/workspace',
    {
      config: { session: true, manage: true },
      schema: { ...hidden, body: body({ time_zone: Type.String({ minLength: 1, maxLength: 100 }) }), response: ok(Type.Object({ time_zone: Type.String() })) },
    },
    async (request) => {
      const tz = checkTimeZone(request.body.time_zone);
      await db.write((trx) => setTimeZone(trx, request.workspaceId, tz));
      return { data: { time_zone: tz } };
    },
  );
};
