// The one way this service opens connections to a mailbox's servers (IMAP with imapflow, SMTP
// with nodemailer), and what a failure to connect means in words a person can act on.
//
// Private networks: a mailbox host is a way to make the server open connections inside the
// network it runs in, so, as for webhooks (security/ssrf.ts, whose address policy this reuses),
// a host that is or resolves to a loopback, private, link-local or other internal address is
// refused unless MAILBOX_ALLOW_PRIVATE_NETWORKS=true. The check runs on the address actually
// connected to: the name is resolved here, every answer is judged, and the client is handed
// the checked address (with the name kept for TLS: SNI and certificate checks), so a name that
// resolves to a public address when checked and to 127.0.0.1 a moment later is never reached.
import dns from 'node:dns';
import net from 'node:net';
import { ImapFlow } from 'imapflow';
import type { MailTls } from '../db/types.ts';
import { smtpTransport, DEFAULT_SMTP_TIMEOUTS } from '../mail/smtp.ts';
import { forbiddenReason } from '../security/ssrf.ts';

export type Protocol = 'IMAP' | 'SMTP';

export interface ServerSettings {
  host: string;
  port: number;
  tls: MailTls;
  username: string;
  /** How the login is made: a password, or an OAuth 2.0 access token (XOAUTH2, mailboxes/oauth.ts). */
  password?: string;
  accessToken?: string;
}

/** The one place that decides between a password and a token, for both client libraries. */
const imapAuth = (s: ServerSettings) => (s.accessToken ? { user: s.username, accessToken: s.accessToken } : { user: s.username, pass: s.password ?? '' });
const smtpAuth = (s: ServerSettings) => (s.accessToken ? { type: 'OAuth2' as const, user: s.username, accessToken: s.accessToken } : { user: s.username, pass: s.password ?? '' });

export interface NetOptions {
  allowPrivateNetworks: boolean;
  /** Connection, greeting and command timeouts of a test or a sync connection (ms). */
  timeoutMs?: number;
  /** Replaceable so tests can play a DNS server that answers with internal addresses. */
  lookup?: (host: string) => Promise<{ address: string; family: number }[]>;
}

/** Why a mailbox's server could not be used; `message` names the protocol and the step. */
export class MailServerError extends Error {
  constructor(
    public readonly protocol: Protocol,
    public readonly step: 'dns' | 'address' | 'connect' | 'tls' | 'login' | 'folder' | 'protocol' | 'throttled',
    message: string,
  ) {
    super(`${protocol}: ${message}`);
    this.name = 'MailServerError';
  }
}

const systemLookup = (host: string) => dns.promises.lookup(host, { all: true, verbatim: true });

const stripBrackets = (host: string) => (host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host);

/** The checked address to connect to for `host`, or a MailServerError naming why not. */
export async function resolveHost(protocol: Protocol, hostGiven: string, opts: NetOptions): Promise<string> {
  const host = stripBrackets(hostGiven);
  const refuse = (address: string, reason: string) =>
    new MailServerError(
      protocol,
      'address',
      `${host}${address === host ? '' : ` resolves to ${address}`}, a ${reason} address; mailbox hosts on internal networks are refused (MAILBOX_ALLOW_PRIVATE_NETWORKS=true allows them)`,
    );
  if (net.isIP(host)) {
    const reason = forbiddenReason(host);
    if (reason && !opts.allowPrivateNetworks) throw refuse(host, reason);
    return host;
  }
  const name = host.toLowerCase().replace(/\.$/, '');
  if (!opts.allowPrivateNetworks && (name === 'localhost' || name.endsWith('.localhost'))) throw refuse(host, 'loopback');
  let answers: { address: string; family: number }[];
  try {
    answers = await (opts.lookup ?? systemLookup)(host);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'error';
    throw new MailServerError(protocol, 'dns', `DNS lookup of ${host} failed (${code === 'ENOTFOUND' ? 'no such host' : code})`);
  }
  if (!answers.length) throw new MailServerError(protocol, 'dns', `DNS lookup of ${host} failed (no address)`);
  if (!opts.allowPrivateNetworks) {
    for (const a of answers) {
      const reason = forbiddenReason(a.address);
      if (reason) throw refuse(a.address, reason);
    }
  }
  return answers[0]!.address;
}

const THROTTLED = /\[THROTTLED\]|request is throttled|too many (simultaneous )?connections|rate limit|limit exceeded|exceeded command or bandwidth/i;
/** The least a throttled mailbox waits before the next attempt (the sync's backoff may wait longer). */
export const THROTTLE_WAIT_MS = 5 * 60_000;

const TLS_CODES = /^(ERR_SSL|ERR_TLS|CERT_|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)|ETLS$|HOSTNAME_MISMATCH)/;

