import { Type } from '@sinclair/typebox';
import { ownedRoutes } from '../http/owned-routes.ts';
import * as service from './service.ts';
import { Nullable } from '../http/schemas.ts';
import { TEMPLATE_VARIABLES } from '../triage/drafts.ts';

const TEMPLATE_HELP = `The draft template; variables ${TEMPLATE_VARIABLES.map((v) => `{{${v}}}`).join(' ')}; null or empty: the built-in one`;

export const categoryRoutes = ownedRoutes({
  path: '/api/categories',
  tag: 'Categories',
  noun: 'category',
  Item: Type.Object({
    id: Type.String(),
    name: Type.String(),
    color: Type.String({ description: 'Hex colour, #rrggbb' }),
    is_positive: Type.Boolean(),
    drafts: Type.Boolean({ description: 'Whether triage drafts a reply (ai_response) for replies in this category' }),
    template: Nullable(Type.String({ description: 'The draft template (docs/triage.md); null: the built-in one for the nine default categories, a short thank-you otherwise' })),
    created_at: Type.String({ format: 'date-time' }),
  }),
  Create: Type.Object(
    {
      name: Type.String({ minLength: 1, maxLength: 100, description: 'Unique within the workspace' }),
      color: Type.Optional(Type.String({ pattern: '^#([0-9a-fA-F]{6}|[0-9a-fA-F]{3})$', description: 'Hex colour such as #22c55e; default #6b7280' })),
      is_positive: Type.Optional(Type.Boolean({ description: 'Whether replies in this category are good news (a lead); default false' })),
      drafts: Type.Optional(Type.Boolean({ description: 'Whether triage drafts a reply for it; default false' })),
      template: Type.Optional(Nullable(Type.String({ maxLength: 5000, description: TEMPLATE_HELP }))),
    },
    { additionalProperties: false },
  ),
  create: service.createCategory,
  list: service.listCategories,
  Update: Type.Object(
    {
      name: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Unique within the workspace' })),
      color: Type.Optional(Type.String({ pattern: '^#([0-9a-fA-F]{6}|[0-9a-fA-F]{3})$', description: 'Hex colour such as #22c55e' })),
      is_positive: Type.Optional(Type.Boolean()),
      drafts: Type.Optional(Type.Boolean({ description: 'Whether triage drafts a reply for it' })),
      template: Type.Optional(Nullable(Type.String({ maxLength: 5000, description: TEMPLATE_HELP }))),
    },
    { additionalProperties: false },
  ),
  update: service.updateCategory,
  unique: true,
  remove: {
    run: service.deleteCategory,
    description: 'The replies in the category become uncategorised (category_id null, updated_at set). No reply.updated events are sent for them.',
  },
});
