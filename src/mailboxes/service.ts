// Mailboxes (docs/mailboxes.md "Connecting"): create, read, change, pause and delete a
// connection. A create or a change of the IMAP or SMTP settings logs in to the servers first
// (mailboxes/net.ts); a failure is 400 naming the protocol and the step, and nothing is
// stored. Passwords are encrypted at rest (security/secrets.ts) and never leave this module.
import type { Db } from '../db/connect.ts';
import { uuidv7 } from '../db/ids.ts';
import type { Insertable, Updateable } from 'kysely';
import type { ConnectionTable, MailTls } from '../db/types.ts';
import { Errors } from '../errors.ts';
import { parseAddress } from '../mail/address.ts';
import { decryptSecret, encryptSecret } from '../security/secrets.ts';
import { MailServerError, type NetOptions, testImap, testSmtp } from './net.ts';
import * as q from './queries.ts';
import type { CreateConnectionT, PatchConnectionT } from './schemas.ts';

export interface MailboxSettings extends NetOptions {
  /** The master key that encrypts passwords (REPLYDESK_SECRET_KEY). */
  secretKey: Buffer;
}

const now = () => new Date().toISOString();
const DAY = 86_400_000;

export const passwordContext = (connectionId: string, protocol: 'imap' | 'smtp') => `connection:${connectionId}:${protocol}`;

type Row = q.ConnectionRow;

/** A connection as the API shows it: never a password. */
export function toConnection(r: Row, skipped = 0) {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    imap: r.imap_host ? { host: r.imap_host, port: Number(r.imap_port), tls: r.imap_tls!, username: r.imap_username!, folder: r.imap_folder ?? 'INBOX', sent_folder: r.imap_sent_folder } : null,
    smtp: r.smtp_host ? { host: r.smtp_host, port: Number(r.smtp_port), tls: r.smtp_tls!, username: r.smtp_username! } : null,
    signature: { text: r.signature_text, html: r.signature_html },
    display_name: r.display_name,
    client_id: r.client_id,
    auth: r.auth,
    oauth: r.auth === 'oauth' ? { provider: r.oauth_provider!, scopes: (r.oauth_scopes ?? '').split(' ').filter(Boolean), expires_at: r.oauth_expires_at } : null,
    paused: Boolean(r.paused),
    sync: { state: Boolean(r.paused) ? ('paused' as const) : r.sync_state, last_synced_at: r.last_synced_at, last_error: r.last_error, skipped },
    created_at: r.created_at,
    updated_at: r.updated_at ?? r.created_at,
  };
}
export type ConnectionView = ReturnType<typeof toConnection>;

export interface SmtpSettings {
  host: string;
  port: number;
  tls: MailTls;
  username: string;
  password?: string;
  accessToken?: string;
}
export interface ImapSettings extends SmtpSettings {
  folder: string;
  sentFolder: string | null;
}

/** A stored connection's IMAP settings with the password decrypted, or null without IMAP. */
export function imapSettings(key: Buffer, r: Row, accessToken?: string): ImapSettings | null {
  const login = loginOf(key, r, 'imap', accessToken);
  if (!r.imap_host || !login) return null;
  return { host: r.imap_host, port: Number(r.imap_port), tls: r.imap_tls!, username: r.imap_username!, ...login, folder: r.imap_folder ?? 'INBOX', sentFolder: r.imap_sent_folder };
}

export function smtpSettings(key: Buffer, r: Row, accessToken?: string): SmtpSettings | null {
  const login = loginOf(key, r, 'smtp', accessToken);
  if (!r.smtp_host || !login) return null;
  return { host: r.smtp_host, port: Number(r.smtp_port), tls: r.smtp_tls!, username: r.smtp_username!, ...login };
}

/** A password connection's decrypted password, or the access token an OAuth one was given (mailboxes/oauth-tokens.ts). */
function loginOf(key: Buffer, r: Row, protocol: 'imap' | 'smtp', accessToken?: string): { password: string } | { accessToken: string } | null {
  if (r.auth === 'oauth') return accessToken ? { accessToken } : null;
  const stored = protocol === 'imap' ? r.imap_password_enc : r.smtp_password_enc;
  return stored ? { password: decryptSecret(key, passwordContext(r.id, protocol), stored) } : null;
}

/** Gmail files what its SMTP server sends in Sent itself: a copy of ours would show twice. */
const defaultSentFolder = (imapHost: string) => (/(^|\.)(gmail|googlemail)\.com\.?$/i.test(imapHost) ? '' : null);

function checkEmail(email: string): string {
  const address = parseAddress(email);
  if (!address) throw Errors.BadRequest('email must be one email address, such as sales@agency.example');
  return address;
}

function checkName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw Errors.BadRequest('name must not be empty');
  return trimmed;
}

