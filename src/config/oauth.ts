// Which OAuth 2.0 providers this server offers for mailboxes, read from the environment by
// config/index.ts (docs/mailboxes.md "Google Workspace and Microsoft 365"). A provider is offered when
// its client id and secret are set; its issuer names the OpenID Connect discovery document the
// endpoints come from, and its mail servers default to the provider's own.
import type { MailTls, OAuthProvider } from '../db/types.ts';

export interface MailServerAddress {
  host: string;
  port: number;
  tls: MailTls;
}

export interface OAuthProviderConfig {
  id: OAuthProvider;
  /** "Google", "Microsoft": how messages name it. */
  label: string;
  clientId: string;
  clientSecret: string;
  issuer: string;
  /** Asked for at consent: sign-in, the address, offline access (a refresh token) and mail. */
  scopes: string[];
  /** Extra authorization parameters (Google's offline access and consent prompt). */
  authorizationParams: Record<string, string>;
  imap: MailServerAddress;
  smtp: MailServerAddress;
}

export type OAuthProviders = Partial<Record<OAuthProvider, OAuthProviderConfig>>;

const TLS_MODES: readonly MailTls[] = ['implicit', 'starttls', 'none'];

/** `host:port` (TLS from the port: 993 and 465 implicit, others STARTTLS) and an optional *_TLS override. */
function server(env: NodeJS.ProcessEnv, name: string, fallback: string, problems: string[]): MailServerAddress {
  const value = env[name] || fallback;
  const match = /^(\[[0-9a-fA-F:.]+\]|[^\s:/[\]]+):(\d{1,5})$/.exec(value);
  const port = Number(match?.[2]);
  if (!match || port < 1 || port > 65_535) {
    problems.push(`${name}: expected host:port, e.g. ${fallback}`);
    return { host: '', port: 0, tls: 'implicit' };
  }
  const tlsName = name.replace(/_HOST$/, '_TLS');
  const tls = (env[tlsName] || (port === 993 || port === 465 ? 'implicit' : 'starttls')) as MailTls;
  if (!TLS_MODES.includes(tls)) problems.push(`${tlsName}: expected one of ${TLS_MODES.join(', ')}`);
  return { host: match[1]!, port, tls };
}

function issuer(env: NodeJS.ProcessEnv, name: string, fallback: string, problems: string[]): string {
  const value = (env[name] || fallback).replace(/\/+$/, '');
  if (!/^https?:\/\/[^\s/]+(\/[^\s]*)?$/.test(value)) problems.push(`${name}: expected the issuer's URL, e.g. ${fallback}`);
  return value;
}

/** The providers configured in `env`; a half-configured one is a problem, not silently off. */
export function loadOAuthProviders(env: NodeJS.ProcessEnv, problems: string[]): OAuthProviders {
  const providers: OAuthProviders = {};
  const credentials = (prefix: string) => {
    const clientId = env[`${prefix}_OAUTH_CLIENT_ID`];
    const clientSecret = env[`${prefix}_OAUTH_CLIENT_SECRET`];
    if (!clientId && !clientSecret) return null;
    if (!clientId || !clientSecret) {
      problems.push(`${prefix}_OAUTH_CLIENT_ID and ${prefix}_OAUTH_CLIENT_SECRET: set both or neither`);
      return null;
    }
    return { clientId, clientSecret };
  };

  const google = credentials('GOOGLE');
  if (google) {
    providers.google = {
      id: 'google',
      label: 'Google',
      ...google,
      issuer: issuer(env, 'GOOGLE_OAUTH_ISSUER', 'https://accounts.google.com', problems),
      scopes: ['openid', 'email', 'https://mail.google.com/'],
      // a refresh token comes back only with offline access, and again on a reconnect only when consent is asked again
      authorizationParams: { access_type: 'offline', prompt: 'consent' },
      imap: server(env, 'GOOGLE_IMAP_HOST', 'imap.gmail.com:993', problems),
      smtp: server(env, 'GOOGLE_SMTP_HOST', 'smtp.gmail.com:465', problems),
    };
  }

  const microsoft = credentials('MICROSOFT');
  if (microsoft) {
    const tenant = env.MICROSOFT_OAUTH_TENANT || 'common';
    if (!/^[\w.-]{1,100}$/.test(tenant)) problems.push('MICROSOFT_OAUTH_TENANT: expected common, organizations, a tenant id or a domain');
    providers.microsoft = {
      id: 'microsoft',
      label: 'Microsoft',
      ...microsoft,
      issuer: issuer(env, 'MICROSOFT_OAUTH_ISSUER', `https://login.microsoftonline.com/${tenant}/v2.0`, problems),
      scopes: ['openid', 'email', 'offline_access', 'https://outlook.office.com/IMAP.AccessAsUser.All', 'https://outlook.office.com/SMTP.Send'],
      authorizationParams: { prompt: 'select_account' },
      imap: server(env, 'MICROSOFT_IMAP_HOST', 'outlook.office365.com:993', problems),
      smtp: server(env, 'MICROSOFT_SMTP_HOST', 'smtp.office365.com:587', problems),
    };
  }
  return providers;
}
