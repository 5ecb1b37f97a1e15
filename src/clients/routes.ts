import { Type } from '@sinclair/typebox';
import { ownedRoutes } from '../http/owned-routes.ts';
import * as service from './service.ts';

const RoundRobin = Type.Array(Type.String({ maxLength: 100 }), {
  maxItems: 100,
  description: "Assign the client's new replies in turn to these members (user ids from GET /api/members), in this order; [] turns it off. A member who leaves the workspace is skipped.",
});

export const clientRoutes = ownedRoutes({
  path: '/api/clients',
  tag: 'Clients',
  noun: 'client',
  Item: Type.Object({
    id: Type.String(),
    name: Type.String(),
    service_description: Type.String(),
    round_robin: Type.Array(Type.String(), { description: "The members (user ids) the client's new replies are assigned to in turn; empty: none" }),
    created_at: Type.String({ format: 'date-time' }),
  }),
  Create: Type.Object(
    {
      name: Type.String({ minLength: 1, maxLength: 200 }),
      service_description: Type.Optional(Type.String({ maxLength: 5000, description: 'What the client sells; drafts draw on it' })),
      round_robin: Type.Optional(RoundRobin),
    },
    { additionalProperties: false },
  ),
  create: service.createClient,
  list: service.listClients,
  Update: Type.Object(
    {
      name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
      service_description: Type.Optional(Type.String({ maxLength: 5000 })),
      round_robin: Type.Optional(RoundRobin),
    },
    { additionalProperties: false },
  ),
  update: service.updateClient,
  remove: {
    run: service.deleteClient,
    description: 'The replies of the client keep everything but the client (client_id null, updated_at set). No reply.updated events are sent for them.',
  },
});
