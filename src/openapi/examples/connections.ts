// Examples of the connections' operations (tag Connections: mailboxes, OAuth sign-in included): openapi/examples/index.ts.
import { Errors } from '../../errors.ts';
import { OAuthErrors } from '../../mailboxes/oauth.ts';
import { connection, CREATED_AT, one, type OperationExamples, page, single } from './samples.ts';

export const CONNECTION_EXAMPLES: Record<string, OperationExamples> = {
  listConnections: {
    ok: { 200: one('A page of connections', page([connection])) },
    errors: { 400: ['limit must be at least 1'] },
  },
  createConnection: {
    body: {
      ...one('A mailbox with IMAP and SMTP', {
        name: connection.name,
        email: connection.email,
        imap: { host: connection.imap.host, port: 993, tls: 'implicit', username: connection.email, password: 'app-password' },
        smtp: { host: connection.smtp.host, port: 465, tls: 'implicit', username: connection.email, password: 'app-password' },
        signature: { text: connection.signature.text },
        display_name: connection.display_name,
        client_id: connection.client_id,
      }),
      ...one('An address only (no sync, sends through SMTP_URL)', { name: connection.name, email: connection.email }),
    },
    ok: { 201: one('The new connection, not synced yet', single({ ...connection, sync: { state: 'pending', last_synced_at: null, last_error: null, skipped: 0 } })) },
    errors: {
      400: [
        'email must be a valid email address',
        Errors.MailboxCheckFailed('IMAP: login failed: the server refused the username or password (NO [AUTHENTICATIONFAILED] Authentication failed.)').message,
        Errors.MailboxCheckFailed('SMTP: DNS lookup of smtp.example.invalid failed (no such host)').message,
        Errors.MailboxCheckFailed('IMAP: 10.0.0.5, a private address; mailbox hosts on internal networks are refused (MAILBOX_ALLOW_PRIVATE_NETWORKS=true allows them)').message,
      ],
    },
  },
  startConnectionOAuth: {
    body: {
      ...one('Connect a Google Workspace mailbox', { provider: 'google' }),
      ...one('Connect a Microsoft 365 mailbox, named', { provider: 'microsoft', name: 'Sam at Outreach' }),
    },
    ok: {
      200: one(
        'Where to send the person',
        single({
          authorization_url:
            'https://accounts.google.com/o/oauth2/v2/auth?client_id=…&redirect_uri=https%3A%2F%2Freplies.example.com%2Foauth%2Fcallback&response_type=code&scope=openid+email+https%3A%2F%2Fmail.google.com%2F&state=…&nonce=…&code_challenge=…&code_challenge_method=S256&access_type=offline&prompt=consent',
        }),
      ),
    },
    errors: {
      400: [OAuthErrors.NotConfigured('Microsoft', 'MICROSOFT').message],
      502: [OAuthErrors.ProviderDown("Google's sign-in service did not answer (ETIMEDOUT); try again in a moment").message],
    },
  },
  getConnection: {
    ok: { 200: one('A connection and its sync state', single(connection)) },
    errors: { 404: [Errors.ConnectionNotFound().message] },
  },
  updateConnection: {
    body: {
      ...one('Pause the sync', { paused: true }),
      ...one('A new app password', { imap: { password: 'new-app-password' }, smtp: { password: 'new-app-password' } }),
    },
    ok: { 200: one('The connection after the change', single({ ...connection, paused: true, sync: { ...connection.sync, state: 'paused' } })) },
    errors: {
      400: [
        'Nothing to update: give at least one of name, email, imap, smtp, signature, display_name, client_id, paused',
        Errors.MailboxCheckFailed('IMAP: login failed: the server refused the username or password (NO [AUTHENTICATIONFAILED] Authentication failed.)').message,
      ],
      404: [Errors.ConnectionNotFound().message],
    },
  },
  deleteConnection: { ok: {}, errors: { 404: [Errors.ConnectionNotFound().message] } },
  listConnectionSkipped: {
    ok: {
      200: one(
        'Messages that were not made replies',
        single([{ folder: 'INBOX', uid: 4211, message_id: '<a1b2@outreach.example.org>', reason: 'sent by the mailbox itself', created_at: CREATED_AT }]),
      ),
    },
    errors: { 404: [Errors.ConnectionNotFound().message] },
  },
};
