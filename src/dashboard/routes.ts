// Dashboard-only routes (docs/dashboard.md): sign-in, setup, the session, keys, members, the
// workspace, the outbox. The data itself the dashboard reads through the public API. Hidden
// from the OpenAPI document: they take the session cookie, never an API key. Their answers'
// schemas (schemas.ts) are the dashboard's types: bin/openapi.ts builds a document with these
// routes for it (docs/dashboard.md "Types").
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import * as cookieHeader from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/connect.ts';
import { AppError, Errors } from '../errors.ts';
import { overHttps } from '../http/https.ts';
import { IdParams } from '../http/schemas.ts';
import { PERMISSIONS } from '../workspaces/keys.ts';
import { createApiKey, getWorkspace, listApiKeys, revokeApiKey, type KeyAuthenticator } from '../workspaces/service.ts';
import { type AttemptLimiter, CREDENTIALS, RESET_REQUESTS } from './limiter.ts';
import { hashToken, MAX_PASSWORD_LENGTH } from './passwords.ts';
import { ApiKey, Member, NewApiKey, OutboxMail, PermissionSchema, PresenceState, RoleSchema, Session, SetupStatus, WorkspaceInfo } from './schemas.ts';
import { ownedReply } from '../replies/queries.ts';
import { liveEvents } from '../webhooks/live.ts';
import * as invites from './invites.ts';
import { inviteRoutes } from './invite-routes.ts';
import { workspaceRoutes } from './workspace-routes.ts';
import { auditRoutes } from './audit-routes.ts';
import { body, Email, hidden, ok, sessionOf, Token } from './route-helpers.ts';
import * as service from './service.ts';
import * as sessions from './sessions.ts';

export interface DashboardRouteOptions {
  db: Db;
  /** Where links in mail and in the log point: PUBLIC_URL, or the address the server listens on. */
  baseUrl: string;
  authenticator: KeyAuthenticator;
  /** Counts credential checks (limiter.ts): shared through Redis when REDIS_URL is set. */
  limiter: AttemptLimiter;
  /** The providers Settings → Mailboxes offers "Connect …" buttons for (config/oauth.ts). */
  mailboxSignIn?: string[];
  /** Runs work after the answer has left (a reset link's lookup and mail); tests may hold it. */
  defer?: (work: () => Promise<void>) => void;
}

/** Refusals that mean a wrong credential: the attempt stays counted. */
const CREDENTIAL_FAILURES = new Set(['BAD_CREDENTIALS', 'INVALID_LINK']);

const Password = Type.String({ minLength: 1, maxLength: MAX_PASSWORD_LENGTH });
const SessionAnswer = ok(Session);

