// Connecting a mailbox over OAuth 2.0 (docs/mailboxes.md "Google Workspace and Microsoft 365"):
// the authorization-code flow with PKCE, by openid-client (which checks the ID token's
// signature, issuer, audience and nonce), then the mailbox's IMAP and SMTP logins with the
// access token (XOAUTH2), then the connection made — or, for an address the workspace already
// has, its tokens renewed, its sync resuming where it stopped.
//
// `state` is random, stored only as its SHA-256 (oauth_states), bound to the workspace and to
// the person (or API key) who began, valid 10 minutes and spent by the first callback that
// brings it, before anything else is done with the callback: a replay finds nothing.
import crypto from 'node:crypto';
import * as oidc from 'openid-client';
import type { Db } from '../db/connect.ts';
import { uuidv7 } from '../db/ids.ts';
import type { ConnectionTable, OAuthProvider } from '../db/types.ts';
import type { Insertable } from 'kysely';
import { AppError } from '../errors.ts';
import { decryptSecret, encryptSecret } from '../security/secrets.ts';
import type { OAuthProviderConfig, OAuthProviders } from '../config/oauth.ts';
import * as oq from './oauth-queries.ts';
import { MailServerError, type NetOptions, testImap, testSmtp } from './net.ts';
import * as q from './queries.ts';

export const STATE_MINUTES = 10;
export const CALLBACK_PATH = '/oauth/callback';
export const tokenContext = (connectionId: string, kind: 'access' | 'refresh') => `connection:${connectionId}:oauth-${kind}`;

export interface OAuthDeps extends NetOptions {
  providers: OAuthProviders;
  clients: OAuthClients;
  secretKey: Buffer;
  /** PUBLIC_URL: the callback is `${baseUrl}/oauth/callback`, the outcome page under it. */
  baseUrl: string;
}

const now = () => new Date().toISOString();
const sha256 = (s: string) => crypto.hash('sha256', s, 'hex');

/** Why a connection over OAuth could not be made, in words for the person who tried. */
export class OAuthFailure extends Error {}

/**
 * The providers' OpenID Connect configurations, discovered on first use and kept; a discovery
 * that fails is forgotten, so a provider that was down is asked again next time.
 */
export class OAuthClients {
  private readonly configs = new Map<OAuthProvider, Promise<oidc.Configuration>>();

  constructor(
    private readonly providers: OAuthProviders,
    private readonly timeoutSeconds = 10,
  ) {}

  configuration(id: OAuthProvider): Promise<oidc.Configuration> {
    const provider = this.providers[id];
    if (!provider) return Promise.reject(new OAuthFailure(`${id} is not configured on this server`));
    let config = this.configs.get(id);
    if (!config) {
      // a plain-http issuer is a local one (a test's, a developer's): named so in the environment
      const insecure = provider.issuer.startsWith('http://');
      config = oidc.discovery(new URL(provider.issuer), provider.clientId, provider.clientSecret, undefined, {
        timeout: this.timeoutSeconds,
        ...(insecure && { execute: [oidc.allowInsecureRequests] }),
      });
      config.catch(() => this.configs.delete(id));
      this.configs.set(id, config);
    }
    return config.catch((err) => {
      throw new OAuthFailure(`${provider.label}'s sign-in service did not answer (${describe(err)}); try again in a moment`);
    });
  }
}

function describe(err: unknown): string {
  if (err instanceof oidc.ResponseBodyError || err instanceof oidc.AuthorizationResponseError) return err.error_description ? `${err.error}: ${err.error_description}` : err.error;
  // a refused check says what it compared (`unexpected JWT "iss" (issuer) claim value`); a network failure, its code
  const e = err as { message?: string; cause?: { code?: string } };
  // openid-client wraps oauth4webapi's error, whose cause names the claim that failed
  for (let c = e.cause as { claim?: string; cause?: unknown } | undefined, depth = 0; c && depth < 3; c = c.cause as typeof c, depth++) {
    if (typeof c.claim === 'string') return `the ID token's "${c.claim}" claim is not the expected one`;
  }
  const detail = e.message && e.message !== 'fetch failed' ? e.message : (e.cause?.code ?? e.message);
  return String(detail ?? err).slice(0, 200);
}

