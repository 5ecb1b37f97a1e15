// buildApp(deps): the whole HTTP server in a screenful of registrations. Tests build it with
// their own database; main.ts builds it from the environment.
import crypto from 'node:crypto';
import Fastify, { type FastifyServerOptions, LogController } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Redis } from 'ioredis';
import type { Db } from './db/connect.ts';
import { registerAuth, type RequestCheck } from './http/auth.ts';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandler } from './http/error-handler.ts';
import { MAX_URL_LENGTH, registerRequestChecks } from './http/json-body.ts';
import { registerPathIds } from './http/path-ids.ts';
import { ErrorBody } from './http/schemas.ts';
import { registerShutdown } from './http/shutdown.ts';
import { BODY_LIMIT } from './http/attachments.ts';
import { schemaErrorFormatter, validatorCompiler } from './http/validation.ts';
import { registerResponseCheck } from './http/response-check.ts';
import { Errors } from './errors.ts';
import { documentFor, swaggerOptions } from './openapi/document.ts';
import { VERSION_HEADER } from './http/versioning.ts';
import { KeyAuthenticator } from './workspaces/service.ts';
import { ReplyDetail, ReplyListItem, ReplyNote } from './replies/schemas.ts';
import { memberRoutes } from './workspaces/routes.ts';
import { ContactDetail, ContactListItem } from './contacts/schemas.ts';
import { replyRoutes } from './replies/routes.ts';
import { triageAtIngestion } from './triage/ingestion.ts';
import { contactRoutes } from './contacts/routes.ts';
import { categoryRoutes } from './categories/routes.ts';
import { clientRoutes } from './clients/routes.ts';
import { connectionRoutes } from './mailboxes/routes.ts';
import type { NetOptions } from './mailboxes/net.ts';
import { OAuthClients } from './mailboxes/oauth.ts';
import type { OAuthProviders } from './config/oauth.ts';
import { oauthRoutes } from './mailboxes/oauth-routes.ts';
import { Connection } from './mailboxes/schemas.ts';
import { webhookRoutes } from './webhooks/routes.ts';
import { Delivery, Endpoint } from './webhooks/schemas.ts';
import type { WebhookSettings } from './webhooks/service.ts';
import { DEFAULT_MAIL_QUOTA_PER_HOUR } from './config/index.ts';
import { auditPlugin } from './audit/plugin.ts';
import { idempotencyPlugin } from './idempotency/plugin.ts';
import { mailRoutes } from './mail/routes.ts';
import { OutgoingMessage } from './mail/schemas.ts';
import type { MailOptions } from './mail/service.ts';
import { CookieSessions } from './dashboard/sessions.ts';
import { dashboardRoutes } from './dashboard/routes.ts';
import { AttemptLimiter } from './dashboard/limiter.ts';
import { webRoutes } from './dashboard/web.ts';
import { TriageSettings, triageRoutes } from './triage/settings.ts';
import { templateRoutes } from './triage/templates.ts';
import { reportRoutes } from './reports/routes.ts';
import { retentionRoutes } from './replies/retention-routes.ts';
import type { LlmConfig, TrustProxy } from './config/index.ts';
import { registerHsts } from './http/https.ts';
import { registerMetrics } from './metrics/routes.ts';