export const dashboardRoutes: FastifyPluginAsyncTypebox<DashboardRouteOptions> = async (app, { db, baseUrl, authenticator, limiter, defer, mailboxSignIn = [] }) => {
  const later = defer ?? ((work) => void setImmediate(() => void work().catch((err: Error) => app.log.error({ err }, 'deferred work failed'))));

  /**
   * Checks a credential (a password, a link's token) under the one limiter: counted per
   * account and per client address before the check runs, taken back when it passes or fails
   * for another reason than a wrong credential.
   */
  const guarded = async <T>(request: FastifyRequest, account: string, check: () => Promise<T>): Promise<T> => {
    const attempt = await limiter.begin(CREDENTIALS, { account, address: request.ip });
    try {
      const result = await check();
      await attempt.succeeded();
      return result;
    } catch (err) {
      if (!(err instanceof AppError && CREDENTIAL_FAILURES.has(err.code))) await attempt.cancel();
      throw err;
    }
  };
  const link = (token: string) => `link:${hashToken(token)}`;

  const setCookie = (request: FastifyRequest, reply: FastifyReply, value: string, maxAgeSeconds: number) =>
    reply.header('set-cookie', cookieHeader.serialize(sessions.COOKIE, value, { httpOnly: true, sameSite: 'lax', path: '/', secure: overHttps(request, baseUrl), maxAge: maxAgeSeconds }));

  /** The session a cookie holds, as the dashboard reads it; a session ended meanwhile is 401. */
  const sessionView = async (cookie: string) => {
    const view = await sessions.sessionView(db, cookie);
    if (!view) throw Errors.NotSignedIn();
    return view;
  };

  /** Signs the browser in with a new session's cookie and answers the session. */
  const signedIn = async (request: FastifyRequest, reply: FastifyReply, cookie: string, status = 200) => {
    setCookie(request, reply, cookie, sessions.SESSION_DAYS * 86_400);
    return reply.code(status).send({ data: await sessionView(cookie) });
  };

  const cookieOf = (request: FastifyRequest) => sessions.sessionCookie(request.headers.cookie) ?? '';

  app.get('/dashboard/api/status', { config: { public: true }, schema: { ...hidden, response: ok(SetupStatus) } }, async () => ({ data: { setup_required: await service.setupRequired(db) } }));

  app.post(
    '/dashboard/api/setup',
    {
      config: { public: true },
      schema: {
        ...hidden,
        body: body({ token: Token, email: Email, password: Password, workspace_name: Type.String({ minLength: 1, maxLength: 200 }), demo_data: Type.Optional(Type.Boolean()) }),
        response: ok(Session, 201),
      },
    },
    async (request, reply) => signedIn(request, reply, await guarded(request, link(request.body.token), () => service.setup(db, request.body)), 201),
  );

  app.post(
    '/dashboard/api/sign-in',
    {
      config: { public: true },
      schema: { ...hidden, body: body({ email: Email, password: Password }), response: SessionAnswer },
    },
    async (request, reply) => signedIn(request, reply, await guarded(request, request.body.email.trim(), () => sessions.signIn(db, request.body))),
  );

  app.post(
    '/dashboard/api/password-reset',
    {
      config: { public: true },
      schema: { ...hidden, body: body({ email: Email }), response: ok(Type.Object({ sent: Type.Literal(true) })) },
    },
    async (request) => {
      // Counted whether or not the account exists, and answered before it is looked up: the
      // answer says nothing, in its words or its timing, about the address.
      const email = service.normaliseEmail(request.body.email);
      await limiter.begin(RESET_REQUESTS, { account: email, address: request.ip });
      later(() => service.sendPasswordReset(db, email, baseUrl));
      return { data: { sent: true as const } };
    },
  );

  app.post(
    '/dashboard/api/password-reset/confirm',
    {
      config: { public: true },
      schema: { ...hidden, body: body({ token: Token, password: Password }), response: SessionAnswer },
    },
    async (request, reply) => signedIn(request, reply, await guarded(request, link(request.body.token), () => service.confirmPasswordReset(db, request.body))),
  );

  app.post(
    '/dashboard/api/invites/accept',
    {
      config: { public: true },
      schema: { ...hidden, body: body({ token: Token, password: Password }), response: SessionAnswer },
    },
    async (request, reply) => signedIn(request, reply, await guarded(request, link(request.body.token), () => invites.acceptInvite(db, request.body))),
  );

  // Signed in from here on (config.session: an API key is refused with 401).

  app.get('/dashboard/api/session', { config: { session: true }, schema: { ...hidden, response: SessionAnswer } }, async (request) => {
    sessionOf(request);
    return { data: await sessionView(cookieOf(request)) };
  });

  app.post('/dashboard/api/sign-out', { config: { session: true }, schema: { ...hidden, response: ok(Type.Object({ signed_out: Type.Literal(true) })) } }, async (request, reply) => {
    sessionOf(request);
    await sessions.signOut(db, cookieOf(request));
    setCookie(request, reply, '', 0);
    return { data: { signed_out: true as const } };
  });

  app.post(
    '/dashboard/api/invites/join',
    {
      config: { session: true },
      schema: { ...hidden, body: body({ token: Token }), response: SessionAnswer },
    },
    async (request) => {
      await guarded(request, link(request.body.token), () => invites.joinInvite(db, sessionOf(request), request.body.token));
      return { data: await sessionView(cookieOf(request)) };
    },
  );

  app.post(
    '/dashboard/api/session/workspace',
    {
      config: { session: true },
      schema: { ...hidden, body: body({ workspace_id: Type.String({ minLength: 1, maxLength: 200 }) }), response: SessionAnswer },
    },
    async (request) => {
      // the session was looked up by the auth hook: its person and id are on the principal
      await sessions.switchWorkspace(db, sessionOf(request), request.body.workspace_id);
      return { data: await sessionView(cookieOf(request)) };
    },
  );

  app.get('/dashboard/api/workspace', { config: { session: true }, schema: { ...hidden, response: ok(WorkspaceInfo) } }, async (request, reply) => {
    const ws = (await getWorkspace(db, request.workspaceId))!;
    // this request has just been counted by the limiter, which set the header
    const remaining = Number(reply.getHeader('x-ratelimit-remaining') ?? NaN);
    return {
      data: {
        id: ws.id,
        name: ws.name,
        plan: ws.plan,
        rate_limit: sessions.workspaceRateLimit(ws),
        rate_limit_remaining: Number.isFinite(remaining) ? remaining : null,
        time_zone: ws.time_zone,
        mailbox_sign_in: mailboxSignIn,
      },
    };
  });

  // API keys (owners and admins)

  app.get('/dashboard/api/keys', { config: { session: true, manage: true }, schema: { ...hidden, response: ok(Type.Array(ApiKey)) } }, async (request) => {
    const keys = await listApiKeys(db, request.workspaceId);
    return { data: keys.filter((k) => !k.revoked_at).map((k) => ({ id: k.id, name: k.name, prefix: k.prefix, permissions: k.permissions, created_at: k.created_at, last_used_at: k.last_used_at })) };
  });

  app.post(
    '/dashboard/api/keys',
    {
      config: { session: true, manage: true, audit: { action: 'api_key.created', target: 'answer' } },
      schema: {
        ...hidden,
        body: body({
          name: Type.String({ minLength: 1, maxLength: 200 }),
          permissions: Type.Optional(Type.Array(PermissionSchema, { minItems: 1, maxItems: PERMISSIONS.length, uniqueItems: true })),
        }),
        response: ok(NewApiKey, 201),
      },
    },
    async (request, reply) => {
      if (!request.body.name.trim()) throw Errors.BadRequest('name must not be empty');
      const key = await createApiKey(db, { workspaceId: request.workspaceId, name: request.body.name, permissions: request.body.permissions });
      return reply.code(201).send({ data: key });
    },
  );

  app.delete(
    '/dashboard/api/keys/:id',
    {
      config: { session: true, manage: true, audit: { action: 'api_key.revoked', target: 'path' } },
      schema: { ...hidden, params: IdParams, response: ok(Type.Object({ id: Type.String(), revoked: Type.Literal(true) })) },
    },
    async (request) => {
      if (!(await revokeApiKey(db, request.workspaceId, request.params.id))) throw Errors.NotFound();
      authenticator.invalidate();
      return { data: { id: request.params.id, revoked: true as const } };
    },
  );

  // Members

  app.get('/dashboard/api/members', { config: { session: true }, schema: { ...hidden, response: ok(Type.Array(Member)) } }, async (request) => ({
    data: await service.listMembers(db, request.workspaceId),
  }));

  // invitations: sent, revoked, sent again (invite-routes.ts)
  await app.register(inviteRoutes, { db, baseUrl });
  await app.register(workspaceRoutes, { db });
  await app.register(auditRoutes, { db });

  app.patch(
    '/dashboard/api/members/:id',
    {
      config: { session: true, manage: true, audit: { action: 'member.role_changed', target: 'path' } },
      schema: { ...hidden, params: IdParams, body: body({ role: RoleSchema }), response: ok(Member) },
    },
    async (request) => ({ data: await service.changeRole(db, sessionOf(request), request.workspaceId, request.params.id, request.body.role) }),
  );

  app.delete(
    '/dashboard/api/members/:id',
    {
      config: { session: true, manage: true, audit: { action: 'member.removed', target: 'path' } },
      schema: { ...hidden, params: IdParams, response: ok(Type.Object({ user_id: Type.String(), removed: Type.Literal(true) })) },
    },
    async (request) => ({ data: await service.removeMember(db, sessionOf(request), request.workspaceId, request.params.id, request.actor) }),
  );

  app.get('/dashboard/api/outbox', { config: { session: true, manage: true }, schema: { ...hidden, response: ok(Type.Array(OutboxMail)) } }, async (request) => ({
    data: await service.listOutbox(db, request.workspaceId),
  }));

  // Presence (docs/dashboard.md "The team's inbox"): who else has a reply open, or is writing
  // its answer. Nothing is stored: the page says it every 20 s while the reply is open, and the
  // event goes to the workspace's live streams (every instance's, through the bus) alone.
  app.post(
    '/dashboard/api/presence',
    {
      config: { session: true, permission: 'replies:read' },
      schema: { ...hidden, body: body({ reply_id: Type.String({ maxLength: 200 }), state: PresenceState }), response: ok(Type.Object({ seen: Type.Literal(true) })) },
    },
    async (request) => {
      if (!(await ownedReply(db.read, request.workspaceId, request.body.reply_id))) throw Errors.ReplyNotFound();
      const { id, name } = request.actor;
      liveEvents.publish(request.workspaceId, {
        type: 'presence',
        timestamp: new Date().toISOString(),
        data: { reply_id: request.body.reply_id.toLowerCase(), state: request.body.state, user: { id, name } },
      });
      return { data: { seen: true as const } };
    },
  );
};
