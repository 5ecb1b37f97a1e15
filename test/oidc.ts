// A local OpenID Connect provider for the OAuth mailbox tests (issue 29): the part of Google's or
// Microsoft's sign-in the tests are allowed to stand in for. oauth2-mock-server signs the tokens
// (RS256, its key published at /jwks), issues the codes and checks PKCE; this file puts in front
// of it what a real provider enforces and what a test must steer: who signs in, a refused consent,
// the client's secret, single-use codes bound to their redirect_uri and code_challenge, refresh
// tokens that can be revoked, access-token lifetimes, tampered ID tokens, and an outage. Access
// tokens are JWTs, valid while this provider's record says so: the mail peers ask its RFC 7662
// introspection endpoint (Dovecot's oauth2 passdb, test/smtp.ts), as Dovecot asks Google's.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type MutableRedirectUri, type MutableResponse, type MutableToken, OAuth2Issuer, OAuth2Service } from 'oauth2-mock-server';

export interface OidcOptions {
  clientId?: string;
  clientSecret?: string;
  /** Who signs in until setUser() says otherwise. */
  user?: string;
  /** Seconds an access token lives (default 3600); setAccessTokenLifetime() changes it later. */
  accessTokenLifetime?: number;
  /** Microsoft's way: each refresh answers a new refresh token too (the old one stays valid). Google's (default): none. */
  rotateRefreshTokens?: boolean;
  /** The redirect URIs registered for the client; when given, /authorize refuses any other. */
  redirectUris?: string[];
}

