// Mailboxes over OAuth 2.0 (docs/mailboxes.md "Google Workspace and Microsoft 365", issue 29),
// end to end against real protocol peers: a local OpenID Connect provider (test/oidc.ts)
// standing in for Google's sign-in, Dovecot checking the access tokens with it
// (XOAUTH2/OAUTHBEARER), and an SMTP server taking XOAUTH2. Connect, mail arrives, an answer
// goes out through the mailbox; expiry and refresh (one refresh for two workers); a revoked
// refresh token → error → reconnect → the sync resumes without loss or duplicates; replayed,
// forged or missing state, refused consent, a wrong issuer or audience, the provider down; the
// person who began must finish.
import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { forgetOldStates, OAuthClients } from '../src/mailboxes/oauth.ts';
import type { OAuthProviderConfig } from '../src/config/oauth.ts';
import { finishRefresh } from '../src/mailboxes/oauth-queries.ts';
import { OAuthTokens } from '../src/mailboxes/oauth-tokens.ts';
import { FILE_SENT_JOB, fileSentHandler, mailboxRoute } from '../src/mailboxes/sending.ts';
import { MailboxSync } from '../src/mailboxes/sync.ts';
import { createUser } from '../src/dashboard/service.ts';
import { Worker } from '../src/jobs/queue.ts';
import { MAIL_SEND_JOB } from '../src/mail/service.ts';
import { mailSendHandler } from '../src/mail/transport.ts';
import { DIALECTS, makeApp, makeWorkspace } from './helpers.ts';
import { type Dovecot, dovecotInstalled, mail, startDovecot } from './imap.ts';
import { authorizeRedirect } from './oidc-client.ts';
import { type OidcProvider, startOidcProvider } from './oidc.ts';
import { openPrivateDatabase } from './private-db.ts';
import { type SmtpPeer, startSmtp } from './smtp.ts';
import { until } from './e2e/wait.ts';

const required = process.env.TEST_REQUIRE_SERVICES === '1';
if (required && !dovecotInstalled()) throw new Error('dovecot is not installed (apt-get install dovecot-imapd; .ci/run does)');

const BASE = 'http://127.0.0.1:3000';
let n = 0;
const address = () => `sam${++n}.${crypto.randomBytes(3).toString('hex')}@agency.example`;

