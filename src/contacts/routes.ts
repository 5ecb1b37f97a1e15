import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Db } from '../db/connect.ts';
import { errorResponses, IdParams, list, page, PageQuery, single } from '../http/schemas.ts';
import { ContactDetail, ContactListItem, PatchContactBody } from './schemas.ts';
import * as service from './service.ts';
import { eraseContact } from './erase.ts';

export const contactRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/contacts',
    {
      config: { permission: 'contacts:read' },
      schema: {
        tags: ['Contacts'],
        summary: 'List contacts, most recent reply first',
        querystring: Type.Object({
          q: Type.Optional(
            Type.String({
              minLength: 1,
              maxLength: 200,
              description: 'Search over email, first and last name and company: every word must match, case and accents ignored, the last word as a prefix.',
              examples: ['muller acme'],
            }),
          ),
          cursor: Type.Optional(
            Type.String({
              minLength: 1,
              maxLength: 500,
              description: 'The `pagination.next_cursor` of the previous page. Not with a non-zero offset.',
              examples: ['WyIyMDI2LTExLTIwVDA5OjQyOjEyLjAwMFoiLCIwMTkwZjVhMi03YzNlLTdkMWEtOWIyZS00ZjZhOGMwZDFlMmYiXQ'],
            }),
          ),
          ...PageQuery,
        }),
        response: { 200: list(Type.Ref(ContactListItem)), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const { limit, offset } = page(request.query.limit, request.query.offset);
      const { items, total, more, nextCursor } = await service.listContacts(db, request.workspaceId, { limit, offset, q: request.query.q, cursor: request.query.cursor });
      return { data: items, pagination: { total, limit, offset, hasMore: more, next_cursor: nextCursor } };
    },
  );

  app.get(
    '/api/contacts/:id',
    {
      config: { permission: 'contacts:read' },
      schema: {
        tags: ['Contacts'],
        summary: 'Read one contact with its replies',
        params: IdParams,
        response: { 200: single(Type.Ref(ContactDetail)), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => ({ data: await service.getContact(db, request.workspaceId, request.params.id) }),
  );

  app.patch(
    '/api/contacts/:id',
    {
      config: { permission: 'contacts:write' },
      schema: {
        tags: ['Contacts'],
        summary: "Set or clear a contact's do-not-contact or bouncing mark",
        description:
          'A person decides: `{"do_not_contact": false}` clears the mark an Unsubscribe reply set, so sends are allowed again. Records contact.updated when anything changed. Answers the full contact.',
        params: IdParams,
        body: PatchContactBody,
        response: { 200: single(Type.Ref(ContactDetail)), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ({ data: await service.updateContact(db, request.workspaceId, request.params.id, request.body) }),
  );

  app.delete(
    '/api/contacts/:id',
    {
      config: { permission: 'contacts:write', audit: { action: 'contact.erased', target: 'path' } },
      schema: {
        tags: ['Contacts'],
        summary: 'Erase a person',
        description:
          'Deletes the contact and everything that names them: their replies with their threads, attachments, notes, history and outgoing mail, and the stored events, webhook deliveries and remembered answers that carried them; search, lists, exports and reports no longer find them. `erase=true` is required: nothing else deletes a contact. Records contact.erased with the id alone; the audit log keeps who erased which id. See docs/api.md "Erasing a person".',
        params: IdParams,
        querystring: Type.Object({ erase: Type.Optional(Type.Literal('true', { description: 'Required, and `true`: erasing cannot be undone.' })) }, { additionalProperties: false }),
        response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      // the id first (404 for one not of the workspace), then the confirmation
      await eraseContact(db, request.workspaceId, request.params.id, request.query.erase === 'true');
      return reply.code(204).send(null);
    },
  );
};