export interface AppDeps {
  db: Db;
  /** Shared rate-limit counters; null keeps them in this process's memory. */
  redis?: Redis | null;
  logger?: FastifyServerOptions['logger'];
  /** Requests per minute per client address without a valid key (default UNAUTHENTICATED_LIMIT). */
  unauthenticatedRateLimit?: number;
  /** How long a resolved API key is trusted before it is looked up again. */
  authCacheTtlMs?: number;
  /**
   * Master key for webhook secrets at rest and the private-network switch. Without it a
   * random key is used, so secrets created by this app are unreadable by any other process:
   * fine for tests that never deliver, never for main.ts.
   */
  webhooks?: Partial<WebhookSettings>;
  /** Mailboxes: internal hosts allowed (MAILBOX_ALLOW_PRIVATE_NETWORKS), timeouts of the login check. The key is webhooks.secretKey. */
  mailboxes?: { allowPrivateNetworks?: boolean; timeoutMs?: number; lookup?: NetOptions['lookup'] };
  /** Sending limits; the hourly quota defaults to DEFAULT_MAIL_QUOTA_PER_HOUR. */
  mail?: Partial<MailOptions>;
  /** The language model triage may use (LLM_*), shown read-only in the triage settings. */
  llm?: LlmConfig | null;
  /** Where links in the dashboard's mail point (PUBLIC_URL); the built dashboard's folder. */
  dashboard?: { baseUrl?: string; distDir?: string; defer?: (work: () => Promise<void>) => void };
  /** PUBLIC_URL when it is configured: the OpenAPI document's server. Without it, the request's own origin. */
  publicUrl?: string | null;
  /** The rate-limit window (default a minute: docs/api.md "Rate limits"); tests shorten it. */
  rateLimitWindowMs?: number;
  /** Which proxies' X-Forwarded-* headers to believe (TRUST_PROXY); none by default. */
  trustProxy?: TrustProxy;
  /** Mailbox sign-in providers (GOOGLE_OAUTH_*, MICROSOFT_OAUTH_*) and their discovered configurations, shared with the worker. */
  oauth?: { providers: OAuthProviders; clients: OAuthClients };
  /** METRICS_TOKEN: GET /metrics asks for it as a bearer token; unset, there is no /metrics (metrics/routes.ts). */
  metricsToken?: string | null;
  /** Validate every JSON answer against its route's response schema (http/response-check.ts): the test suite's setting. */
  checkResponses?: boolean;
}

export { BODY_LIMIT };

const REQUEST_ID = /^[\w.:-]{1,128}$/;