/** Logs in to what is given; a failure is the 400 that names it. */
async function check(settings: MailboxSettings, imap: ImapSettings | null, smtp: SmtpSettings | null, backfillDays = 0) {
  try {
    const [box] = await Promise.all([
      imap ? testImap({ ...imap, backfillSince: backfillDays > 0 ? new Date(Date.now() - backfillDays * DAY) : undefined }, settings) : null,
      smtp ? testSmtp(smtp, settings) : null,
    ]);
    return box;
  } catch (err) {
    if (err instanceof MailServerError) throw Errors.MailboxCheckFailed(err.message);
    throw err;
  }
}

export async function createConnection(db: Db, settings: MailboxSettings, workspaceId: string, input: CreateConnectionT): Promise<ConnectionView> {
  const name = checkName(input.name);
  const email = checkEmail(input.email);
  const imap: ImapSettings | null = input.imap
    ? { ...input.imap, folder: input.imap.folder ?? 'INBOX', sentFolder: input.imap.sent_folder === undefined ? defaultSentFolder(input.imap.host) : (input.imap.sent_folder ?? '') }
    : null;
  const smtp: SmtpSettings | null = input.smtp ?? null;
  const box = await check(settings, imap, smtp, input.backfill_days);

  const id = uuidv7();
  const t = now();
  const row: Insertable<ConnectionTable> = {
    id,
    workspace_id: workspaceId,
    name,
    email,
    created_at: t,
    updated_at: t,
    imap_host: imap?.host ?? null,
    imap_port: imap?.port ?? null,
    imap_tls: imap?.tls ?? null,
    imap_username: imap?.username ?? null,
    imap_password_enc: imap ? encryptSecret(settings.secretKey, passwordContext(id, 'imap'), imap.password!) : null,
    imap_folder: imap?.folder ?? null,
    imap_sent_folder: imap?.sentFolder ?? null,
    smtp_host: smtp?.host ?? null,
    smtp_port: smtp?.port ?? null,
    smtp_tls: smtp?.tls ?? null,
    smtp_username: smtp?.username ?? null,
    smtp_password_enc: smtp ? encryptSecret(settings.secretKey, passwordContext(id, 'smtp'), smtp.password!) : null,
    signature_text: input.signature?.text ?? '',
    signature_html: input.signature?.html ?? '',
    display_name: input.display_name?.trim() ?? '',
    client_id: await checkClient(db, workspaceId, input.client_id),
    sync_state: 'pending',
    last_synced_at: null,
    last_error: null,
    sync_failures: 0,
    next_sync_at: t,
    lease_holder: null,
    lease_expires_at: null,
  };
  await db.write(async (trx) => {
    await q.insertConnection(trx, row);
    if (imap && box) await q.startFolder(trx, { connection_id: id, workspace_id: workspaceId, folder: imap.folder, uidvalidity: box.uidValidity, last_uid: box.startAfterUid, updated_at: t });
  });
  return toConnection((await q.getConnection(db.read, workspaceId, id))!);
}

export async function listConnections(db: Db, workspaceId: string, opts: { limit: number; offset: number }) {
  const { rows, total } = await q.listConnections(db.read, workspaceId, opts);
  const skipped = await Promise.all(rows.map((r) => q.countSkipped(db.read, workspaceId, r.id)));
  return { items: rows.map((r, i) => toConnection(r, skipped[i])), total };
}

export async function getConnection(db: Db, workspaceId: string, id: string): Promise<ConnectionView> {
  const row = await q.getConnection(db.read, workspaceId, id);
  if (!row) throw Errors.ConnectionNotFound();
  return toConnection(row, await q.countSkipped(db.read, workspaceId, id));
}

export async function listSkipped(db: Db, workspaceId: string, id: string) {
  if (!(await q.getConnection(db.read, workspaceId, id))) throw Errors.ConnectionNotFound();
  const rows = await q.listSkipped(db.read, workspaceId, id, 100);
  return rows.map((r) => ({ folder: r.folder, uid: Number(r.uid), message_id: r.message_id, reason: r.reason, created_at: r.created_at }));
}

const changed = (given: object | null | undefined) => given !== undefined && (given === null || Object.keys(given).length > 0);

/** A server's settings from a PATCH: the fields given over the stored ones; every one must then be there. */
function mergeServer(protocol: 'imap' | 'smtp', given: Partial<SmtpSettings>, was: SmtpSettings | null): SmtpSettings {
  const merged = { host: given.host ?? was?.host, port: given.port ?? was?.port, tls: given.tls ?? was?.tls, username: given.username ?? was?.username, password: given.password ?? was?.password };
  const missing = Object.entries(merged)
    .filter(([, v]) => v === undefined)
    .map(([k]) => `${protocol}.${k}`);
  if (missing.length) throw Errors.BadRequest(`The connection has no ${protocol.toUpperCase()} settings yet: give ${missing.join(', ')}`);
  return merged as SmtpSettings;
}