export const OAuthErrors = {
  NotConfigured: (label: string, prefix: string) =>
    new AppError(400, 'OAUTH_NOT_CONFIGURED', `Connect ${label} is not configured on this server: set ${prefix}_OAUTH_CLIENT_ID and ${prefix}_OAUTH_CLIENT_SECRET (docs/mailboxes.md)`),
  ProviderDown: (message: string) => new AppError(502, 'OAUTH_PROVIDER_UNAVAILABLE', message),
};

function providerOf(deps: OAuthDeps, id: OAuthProvider): OAuthProviderConfig {
  const provider = deps.providers[id];
  if (!provider) throw OAuthErrors.NotConfigured(id === 'google' ? 'Google' : 'Microsoft', id.toUpperCase());
  return provider;
}

/** Begins an authorization: the provider's URL to send the person to. */
export async function beginAuthorization(db: Db, deps: OAuthDeps, input: { workspaceId: string; userId: string | null; apiKeyId: string | null; provider: OAuthProvider; name?: string }) {
  const provider = providerOf(deps, input.provider);
  const config = await deps.clients.configuration(provider.id).catch((err: OAuthFailure) => {
    throw OAuthErrors.ProviderDown(err.message);
  });
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const verifier = oidc.randomPKCECodeVerifier();
  const stateHash = sha256(state);
  const t = Date.now();
  await db.write((trx) =>
    oq.insertState(trx, {
      state_hash: stateHash,
      workspace_id: input.workspaceId,
      user_id: input.userId,
      api_key_id: input.apiKeyId,
      provider: provider.id,
      name: input.name?.trim() || null,
      code_verifier_enc: encryptSecret(deps.secretKey, `oauth-state:${stateHash}`, verifier),
      nonce,
      created_at: new Date(t).toISOString(),
      expires_at: new Date(t + STATE_MINUTES * 60_000).toISOString(),
    }),
  );
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: `${deps.baseUrl}${CALLBACK_PATH}`,
    scope: provider.scopes.join(' '),
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    ...provider.authorizationParams,
  });
  return { authorization_url: url.href };
}

/** The address an ID token names: Google's verified `email`; Microsoft's `email`, else its sign-in name. */
function addressOf(provider: OAuthProviderConfig, claims: oidc.IDToken | undefined): string {
  const email = typeof claims?.email === 'string' ? claims.email : provider.id === 'microsoft' && typeof claims?.preferred_username === 'string' ? claims.preferred_username : null;
  if (!email || !/^[^\s@]+@[^\s@]+$/.test(email)) throw new OAuthFailure(`${provider.label} did not say which address signed in (no email in the ID token)`);
  if (claims?.email_verified === false) throw new OAuthFailure(`${provider.label} says ${email} is not verified`);
  return email.toLowerCase();
}

/**
 * Finishes an authorization from the callback's URL: spends the state, exchanges the code,
 * checks the mailbox's logins and makes or renews the connection. `sessionUserId` is the
 * person signed in to this browser, who must be the one who began. Throws OAuthFailure with
 * the reason to show; nothing is stored then.
 */
export async function completeAuthorization(db: Db, deps: OAuthDeps, callback: URL, sessionUserId: string | null): Promise<{ connectionId: string; renewed: boolean; workspaceId: string }> {
  const state = callback.searchParams.get('state');
  if (!state) throw new OAuthFailure('The sign-in came back without its state: start again from Settings → Mailboxes');
  const stateHash = sha256(state);
  const pending = await db.write((trx) => oq.spendState(trx, stateHash, now()));
  if (!pending) throw new OAuthFailure('This sign-in link has expired or was already used: start again from Settings → Mailboxes');
  if (pending.user_id && pending.user_id !== sessionUserId) throw new OAuthFailure('Sign in to Replydesk as the person who began connecting this mailbox, then start again');
  const provider = deps.providers[pending.provider];
  if (!provider) throw new OAuthFailure(`${pending.provider} sign-in is no longer configured on this server`);
  const refused = callback.searchParams.get('error');
  if (refused) throw new OAuthFailure(`${provider.label} did not grant access (${refused.slice(0, 100)}): nothing was connected`);

  const config = await deps.clients.configuration(provider.id);
  let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
  try {
    tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: decryptSecret(deps.secretKey, `oauth-state:${stateHash}`, pending.code_verifier_enc),
      expectedState: state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
  } catch (err) {
    throw new OAuthFailure(`${provider.label}'s answer could not be accepted (${describe(err)}): nothing was connected`);
  }
  const email = addressOf(provider, tokens.claims());
  if (!tokens.refresh_token) throw new OAuthFailure(`${provider.label} gave no refresh token, so the mailbox could not stay connected: allow offline access when asked`);

  const login = { username: email, accessToken: tokens.access_token };
  const imap = { ...provider.imap, ...login };
  const smtp = { ...provider.smtp, ...login };
  let box: Awaited<ReturnType<typeof testImap>>;
  try {
    [box] = await Promise.all([testImap({ ...imap, folder: 'INBOX' }, deps), testSmtp(smtp, deps)]);
  } catch (err) {
    throw new OAuthFailure(err instanceof MailServerError ? `${err.message}${smtpAuthHint(provider, err)}` : String(err));
  }
  return storeConnection(db, deps, { workspaceId: pending.workspace_id, provider, email, name: pending.name, tokens, box });
}