export interface OidcProvider {
  /** `http://127.0.0.1:<port>`, the same after stop() and start(). */
  issuer: string;
  port: number;
  clientId: string;
  clientSecret: string;
  discoveryUrl: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  /** RFC 7662: POST `token=…` → `{active, email, sub, scope, exp, …}` or `{active: false}`. */
  introspectionUrl: string;
  /** Every authorization from now on signs in as this address. */
  setUser(email: string): void;
  /** While on, /authorize redirects back with `error=access_denied`. */
  refuseConsent(refuse?: boolean): void;
  /** Lifetime of the access tokens issued from now on (`expires_in` and the token's `exp`). */
  setAccessTokenLifetime(seconds: number): void;
  /** The next refresh grant is answered 400 `invalid_grant`; the refresh token stays valid. */
  failNextRefresh(): void;
  /** Refresh tokens issued so far (to `email`, or to anyone) are refused with `invalid_grant` from now on. */
  revokeRefreshTokens(email?: string): void;
  /** Access tokens issued so far (to `email`, or to anyone) are inactive at once, before they expire. */
  revokeAccessTokens(email?: string): void;
  /** Access tokens issued so far (to `email`, or to anyone) expire now, as if their lifetime had passed: no waiting in tests. */
  expireAccessTokens(email?: string): void;
  /** ID tokens issued from now on carry this `iss` / `aud` instead of the true ones; null puts them back. */
  setIdTokenOverrides(o: { iss?: string; aud?: string } | null): void;
  /** Whether this provider issued the token, it is neither expired nor revoked, and (if given) it is `email`'s. */
  isAccessTokenValid(token: string, email?: string): boolean;
  /** Requests answered, refusals included. */
  stats: { authorizations: number; codeGrants: number; refreshGrants: number; introspections: number };
  /** An outage: the port refuses connections (open ones are cut) until start(). Tokens and keys survive. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

interface Grant {
  email: string;
  scope: string;
  nonce?: string;
  offline: boolean;
  code: boolean;
}
interface AuthCode extends Grant {
  clientRedirect: string;
  challenge: string;
  expiresAt: number;
  used: boolean;
}

const CODE_TTL_MS = 5 * 60_000;
const b64url = (b: Buffer) => b.toString('base64url');
const subjectOf = (email: string) => crypto.createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 21);

async function readForm(req: http.IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    size += (c as Buffer).length;
    if (size > 64 * 1024) throw new Error('request body too large');
    chunks.push(c as Buffer);
  }
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

export async function startOidcProvider(opts: OidcOptions = {}): Promise<OidcProvider> {
  const clientId = opts.clientId ?? 'replydesk-test-client';
  const clientSecret = opts.clientSecret ?? b64url(crypto.randomBytes(18));
  let user = opts.user ?? 'sam@agency.example';
  let lifetime = opts.accessTokenLifetime ?? 3600;
  let refusing = false;
  let failRefresh = false;
  let idOverrides: { iss?: string; aud?: string } | null = null;
  const codes = new Map<string, AuthCode>();
  const refreshTokens = new Map<string, { email: string; scope: string; revoked: boolean }>();
  const accessTokens = new Map<string, { email: string; scope: string; exp: number; iat: number; revoked: boolean }>();
  const pendingAuth = new WeakMap<http.IncomingMessage, Omit<AuthCode, 'expiresAt' | 'used'>>();
  const pendingGrant = new WeakMap<http.IncomingMessage, Grant>();
  const stats = { authorizations: 0, codeGrants: 0, refreshGrants: 0, introspections: 0 };

  const issuerKeys = new OAuth2Issuer();
  await issuerKeys.keys.generate('RS256');
  const service = new OAuth2Service(issuerKeys);
  let issuer = '';

  // The package issues the code; this records what it was issued for.
  service.on('beforeAuthorizeRedirect', (redirect: MutableRedirectUri, req: http.IncomingMessage) => {
    const code = redirect.url.searchParams.get('code');
    const pending = pendingAuth.get(req);
    if (code && pending) codes.set(code, { ...pending, expiresAt: Date.now() + CODE_TTL_MS, used: false });
  });
  // Called twice per grant: the access token (its payload has `scope`), then the ID token.
  service.on('beforeTokenSigning', (token: MutableToken, req: http.IncomingMessage) => {
    const grant = pendingGrant.get(req);
    if (!grant) return;
    const p = token.payload as Record<string, unknown>;
    const now = Math.floor(Date.now() / 1000);
    Object.assign(p, { sub: subjectOf(grant.email), email: grant.email, iat: now, nbf: now - 5, jti: b64url(crypto.randomBytes(12)) });
    if ('scope' in p) {
      Object.assign(p, { scope: grant.scope, aud: clientId, client_id: clientId, exp: now + lifetime });
    } else {
      Object.assign(p, { email_verified: true, azp: clientId, iss: idOverrides?.iss ?? issuer, aud: idOverrides?.aud ?? clientId, exp: now + 3600 });
      if (grant.code && grant.nonce !== undefined) p.nonce = grant.nonce;
      else delete p.nonce;
    }
  });
  service.on('beforeResponse', (response: MutableResponse, req: http.IncomingMessage) => {
    const grant = pendingGrant.get(req);
    if (!grant || response.statusCode !== 200) return;
    const body = response.body as Record<string, unknown>;
    const now = Date.now();
    accessTokens.set(String(body.access_token), { email: grant.email, scope: grant.scope, iat: now, exp: now + lifetime * 1000, revoked: false });
    Object.assign(body, { expires_in: lifetime, scope: grant.scope });
    if (grant.offline && (grant.code || opts.rotateRefreshTokens)) refreshTokens.set(String(body.refresh_token), { email: grant.email, scope: grant.scope, revoked: false });
    else delete body.refresh_token;
  });

  const validAccess = (token: string, email?: string) => {
    const t = accessTokens.get(token);
    return !!t && !t.revoked && Date.now() < t.exp && (email === undefined || t.email.toLowerCase() === email.toLowerCase());
  };

  const authorize = (req: http.IncomingMessage, res: http.ServerResponse, q: URLSearchParams) => {
    stats.authorizations += 1;
    const redirectUri = q.get('redirect_uri');
    // A wrong client or redirect URI gets an error page, never a redirect (RFC 6749 4.1.2.1).
    if (q.get('client_id') !== clientId) return json(res, 400, { error: 'invalid_client', error_description: 'unknown client_id' });
    if (!redirectUri || !URL.canParse(redirectUri) || (opts.redirectUris && !opts.redirectUris.includes(redirectUri))) {
      return json(res, 400, { error: 'invalid_request', error_description: 'redirect_uri is not registered for this client' });
    }
    const back = (error: string, description: string) => {
      const url = new URL(redirectUri);
      url.searchParams.set('error', error);
      url.searchParams.set('error_description', description);
      if (q.get('state') !== null) url.searchParams.set('state', q.get('state')!);
      res.writeHead(302, { location: url.href }).end();
    };
    const scope = q.get('scope') ?? '';
    const scopes = scope.split(' ');
    if (q.get('response_type') !== 'code') return back('unsupported_response_type', 'only response_type=code');
    if (!scopes.includes('openid')) return back('invalid_scope', 'the openid scope is required');
    if (!q.get('code_challenge') || q.get('code_challenge_method') !== 'S256') return back('invalid_request', 'PKCE with code_challenge_method=S256 is required');
    if (refusing) return back('access_denied', 'The user denied the request');
    pendingAuth.set(req, {
      email: user,
      scope,
      nonce: q.get('nonce') ?? undefined,
      // Google: access_type=offline; Microsoft: the offline_access scope.
      offline: q.get('access_type') === 'offline' || scopes.includes('offline_access'),
      code: true,
      clientRedirect: redirectUri,
      challenge: q.get('code_challenge')!,
    });
    service.requestHandler(req, res);
  };

  const token = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const form = await readForm(req);
    const refuse = (status: number, error: string, description: string) => json(res, status, { error, error_description: description });
    const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? '');
    const [id, secret] = basic
      ? Buffer.from(basic[1]!, 'base64')
          .toString('utf8')
          .split(':')
          .map((s) => decodeURIComponent(s.replace(/\+/g, ' ')))
      : [form.client_id, form.client_secret];
    if (id !== clientId || secret !== clientSecret) return refuse(401, 'invalid_client', 'client authentication failed');
    let grant: Grant;
    if (form.grant_type === 'authorization_code') {
      stats.codeGrants += 1;
      const code = codes.get(form.code ?? '');
      if (!code || code.used || Date.now() > code.expiresAt) {
        if (code) code.used = true;
        return refuse(400, 'invalid_grant', 'the code is unknown, expired or already used');
      }
      code.used = true;
      if (form.redirect_uri !== code.clientRedirect) return refuse(400, 'invalid_grant', 'redirect_uri does not match the authorization request');
      const verifier = form.code_verifier ?? '';
      if (b64url(crypto.createHash('sha256').update(verifier).digest()) !== code.challenge) return refuse(400, 'invalid_grant', 'code_verifier does not match code_challenge');
      grant = { email: code.email, scope: code.scope, nonce: code.nonce, offline: code.offline, code: true };
    } else if (form.grant_type === 'refresh_token') {
      stats.refreshGrants += 1;
      const rt = refreshTokens.get(form.refresh_token ?? '');
      if (!rt || rt.revoked || failRefresh) {
        failRefresh = false;
        return refuse(400, 'invalid_grant', 'Token has been expired or revoked.');
      }
      grant = { email: rt.email, scope: rt.scope, offline: true, code: false };
    } else {
      return refuse(400, 'unsupported_grant_type', 'authorization_code or refresh_token');
    }
    // Hand the checked request on to the package, which signs; its body parser sees the body read.
    (req as http.IncomingMessage & { body?: unknown }).body = form;
    pendingGrant.set(req, grant);
    service.requestHandler(req, res);
  };

  const introspect = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    stats.introspections += 1;
    const t = (await readForm(req)).token ?? '';
    const rec = accessTokens.get(t);
    if (!rec || !validAccess(t)) return json(res, 200, { active: false });
    json(res, 200, {
      active: true,
      token_type: 'Bearer',
      client_id: clientId,
      scope: rec.scope,
      email: rec.email,
      username: rec.email,
      sub: subjectOf(rec.email),
      iss: issuer,
      exp: Math.floor(rec.exp / 1000),
      iat: Math.floor(rec.iat / 1000),
    });
  };

  const discovery = () => ({
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    jwks_uri: `${issuer}/jwks`,
    userinfo_endpoint: `${issuer}/userinfo`,
    introspection_endpoint: `${issuer}/introspect`,
    revocation_endpoint: `${issuer}/revoke`,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    code_challenge_methods_supported: ['S256'],
    scopes_supported: ['openid', 'email', 'profile', 'offline_access'],
    claims_supported: ['iss', 'sub', 'aud', 'exp', 'iat', 'email', 'email_verified', 'nonce'],
  });

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://provider.invalid');
    const route = `${req.method} ${url.pathname}`;
    const handled = (async () => {
      if (route === 'GET /.well-known/openid-configuration') return json(res, 200, discovery());
      if (route === 'GET /authorize') return authorize(req, res, url.searchParams);
      if (route === 'POST /token') return token(req, res);
      if (route === 'POST /introspect') return introspect(req, res);
      if (route === 'GET /userinfo') {
        const bearer = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
        const rec = validAccess(bearer) ? accessTokens.get(bearer)! : null;
        if (!rec) return json(res, 401, { error: 'invalid_token' }, { 'www-authenticate': 'Bearer error="invalid_token"' });
        return json(res, 200, { sub: subjectOf(rec.email), email: rec.email, email_verified: true });
      }
      if (route === 'POST /revoke') {
        const t = (await readForm(req)).token ?? '';
        const rec = refreshTokens.get(t) ?? accessTokens.get(t);
        if (rec) rec.revoked = true;
        return json(res, 200, {});
      }
      if (route === 'GET /jwks') return service.requestHandler(req, res);
      return json(res, 404, { error: 'not_found' });
    })();
    handled.catch((err: Error) => {
      if (!res.headersSent) json(res, 500, { error: 'server_error', error_description: err.message });
      else res.destroy();
    });
  });

  let port = 0;
  const start = async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    port = (server.address() as AddressInfo).port;
    issuer = `http://127.0.0.1:${port}`;
    issuerKeys.url = issuer;
  };
  const stop = () =>
    new Promise<void>((resolve, reject) => {
      server.close((err) => (err ? reject(err) : resolve()));
      server.closeAllConnections();
    });
  await start();

  const forUser = (email: string | undefined, rec: { email: string }) => email === undefined || rec.email.toLowerCase() === email.toLowerCase();
  return {
    issuer,
    port,
    clientId,
    clientSecret,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    authorizationEndpoint: `${issuer}/authorize`,
    tokenEndpoint: `${issuer}/token`,
    introspectionUrl: `${issuer}/introspect`,
    setUser: (email) => void (user = email),
    refuseConsent: (refuse = true) => void (refusing = refuse),
    setAccessTokenLifetime: (s) => void (lifetime = s),
    failNextRefresh: () => void (failRefresh = true),
    revokeRefreshTokens(email) {
      for (const rec of refreshTokens.values()) if (forUser(email, rec)) rec.revoked = true;
    },
    revokeAccessTokens(email) {
      for (const rec of accessTokens.values()) if (forUser(email, rec)) rec.revoked = true;
    },
    expireAccessTokens(email) {
      for (const rec of accessTokens.values()) if (forUser(email, rec)) rec.exp = Math.min(rec.exp, Date.now());
    },
    setIdTokenOverrides: (o) => void (idOverrides = o),
    isAccessTokenValid: validAccess,
    stats,
    stop,
    start,
  };
}
