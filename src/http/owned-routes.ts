// The routes of the small workspace-owned resources (categories, clients): create and list
// for each, update and delete where the resource has them; the same envelope, permissions,
// paging and error codes for each. Changing one is a workspace setting: an API key with
// replies:write may, and in the dashboard an owner or admin, not a member.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type Static, type TObject, type TSchema, Type } from '@sinclair/typebox';
import type { Db } from '../db/connect.ts';
import { errorResponses, IdParams, list, page, PageQuery, pagination, single } from './schemas.ts';

export function ownedRoutes<I extends TObject, C extends TObject, U extends TObject = TObject>(def: {
  path: string;
  tag: string;
  noun: string;
  Item: I;
  Create: C;
  create: (db: Db, workspaceId: string, input: Static<C>) => Promise<Static<I>>;
  list: (db: Db, workspaceId: string, opts: { limit: number; offset: number }) => Promise<{ items: Static<I>[]; total: number }>;
  /** Whether a change can clash with another row (a unique name): then PATCH may answer 409. */
  unique?: boolean;
  /** PATCH {path}/{id}: the fields that may change, each optional. */
  Update?: U;
  update?: (db: Db, workspaceId: string, id: string, input: Static<U>) => Promise<Static<I>>;
  /** DELETE {path}/{id}, and what deleting does to the rows that refer to it. */
  remove?: { run: (db: Db, workspaceId: string, id: string) => Promise<void>; description: string };
}): FastifyPluginAsyncTypebox<{ db: Db }> {
  return async (app, { db }) => {
    app.post(
      def.path,
      {
        // a workspace's settings: in the dashboard, owners' and admins' (docs/dashboard.md "How the dashboard talks to the server")
        config: { permission: 'replies:write', manage: true },
        schema: {
          tags: [def.tag],
          summary: `Create a ${def.noun}`,
          body: def.Create,
          response: { 201: single(def.Item) as TSchema, ...errorResponses(400, 401, 403, 409, 429) },
        },
      },
      async (request, reply) => {
        const data = await def.create(db, request.workspaceId, request.body as Static<C>);
        return reply.code(201).send({ data });
      },
    );

    app.get(
      def.path,
      {
        config: { permission: 'replies:read' },
        schema: {
          tags: [def.tag],
          summary: `List ${def.noun}s, oldest first`,
          querystring: Type.Object(PageQuery),
          response: { 200: list(def.Item) as TSchema, ...errorResponses(400, 401, 403, 429) },
        },
      },
      async (request) => {
        const { limit, offset } = page(request.query.limit, request.query.offset);
        const { items, total } = await def.list(db, request.workspaceId, { limit, offset });
        return { data: items, pagination: pagination(total, limit, offset) };
      },
    );

    const { Update, update, remove } = def;
    if (Update && update) {
      app.patch(
        `${def.path}/:id`,
        {
          // a workspace's settings: in the dashboard, owners' and admins' (docs/dashboard.md "How the dashboard talks to the server")
          config: { permission: 'replies:write', manage: true },
          schema: {
            tags: [def.tag],
            summary: `Update a ${def.noun}`,
            params: IdParams,
            body: Update,
            response: { 200: single(def.Item) as TSchema, ...errorResponses(400, 401, 403, 404, ...(def.unique ? [409] : []), 429) },
          },
        },
        async (request) => ({ data: await update(db, request.workspaceId, request.params.id, request.body as Static<U>) }),
      );
    }

    if (remove) {
      app.delete(
        `${def.path}/:id`,
        {
          // a workspace's settings: in the dashboard, owners' and admins' (docs/dashboard.md "How the dashboard talks to the server")
          config: { permission: 'replies:write', manage: true },
          schema: {
            tags: [def.tag],
            summary: `Delete a ${def.noun}`,
            description: remove.description,
            params: IdParams,
            response: { 204: Type.Null({ description: 'Deleted' }), ...errorResponses(401, 403, 404, 429) },
          },
        },
        async (request, reply) => {
          await remove.run(db, request.workspaceId, request.params.id);
          return reply.code(204).send(null);
        },
      );
    }
  };
}
