// Create + list routes of the small workspace-owned resources (categories, clients): the
// same envelope, permissions, paging and error codes for each.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type Static, type TObject, type TSchema, Type } from '@sinclair/typebox';
import type { Db } from '../db/connect.ts';
import { errorResponses, list, page, PageQuery, pagination, single } from './schemas.ts';

export function ownedRoutes<I extends TObject, C extends TObject>(def: {
  path: string;
  tag: string;
  noun: string;
  Item: I;
  Create: C;
  create: (db: Db, workspaceId: string, input: Static<C>) => Promise<Static<I>>;
  list: (db: Db, workspaceId: string, opts: { limit: number; offset: number }) => Promise<{ items: Static<I>[]; total: number }>;
}): FastifyPluginAsyncTypebox<{ db: Db }> {
  return async (app, { db }) => {
    app.post(def.path, {
      config: { permission: 'replies:write' },
      schema: {
        tags: [def.tag],
        summary: `Create a ${def.noun}`,
        body: def.Create,
        response: { 201: single(def.Item) as TSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
    }, async (request, reply) => {
      const data = await def.create(db, request.workspaceId, request.body as Static<C>);
      return reply.code(201).send({ data });
    });

    app.get(def.path, {
      config: { permission: 'replies:read' },
      schema: {
        tags: [def.tag],
        summary: `List ${def.noun}s, oldest first`,
        querystring: Type.Object(PageQuery),
        response: { 200: list(def.Item) as TSchema, ...errorResponses(400, 401, 403, 429) },
      },
    }, async (request) => {
      const { limit, offset } = page(request.query.limit, request.query.offset);
      const { items, total } = await def.list(db, request.workspaceId, { limit, offset });
      return { data: items, pagination: pagination(total, limit, offset) };
    });
  };
}
