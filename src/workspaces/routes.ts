// GET /api/members: the people of the workspace, whom replies can be assigned to (docs/api.md
// "The team's inbox"). People are invited and removed in the dashboard (docs/dashboard.md).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Db } from '../db/connect.ts';
import { errorResponses, single } from '../http/schemas.ts';
import { listMembers } from './service.ts';

const Member = Type.Object({
  id: Type.String({ format: 'uuid', description: "The user's id: what `assignee_id` takes." }),
  name: Type.String({ description: 'The name they set, or their address up to its @.' }),
  email: Type.String(),
  role: Type.Unsafe<'owner' | 'admin' | 'member'>({ type: 'string', enum: ['owner', 'admin', 'member'] }),
});

export const memberRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/members',
    {
      config: { permission: 'replies:read' },
      schema: {
        tags: ['Members'],
        summary: "List the workspace's members",
        description: 'Everyone a reply can be assigned to, by address. Not paged: a workspace has a team, not a crowd.',
        response: { 200: single(Type.Array(Member)), ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => ({ data: await listMembers(db, request.workspaceId) }),
  );
};