/** Forgets authorizations that ended over a day ago (the worker's periodic task): used or expired, they only say who tried. */
export async function forgetOldStates(db: Db) {
  await db.write((trx) => oq.deleteOldStates(trx, new Date(Date.now() - 86_400_000).toISOString()));
}

/** Microsoft turns SMTP AUTH off per tenant and per mailbox: say what to switch on. */
function smtpAuthHint(provider: OAuthProviderConfig, err: MailServerError): string {
  if (provider.id !== 'microsoft' || err.protocol !== 'SMTP' || err.step !== 'login') return '';
  return '. IMAP worked, so SMTP AUTH is probably off for this mailbox: in the Microsoft 365 admin center, Users → the user → Mail → Manage email apps → tick "Authenticated SMTP" (and check that the tenant does not disable SMTP AUTH: Set-TransportConfig -SmtpClientAuthenticationDisabled $false)';
}

async function storeConnection(
  db: Db,
  deps: OAuthDeps,
  c: {
    workspaceId: string;
    provider: OAuthProviderConfig;
    email: string;
    name: string | null;
    tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers;
    box: Awaited<ReturnType<typeof testImap>>;
  },
) {
  const existing = await oq.connectionByEmail(db.read, c.workspaceId, c.email);
  const id = existing?.id ?? uuidv7();
  const t = now();
  const p = c.provider;
  const fields = {
    auth: 'oauth' as const,
    oauth_provider: p.id,
    oauth_scopes: c.tokens.scope ?? p.scopes.join(' '),
    oauth_access_token_enc: encryptSecret(deps.secretKey, tokenContext(id, 'access'), c.tokens.access_token),
    oauth_refresh_token_enc: encryptSecret(deps.secretKey, tokenContext(id, 'refresh'), c.tokens.refresh_token!),
    oauth_expires_at: new Date(Date.now() + (c.tokens.expiresIn() ?? 3600) * 1000).toISOString(),
    oauth_refresh_until: null,
    imap_host: p.imap.host,
    imap_port: p.imap.port,
    imap_tls: p.imap.tls,
    imap_username: c.email,
    imap_password_enc: null,
    smtp_host: p.smtp.host,
    smtp_port: p.smtp.port,
    smtp_tls: p.smtp.tls,
    smtp_username: c.email,
    smtp_password_enc: null,
    // the sync starts again at once, from where the folder's sync stopped
    sync_state: 'pending' as const,
    last_error: null,
    sync_failures: 0,
    next_sync_at: t,
    updated_at: t,
  };
  await db.write(async (trx) => {
    if (existing) await q.updateConnection(trx, c.workspaceId, id, fields);
    else {
      const row: Insertable<ConnectionTable> = {
        id,
        workspace_id: c.workspaceId,
        name: c.name ?? c.email,
        email: c.email,
        created_at: t,
        imap_folder: 'INBOX',
        // Gmail files what its SMTP server sends in Sent itself: a copy of ours would show twice
        imap_sent_folder: p.id === 'google' ? '' : null,
        lease_holder: null,
        lease_expires_at: null,
        last_synced_at: null,
        ...fields,
      };
      await q.insertConnection(trx, row);
    }
    if (!(await q.getFolder(trx, id, 'INBOX')))
      await q.startFolder(trx, { connection_id: id, workspace_id: c.workspaceId, folder: 'INBOX', uidvalidity: c.box.uidValidity, last_uid: c.box.startAfterUid, updated_at: t });
  });
  return { connectionId: id, renewed: Boolean(existing), workspaceId: c.workspaceId };
}
