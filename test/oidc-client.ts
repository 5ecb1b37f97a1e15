// The client side of an OpenID Connect sign-in, done by hand with fetch, for tests of the peers
// (test/oauth-peers.test.ts) and for tests that drive Replydesk's own flow through a browser-less
// redirect: authorizeRedirect() plays the person's browser at the provider. Nothing here is
// Replydesk's code; its flow uses an OpenID Connect library.
import crypto from 'node:crypto';
import type { OidcProvider } from './oidc.ts';

export const TEST_REDIRECT_URI = 'http://127.0.0.1:9/oauth/callback';

/** Follows an authorization URL as the person's browser would, without following the redirect: answers where the provider sends them back. */
export async function authorizeRedirect(authorizationUrl: string): Promise<URL> {
  const res = await fetch(authorizationUrl, { redirect: 'manual' });
  const location = res.headers.get('location');
  if (res.status !== 302 || !location) throw new Error(`the provider answered ${res.status}, not a redirect: ${await res.text()}`);
  return new URL(location);
}

export interface TokenAnswer {
  status: number;
  body: { access_token?: string; refresh_token?: string; id_token?: string; expires_in?: number; scope?: string; token_type?: string; error?: string; error_description?: string };
}

/** POSTs a grant to the token endpoint with client_secret_basic (or the given secret). */
export async function tokenRequest(p: OidcProvider, form: Record<string, string>, secret = p.clientSecret): Promise<TokenAnswer> {
  const basic = Buffer.from(`${encodeURIComponent(p.clientId)}:${encodeURIComponent(secret)}`).toString('base64');
  const res = await fetch(p.tokenEndpoint, { method: 'POST', headers: { authorization: `Basic ${basic}` }, body: new URLSearchParams(form) });
  return { status: res.status, body: (await res.json()) as TokenAnswer['body'] };
}

export const refreshGrant = (p: OidcProvider, refreshToken: string) => tokenRequest(p, { grant_type: 'refresh_token', refresh_token: refreshToken });

export function pkcePair() {
  const verifier = crypto.randomBytes(32).toString('base64url');
  return { verifier, challenge: crypto.createHash('sha256').update(verifier).digest('base64url') };
}

/** The provider's authorization URL for a sign-in (PKCE S256, a state and a nonce, offline access as Google asks for it). */
export function authorizationUrl(p: OidcProvider, o: { challenge: string; state: string; nonce: string; redirectUri?: string; scope?: string; offline?: boolean }) {
  const url = new URL(p.authorizationEndpoint);
  url.search = new URLSearchParams({
    client_id: p.clientId,
    redirect_uri: o.redirectUri ?? TEST_REDIRECT_URI,
    response_type: 'code',
    scope: o.scope ?? 'openid email https://mail.google.com/',
    state: o.state,
    nonce: o.nonce,
    code_challenge: o.challenge,
    code_challenge_method: 'S256',
    ...(o.offline !== false && { access_type: 'offline' }),
  }).toString();
  return url.href;
}

/** Verifies an RS256 JWT against the provider's published keys and answers its claims; throws if the signature does not hold. */
export async function verifyJwt(p: OidcProvider, jwt: string): Promise<Record<string, unknown>> {
  const [h, b, s] = jwt.split('.');
  if (!h || !b || !s) throw new Error('not a JWT');
  const header = JSON.parse(Buffer.from(h, 'base64url').toString('utf8')) as { alg?: string; kid?: string };
  if (header.alg !== 'RS256') throw new Error(`unexpected alg ${header.alg}`);
  const jwks = (await (await fetch(`${p.issuer}/jwks`)).json()) as { keys: (crypto.JsonWebKey & { kid?: string })[] };
  const jwk = jwks.keys.find((k) => k.kid === header.kid);
  if (!jwk) throw new Error(`no published key ${header.kid}`);
  const ok = crypto.verify('RSA-SHA256', Buffer.from(`${h}.${b}`), crypto.createPublicKey({ key: jwk, format: 'jwk' }), Buffer.from(s, 'base64url'));
  if (!ok) throw new Error('bad signature');
  return JSON.parse(Buffer.from(b, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/**
 * A whole sign-in by hand: authorization request, the redirect back (its state checked), the code
 * exchanged with the PKCE verifier. Answers the tokens and the ID token's verified claims.
 */
export async function signIn(p: OidcProvider, o: { redirectUri?: string; scope?: string; offline?: boolean } = {}) {
  const { verifier, challenge } = pkcePair();
  const state = crypto.randomBytes(12).toString('base64url');
  const nonce = crypto.randomBytes(12).toString('base64url');
  const back = await authorizeRedirect(authorizationUrl(p, { ...o, challenge, state, nonce }));
  if (back.searchParams.get('error')) throw new Error(`authorization refused: ${back.searchParams.get('error')}`);
  if (back.searchParams.get('state') !== state) throw new Error('the state did not come back');
  const code = back.searchParams.get('code');
  if (!code) throw new Error(`no code in ${back.href}`);
  const answer = await tokenRequest(p, { grant_type: 'authorization_code', code, redirect_uri: o.redirectUri ?? TEST_REDIRECT_URI, code_verifier: verifier });
  if (answer.status !== 200 || !answer.body.access_token || !answer.body.id_token) throw new Error(`token endpoint answered ${answer.status} ${JSON.stringify(answer.body)}`);
  const claims = await verifyJwt(p, answer.body.id_token);
  return { accessToken: answer.body.access_token, refreshToken: answer.body.refresh_token, idToken: answer.body.id_token, expiresIn: answer.body.expires_in, claims, nonce };
}
