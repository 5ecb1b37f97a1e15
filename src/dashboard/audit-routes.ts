// Settings → Audit log (docs/dashboard.md "Audit log"): the workspace's audit entries, newest
// first, a page of up to 100 at a time (`before`: the last id of the page before). Owners and
// admins.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { getEntry, listEntries } from '../audit/queries.ts';
import type { Db } from '../db/connect.ts';
import { isId } from '../db/ids.ts';
import { Errors } from '../errors.ts';
import { hidden, ok } from './route-helpers.ts';
import { AuditEntry } from './schemas.ts';

const PAGE = 100;

export const auditRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/dashboard/api/audit',
    {
      config: { session: true, manage: true },
      schema: { ...hidden, querystring: Type.Object({ before: Type.Optional(Type.String({ maxLength: 100 })) }, { additionalProperties: false }), response: ok(Type.Array(AuditEntry)) },
    },
    async (request) => {
      let before: { createdAt: string; id: string } | undefined;
      if (request.query.before !== undefined) {
        const entry = isId(request.query.before) ? await getEntry(db.read, request.workspaceId, request.query.before.toLowerCase()) : undefined;
        if (!entry) throw Errors.BadRequest('before is not an entry of this audit log');
        before = { createdAt: entry.created_at, id: entry.id };
      }
      const rows = await listEntries(db.read, request.workspaceId, PAGE, before);
      return {
        data: rows.map((r) => ({
          id: r.id,
          created_at: r.created_at,
          actor: { type: r.actor_type, id: r.actor_id, name: r.actor_name },
          action: r.action,
          target_id: r.target_id,
          details: JSON.parse(r.details) as { fields?: string[]; role?: string; days?: number | null },
        })),
      };
    },
  );
};
