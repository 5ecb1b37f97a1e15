import { Type } from '@sinclair/typebox';
import { ownedRoutes } from '../http/owned-routes.ts';
import * as service from './service.ts';

const RoundRobin = Type.Array(Type.String({ maxLength: 100 }), {
  maxItems: 100,
  description: "Assign the client's new replies in turn to these members (user ids from GET /api/members), in this order; [] turns it off. A member who leaves the workspace is skipped.",
});

const WeeklyReportTo = Type.Array(Type.String({ format: 'email', maxLength: 254 }), {
  maxItems: 10,
  description: 'Who receives the client\'s weekly report by mail, every Monday at 08:00 in the workspace\'s time zone (docs/api.md "Reports"); [] sends none',
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
    weekly_report_to: Type.Array(Type.String(), { description: 'Who receives its weekly report by mail; empty: none' }),
    created_at: Type.String({ format: 'date-time' }),
  }),
  Create: Type.Object(
    {
      name: Type.String({ minLength: 1, maxLength: 200 }),
      service_description: Type.Optional(Type.String({ maxLength: 5000, description: 'What the client sells; drafts draw on it' })),
      round_robin: Type.Optional(RoundRobin),
      weekly_report_to: Type.Optional(WeeklyReportTo),
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
      weekly_report_to: Type.Optional(WeeklyReportTo),
    },
    { additionalProperties: false },
  ),
  update: service.updateClient,
  remove: {
    run: service.deleteClient,
    description: 'The replies of the client keep everything but the client (client_id null, updated_at set). No reply.updated events are sent for them.',
  },
});
