import { Type } from '@sinclair/typebox';
import { ownedRoutes } from '../http/owned-routes.ts';
import * as service from './service.ts';

export const clientRoutes = ownedRoutes({
  path: '/api/clients',
  tag: 'Clients',
  noun: 'client',
  Item: Type.Object({
    id: Type.String(),
    name: Type.String(),
    service_description: Type.String(),
    created_at: Type.String({ format: 'date-time' }),
  }),
  Create: Type.Object(
    {
      name: Type.String({ minLength: 1, maxLength: 200 }),
      service_description: Type.Optional(Type.String({ maxLength: 5000, description: 'What the client sells; drafts draw on it' })),
    },
    { additionalProperties: false },
  ),
  create: service.createClient,
  list: service.listClients,
  Update: Type.Object(
    {
      name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
      service_description: Type.Optional(Type.String({ maxLength: 5000 })),
    },
    { additionalProperties: false },
  ),
  update: service.updateClient,
  remove: {
    run: service.deleteClient,
    description: 'The replies of the client keep everything but the client (client_id null, updated_at set). No reply.updated events are sent for them.',
  },
});