/**
 * PATCH: name, email, signature, display_name, client_id, paused, and the IMAP or SMTP settings (a field left out keeps
 * its value, the password included; null removes them). New server settings are logged in to
 * first. Any change restarts the sync with the new settings (the worker sees updated_at move).
 */
export async function updateConnection(db: Db, settings: MailboxSettings, workspaceId: string, id: string, patch: PatchConnectionT): Promise<ConnectionView> {
  const current = await q.getConnection(db.read, workspaceId, id);
  if (!current) throw Errors.ConnectionNotFound();
  if (current.auth === 'oauth' && (patch.imap !== undefined || patch.smtp !== undefined)) {
    throw Errors.BadRequest('This mailbox signs in with OAuth: its servers come with the provider; reconnect it (POST /api/connections/oauth) to renew its access');
  }
  if (!Object.values(patch).some((v) => v !== undefined)) throw Errors.BadRequest('Nothing to update: give at least one of name, email, imap, smtp, signature, display_name, client_id, paused');
  const t = now();
  const changes: Updateable<ConnectionTable> = { updated_at: t };
  if (patch.name !== undefined) changes.name = checkName(patch.name);
  if (patch.email !== undefined) changes.email = checkEmail(patch.email);
  if (patch.signature?.text !== undefined) changes.signature_text = patch.signature.text;
  if (patch.signature?.html !== undefined) changes.signature_html = patch.signature.html;
  if (patch.display_name !== undefined) changes.display_name = patch.display_name.trim();
  if (patch.client_id !== undefined) changes.client_id = await checkClient(db, workspaceId, patch.client_id);

  let imap: ImapSettings | null = null;
  if (changed(patch.imap)) {
    if (patch.imap === null) {
      Object.assign(changes, { imap_host: null, imap_port: null, imap_tls: null, imap_username: null, imap_password_enc: null, imap_folder: null, imap_sent_folder: null });
    } else {
      const was = imapSettings(settings.secretKey, current);
      const p = patch.imap!;
      imap = { ...mergeServer('imap', p, was), folder: p.folder ?? was?.folder ?? 'INBOX', sentFolder: p.sent_folder === undefined ? (was?.sentFolder ?? null) : (p.sent_folder ?? '') };
      Object.assign(changes, {
        imap_host: imap.host,
        imap_port: imap.port,
        imap_tls: imap.tls,
        imap_username: imap.username,
        imap_password_enc: encryptSecret(settings.secretKey, passwordContext(id, 'imap'), imap.password!),
        imap_folder: imap.folder,
        imap_sent_folder: imap.sentFolder,
      });
    }
  }
  let smtp: SmtpSettings | null = null;
  if (changed(patch.smtp)) {
    if (patch.smtp === null) {
      Object.assign(changes, { smtp_host: null, smtp_port: null, smtp_tls: null, smtp_username: null, smtp_password_enc: null });
    } else {
      smtp = mergeServer('smtp', patch.smtp!, smtpSettings(settings.secretKey, current));
      Object.assign(changes, {
        smtp_host: smtp.host,
        smtp_port: smtp.port,
        smtp_tls: smtp.tls,
        smtp_username: smtp.username,
        smtp_password_enc: encryptSecret(settings.secretKey, passwordContext(id, 'smtp'), smtp.password!),
      });
    }
  }
  const box = await check(settings, imap, smtp);
  if (patch.paused !== undefined) changes.paused = patch.paused;
  // a change or a resume is worth an attempt now, with the failure streak forgotten
  Object.assign(changes, { next_sync_at: t, sync_failures: 0 });
  if (imap || patch.imap === null) Object.assign(changes, { sync_state: 'pending', last_error: null });

  await db.write(async (trx) => {
    if (!(await q.updateConnection(trx, workspaceId, id, changes))) throw Errors.ConnectionNotFound();
    // a folder never synced starts with the mail that arrives from now on
    if (imap && box) await q.startFolder(trx, { connection_id: id, workspace_id: workspaceId, folder: imap.folder, uidvalidity: box.uidValidity, last_uid: box.startAfterUid, updated_at: t });
  });
  return getConnection(db, workspaceId, id);
}

/** A client id given for a mailbox: one of the workspace's, or 400 Invalid client_id; null for none. */
async function checkClient(db: Db, workspaceId: string, id: string | null | undefined) {
  if (id == null) return null;
  if (!(await q.clientExists(db.read, workspaceId, id))) throw Errors.InvalidClientId();
  return id;
}

/** Deletes the connection: its sync stops (the lease's row is gone); its replies stay, without connection_id. */
export async function deleteConnection(db: Db, workspaceId: string, id: string) {
  const deleted = await db.write((trx) => q.deleteConnection(trx, workspaceId, id));
  if (!deleted) throw Errors.ConnectionNotFound();
}
