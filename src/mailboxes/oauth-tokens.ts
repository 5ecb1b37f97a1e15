// A connection's OAuth access token, fresh: the sync, sending and the Sent copy ask here before
// they log in (docs/mailboxes.md, OAuth). A token that expires within REFRESH_AHEAD_MS is
// renewed first, by one worker at a time: the refresh lease (oauth_refresh_until) is taken in
// the database, so two workers on two machines never spend one refresh token at once; the
// other waits for the new token. A refresh the provider refuses (invalid_grant: consent
// revoked, password changed, token expired) puts the connection in `error` with a message that
// says to reconnect; its sync position stays, so a reconnect resumes where it stopped.
import * as oidc from 'openid-client';
import type { Db } from '../db/connect.ts';
import type { Tx } from '../db/types.ts';
import { decryptSecret, encryptSecret } from '../security/secrets.ts';
import { MailServerError, type Protocol } from './net.ts';
import { type OAuthClients, tokenContext } from './oauth.ts';
import type { OAuthProviders } from '../config/oauth.ts';
import * as oq from './oauth-queries.ts';
import type { ConnectionRow } from './queries.ts';
import { type ImapSettings, imapSettings, type SmtpSettings, smtpSettings } from './service.ts';

/** Renew a token this long before it expires (a sync session may run for a while on one login). */
export const REFRESH_AHEAD_MS = 5 * 60_000;
const LEASE_MS = 30_000;
const WAIT_STEP_MS = 250;

export class OAuthTokens {
  constructor(
    private readonly db: Db,
    private readonly secretKey: Buffer,
    private readonly providers: OAuthProviders,
    private readonly clients: OAuthClients,
    private readonly opts: { refreshAheadMs?: number } = {},
  ) {}

  /** A fresh access token for the connection, renewed first when it is about to expire. */
  async accessToken(connectionId: string, protocol: Protocol): Promise<string> {
    const ahead = this.opts.refreshAheadMs ?? REFRESH_AHEAD_MS;
    const deadline = Date.now() + LEASE_MS;
    for (;;) {
      const row = await oq.tokensOf(this.db.read, connectionId);
      if (!row?.oauth_access_token_enc || !row.oauth_refresh_token_enc || !row.oauth_provider)
        throw new MailServerError(protocol, 'login', 'the mailbox has no OAuth tokens: reconnect it in Settings → Mailboxes');
      if (Date.parse(row.oauth_expires_at ?? '') - Date.now() > ahead) return decryptSecret(this.secretKey, tokenContext(row.id, 'access'), row.oauth_access_token_enc);
      const t = Date.now();
      const lease = (trx: Tx) => oq.takeRefreshLease(trx, row.id, new Date(t).toISOString(), new Date(t + LEASE_MS).toISOString(), new Date(t + ahead).toISOString());
      if (await this.db.write(lease)) {
        return this.refresh(row.id, row.oauth_provider, decryptSecret(this.secretKey, tokenContext(row.id, 'refresh'), row.oauth_refresh_token_enc), protocol);
      }
      // another worker is renewing it: its new token will be in the row
      if (Date.now() > deadline) throw new MailServerError(protocol, 'login', 'the access token is being renewed by another worker; trying again');
      await new Promise((r) => setTimeout(r, WAIT_STEP_MS));
    }
  }

  private async refresh(id: string, providerId: 'google' | 'microsoft', refreshToken: string, protocol: Protocol): Promise<string> {
    const provider = this.providers[providerId];
    if (!provider) {
      await this.db.write((trx) => oq.finishRefresh(trx, id, {}));
      throw new MailServerError(protocol, 'login', `${providerId} sign-in is no longer configured on this server`);
    }
    const label = provider.label;
    try {
      const tokens = await oidc.refreshTokenGrant(await this.clients.configuration(providerId), refreshToken);
      await this.db.write((trx) =>
        oq.finishRefresh(trx, id, {
          oauth_access_token_enc: encryptSecret(this.secretKey, tokenContext(id, 'access'), tokens.access_token),
          // a provider that rotates refresh tokens sends a new one; the old one is spent
          ...(tokens.refresh_token && { oauth_refresh_token_enc: encryptSecret(this.secretKey, tokenContext(id, 'refresh'), tokens.refresh_token) }),
          oauth_expires_at: new Date(Date.now() + (tokens.expiresIn() ?? 3600) * 1000).toISOString(),
        }),
      );
      return tokens.access_token;
    } catch (err) {
      if (err instanceof oidc.ResponseBodyError && (err.error === 'invalid_grant' || err.error === 'unauthorized_client')) {
        const message = `${label} refused to renew access to the mailbox (${err.error}): reconnect it in Settings → Mailboxes`;
        await this.db.write((trx) => oq.finishRefresh(trx, id, { sync_state: 'error', last_error: message }));
        throw new MailServerError(protocol, 'login', message);
      }
      await this.db.write((trx) => oq.finishRefresh(trx, id, {}));
      throw new MailServerError(protocol, 'connect', `${label}'s sign-in service did not renew the access token (${(err as Error).message?.slice(0, 200) ?? err}); trying again later`);
    }
  }
}

/** What logging in to a mailbox needs: the master key for passwords, and the tokens for OAuth (null: none configured). */
export interface LoginDeps {
  secretKey: Buffer;
  tokens?: OAuthTokens | null;
}

async function tokenFor(deps: LoginDeps, row: ConnectionRow, protocol: Protocol): Promise<string | undefined> {
  if (row.auth !== 'oauth') return undefined;
  if (!deps.tokens) throw new MailServerError(protocol, 'login', 'the mailbox signs in with OAuth, which this process was started without');
  return deps.tokens.accessToken(row.id, protocol);
}

/** The row's IMAP settings with its password, or with a fresh access token when it signs in over OAuth. */
export async function imapLogin(deps: LoginDeps, row: ConnectionRow): Promise<ImapSettings | null> {
  if (!row.imap_host) return null;
  return imapSettings(deps.secretKey, row, await tokenFor(deps, row, 'IMAP'));
}

/** The row's SMTP settings, likewise. */
export async function smtpLogin(deps: LoginDeps, row: ConnectionRow): Promise<SmtpSettings | null> {
  if (!row.smtp_host) return null;
  return smtpSettings(deps.secretKey, row, await tokenFor(deps, row, 'SMTP'));
}
