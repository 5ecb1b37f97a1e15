// Whether a request reached us over HTTPS, and what that changes: the session cookie is
// Secure and every answer carries Strict-Transport-Security (docs/deploy.md, HTTPS).
// PUBLIC_URL starting with https:// says so for every request (a proxy in front terminates
// TLS); otherwise the request's own protocol does, which reads X-Forwarded-Proto only from
// the proxies TRUST_PROXY names.
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** A year; no includeSubDomains, since Replydesk cannot know what else lives under its domain. */
export const HSTS = 'max-age=31536000';

export function overHttps(request: FastifyRequest, publicUrl: string): boolean {
  return publicUrl.startsWith('https://') || request.protocol === 'https';
}

export function registerHsts(app: FastifyInstance, publicUrl: string) {
  app.addHook('onRequest', (request, reply, done) => {
    if (overHttps(request, publicUrl)) reply.header('strict-transport-security', HSTS);
    done();
  });
}
