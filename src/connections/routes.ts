import { Type } from '@sinclair/typebox';
import { ownedRoutes } from '../http/owned-routes.ts';
import * as service from './service.ts';

export const connectionRoutes = ownedRoutes({
  path: '/api/connections',
  tag: 'Connections',
  noun: 'connection',
  Item: Type.Object({
    id: Type.String(),
    name: Type.String(),
    email: Type.String({ description: 'The mailbox replies arrive in' }),
    created_at: Type.String({ format: 'date-time' }),
  }),
  Create: Type.Object({
    name: Type.String({ minLength: 1, maxLength: 200 }),
    email: Type.String({ format: 'email', maxLength: 320 }),
  }, { additionalProperties: false }),
  create: service.createConnection,
  list: service.listConnections,
});
