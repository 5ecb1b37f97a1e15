// The OAuth test peers of issue 29, tested on their own before Replydesk's flow is built on them:
// the local OpenID Connect provider (test/oidc.ts), Dovecot taking XOAUTH2/OAUTHBEARER against it
// (test/imap.ts) and the SMTP server taking XOAUTH2 (test/smtp.ts). The client side is done by
// hand (test/oidc-client.ts). If one of these checks passes against a peer that accepts anything,
// the product's tests built on that peer prove nothing, so each acceptance has its refusal here.
import crypto from 'node:crypto';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Dovecot, dovecotInstalled, mail, startDovecot } from './imap.ts';
import { type OidcProvider, startOidcProvider } from './oidc.ts';
import { TEST_REDIRECT_URI, authorizationUrl, authorizeRedirect, pkcePair, refreshGrant, signIn, tokenRequest, verifyJwt } from './oidc-client.ts';
import { type SmtpPeer, startSmtp } from './smtp.ts';

const REFUSED = /^refused: Authentication failed/;
const required = process.env.TEST_REQUIRE_SERVICES === '1';
if (required && !dovecotInstalled()) throw new Error('dovecot is not installed (apt-get install dovecot-imapd; .ci/run does)');

async function until(what: string, probe: () => boolean | Promise<boolean>, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

let provider: OidcProvider;
let smtp: SmtpPeer;
beforeAll(async () => {
  provider = await startOidcProvider({ clientId: 'replydesk-peers', user: 'sam@agency.example' });
  smtp = await startSmtp({ oauth2: { introspectionUrl: provider.introspectionUrl } });
});
afterAll(async () => {
  await smtp?.close();
  await provider?.stop().catch(() => {});
});

const send = (user: string, accessToken: string, subject: string) =>
  nodemailer
    .createTransport({ host: '127.0.0.1', port: smtp.port, secure: false, ignoreTLS: true, auth: { type: 'OAuth2', user, accessToken } })
    .sendMail({ from: user, to: 'ada@prospect.example', subject, text: 'Pricing attached.' });

describe('the OpenID Connect provider', () => {
  it('serves its discovery document and the key its tokens are signed with', async () => {
    const doc = (await (await fetch(provider.discoveryUrl)).json()) as Record<string, unknown>;
    expect(doc).toMatchObject({ issuer: provider.issuer, authorization_endpoint: provider.authorizationEndpoint, token_endpoint: provider.tokenEndpoint, code_challenge_methods_supported: ['S256'] });
    expect(doc.grant_types_supported).toContain('refresh_token');
    const jwks = (await (await fetch(String(doc.jwks_uri))).json()) as { keys: { kty: string; alg: string; d?: string }[] };
    expect(jwks.keys).toEqual([expect.objectContaining({ kty: 'RSA', alg: 'RS256' })]);
    expect(jwks.keys[0]!.d).toBeUndefined();
  });

  it('signs in by authorization code and PKCE: a signed ID token for the address, its nonce echoed, an access and a refresh token', async () => {
    provider.setUser('Sam@Agency.example');
    try {
      const t = await signIn(provider);
      expect(t.claims).toMatchObject({ iss: provider.issuer, aud: 'replydesk-peers', email: 'Sam@Agency.example', email_verified: true, nonce: t.nonce });
      expect(t.refreshToken).toBeTruthy();
      expect(t.expiresIn).toBe(3600);
      expect(provider.isAccessTokenValid(t.accessToken, 'sam@agency.example')).toBe(true);
      expect(provider.isAccessTokenValid(t.accessToken, 'ada@agency.example')).toBe(false);
      expect(provider.isAccessTokenValid(`${t.accessToken}x`)).toBe(false);
    } finally {
      provider.setUser('sam@agency.example');
    }
  });

  it('refuses what a real provider refuses: no PKCE, a reused code, a wrong verifier, redirect_uri or secret, an unknown client', async () => {
    const { verifier, challenge } = pkcePair();
    const noPkce = new URL(authorizationUrl(provider, { challenge, state: 's1', nonce: 'n' }));
    noPkce.searchParams.delete('code_challenge');
    const back = await authorizeRedirect(noPkce.href);
    expect([back.searchParams.get('error'), back.searchParams.get('state')]).toEqual(['invalid_request', 's1']);

    const unknownClient = new URL(authorizationUrl(provider, { challenge, state: 's', nonce: 'n' }));
    unknownClient.searchParams.set('client_id', 'someone-else');
    expect((await fetch(unknownClient, { redirect: 'manual' })).status).toBe(400);

    const code = async () => (await authorizeRedirect(authorizationUrl(provider, { challenge, state: 's', nonce: 'n' }))).searchParams.get('code')!;
    const exchange = (c: string, o: { verifier?: string; redirect?: string; secret?: string } = {}) =>
      tokenRequest(provider, { grant_type: 'authorization_code', code: c, redirect_uri: o.redirect ?? TEST_REDIRECT_URI, code_verifier: o.verifier ?? verifier }, o.secret);
    const c1 = await code();
    expect((await exchange(c1)).status).toBe(200);
    expect((await exchange(c1)).body.error).toBe('invalid_grant');
    expect((await exchange(await code(), { verifier: pkcePair().verifier })).body.error).toBe('invalid_grant');
    expect((await exchange(await code(), { redirect: 'http://127.0.0.1:9/elsewhere' })).body.error).toBe('invalid_grant');
    const wrongSecret = await exchange(await code(), { secret: 'not-the-secret' });
    expect([wrongSecret.status, wrongSecret.body.error]).toEqual([401, 'invalid_client']);
  });

  it('answers a refused consent with error=access_denied and the state', async () => {
    provider.refuseConsent();
    try {
      const back = await authorizeRedirect(authorizationUrl(provider, { ...pkcePair(), state: 'st-9', nonce: 'n' }));
      expect(`${back.origin}${back.pathname}`).toBe(TEST_REDIRECT_URI);
      expect([back.searchParams.get('error'), back.searchParams.get('state'), back.searchParams.get('code')]).toEqual(['access_denied', 'st-9', null]);
    } finally {
      provider.refuseConsent(false);
    }
  });

  it('issues ID tokens with another issuer or audience when told to, still validly signed', async () => {
    provider.setIdTokenOverrides({ iss: 'https://issuer.invalid', aud: 'another-client' });
    try {
      const t = await signIn(provider);
      expect(t.claims).toMatchObject({ iss: 'https://issuer.invalid', aud: 'another-client', email: 'sam@agency.example' });
    } finally {
      provider.setIdTokenOverrides(null);
    }
    expect((await signIn(provider)).claims).toMatchObject({ iss: provider.issuer, aud: 'replydesk-peers' });
  });

  it('gives no refresh token without offline access; refreshes without rotating; fails the next refresh when told; refuses revoked ones', async () => {
    expect((await signIn(provider, { offline: false })).refreshToken).toBeUndefined();
    const t = await signIn(provider);
    const before = { ...provider.stats };
    const r1 = await refreshGrant(provider, t.refreshToken!);
    expect(r1.status).toBe(200);
    expect(r1.body.refresh_token).toBeUndefined();
    expect(await verifyJwt(provider, r1.body.access_token!)).toMatchObject({ email: 'sam@agency.example', aud: 'replydesk-peers' });
    expect(r1.body.access_token).not.toBe(t.accessToken);
    provider.failNextRefresh();
    expect((await refreshGrant(provider, t.refreshToken!)).body.error).toBe('invalid_grant');
    expect((await refreshGrant(provider, t.refreshToken!)).status).toBe(200);
    provider.revokeRefreshTokens('sam@agency.example');
    expect((await refreshGrant(provider, t.refreshToken!)).body.error).toBe('invalid_grant');
    expect((await refreshGrant(provider, 'never-issued')).body.error).toBe('invalid_grant');
    expect([provider.stats.refreshGrants - before.refreshGrants, provider.stats.codeGrants - before.codeGrants]).toEqual([5, 0]);
  });

  it('rotates refresh tokens when asked to (as Microsoft does)', async () => {
    const ms = await startOidcProvider({ rotateRefreshTokens: true });
    try {
      const t = await signIn(ms, { scope: 'openid email offline_access', offline: false });
      const r = await refreshGrant(ms, t.refreshToken!);
      expect(r.body.refresh_token).toBeTruthy();
      expect(r.body.refresh_token).not.toBe(t.refreshToken);
      expect((await refreshGrant(ms, r.body.refresh_token!)).status).toBe(200);
    } finally {
      await ms.stop();
    }
  });

  it('goes down and comes back on the same issuer, its tokens still good', async () => {
    const t = await signIn(provider);
    await provider.stop();
    await expect(fetch(provider.discoveryUrl)).rejects.toThrow();
    await provider.start();
    expect(((await (await fetch(provider.discoveryUrl)).json()) as { issuer: string }).issuer).toBe(provider.issuer);
    expect((await refreshGrant(provider, t.refreshToken!)).status).toBe(200);
  });
});

describe('the SMTP peer with XOAUTH2', () => {
  it("takes a token of the sender; refuses another address's, an expired or a revoked token with 535; says 454 while the provider is down", async () => {
    provider.setUser('cy@agency.example');
    const cy = await signIn(provider).finally(() => provider.setUser('sam@agency.example'));
    const subject = `oauth ${crypto.randomUUID()}`;
    await send('cy@agency.example', cy.accessToken, subject);
    await smtp.waitFor(() => smtp.received.some((m) => m.mail.subject === subject));
    expect(smtp.received.find((m) => m.mail.subject === subject)!.from).toBe('cy@agency.example');
    await expect(send('ada@agency.example', cy.accessToken, 'not hers')).rejects.toMatchObject({ code: 'EAUTH', responseCode: 535 });
    await provider.stop();
    try {
      await expect(send('cy@agency.example', cy.accessToken, 'provider down')).rejects.toMatchObject({ code: 'EAUTH', responseCode: 454 });
    } finally {
      await provider.start();
    }
    provider.expireAccessTokens('cy@agency.example');
    await expect(send('cy@agency.example', cy.accessToken, 'expired')).rejects.toMatchObject({ code: 'EAUTH', responseCode: 535 });
    const refreshed = await refreshGrant(provider, cy.refreshToken!);
    await send('cy@agency.example', refreshed.body.access_token!, `${subject} again`);
    provider.revokeAccessTokens('cy@agency.example');
    await expect(send('cy@agency.example', refreshed.body.access_token!, 'revoked')).rejects.toMatchObject({ code: 'EAUTH', responseCode: 535 });
    expect(smtp.received.filter((m) => ['not hers', 'provider down', 'expired', 'revoked'].includes(m.mail.subject ?? ''))).toEqual([]);
    // (nodemailer tries a refused token once more, so a refusal may be logged twice)
    expect([...new Set(smtp.logins)]).toEqual(['XOAUTH2 cy@agency.example ok', 'XOAUTH2 ada@agency.example refused', 'XOAUTH2 cy@agency.example unavailable', 'XOAUTH2 cy@agency.example refused']);
  });

  it('keeps password logins working beside XOAUTH2', async () => {
    const both = await startSmtp({ auth: { username: 'sam', password: 'smtp-secret' }, oauth2: { introspectionUrl: provider.introspectionUrl } });
    try {
      const transport = (pass: string) => nodemailer.createTransport({ host: '127.0.0.1', port: both.port, secure: false, ignoreTLS: true, auth: { user: 'sam', pass } });
      await transport('smtp-secret').sendMail({ from: 'sam@agency.example', to: 'ada@prospect.example', subject: 'with a password', text: 'hi' });
      await expect(transport('wrong').sendMail({ from: 'sam@agency.example', to: 'ada@prospect.example', subject: 'x', text: 'hi' })).rejects.toMatchObject({ responseCode: 535 });
      expect(both.received.map((m) => m.mail.subject)).toEqual(['with a password']);
    } finally {
      await both.close();
    }
  });
});

describe.skipIf(!dovecotInstalled())('Dovecot with the oauth2 passdb', () => {
  let dovecot: Dovecot;
  beforeAll(async () => {
    dovecot = await startDovecot({ oauth2: { introspectionUrl: provider.introspectionUrl } });
    dovecot.addUser('sam@agency.example', 'password-too');
    dovecot.addUser('plain-user', 'secret');
  });
  afterAll(async () => {
    await dovecot?.stop();
  });
  /** Who Dovecot says logged in (its log's newest `Login: user=<…>`), or `refused: <its answer>`. */
  const canLogIn = async (user: string, auth?: { accessToken: string }, d = dovecot): Promise<string> => {
    const logins = () => [...d.log().matchAll(/ Login: user=<([^>]*)>/g)].map((m) => m[1]!);
    const before = logins().length;
    try {
      const imap = await d.client(user, auth);
      await imap.logout();
    } catch (err) {
      return `refused: ${(err as { responseText?: string }).responseText ?? (err as Error).message}`;
    }
    await until('the login in the Dovecot log', () => logins().length > before);
    return logins().at(-1)!;
  };

  it('logs a token in as its address, to the mailbox the password opens; password logins still work', async () => {
    const subject = `for sam ${crypto.randomUUID()}`;
    await dovecot.append('sam@agency.example', mail({ subject }));
    const { accessToken } = await signIn(provider);
    const imap = await dovecot.client('sam@agency.example', { accessToken });
    try {
      await imap.mailboxOpen('INBOX');
      const subjects: string[] = [];
      for await (const m of imap.fetch('1:*', { envelope: true })) subjects.push(m.envelope?.subject ?? '');
      expect(subjects).toContain(subject);
    } finally {
      await imap.logout();
    }
    expect(await canLogIn('plain-user')).toBe('plain-user');
    expect(dovecot.log()).toMatch(/Login: user=<sam@agency\.example>, method=OAUTHBEARER/);
  });

  it('refuses a token for another address, a made-up one, a revoked one, and an expired one until it is refreshed', async () => {
    provider.setUser('ada@agency.example');
    const ada = await signIn(provider).finally(() => provider.setUser('sam@agency.example'));
    expect(await canLogIn('ada@agency.example', { accessToken: ada.accessToken })).toBe('ada@agency.example');
    expect(await canLogIn('sam@agency.example', { accessToken: ada.accessToken })).toMatch(REFUSED);
    await until('the reason in the log', () => dovecot.log().includes("Username 'sam@agency.example' did not match 'ada@agency.example'"));
    expect(await canLogIn('sam@agency.example', { accessToken: `${ada.accessToken.slice(0, -4)}AAAA` })).toMatch(REFUSED);
    provider.revokeAccessTokens('ada@agency.example');
    expect(await canLogIn('ada@agency.example', { accessToken: ada.accessToken })).toMatch(REFUSED);

    const t = await signIn(provider);
    expect(await canLogIn('sam@agency.example', { accessToken: t.accessToken })).toBe('sam@agency.example');
    provider.expireAccessTokens('sam@agency.example');
    expect(await canLogIn('sam@agency.example', { accessToken: t.accessToken })).toMatch(REFUSED);
    // a refresh gives a token that works again
    const r = await refreshGrant(provider, t.refreshToken!);
    expect(await canLogIn('sam@agency.example', { accessToken: r.body.access_token! })).toBe('sam@agency.example');
  });

  it('refuses a token once its lifetime has run out on the clock', async () => {
    provider.setAccessTokenLifetime(1);
    try {
      const t = await signIn(provider);
      expect(t.expiresIn).toBe(1);
      await until('the access token to expire', () => !provider.isAccessTokenValid(t.accessToken));
      expect(await canLogIn('sam@agency.example', { accessToken: t.accessToken })).toMatch(REFUSED);
    } finally {
      provider.setAccessTokenLifetime(3600);
    }
  });

  it('after a revoked consent: the refresh is refused and the last access token works until it expires', async () => {
    provider.setUser('bo@agency.example');
    const t = await signIn(provider).finally(() => provider.setUser('sam@agency.example'));
    provider.revokeRefreshTokens('bo@agency.example');
    expect((await refreshGrant(provider, t.refreshToken!)).body.error).toBe('invalid_grant');
    expect(await canLogIn('bo@agency.example', { accessToken: t.accessToken })).toBe('bo@agency.example');
    provider.expireAccessTokens('bo@agency.example');
    expect(await canLogIn('bo@agency.example', { accessToken: t.accessToken })).toMatch(REFUSED);
  });

  it('refuses token logins while the provider is down and takes them again when it is back', async () => {
    const { accessToken } = await signIn(provider);
    await provider.stop();
    try {
      expect(await canLogIn('sam@agency.example', { accessToken })).toMatch(/^refused: Temporary authentication failure/);
      expect(await canLogIn('plain-user')).toBe('plain-user');
    } finally {
      await provider.start();
    }
    await until('a token login after the outage', async () => (await canLogIn('sam@agency.example', { accessToken })) === 'sam@agency.example');
  });

  it("offers XOAUTH2 alone when told to, as Microsoft's servers do", async () => {
    const ms = await startDovecot({ oauth2: { introspectionUrl: provider.introspectionUrl, mechanisms: ['xoauth2'] } });
    try {
      const { accessToken } = await signIn(provider);
      expect(await canLogIn('sam@agency.example', { accessToken }, ms)).toBe('sam@agency.example');
      expect(await canLogIn('sam@agency.example', { accessToken: 'made-up' }, ms)).toMatch(REFUSED);
      expect(ms.log()).toMatch(/Login: user=<sam@agency\.example>, method=XOAUTH2/);
    } finally {
      await ms.stop();
    }
  });
});
