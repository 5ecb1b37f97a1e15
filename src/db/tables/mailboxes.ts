// The tables of mailboxes (the API's connections): settings, sync state and leases, OAuth,
// folders' positions and skipped messages (src/db/types.ts assembles Database).
import type { Generated } from 'kysely';

export type MailTls = 'implicit' | 'starttls' | 'none';
export type SyncState = 'pending' | 'active' | 'error';

/** A mailbox (migration 0013): its IMAP and SMTP settings, sync state and sync lease. */
export interface ConnectionTable {
  id: string;
  workspace_id: string;
  name: string;
  email: string;
  created_at: string;
  imap_host: Generated<string | null>;
  imap_port: Generated<number | null>;
  imap_tls: Generated<MailTls | null>;
  imap_username: Generated<string | null>;
  /** AES-256-GCM ciphertext (security/secrets.ts), never plain. */
  imap_password_enc: Generated<string | null>;
  imap_folder: Generated<string | null>;
  /** null: the folder marked \Sent; '': never append a copy. */
  imap_sent_folder: Generated<string | null>;
  smtp_host: Generated<string | null>;
  smtp_port: Generated<number | null>;
  smtp_tls: Generated<MailTls | null>;
  smtp_username: Generated<string | null>;
  smtp_password_enc: Generated<string | null>;
  signature_text: Generated<string>;
  signature_html: Generated<string>;
  paused: Generated<number | boolean>;
  sync_state: Generated<SyncState>;
  last_synced_at: Generated<string | null>;
  last_error: Generated<string | null>;
  sync_failures: Generated<number>;
  next_sync_at: Generated<string | null>;
  lease_holder: Generated<string | null>;
  lease_expires_at: Generated<string | null>;
  updated_at: Generated<string | null>;
  /** How the connection logs in (migration 0017). */
  auth: Generated<MailboxAuth>;
  oauth_provider: Generated<OAuthProvider | null>;
  /** The scopes granted, space-separated. */
  oauth_scopes: Generated<string | null>;
  /** AES-256-GCM ciphertexts (security/secrets.ts), never plain. */
  oauth_access_token_enc: Generated<string | null>;
  oauth_refresh_token_enc: Generated<string | null>;
  oauth_expires_at: Generated<string | null>;
  /** The lease of the worker refreshing the tokens. */
  oauth_refresh_until: Generated<string | null>;
  /** The name its mail is sent under, '' for the bare address (migration 0022). */
  display_name: Generated<string>;
  /** The client it works for, or null (migration 0022). */
  client_id: Generated<string | null>;
}

export type MailboxAuth = 'password' | 'oauth';
export type OAuthProvider = 'google' | 'microsoft';

/** An OAuth authorization under way (migration 0017): used once, within 10 minutes. */
export interface OAuthStateTable {
  state_hash: string;
  workspace_id: string;
  user_id: string | null;
  api_key_id: string | null;
  provider: OAuthProvider;
  name: string | null;
  code_verifier_enc: string;
  nonce: string;
  created_at: string;
  expires_at: string;
  used_at: Generated<string | null>;
}

/** Where the sync of one folder of a mailbox stopped. */
export interface MailboxFolderTable {
  connection_id: string;
  workspace_id: string;
  folder: string;
  uidvalidity: string;
  last_uid: number;
  updated_at: string;
}

/** A message the sync did not store as a reply, and why. */
export interface MailboxSkippedTable {
  id: string;
  workspace_id: string;
  connection_id: string;
  folder: string;
  uidvalidity: string;
  uid: number;
  message_id: string | null;
  reason: string;
  created_at: string;
}

/** This area's tables, by name (part of Database). */
export interface MailboxTables {
  connections: ConnectionTable;
  oauth_states: OAuthStateTable;
  mailbox_folders: MailboxFolderTable;
  mailbox_skipped: MailboxSkippedTable;
}
