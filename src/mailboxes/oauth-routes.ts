// Mailboxes over OAuth 2.0 (docs/mailboxes.md "Google Workspace and Microsoft 365"): where an
// authorization begins (POST /api/connections/oauth) and where the provider sends the person back
// (GET /oauth/callback), which ends on the dashboard's Mailboxes page with the outcome.
import { recordChange } from '../audit/service.ts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../db/connect.ts';
import type { SessionAuthenticator } from '../http/auth.ts';
import { errorResponses, single } from '../http/schemas.ts';
import { beginAuthorization, CALLBACK_PATH, completeAuthorization, OAuthFailure, type OAuthDeps } from './oauth.ts';
import { OAuthStart, StartOAuth } from './schemas.ts';

export const oauthRoutes: FastifyPluginAsyncTypebox<{ db: Db; oauth: OAuthDeps; sessions: SessionAuthenticator }> = async (app, { db, oauth, sessions }) => {
  app.post(
    '/api/connections/oauth',
    {
      config: { permission: 'connections:manage' },
      schema: {
        tags: ['Connections'],
        summary: 'Connect a Google or Microsoft mailbox over OAuth 2.0',
        description:
          "Answers the provider's authorization URL (authorization code with PKCE, offline access, the mail scopes). Once the person consents there, the provider sends them to {PUBLIC_URL}/oauth/callback: the server checks the ID token, logs in to IMAP and SMTP with the access token (XOAUTH2) and makes the connection — or renews the tokens of the workspace's connection for that address, whose sync resumes where it stopped — then opens Settings → Mailboxes with the outcome. The URL is good for 10 minutes and one use; begun from the dashboard, it must be finished in a browser signed in as the same person.",
        body: StartOAuth,
        response: { 200: single(OAuthStart), ...errorResponses(400, 401, 403, 429, 502) },
      },
    },
    async (request) => {
      const principal = request.principal!;
      const data = await beginAuthorization(db, oauth, {
        workspaceId: request.workspaceId,
        userId: principal.session?.userId ?? null,
        apiKeyId: principal.session ? null : principal.keyId,
        provider: request.body.provider,
        name: request.body.name,
      });
      return { data };
    },
  );

  // A browser's landing, not an API: the outcome is a redirect to the dashboard. The query
  // holds the one-time code, so this route's log line leaves it out (app.ts, logQuery).
  app.get(CALLBACK_PATH, { config: { public: true, logQuery: false }, schema: { hide: true } }, async (request, reply) => {
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    const callback = new URL(`${oauth.baseUrl}${CALLBACK_PATH}${query}`);
    const signedIn = request.headers.cookie ? await sessions.authenticate(request.headers.cookie) : null;
    const outcome = new URLSearchParams();
    try {
      const { connectionId, renewed, workspaceId } = await completeAuthorization(db, oauth, callback, signedIn?.session?.userId ?? null);
      // the audit log (docs/dashboard.md "Audit log"): the person who began, when this browser is theirs
      const actor = signedIn?.actor ?? { type: 'system' as const, id: null, name: 'mailbox sign-in' };
      await recordChange(db, { workspaceId, actor, action: renewed ? 'mailbox.changed' : 'mailbox.connected', targetId: connectionId, details: { fields: ['oauth'] } });
      outcome.set('oauth', renewed ? 'reconnected' : 'connected');
      outcome.set('connection_id', connectionId);
    } catch (err) {
      if (!(err instanceof OAuthFailure)) throw err;
      request.log.info({ reason: err.message }, 'mailbox not connected over OAuth');
      outcome.set('oauth', 'error');
      outcome.set('message', err.message);
    }
    return reply.headers({ 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' }).redirect(`${oauth.baseUrl}/settings/mailboxes?${outcome}`, 303);
  });
};
