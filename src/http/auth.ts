// Authentication, rate limiting and version negotiation, in that order, in one onRequest
// hook: the limiter needs to know the workspace (its limit and its counter), and a refused
// key must still answer with the X-RateLimit-* headers, so authentication resolves the key
// without throwing, the limiter runs, and only then is a missing or bad key refused.
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { Permission } from '../workspaces/keys.ts';
import type { Actor, KeyAuthenticator, Principal } from '../workspaces/service.ts';
import { AppError, Errors } from '../errors.ts';
import { SUPPORTED_API_VERSIONS, VERSION_HEADER } from './versioning.ts';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
    /** The principal's workspace; reading it without a principal throws 401. */
    readonly workspaceId: string;
    /** Who the request acts as (the key, or the person signed in); reading it without a principal throws 401. */
    readonly actor: Actor;
    apiVersion: string;
  }
  interface FastifyContextConfig {
    /** The permission a key needs for this route. */
    permission?: Permission;
    /** Served without a key and without rate limiting (health, OpenAPI, docs, the dashboard's files). */
    public?: boolean;
    /** Dashboard-only: a signed-in person's session cookie, never an API key. */
    session?: boolean;
    /** Dashboard-only, and only for owners and admins (keys, members, the outbox). */
    manage?: boolean;
    /** false: the request's log line leaves out its query string (it holds a secret). */
    logQuery?: boolean;
  }
}

/**
 * The Redis client for shared rate-limit counters. Commands fail at once while Redis is
 * unreachable (no offline queue, one try), so the limiter lets requests through instead of
 * holding them until Redis comes back.
 */
export async function connectRedis(url: string, opts: { waitMs?: number; onError?: (err: Error) => void } = {}): Promise<Redis> {
  const waitMs = opts.waitMs ?? 5_000;
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  redis.on('error', opts.onError ?? (() => {}));
  // Until the first connection is up every command would fail and pass unlimited, so the
  // caller waits for it (bounded: an unreachable Redis must not keep the API from starting).
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, waitMs);
    redis.once('ready', done);
    function done() {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    }
  });
  return redis;
}

/** Resolves the dashboard's session cookie (in a Cookie header) to its principal, or null. */
export interface SessionAuthenticator {
  authenticate(cookieHeader: string): Promise<Principal | null>;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function csrfMatches(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== 'string' || given.length !== expected.length) return false;
  return crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

export type RequestCheck = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** Requests per minute for requests without a valid key, per client address. */
export const UNAUTHENTICATED_LIMIT = 60;

/** `Bearer <key>`; the scheme is case-insensitive (RFC 9110 §11.1), the key is not. */
const BEARER = /^bearer +(\S+) *$/i;

/**
 * Hangs authentication, rate limiting, version negotiation and permissions on the matched
 * route: every route not registered with `config.public` needs a valid key. Nothing here reads
 * the request's URL, so no spelling of a path (percent-encoded, absolute-form, dot segments)
 * reaches a route's handler without a principal; and `request.workspaceId`, the only way a
 * handler learns its workspace, refuses with 401 when there is none.
 *
 * A request that matches no route is treated alike up to the key: without a valid one it gets
 * 401, so routes cannot be told apart from non-routes without a key; with one, 404.
 * `limitUnrouted` does the same for requests the router refused before any route (a malformed
 * percent-encoding), so every answer outside the public routes carries the X-RateLimit-*
 * headers.
 */
export async function registerAuth(
  app: FastifyInstance,
  opts: { authenticator: KeyAuthenticator; sessions: SessionAuthenticator; redis: Redis | null; unauthenticatedLimit?: number; windowMs?: number },
) {
  app.decorateRequest('principal', null);
  app.decorateRequest('apiVersion', '');
  app.decorateRequest('workspaceId', {
    getter(this: FastifyRequest) {
      if (!this.principal) throw Errors.InvalidApiKey();
      return this.principal.workspaceId;
    },
  });
  app.decorateRequest('actor', {
    getter(this: FastifyRequest) {
      if (!this.principal) throw Errors.InvalidApiKey();
      return this.principal.actor;
    },
  });

  const windowMs = opts.windowMs ?? 60_000;
  const per = windowMs === 60_000 ? 'minute' : `${windowMs / 1000} seconds`;
  await app.register(rateLimit, {
    global: false,
    timeWindow: windowMs,
    redis: opts.redis ?? undefined,
    nameSpace: 'replydesk:rl:',
    // A Redis outage must not take the API down with it: requests pass unlimited and the
    // error is logged by ioredis' own handler.
    skipOnError: true,
    // a workspace's keys share its limit; each signed-in person has a bucket of their own
    keyGenerator: (req) => (req.principal ? (req.principal.session ? `user:${req.principal.session.userId}:${req.principal.workspaceId}` : `ws:${req.principal.workspaceId}`) : `ip:${req.ip}`),
    max: (req) => req.principal?.rateLimit ?? opts.unauthenticatedLimit ?? UNAUTHENTICATED_LIMIT,
    errorResponseBuilder: (_req, ctx) => new AppError(429, 'RATE_LIMITED', `Rate limit of ${ctx.max} requests per ${per} exceeded; retry in ${Math.ceil(ctx.ttl / 1000)} seconds`),
  });
  const limiter = app.rateLimit();

  /** Resolves the presented key (null when absent or invalid), then counts the request. */
  const identifyAndLimit: RequestCheck = async (request, reply) => {
    const authorization = request.headers.authorization;
    if (authorization !== undefined) {
      const match = BEARER.exec(authorization);
      if (match) request.principal = await opts.authenticator.authenticate(match[1]!);
    } else if (request.headers.cookie !== undefined) {
      // a person in the dashboard: the session cookie stands in for a key (docs/dashboard.md)
      request.principal = await opts.sessions.authenticate(request.headers.cookie);
    }
    await limiter.call(app, request, reply);
  };

  // One hook rather than three: each async hook is a promise and a trip through the
  // microtask queue of its own, on every request.
  app.addHook('onRequest', async function (request: FastifyRequest, reply: FastifyReply) {
    const config = request.routeOptions.config;
    if (config.public === true) return;
    await identifyAndLimit(request, reply);
    const principal = request.principal;
    if (!principal) throw config.session ? Errors.NotSignedIn() : Errors.InvalidApiKey();
    if (request.is404) return; // answered by the not-found handler
    const session = principal.session;
    if (session) {
      // A cookie is sent by the browser whoever made the page that asks: a change needs the
      // token only the dashboard's own pages can read (docs/dashboard.md, CSRF).
      if (!SAFE_METHODS.has(request.method) && !csrfMatches(request.headers['x-csrf-token'], session.csrfToken)) throw Errors.CsrfFailed();
      if (config.manage && session.role === 'member') throw Errors.RoleForbidden(session.role);
    } else if (config.session) {
      throw Errors.NotSignedIn();
    }
    const asked = request.headers[VERSION_HEADER];
    const version = typeof asked === 'string' && asked ? asked : principal.apiVersion;
    if (!(SUPPORTED_API_VERSIONS as readonly string[]).includes(version)) throw Errors.UnsupportedVersion(version, SUPPORTED_API_VERSIONS);
    request.apiVersion = version;
    reply.header(VERSION_HEADER, version);
    const needed = config.permission;
    if (needed && !principal.permissions.has(needed)) throw session ? Errors.RoleForbidden(session.role) : Errors.Forbidden(needed);
  });

  return { limitUnrouted: identifyAndLimit };
}