/** A client library's error as a MailServerError that says which step failed. */
export function describeFailure(protocol: Protocol, server: { host: string; port: number; folder?: string }, err: unknown): MailServerError {
  if (err instanceof MailServerError) return err;
  const e = (err ?? {}) as { code?: string; message?: string; authenticationFailed?: boolean; tlsFailed?: boolean; response?: unknown; responseText?: string; mailboxMissing?: boolean; path?: string };
  const code = typeof e.code === 'string' ? e.code : '';
  const text = String(e.message ?? err)
    .replace(/\s+/g, ' ')
    .slice(0, 300);
  const where = `${server.host}:${server.port}`;
  // Gmail's [THROTTLED], Microsoft's "Request is throttled", too many connections: the server
  // asks us to slow down, whatever the command it refused (a LOGIN included)
  const said = `${e.responseText ?? ''} ${typeof e.response === 'string' ? e.response : ''} ${text}`;
  if (THROTTLED.test(said))
    return new MailServerError(protocol, 'throttled', `${where} is throttling this mailbox (${said.trim().slice(0, 200)}); waiting at least ${THROTTLE_WAIT_MS / 60_000} minutes before trying again`);
  if (e.authenticationFailed || code === 'EAUTH' || code === 'AUTHENTICATIONFAILED') {
    const said = typeof e.response === 'string' ? e.response : (e.responseText ?? text);
    return new MailServerError(protocol, 'login', `login failed: the server refused the username or password (${String(said).slice(0, 200)})`);
  }
  if (e.mailboxMissing || (e.responseText && /\bnonexistent|doesn't exist|does not exist|no such (mailbox|folder)\b/i.test(e.responseText))) {
    return new MailServerError(protocol, 'folder', `the folder ${JSON.stringify(server.folder ?? e.path ?? '')} does not exist`);
  }
  if (e.tlsFailed || TLS_CODES.test(code) || /\b(SSL|TLS|certificate|wrong version number)\b/i.test(text)) {
    return new MailServerError(protocol, 'tls', `TLS with ${where} failed (${code || text})`);
  }
  if (['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET', 'EPIPE'].includes(code)) {
    return new MailServerError(protocol, 'connect', `could not connect to ${where} (${code})`);
  }
  if (['ETIMEDOUT', 'ETIMEOUT', 'CONNECT_TIMEOUT', 'GREETING_TIMEOUT', 'UPGRADE_TIMEOUT', 'ECONNECTION'].includes(code)) {
    return new MailServerError(protocol, 'connect', `no answer from ${where} (${code})`);
  }
  return new MailServerError(protocol, 'protocol', `${where}: ${text}`);
}

const DEFAULT_TIMEOUT_MS = 20_000;

/**
 * A new ImapFlow client for `s` (not yet connected), with an 'error' listener from the start:
 * an ImapFlow without one crashes the process on the first socket error. A closed client
 * cannot be reused: every reconnect makes a new one.
 */
export async function imapClient(s: ServerSettings, opts: NetOptions & { onError?: (err: Error) => void }): Promise<ImapFlow> {
  const address = await resolveHost('IMAP', s.host, opts);
  const timeout = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const name = stripBrackets(s.host);
  const client = new ImapFlow({
    host: address,
    ...(net.isIP(name) ? {} : { servername: name }),
    port: s.port,
    secure: s.tls === 'implicit',
    // starttls: required, never a silent fall-back to cleartext; none: never tried
    doSTARTTLS: s.tls === 'starttls' ? true : s.tls === 'none' ? false : undefined,
    auth: imapAuth(s),
    logger: false,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: Math.max(timeout * 3, 60_000),
    // IDLE is started by the sync itself (mailboxes/session.ts), between its checks
    disableAutoIdle: true,
    clientInfo: { name: 'Replydesk' },
  });
  client.on('error', (err: Error) => opts.onError?.(err));
  return client;
}

/** A nodemailer transport for `s`, connected to the checked address. */
export async function smtpClient(s: ServerSettings, opts: NetOptions) {
  const address = await resolveHost('SMTP', s.host, opts);
  const name = stripBrackets(s.host);
  const timeout = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return smtpTransport(
    {
      host: address,
      port: s.port,
      secure: s.tls === 'implicit',
      requireTLS: s.tls === 'starttls',
      ignoreTLS: s.tls === 'none',
      auth: smtpAuth(s),
      tls: net.isIP(name) ? {} : { servername: name },
    },
    { ...DEFAULT_SMTP_TIMEOUTS, connection: timeout, greeting: timeout },
  );
}

/**
 * Logs in to the IMAP server and opens the folder: what a created or changed connection is
 * checked with. Answers the folder's UIDVALIDITY and the next UID, so the sync starts with the
 * mail that arrives after this moment (docs/mailboxes.md "Connecting": without backfill_days),
 * and whether the server offers IDLE.
 */
export async function testImap(s: ServerSettings & { folder: string; backfillSince?: Date }, opts: NetOptions) {
  let failure: Error | null = null;
  const client = await imapClient(s, { ...opts, onError: (err) => (failure ??= err) });
  try {
    await client.connect();
    const box = await client.mailboxOpen(s.folder, { readOnly: true });
    const uidNext = Number(box.uidNext ?? 1);
    let startAfterUid = uidNext - 1;
    if (s.backfillSince) {
      const uids = (await client.search({ since: s.backfillSince }, { uid: true })) || [];
      if (uids.length) startAfterUid = Math.min(startAfterUid, Math.min(...uids) - 1);
    }
    return { uidValidity: String(box.uidValidity), uidNext, startAfterUid, idle: client.capabilities.has('IDLE') };
  } catch (err) {
    throw describeFailure('IMAP', s, failure ?? err);
  } finally {
    await client.logout().catch(() => client.close());
  }
}

/** Connects to the SMTP server and logs in (nodemailer's verify): nothing is sent. */
export async function testSmtp(s: ServerSettings, opts: NetOptions) {
  const transport = await smtpClient(s, opts);
  try {
    await transport.verify();
  } catch (err) {
    throw describeFailure('SMTP', s, err);
  } finally {
    transport.close();
  }
}
