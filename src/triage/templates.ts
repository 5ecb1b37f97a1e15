// The composer's template picker (docs/dashboard.md "The composer"): each category's template,
// its own or the built-in one for its name (triage/drafts.ts), filled in for one reply as
// triage would draft it, with the plain fallback last. Reading it changes nothing.
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../db/connect.ts';
import { Errors } from '../errors.ts';
import { errorResponses, IdParams, Nullable, single } from '../http/schemas.ts';
import { DEFAULT_TEMPLATES, FALLBACK_TEMPLATE, renderTemplate, templateValues } from './drafts.ts';
import * as q from './queries.ts';

export const ReplyTemplate = Type.Object(
  {
    category_id: Nullable(Type.String({ description: 'The category whose template it is; null for the plain fallback' })),
    name: Type.String({ description: 'The category\'s name, or "Plain reply"' }),
    text: Type.String({ description: 'The template filled in for the reply' }),
  },
  { additionalProperties: false },
);

export async function replyTemplates(db: Db, workspaceId: string, replyId: string) {
  const [context, [reply]] = await Promise.all([q.triageContext(db.read, workspaceId), q.repliesForTriage(db.read, workspaceId, [replyId])]);
  if (!context || !reply) throw Errors.ReplyNotFound();
  const values = templateValues(reply, { sender_name: context.settings.triage_sender_name, signature: context.settings.triage_signature });
  const templates: { category_id: string | null; name: string; template: string }[] = [];
  for (const c of context.categories) {
    const template = c.template ?? DEFAULT_TEMPLATES[c.name];
    if (template) templates.push({ category_id: c.id, name: c.name, template });
  }
  templates.push({ category_id: null, name: 'Plain reply', template: FALLBACK_TEMPLATE });
  return templates.map(({ category_id, name, template }) => ({ category_id, name, text: renderTemplate(template, values) }));
}

export const templateRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/replies/:id/templates',
    {
      config: { permission: 'replies:read' },
      schema: {
        tags: ['Triage'],
        summary: "The workspace's answer templates, filled in for a reply",
        description:
          "Each category's template (its own, else the built-in one for its name), then the plain fallback, filled in with the reply's contact, client and the workspace's sender name and signature: what the composer's template picker offers.",
        params: IdParams,
        response: { 200: single(Type.Array(ReplyTemplate)), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => ({ data: await replyTemplates(db, request.workspaceId, request.params.id) }),
  );
};
