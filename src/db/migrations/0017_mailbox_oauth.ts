// 0017, not 0016: the send-attempts branch (issue 28) took 0016 meanwhile.
// Mailboxes over OAuth 2.0 (CONTRACT "Mailboxes over OAuth 2.0", docs/mailboxes.md): how a
// connection logs in (`auth`: password or oauth), its provider, the scopes granted, and its
// tokens — encrypted like passwords (AES-256-GCM under REPLYDESK_SECRET_KEY, with the
// connection id and the token's kind as associated data: src/webhooks/secrets.ts), never plain.
// `oauth_refresh_until` is the lease one worker holds while it refreshes the tokens, so two
// workers never spend one refresh token at once (a provider may rotate it).
//
// oauth_states holds each authorization under way: only the SHA-256 of its `state`, the
// workspace and the person (or API key) that began it, the PKCE verifier (encrypted) and the
// ID token's nonce; it lives 10 minutes and is used once.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const ts = pg ? sql`timestamptz` : sql`text`;
  const columns: [string, ReturnType<typeof sql> | 'text', ((c: any) => any)?][] = [
    ['auth', 'text', (c) => c.notNull().defaultTo('password')],
    ['oauth_provider', 'text'],
    ['oauth_scopes', 'text'],
    ['oauth_access_token_enc', 'text'],
    ['oauth_refresh_token_enc', 'text'],
    ['oauth_expires_at', ts],
    ['oauth_refresh_until', ts],
  ];
  for (const [name, type, build] of columns) {
    // SQLite adds one column per ALTER TABLE
    await db.schema.alterTable('connections').addColumn(name, type as 'text', build ?? ((c) => c)).execute();
  }

  await db.schema
    .createTable('oauth_states')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('api_key_id', 'text')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('code_verifier_enc', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('expires_at', ts, (c) => c.notNull())
    .addColumn('used_at', ts)
    .execute();
  await db.schema.createIndex('oauth_states_workspace').on('oauth_states').columns(['workspace_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('oauth_states').execute();
  for (const name of ['oauth_refresh_until', 'oauth_expires_at', 'oauth_refresh_token_enc', 'oauth_access_token_enc', 'oauth_scopes', 'oauth_provider', 'auth']) {
    await db.schema.alterTable('connections').dropColumn(name).execute();
  }
}
