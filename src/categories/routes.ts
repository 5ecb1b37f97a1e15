import { Type } from '@sinclair/typebox';
import { ownedRoutes } from '../http/owned-routes.ts';
import * as service from './service.ts';

export const categoryRoutes = ownedRoutes({
  path: '/api/categories',
  tag: 'Categories',
  noun: 'category',
  Item: Type.Object({
    id: Type.String(),
    name: Type.String(),
    color: Type.String({ description: 'Hex colour, #rrggbb' }),
    is_positive: Type.Boolean(),
    created_at: Type.String({ format: 'date-time' }),
  }),
  Create: Type.Object({
    name: Type.String({ minLength: 1, maxLength: 100, description: 'Unique within the workspace' }),
    color: Type.Optional(Type.String({ pattern: '^#([0-9a-fA-F]{6}|[0-9a-fA-F]{3})$', description: 'Hex colour such as #22c55e; default #6b7280' })),
    is_positive: Type.Optional(Type.Boolean({ description: 'Whether replies in this category are good news (a lead); default false' })),
  }, { additionalProperties: false }),
  create: service.createCategory,
  list: service.listCategories,
  Update: Type.Object({
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Unique within the workspace' })),
    color: Type.Optional(Type.String({ pattern: '^#([0-9a-fA-F]{6}|[0-9a-fA-F]{3})$', description: 'Hex colour such as #22c55e' })),
    is_positive: Type.Optional(Type.Boolean()),
  }, { additionalProperties: false }),
  update: service.updateCategory,
  unique: true,
  remove: {
    run: service.deleteCategory,
    description: 'The replies in the category become uncategorised (category_id null, updated_at set). No reply.updated events are sent for them.',
  },
});
