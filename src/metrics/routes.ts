// GET /metrics in Prometheus' text format (docs/deploy.md "Metrics"), only when METRICS_TOKEN
// is set: without it, /metrics is 404 `Not found` to everyone, key or not, and nothing is timed.
// With it, `Authorization: Bearer <token>` is required, compared in constant time. The route is
// public as /healthz is (no API key, no rate limit) and hidden from the OpenAPI document.
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect.ts';
import { Errors } from '../errors.ts';
import { appMetrics } from './registry.ts';

/** `Bearer <token>`; the scheme is case-insensitive (RFC 9110 §11.1), the token is not. */
const BEARER = /^bearer +(\S+) *$/i;

const digest = (text: string) => crypto.createHash('sha256').update(text).digest();

/** Whether the Authorization header carries the token: SHA-256 digests (equal lengths) compared in constant time. */
export function bearerMatches(authorization: string | undefined, expected: Buffer): boolean {
  const given = authorization === undefined ? null : BEARER.exec(authorization);
  // a missing header is compared too, against a digest that never matches: same work either way
  return crypto.timingSafeEqual(digest(given ? given[1]! : ''), expected) && given !== null;
}

/**
 * Records every answered request's duration (onResponse, on the root instance so every route is
 * seen) and serves the registry. Call before the routes are registered.
 */
export function registerMetrics(app: FastifyInstance, opts: { db: Db; token: string | null | undefined }) {
  if (!opts.token) {
    app.get('/metrics', { config: { public: true }, schema: { hide: true } }, async () => {
      throw Errors.MetricsOff();
    });
    return;
  }
  const expected = digest(opts.token);
  const metrics = appMetrics(opts.db, (err, metric) => app.log.warn({ err, metric }, 'metrics: database read failed'));

  app.addHook('onResponse', (request, reply, done) => {
    const route = request.is404 ? undefined : request.routeOptions.url;
    metrics.observeRequest(request.method, route ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  app.get('/metrics', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, expected)) throw Errors.InvalidMetricsToken();
    const text = await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).header('cache-control', 'no-store').send(text);
  });
}
