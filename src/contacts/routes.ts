import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Db } from '../db/connect.ts';
import { errorResponses, IdParams, list, page, PageQuery, pagination, single } from '../http/schemas.ts';
import { ContactDetail, ContactListItem } from './schemas.ts';
import * as service from './service.ts';

export const contactRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get('/api/contacts', {
    config: { permission: 'contacts:read' },
    schema: {
      tags: ['Contacts'],
      summary: 'List contacts, most recent reply first',
      querystring: Type.Object(PageQuery),
      response: { 200: list(Type.Ref(ContactListItem)), ...errorResponses(400, 401, 403, 429) },
    },
  }, async (request) => {
    const { limit, offset } = page(request.query.limit, request.query.offset);
    const { items, total } = await service.listContacts(db, request.workspaceId, { limit, offset });
    return { data: items, pagination: pagination(total, limit, offset) };
  });

  app.get('/api/contacts/:id', {
    config: { permission: 'contacts:read' },
    schema: {
      tags: ['Contacts'],
      summary: 'Read one contact with its replies',
      params: IdParams,
      response: { 200: single(Type.Ref(ContactDetail)), ...errorResponses(401, 403, 404, 429) },
    },
  }, async (request) => ({ data: await service.getContact(db, request.workspaceId, request.params.id) }));
};