export async function buildApp(deps: AppDeps) {
  // set once auth is registered; the router's refusals are rate limited like any request
  let limitUnrouted: RequestCheck | null = null;
  const app = Fastify({
    logger: deps.logger ?? false,
    // One log line per request (the onResponse hook below) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT,
    forceCloseConnections: 'idle',
    // Shutdown is ours (http/shutdown.ts): requests that arrive while closing are answered,
    // not refused with Fastify's own 503.
    return503OnClosing: false,
    // A request (headers and body) must arrive within a minute: a client that trickles bytes
    // cannot hold a connection for ever. Answered 408 in the envelope (clientErrorHandler).
    requestTimeout: 60_000,
    // No id is refused for its length below the URL's own limit (the hook below): an id that
    // names nothing is the route's 404 however long (http/path-ids.ts).
    routerOptions: { maxParamLength: MAX_URL_LENGTH },
    trustProxy: deps.trustProxy ?? false,
    frameworkErrors: frameworkErrorHandler(() => limitUnrouted),
    clientErrorHandler,
    // An incoming X-Request-Id is kept when it is sane, so a caller can follow its request.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : crypto.randomUUID();
    },
    schemaErrorFormatter,
  }).withTypeProvider<TypeBoxTypeProvider>();

  const baseUrl = deps.dashboard?.baseUrl ?? 'http://127.0.0.1:3000';

  // Every route, as registered: the OpenAPI and tenant-isolation tests check they cover them all.
  const routes: { method: string; url: string; public: boolean }[] = [];
  app.decorate('routeList', routes);
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) {
      // read when asked: a plugin's own onRoute hook (the docs below) runs after this one
      if (method !== 'HEAD')
        routes.push({
          method,
          url: r.url,
          get public() {
            return r.config?.public === true;
          },
        });
    }
  });

  app.setValidatorCompiler(validatorCompiler);
  // Answers are built field by field by the services' mappers, so the response schemas
  // document them (OpenAPI) but need not filter them; JSON.stringify is faster than
  // fast-json-stringify on pages of long, escaped strings (shared/bench/README.md).
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  // JSON only: a text/plain body is refused with 415 rather than parsed as a string.
  app.removeContentTypeParser('text/plain');
  registerRequestChecks(app);
  registerPathIds(app);
  if (deps.checkResponses) registerResponseCheck(app);
  for (const schema of [ErrorBody, OutgoingMessage, ReplyNote, ReplyListItem, ReplyDetail, ContactListItem, ContactDetail, Endpoint, Delivery, TriageSettings, Connection]) app.addSchema(schema);
  registerErrorHandler(app, BODY_LIMIT);

  await app.register(swagger, swaggerOptions());

  // Hooks that never wait are written with a callback: an async hook costs every request a
  // promise and a trip through the microtask queue.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  registerShutdown(app);
  registerHsts(app, baseUrl);
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        // a route may hold secrets in its query (the OAuth callback's code): logged without it
        url: request.routeOptions.config.logQuery === false ? request.url.split('?')[0] : request.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 100) / 100,
        workspace: request.principal?.workspaceId,
      },
      'request',
    );
    done();
  });

  // A URL over the limit is refused before anything looks at it, counted against the rate
  // limit like the router's own refusals (frameworkErrors).
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.length <= MAX_URL_LENGTH) return done();
    const refuse = () => done(Errors.UrlTooLong(MAX_URL_LENGTH));
    if (!limitUnrouted) return refuse();
    limitUnrouted(request, reply).then(refuse, done);
  });

  const authenticator = new KeyAuthenticator(deps.db, deps.authCacheTtlMs);
  app.decorate('authenticator', authenticator);
  const sessions = new CookieSessions(deps.db);
  ({ limitUnrouted } = await registerAuth(app, { authenticator, sessions, redis: deps.redis ?? null, unauthenticatedLimit: deps.unauthenticatedRateLimit, windowMs: deps.rateLimitWindowMs }));
  await app.register(idempotencyPlugin, { db: deps.db });
  await app.register(auditPlugin, { db: deps.db });

  // before the routes: its onResponse hook times every one of them
  registerMetrics(app, { db: deps.db, token: deps.metricsToken });

  app.get('/healthz', { config: { public: true }, schema: { hide: true } }, async (_req, reply) => {
    // draining: the load balancer must stop sending traffic here (http/shutdown.ts)
    if (app.phase() !== 'serving') throw Errors.ShuttingDown();
    await deps.db.ping();
    return reply.send({ status: 'ok' });
  });

  const opts = { db: deps.db };
  await app.register(replyRoutes, { ...opts, triage: triageAtIngestion({ llm: deps.llm ?? null }) });
  await app.register(contactRoutes, opts);
  await app.register(memberRoutes, opts);
  await app.register(categoryRoutes, opts);
  await app.register(clientRoutes, opts);
  await app.register(triageRoutes, { ...opts, llm: deps.llm ?? null });
  await app.register(templateRoutes, opts);
  await app.register(reportRoutes, opts);
  await app.register(retentionRoutes, opts);
  const settings: WebhookSettings = {
    secretKey: deps.webhooks?.secretKey ?? crypto.randomBytes(32),
    allowPrivateNetworks: deps.webhooks?.allowPrivateNetworks ?? false,
  };
  const mailboxes = { secretKey: settings.secretKey, allowPrivateNetworks: deps.mailboxes?.allowPrivateNetworks ?? false, timeoutMs: deps.mailboxes?.timeoutMs, lookup: deps.mailboxes?.lookup };
  await app.register(connectionRoutes, { ...opts, settings: mailboxes });
  const providers = deps.oauth?.providers ?? {};
  await app.register(oauthRoutes, { ...opts, sessions, oauth: { ...mailboxes, providers, clients: deps.oauth?.clients ?? new OAuthClients(providers), baseUrl } });
  await app.register(webhookRoutes, { ...opts, settings });
  await app.register(mailRoutes, { ...opts, mail: { quotaPerHour: deps.mail?.quotaPerHour ?? DEFAULT_MAIL_QUOTA_PER_HOUR } });

  const limiter = new AttemptLimiter(deps.redis ?? null, (err) => app.log.warn({ err: err.message }, 'redis unavailable; credential checks counted in this process'));
  await app.register(dashboardRoutes, { ...opts, authenticator, baseUrl, limiter, defer: deps.dashboard?.defer, mailboxSignIn: Object.keys(providers) });
  await app.register(webRoutes, { ...opts, distDir: deps.dashboard?.distDir });

  app.get('/api/openapi.json', { config: { public: true }, schema: { hide: true } }, async (request) => documentFor(app.swagger(), request, deps.publicUrl ?? null, baseUrl));
  // The interactive reference is public like the document it shows: its routes are marked so
  // where they are registered, not recognised later by their URL.
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, public: true };
    });
    await docs.register(swaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });
  });

  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    authenticator: KeyAuthenticator;
    routeList: { method: string; url: string; public: boolean }[];
  }
}

export { VERSION_HEADER };
