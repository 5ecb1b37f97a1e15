// Mailboxes (docs/mailboxes.md "Connecting"): the request and answer shapes.
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../http/schemas.ts';

export const TLS_MODES = ['implicit', 'starttls', 'none'] as const;
export const SYNC_STATES = ['pending', 'active', 'error', 'paused'] as const;

const Tls = Type.Union(
  TLS_MODES.map((m) => Type.Literal(m)),
  { description: 'implicit: TLS from the first byte (IMAP 993, SMTP 465); starttls: upgraded, and required; none: cleartext.' },
);
const Host = Type.String({ minLength: 1, maxLength: 253, pattern: '^(\\[[0-9A-Fa-f:.]+\\]|[A-Za-z0-9.:-]+)$', description: 'Host name or IP address', examples: ['imap.fastmail.com'] });
const Port = Type.Integer({ minimum: 1, maximum: 65_535 });
const Username = Type.String({ minLength: 1, maxLength: 320 });
const Password = Type.String({ minLength: 1, maxLength: 1000, description: 'Stored encrypted; never returned.' });
const SentFolder = Nullable(
  Type.String({
    minLength: 1,
    maxLength: 300,
    description: 'Where a copy of each mail sent through the mailbox is filed. Absent: the folder the server marks \\Sent. null: no copy (the server files sent mail itself, as Gmail does).',
  }),
);

const ImapIn = {
  host: Host,
  port: Port,
  tls: Tls,
  username: Username,
  password: Password,
  folder: Type.Optional(Type.String({ minLength: 1, maxLength: 300, description: 'The folder replies arrive in (default INBOX)' })),
  sent_folder: Type.Optional(SentFolder),
};
const SmtpIn = { host: Host, port: Port, tls: Tls, username: Username, password: Password };
const Signature = Type.Object(
  {
    text: Type.Optional(Type.String({ maxLength: 10_000, description: 'Appended to the plain-text part of every mail sent through the mailbox' })),
    html: Type.Optional(Type.String({ maxLength: 50_000, description: 'Appended to the HTML part' })),
  },
  { additionalProperties: false },
);

export const CreateConnection = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    email: Type.String({ format: 'email', maxLength: 254, description: 'The mailbox address: replies arrive in it, answers leave from it' }),
    imap: Type.Optional(Type.Object(ImapIn, { additionalProperties: false })),
    smtp: Type.Optional(Type.Object(SmtpIn, { additionalProperties: false })),
    signature: Type.Optional(Signature),
    display_name: Type.Optional(Type.String({ maxLength: 200, description: 'The name its mail is sent under ("Dana Reyes" <dana@agency.example>); "" (the default) sends the bare address' })),
    client_id: Type.Optional(
      Nullable(Type.String({ description: 'The client the mailbox works for: replies that arrive in it, or are ingested to its address without a client_id, belong to that client' })),
    ),
    backfill_days: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 365, description: 'Also import the mail of the last N days already in the folder (default 0: only mail that arrives from now on)' }),
    ),
  },
  { additionalProperties: false },
);
export type CreateConnectionT = Static<typeof CreateConnection>;

export const PatchConnection = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
    imap: Type.Optional(
      Nullable(Type.Partial(Type.Object(ImapIn, { additionalProperties: false }), { description: 'Fields to change; a password left out is kept. null removes the IMAP settings (no more sync).' })),
    ),
    smtp: Type.Optional(
      Nullable(
        Type.Partial(Type.Object(SmtpIn, { additionalProperties: false }), {
          description: 'Fields to change; a password left out is kept. null removes the SMTP settings (sends fall back to SMTP_URL).',
        }),
      ),
    ),
    signature: Type.Optional(Signature),
    display_name: Type.Optional(Type.String({ maxLength: 200, description: 'The name its mail is sent under ("Dana Reyes" <dana@agency.example>); "" (the default) sends the bare address' })),
    client_id: Type.Optional(
      Nullable(Type.String({ description: 'The client the mailbox works for: replies that arrive in it, or are ingested to its address without a client_id, belong to that client' })),
    ),
    paused: Type.Optional(Type.Boolean({ description: 'true pauses the sync (state paused); false resumes it' })),
  },
  { additionalProperties: false },
);
export type PatchConnectionT = Static<typeof PatchConnection>;

export const Connection = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    email: Type.String({ description: 'The mailbox replies arrive in' }),
    imap: Nullable(
      Type.Object({
        host: Type.String(),
        port: Type.Integer(),
        tls: Tls,
        username: Type.String(),
        folder: Type.String(),
        sent_folder: Nullable(Type.String({ description: 'null: the folder marked \\Sent; "" : no copy is filed' })),
      }),
    ),
    smtp: Nullable(Type.Object({ host: Type.String(), port: Type.Integer(), tls: Tls, username: Type.String() })),
    signature: Type.Object({ text: Type.String(), html: Type.String() }),
    display_name: Type.String({ description: 'The name its mail is sent under; "" sends the bare address' }),
    client_id: Nullable(Type.String({ description: 'The client the mailbox works for, or null' })),
    auth: Type.Union([Type.Literal('password'), Type.Literal('oauth')], { description: 'How the mailbox logs in: with the passwords given, or with OAuth 2.0 tokens (POST /api/connections/oauth)' }),
    oauth: Nullable(
      Type.Object(
        {
          provider: Type.Union([Type.Literal('google'), Type.Literal('microsoft')]),
          scopes: Type.Array(Type.String(), { description: 'What the provider granted' }),
          expires_at: Nullable(Type.String({ format: 'date-time', description: 'When the current access token expires; it is renewed before then. The tokens themselves are never returned' })),
        },
        { description: 'null for a mailbox that logs in with a password' },
      ),
    ),
    paused: Type.Boolean(),
    sync: Type.Object({
      state: Type.Union(
        SYNC_STATES.map((s) => Type.Literal(s)),
        {
          description: 'pending: not synced yet; active: synced, watching for mail; error: the last attempt failed (last_error says why), retried with backoff; paused: paused by PATCH {paused: true}',
        },
      ),
      last_synced_at: Nullable(Type.String({ format: 'date-time' })),
      last_error: Nullable(Type.String()),
      skipped: Type.Integer({ description: 'Messages of the folder that were not made replies (sent by the mailbox itself, no sender, unreadable); GET /api/connections/{id}/skipped lists them' }),
    }),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'Connection' },
);

export const SkippedMessage = Type.Object({
  folder: Type.String(),
  uid: Type.Integer(),
  message_id: Nullable(Type.String()),
  reason: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
});

export const OAUTH_PROVIDERS = ['google', 'microsoft'] as const;

export const StartOAuth = Type.Object(
  {
    provider: Type.Union(
      OAUTH_PROVIDERS.map((p) => Type.Literal(p)),
      { description: 'google (Google Workspace, Gmail) or microsoft (Microsoft 365, Outlook)' },
    ),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: "The new connection's name (default: its address)" })),
  },
  { additionalProperties: false },
);

export const OAuthStart = Type.Object({
  authorization_url: Type.String({
    description:
      'Send the person here, in their browser, within 10 minutes: the provider asks for consent and sends them back to {PUBLIC_URL}/oauth/callback, which makes the connection and opens Settings → Mailboxes with the outcome',
  }),
});