for (const dialect of DIALECTS) {
  describe.skipIf(!dovecotInstalled())(`mailboxes over OAuth 2.0 (${dialect})`, () => {
    let provider: OidcProvider;
    let dovecot: Dovecot;
    let smtp: SmtpPeer;
    let ctx: Awaited<ReturnType<typeof makeApp>>;
    let ws: Awaited<ReturnType<typeof makeWorkspace>>;
    let clients: OAuthClients;
    let tokens: OAuthTokens;
    let google: OAuthProviderConfig;
    let passwordOnlySmtp: SmtpPeer;
    const secretKey = crypto.randomBytes(32);
    let noMicrosoft: { google: OAuthProviderConfig };
    const syncs: MailboxSync[] = [];
    const net = { allowPrivateNetworks: true, timeoutMs: 5_000 };

    const api = (method: string, url: string, payload?: unknown, headers = ws.headers) =>
      ctx.app.inject({ method: method as 'GET', url, headers, ...(payload !== undefined && { payload: payload as object }) });
    const connections = async () => (await api('GET', '/api/connections?limit=100')).json().data as { id: string; email: string; auth: string; sync: { state: string; last_error: string | null } }[];
    /** The person's round trip: begin, consent at the provider, back to the callback (with the browser's cookie, if any). */
    const roundTrip = async (opts: { begin?: () => Promise<{ statusCode: number; json(): { data: { authorization_url: string } } }>; cookie?: string } = {}) => {
      const begun = await (opts.begin ?? (() => api('POST', '/api/connections/oauth', { provider: 'google' })))();
      expect(begun.statusCode).toBe(200);
      const back = await authorizeRedirect(begun.json().data.authorization_url);
      expect(`${back.origin}${back.pathname}`).toBe(`${BASE}/oauth/callback`);
      return callback(back.search, opts.cookie);
    };
    const callback = async (search: string, cookie?: string) => {
      const res = await ctx.app.inject({ method: 'GET', url: `/oauth/callback${search}`, headers: cookie ? { cookie } : {} });
      expect(res.statusCode, res.body).toBe(303);
      const location = new URL(String(res.headers.location));
      expect(`${location.origin}${location.pathname}`).toBe(`${BASE}/settings/mailboxes`);
      return { search, outcome: location.searchParams.get('oauth'), id: location.searchParams.get('connection_id'), message: location.searchParams.get('message') };
    };
    const connectAs = async (email: string) => {
      dovecot.addUser(email, crypto.randomBytes(12).toString('hex'));
      provider.setUser(email);
      const done = await roundTrip();
      expect(done, done.message ?? '').toMatchObject({ outcome: 'connected' });
      return done.id!;
    };
    const startSync = () => {
      const s = new MailboxSync(ctx.db, { secretKey, tokens, ...net, maxAttachmentBytes: 1024 * 1024, pollMs: 500, scanMs: 200, leaseMs: 5_000, backoff: { baseMs: 300, capMs: 1_000 } });
      syncs.push(s);
      s.start();
      return s;
    };
    const repliesOf = async (id: string) => (await api('GET', `/api/replies?connection_id=${id}&limit=100`)).json().data as { id: string; subject: string }[];
    const forceExpiry = (id: string) => ctx.db.write((trx) => finishRefresh(trx, id, { oauth_expires_at: new Date(Date.now() - 1000).toISOString() }));

    beforeAll(async () => {
      provider = await startOidcProvider({ clientId: 'replydesk-test', clientSecret: 'a client secret', redirectUris: [`${BASE}/oauth/callback`] });
      dovecot = await startDovecot({ oauth2: { introspectionUrl: provider.introspectionUrl } });
      smtp = await startSmtp({ oauth2: { introspectionUrl: provider.introspectionUrl } });
      google = {
        id: 'google',
        label: 'Google',
        clientId: provider.clientId,
        clientSecret: provider.clientSecret,
        issuer: provider.issuer,
        scopes: ['openid', 'email', 'https://mail.google.com/'],
        authorizationParams: { access_type: 'offline', prompt: 'consent' },
        imap: { host: '127.0.0.1', port: dovecot.port, tls: 'none' },
        smtp: { host: '127.0.0.1', port: smtp.port, tls: 'none' },
      };
      // Microsoft, with SMTP AUTH off for the mailbox: its SMTP server takes no token
      passwordOnlySmtp = await startSmtp({ auth: { username: 'nobody', password: 'nothing' } });
      const microsoft: OAuthProviderConfig = { ...google, id: 'microsoft', label: 'Microsoft', smtp: { host: '127.0.0.1', port: passwordOnlySmtp.port, tls: 'none' } };
      const providers = { google, microsoft };
      clients = new OAuthClients(providers);
      const { db } = await openPrivateDatabase(dialect, 'oauth');
      ctx = await makeApp(dialect, { db, webhooks: { secretKey }, mailboxes: net, dashboard: { baseUrl: BASE }, oauth: { providers, clients } });
      tokens = new OAuthTokens(ctx.db, secretKey, providers, clients);
      noMicrosoft = { google };
      ws = await makeWorkspace(ctx.db);
    }, 60_000);
    afterEach(async () => {
      await Promise.all(syncs.splice(0).map((s) => s.stop()));
    });
    afterAll(async () => {
      await ctx?.close();
      // the database of this file's own: makeApp closes only a database it opened itself
      await ctx?.db.close();
      await dovecot?.stop();
      await smtp?.close();
      await passwordOnlySmtp?.close();
      await provider?.stop();
    });

    it('connects: PKCE and a state to the provider, the address from the ID token, mail in through IMAP and an answer out through SMTP, both over XOAUTH2', async () => {
      const begun = await api('POST', '/api/connections/oauth', { provider: 'google', name: 'Sam at the agency' });
      expect(begun.statusCode, begun.body).toBe(200);
      const asked = new URL(begun.json().data.authorization_url).searchParams;
      expect(asked.get('code_challenge_method')).toBe('S256');
      expect(asked.get('redirect_uri')).toBe(`${BASE}/oauth/callback`);
      expect(asked.get('access_type')).toBe('offline');
      expect(asked.get('scope')).toContain('https://mail.google.com/');
      expect(asked.get('state')).toMatch(/^[\w-]{20,}$/);

      const email = address();
      dovecot.addUser(email, crypto.randomBytes(12).toString('hex'));
      provider.setUser(email);
      const done = await callback((await authorizeRedirect(begun.json().data.authorization_url)).search);
      expect(done.outcome, done.message ?? '').toBe('connected');
      const read = await api('GET', `/api/connections/${done.id}`);
      expect(read.json().data).toMatchObject({
        name: 'Sam at the agency',
        email,
        auth: 'oauth',
        oauth: { provider: 'google', scopes: expect.arrayContaining(['https://mail.google.com/']) },
        imap: { username: email },
        sync: { state: 'pending' },
      });
      expect(read.body).not.toMatch(/token|eyJ/); // no token, access or refresh, in the answer
      const stored = await ctx.db.read
        .selectFrom('connections')
        .select(['oauth_access_token_enc', 'oauth_refresh_token_enc', 'imap_password_enc'])
        .where('id', '=', done.id!)
        .executeTakeFirstOrThrow();
      expect(stored.imap_password_enc).toBeNull();
      expect(stored.oauth_access_token_enc).not.toMatch(/^eyJ/); // ciphertext, not the JWT

      startSync();
      await until(
        async () => (await connections()).find((c) => c.id === done.id)?.sync.state,
        (s) => s === 'active',
        'the sync to log in with the token',
        20_000,
      );
      await dovecot.append(email, mail({ subject: 'Re: Quick question', from: 'Linus <linus@prospect.example>', text: 'What does it cost?' }));
      const [reply] = await until(
        () => repliesOf(done.id!),
        (r) => r.length === 1,
        'the reply',
        20_000,
      );

      expect((await api('POST', `/api/replies/${reply!.id}/send`, { message: 'It is 100 a month.' })).statusCode).toBe(200);
      const worker = new Worker(
        ctx.db,
        {
          [MAIL_SEND_JOB]: mailSendHandler(ctx.db, { smtpUrl: null, mailbox: mailboxRoute(ctx.db, { secretKey, tokens, ...net }) }),
          [FILE_SENT_JOB]: fileSentHandler(ctx.db, { secretKey, tokens, ...net }),
        },
        { kinds: [MAIL_SEND_JOB, FILE_SENT_JOB] },
      );
      await worker.drain();
      expect(smtp.to('linus@prospect.example').map((m) => m.from)).toEqual([email]);
      expect(smtp.logins).toContain(`XOAUTH2 ${email} ok`);
    });

    it('an expired access token is renewed once, whichever of two workers asks first, and the mail keeps coming', async () => {
      const email = address();
      const id = await connectAs(email);
      await forceExpiry(id);
      const before = provider.stats.refreshGrants;
      const other = new OAuthTokens(ctx.db, secretKey, { google }, new OAuthClients({ google }));
      const [a, b] = await Promise.all([tokens.accessToken(id, 'IMAP'), other.accessToken(id, 'IMAP')]);
      expect(provider.stats.refreshGrants - before).toBe(1);
      expect(a).toBe(b);
      expect(provider.isAccessTokenValid(a, email)).toBe(true);
      startSync();
      await dovecot.append(email, mail({ subject: 'After the refresh', from: 'ada@prospect.example' }));
      await until(
        () => repliesOf(id),
        (r) => r.some((x) => x.subject === 'After the refresh'),
        'the reply after the refresh',
        20_000,
      );
    });

    it('a revoked refresh token puts the mailbox in error, saying to reconnect; reconnecting resumes without loss or duplicates', async () => {
      const email = address();
      const id = await connectAs(email);
      const sync = startSync();
      await dovecot.append(email, mail({ subject: 'Before', from: 'ada@prospect.example' }));
      await until(
        () => repliesOf(id),
        (r) => r.length === 1,
        'the first reply',
        20_000,
      );
      await sync.stop();

      provider.revokeRefreshTokens(email);
      provider.expireAccessTokens(email);
      await forceExpiry(id);
      startSync();
      const failed = await until(
        async () => (await connections()).find((c) => c.id === id)!.sync,
        (s) => s.state === 'error',
        'the error state',
        20_000,
      );
      expect(failed.last_error).toMatch(/Google refused to renew access to the mailbox \(invalid_grant\): reconnect it in Settings → Mailboxes/);
      // mail arrives while the mailbox cannot be read
      await dovecot.append(email, mail({ subject: 'While revoked', from: 'ada@prospect.example' }));

      const again = await roundTrip(); // provider.setUser(email) still holds
      expect(again).toMatchObject({ outcome: 'reconnected', id });
      // the audit log: connected, then changed by the new sign-in
      const audit = await ctx.db.read.selectFrom('audit_log').select(['action', 'details']).where('target_id', '=', id).orderBy('created_at').orderBy('id').execute();
      expect(audit).toEqual([
        { action: 'mailbox.connected', details: '{"fields":["oauth"]}' },
        { action: 'mailbox.changed', details: '{"fields":["oauth"]}' },
      ]);
      expect((await connections()).filter((c) => c.email === email)).toHaveLength(1);
      const subjects = await until(
        async () => (await repliesOf(id)).map((r) => r.subject).sort(),
        (s) => s.length >= 2,
        'the reply from the gap',
        20_000,
      );
      expect(subjects).toEqual(['Before', 'While revoked']);
    });

    it('a replayed, forged or missing state, a refused consent and a wrong issuer or audience each say why and store nothing', async () => {
      const email = address();
      provider.setUser(email);
      dovecot.addUser(email, 'unused password');
      const count = async () => (await connections()).length;
      const before = await count();

      provider.refuseConsent(true);
      try {
        expect(await roundTrip()).toMatchObject({ outcome: 'error', message: 'Google did not grant access (access_denied): nothing was connected' });
      } finally {
        provider.refuseConsent(false);
      }

      try {
        provider.setIdTokenOverrides({ iss: 'https://accounts.evil.example' });
        expect(await roundTrip()).toMatchObject({ outcome: 'error', message: `Google's answer could not be accepted (the ID token's "iss" claim is not the expected one): nothing was connected` });
        provider.setIdTokenOverrides({ aud: 'someone-else' });
        expect(await roundTrip()).toMatchObject({ outcome: 'error', message: `Google's answer could not be accepted (the ID token's "aud" claim is not the expected one): nothing was connected` });
      } finally {
        provider.setIdTokenOverrides(null);
      }

      const ok = await roundTrip();
      expect(ok.outcome, ok.message ?? '').toBe('connected');
      const replayed = await callback(ok.search);
      expect(replayed).toMatchObject({ outcome: 'error', message: 'This sign-in link has expired or was already used: start again from Settings → Mailboxes' });
      const forged = new URLSearchParams(ok.search);
      forged.set('state', crypto.randomBytes(32).toString('base64url'));
      expect(await callback(`?${forged}`)).toMatchObject({ outcome: 'error', message: expect.stringMatching(/expired or was already used/) });
      // a state past its 10 minutes
      const late = await api('POST', '/api/connections/oauth', { provider: 'google' });
      const lateBack = await authorizeRedirect(late.json().data.authorization_url);
      await ctx.db.write((trx) =>
        trx
          .updateTable('oauth_states')
          .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
          .where('used_at', 'is', null)
          .execute(),
      );
      expect(await callback(lateBack.search)).toMatchObject({ outcome: 'error', message: expect.stringMatching(/expired or was already used/) });
      // authorizations that ended over a day ago are forgotten by the worker's periodic task; recent ones stay
      const states = () => ctx.db.read.selectFrom('oauth_states').select('state_hash').execute();
      const recent = (await states()).length;
      const [oldest] = await states();
      await ctx.db.write((trx) =>
        trx
          .updateTable('oauth_states')
          .set({ expires_at: new Date(Date.now() - 2 * 86_400_000).toISOString() })
          .where('state_hash', '=', oldest!.state_hash)
          .execute(),
      );
      await forgetOldStates(ctx.db);
      expect((await states()).map((r) => r.state_hash)).not.toContain(oldest!.state_hash);
      expect(await states()).toHaveLength(recent - 1);
      forged.delete('state');
      expect(await callback(`?${forged}`)).toMatchObject({ outcome: 'error', message: expect.stringMatching(/without its state/) });
      expect(await count()).toBe(before + 1); // only the good one

      // bad input at the start: clear 4xx, nothing stored
      expect((await api('POST', '/api/connections/oauth', { provider: 'yahoo' })).statusCode).toBe(400);
      const bare = await makeApp(dialect, { db: ctx.db, webhooks: { secretKey }, dashboard: { baseUrl: BASE }, oauth: { providers: noMicrosoft, clients: new OAuthClients(noMicrosoft) } });
      try {
        const notConfigured = await bare.app.inject({ method: 'POST', url: '/api/connections/oauth', headers: ws.headers, payload: { provider: 'microsoft' } });
        expect(notConfigured.json()).toEqual({
          data: null,
          error: 'Connect Microsoft is not configured on this server: set MICROSOFT_OAUTH_CLIENT_ID and MICROSOFT_OAUTH_CLIENT_SECRET (docs/mailboxes.md)',
        });
      } finally {
        await bare.app.close();
      }
      const member = await makeWorkspace(ctx.db, { permissions: ['replies:read'] });
      expect((await api('POST', '/api/connections/oauth', { provider: 'google' }, member.headers)).statusCode).toBe(403);
    });

    it('Microsoft with SMTP AUTH off: IMAP works, SMTP refuses the token, and the message says what to switch on', async () => {
      const email = address();
      provider.setUser(email);
      dovecot.addUser(email, 'unused password');
      const done = await roundTrip({ begin: () => api('POST', '/api/connections/oauth', { provider: 'microsoft' }) });
      expect(done.outcome).toBe('error');
      expect(done.message).toMatch(
        /^SMTP: .*IMAP worked, so SMTP AUTH is probably off for this mailbox: in the Microsoft 365 admin center, Users → the user → Mail → Manage email apps → tick "Authenticated SMTP"/,
      );
      expect((await connections()).some((c) => c.email === email)).toBe(false);
    });

    it('a provider that is down: 502 at the start, a clear message at the callback, and both work once it is back', async () => {
      const email = address();
      provider.setUser(email);
      dovecot.addUser(email, 'unused password');
      const begun = await api('POST', '/api/connections/oauth', { provider: 'google' });
      const back = await authorizeRedirect(begun.json().data.authorization_url);
      await provider.stop();
      try {
        // a configuration discovered before the outage: the code exchange itself fails
        expect(await callback(back.search)).toMatchObject({ outcome: 'error', message: expect.stringMatching(/^Google's answer could not be accepted/) });
        const fresh = await makeApp(dialect, { db: ctx.db, webhooks: { secretKey }, dashboard: { baseUrl: BASE }, oauth: { providers: { google }, clients: new OAuthClients({ google }) } });
        try {
          const down = await fresh.app.inject({ method: 'POST', url: '/api/connections/oauth', headers: ws.headers, payload: { provider: 'google' } });
          expect(down.statusCode).toBe(502);
          expect(down.json().error).toMatch(/^Google's sign-in service did not answer/);
        } finally {
          await fresh.app.close();
        }
      } finally {
        await provider.start();
      }
      const after = await roundTrip();
      expect(after.outcome, after.message ?? '').toBe('connected');
    });

    it('begun from the dashboard, the connection is made only in a browser signed in as the same person', async () => {
      const person = { email: address(), password: 'correct horse battery' };
      await createUser(ctx.db, { email: person.email, workspaceId: ws.workspace.id, role: 'admin', password: person.password }, BASE);
      const signedIn = await ctx.app.inject({ method: 'POST', url: '/dashboard/api/sign-in', payload: person });
      const cookie = /^rd_session=[^;]*/.exec(String(signedIn.headers['set-cookie']))![0];
      const csrf = signedIn.json().data.csrf_token as string;
      const begin = () => ctx.app.inject({ method: 'POST', url: '/api/connections/oauth', headers: { cookie, 'x-csrf-token': csrf }, payload: { provider: 'google' } });
      const email = address();
      provider.setUser(email);
      dovecot.addUser(email, 'unused password');
      expect(await roundTrip({ begin })).toMatchObject({ outcome: 'error', message: 'Sign in to Replydesk as the person who began connecting this mailbox, then start again' });
      expect((await connections()).some((c) => c.email === email)).toBe(false);
      const done = await roundTrip({ begin, cookie });
      expect(done.outcome, done.message ?? '').toBe('connected');
    });
  });
}
