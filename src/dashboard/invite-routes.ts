// Invitations in Settings → Members (docs/dashboard.md "Members and invitations"): an owner or
// admin invites an address, takes a pending invitation back, or sends it again with a new link.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Db } from '../db/connect.ts';
import * as invites from './invites.ts';
import { body, Email, hidden, ok, sessionOf } from './route-helpers.ts';
import { Invitation, RoleSchema } from './schemas.ts';

export const inviteRoutes: FastifyPluginAsyncTypebox<{ db: Db; baseUrl: string }> = async (app, { db, baseUrl }) => {
  app.post(
    '/dashboard/api/members',
    {
      config: { session: true, manage: true },
      schema: { ...hidden, body: body({ email: Email, role: RoleSchema }), response: ok(Invitation, 201) },
    },
    async (request, reply) => reply.code(201).send({ data: await invites.invite(db, sessionOf(request), request.workspaceId, request.body, baseUrl) }),
  );

  app.post(
    '/dashboard/api/invites/revoke',
    {
      config: { session: true, manage: true },
      schema: { ...hidden, body: body({ email: Email }), response: ok(Type.Object({ email: Type.String(), revoked: Type.Literal(true) })) },
    },
    async (request) => ({ data: await invites.revokeInvite(db, request.workspaceId, request.body.email) }),
  );

  app.post(
    '/dashboard/api/invites/resend',
    {
      config: { session: true, manage: true },
      schema: { ...hidden, body: body({ email: Email }), response: ok(Invitation) },
    },
    async (request) => ({ data: await invites.resendInvite(db, sessionOf(request), request.workspaceId, request.body.email, baseUrl) }),
  );
};
