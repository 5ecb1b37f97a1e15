// The only module that reads process.env. Every variable is validated once at boot and every
// problem is reported in one error, so a misconfigured deployment fails with the whole list.
import path from 'node:path';
import { loadOAuthProviders, type OAuthProviders } from './oauth.ts';

/**
 * SQLite's `synchronous`: FULL (the default) fsyncs the log at every commit, so an
 * acknowledged write survives a power cut; NORMAL skips that fsync and can lose the last
 * commits (never corrupt the file). The group commit spreads one fsync over a batch.
 */
export type SqliteSynchronous = 'full' | 'normal';

export type DatabaseConfig = { dialect: 'sqlite'; filename: string; synchronous?: SqliteSynchronous; cacheMiB?: number } | { dialect: 'postgres'; connectionString: string };

/** The PostgreSQL database's URL, or null on SQLite (several processes share only the former). */
export function postgresUrlOf(database: DatabaseConfig): string | null {
  return database.dialect === 'postgres' ? database.connectionString : null;
}

export interface Config {
  port: number;
  host: string;
  database: DatabaseConfig;
  redisUrl: string | null;
  smtpUrl: string | null;
  /** Recipients a workspace may mail per hour (sends and forwards together). */
  mailQuotaPerHour: number;
  /** Seconds between delivery attempts of one mail; null keeps the default schedule. */
  mailRetrySchedule: number[] | null;
  webhookAllowPrivateNetworks: boolean;
  /** Lets mailbox hosts be loopback/private addresses (MAILBOX_ALLOW_PRIVATE_NETWORKS). */
  mailboxAllowPrivateNetworks: boolean;
  /** Attachments larger than this are listed but not kept (bytes). */
  mailboxAttachmentMaxBytes: number;
  /** How often a mailbox is checked for new mail besides IDLE, and polled without it (ms). */
  mailboxPollMs: number;
  webhookRetrySchedule: number[] | null;
  /** Seconds a webhook delivery may take before it counts as a failed attempt. */
  webhookTimeoutSeconds: number;
  /** How long a worker's claim on a job holds before another worker may take it (ms). */
  jobLeaseMs: number;
  /** Master key (32 bytes) that encrypts webhook secrets at rest; null: see security/secrets.ts. */
  secretKey: Buffer | null;
  /** After SIGTERM: how long /healthz fails while requests are still served (ms). */
  shutdownDrainMs: number;
  /** After the drain: how long requests in flight may take before their connections are closed (ms). */
  shutdownTimeoutMs: number;
  logLevel: string;
  /**
   * How far the JavaScript heap may grow past what the last full collection kept, in percent,
   * before the next one (HEAP_GROWTH_PERCENT; 0 leaves it to V8). main.ts applies it.
   */
  heapGrowthPercent: number;
  production: boolean;
  /** The dashboard's address as people reach it, for links in mail and in the log (no trailing slash). */
  publicUrl: string;
  /** Whether PUBLIC_URL was set (publicUrl is otherwise derived from HOST and PORT). */
  publicUrlConfigured: boolean;
  /** TRUST_PROXY: which proxies' X-Forwarded-For and X-Forwarded-Proto to believe (Fastify's trustProxy). */
  trustProxy: TrustProxy;
  /** Mailbox sign-in providers (GOOGLE_OAUTH_*, MICROSOFT_OAUTH_*): config/oauth.ts. */
  oauthProviders: OAuthProviders;
  /** From: of the mail the dashboard sends itself (invitations, password resets). */
  mailFrom: string;
  /** An OpenAI-compatible chat-completions server for triage (docs/triage.md); null: local only. */
  llm: LlmConfig | null;
  /** The bearer token GET /metrics asks for (docs/deploy.md "Metrics"); null: no /metrics. */
  metricsToken: string | null;
}

export interface LlmConfig {
  /** e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1; /chat/completions is added. */
  baseUrl: string;
  apiKey: string | null;
  model: string;
  /** Seconds one call may take before the local result is used. */
  timeoutSeconds: number;
  /** Calls per workspace per UTC day; past it, the local result. */
  dailyBudget: number;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

export const DEFAULT_MAIL_QUOTA_PER_HOUR = 200;

/** Attachments of mail that arrives by IMAP above this size are listed but not kept (MiB). */
export const DEFAULT_ATTACHMENT_MAX_MB = 10;

/** SQLite's page caches, writer and reader together (MiB): see db/sqlite.ts. */
export const DEFAULT_SQLITE_CACHE_MB = 40;

/**
 * V8 lets the heap grow to up to four times what its last full collection kept, and the first
 * limit is larger still: the server's peak RSS under the benchmark was 270 MiB with a live heap
 * of ~45 MiB. At 50% it was 158–179 MiB (docs/performance.md).
 */
export const DEFAULT_HEAP_GROWTH_PERCENT = 50;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function parseDatabaseUrl(url: string | undefined, cwd = process.cwd()): DatabaseConfig {
  if (!url) return { dialect: 'sqlite', filename: path.resolve(cwd, 'data', 'replydesk.db') };
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    return { dialect: 'postgres', connectionString: url };
  }
  if (url.startsWith('file:')) {
    const file = url.slice('file:'.length);
    if (!file) throw new ConfigError(['DATABASE_URL: file: needs a path, e.g. file:/var/lib/replydesk.db']);
    return { dialect: 'sqlite', filename: path.resolve(cwd, file) };
  }
  throw new ConfigError([`DATABASE_URL: expected file:/path.db or postgres://…, got "${url.split(':')[0]}:…"`]);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];

  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) problems.push(`PORT: expected 0-65535, got "${env.PORT}"`);

  let database: DatabaseConfig = { dialect: 'sqlite', filename: '' };
  try {
    database = parseDatabaseUrl(env.DATABASE_URL);
  } catch (err) {
    problems.push(...(err as ConfigError).problems);
  }

  const synchronous = (env.SQLITE_SYNCHRONOUS ?? 'full').toLowerCase();
  if (synchronous !== 'full' && synchronous !== 'normal') problems.push('SQLITE_SYNCHRONOUS: expected full (the default) or normal');
  else if (database.dialect === 'sqlite') database = { ...database, synchronous };

  const cacheMiB = Number(env.SQLITE_CACHE_MB ?? DEFAULT_SQLITE_CACHE_MB);
  if (!Number.isInteger(cacheMiB) || cacheMiB < 2 || cacheMiB > 65_536) problems.push(`SQLITE_CACHE_MB: expected a whole number of MiB from 2 to 65536, e.g. ${DEFAULT_SQLITE_CACHE_MB}`);
  else if (database.dialect === 'sqlite') database = { ...database, cacheMiB };

  const redisUrl = env.REDIS_URL || null;
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) problems.push('REDIS_URL: expected redis://host:port');

  const smtpUrl = env.SMTP_URL || null;
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) problems.push('SMTP_URL: expected smtp://host:port');

  const mailQuotaPerHour = Number(env.MAIL_QUOTA_PER_HOUR || DEFAULT_MAIL_QUOTA_PER_HOUR);
  if (!Number.isSafeInteger(mailQuotaPerHour) || mailQuotaPerHour < 0) problems.push('MAIL_QUOTA_PER_HOUR: expected a whole number of recipients per hour, e.g. 200');

  let mailRetrySchedule: number[] | null = null;
  if (env.MAIL_RETRY_SCHEDULE) {
    mailRetrySchedule = env.MAIL_RETRY_SCHEDULE.split(',').map((s) => Number(s.trim()));
    if (mailRetrySchedule.some((n) => !Number.isFinite(n) || n < 0)) {
      problems.push('MAIL_RETRY_SCHEDULE: expected comma-separated non-negative seconds, e.g. 5,30,300');
    }
  }

  const allowPrivate = env.WEBHOOK_ALLOW_PRIVATE_NETWORKS ?? 'false';
  if (allowPrivate !== 'true' && allowPrivate !== 'false') {
    problems.push('WEBHOOK_ALLOW_PRIVATE_NETWORKS: expected true or false');
  }

  const mailboxPrivate = env.MAILBOX_ALLOW_PRIVATE_NETWORKS ?? 'false';
  if (mailboxPrivate !== 'true' && mailboxPrivate !== 'false') problems.push('MAILBOX_ALLOW_PRIVATE_NETWORKS: expected true or false');
  const attachmentMb = Number(env.MAILBOX_ATTACHMENT_MAX_MB ?? DEFAULT_ATTACHMENT_MAX_MB);
  if (!Number.isFinite(attachmentMb) || attachmentMb < 0 || attachmentMb > 1024) problems.push(`MAILBOX_ATTACHMENT_MAX_MB: expected megabytes from 0 to 1024, e.g. ${DEFAULT_ATTACHMENT_MAX_MB}`);
  const pollSeconds = Number(env.MAILBOX_POLL_SECONDS ?? 15);
  if (!Number.isFinite(pollSeconds) || pollSeconds < 1 || pollSeconds > 3600) problems.push('MAILBOX_POLL_SECONDS: expected seconds from 1 to 3600, e.g. 15');

  let webhookRetrySchedule: number[] | null = null;
  if (env.WEBHOOK_RETRY_SCHEDULE) {
    webhookRetrySchedule = env.WEBHOOK_RETRY_SCHEDULE.split(',').map((s) => Number(s.trim()));
    if (webhookRetrySchedule.some((n) => !Number.isFinite(n) || n < 0)) {
      problems.push('WEBHOOK_RETRY_SCHEDULE: expected comma-separated non-negative seconds, e.g. 0,5,300');
    }
  }

  const webhookTimeoutSeconds = Number(env.WEBHOOK_TIMEOUT_SECONDS ?? 15);
  if (!Number.isFinite(webhookTimeoutSeconds) || webhookTimeoutSeconds <= 0 || webhookTimeoutSeconds > 300) {
    problems.push('WEBHOOK_TIMEOUT_SECONDS: expected seconds between 0 and 300, e.g. 15');
  }

  // A lease shorter than a delivery could let a second worker take a job still in flight.
  const jobLeaseSeconds = Number(env.JOB_LEASE_SECONDS ?? 60);
  if (!Number.isFinite(jobLeaseSeconds) || jobLeaseSeconds <= 0) {
    problems.push('JOB_LEASE_SECONDS: expected a positive number of seconds, e.g. 60');
  } else if (jobLeaseSeconds < webhookTimeoutSeconds * 2) {
    problems.push(`JOB_LEASE_SECONDS: must be at least twice WEBHOOK_TIMEOUT_SECONDS (${webhookTimeoutSeconds})`);
  }

  let secretKey: Buffer | null = null;
  if (env.REPLYDESK_SECRET_KEY) {
    const decoded = Buffer.from(env.REPLYDESK_SECRET_KEY, 'base64');
    if (decoded.length !== 32 || decoded.toString('base64') !== env.REPLYDESK_SECRET_KEY.trim()) {
      problems.push('REPLYDESK_SECRET_KEY: expected 32 random bytes in base64, e.g. from `openssl rand -base64 32`');
    } else {
      secretKey = decoded;
    }
  }

  const shutdownDrainSeconds = Number(env.SHUTDOWN_DRAIN_SECONDS ?? 5);
  if (!Number.isFinite(shutdownDrainSeconds) || shutdownDrainSeconds < 0 || shutdownDrainSeconds > 600) {
    problems.push('SHUTDOWN_DRAIN_SECONDS: expected seconds between 0 and 600, e.g. 5');
  }
  const shutdownTimeoutSeconds = Number(env.SHUTDOWN_TIMEOUT_SECONDS ?? 30);
  if (!Number.isFinite(shutdownTimeoutSeconds) || shutdownTimeoutSeconds <= 0 || shutdownTimeoutSeconds > 3600) {
    problems.push('SHUTDOWN_TIMEOUT_SECONDS: expected seconds between 0 and 3600, e.g. 30');
  }

  const production = env.NODE_ENV === 'production';
  const heapGrowthPercent = Number(env.HEAP_GROWTH_PERCENT || DEFAULT_HEAP_GROWTH_PERCENT);
  if (!Number.isInteger(heapGrowthPercent) || heapGrowthPercent < 0 || heapGrowthPercent > 1000) {
    problems.push(`HEAP_GROWTH_PERCENT: expected a whole number from 0 (V8's own) to 1000, e.g. ${DEFAULT_HEAP_GROWTH_PERCENT}`);
  }

  const logLevel = env.LOG_LEVEL ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL: expected one of ${LOG_LEVELS.join(', ')}`);

  const host = env.HOST || '127.0.0.1';
  let publicUrl = `http://${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host}:${port}`;
  if (env.PUBLIC_URL) {
    if (!/^https?:\/\/[^\s/]+(\/[^\s]*)?$/.test(env.PUBLIC_URL)) problems.push('PUBLIC_URL: expected http(s)://host[:port][/path], e.g. https://replies.example.com');
    else publicUrl = env.PUBLIC_URL.replace(/\/+$/, '');
  }
  const mailFrom = env.MAIL_FROM || 'Replydesk <no-reply@localhost>';
  const trustProxy = parseTrustProxy(env.TRUST_PROXY, problems);
  const oauthProviders = loadOAuthProviders(env, problems);

  let llm: LlmConfig | null = null;
  if (env.LLM_BASE_URL) {
    if (!/^https?:\/\/[^\s/]+(\/[^\s]*)?$/.test(env.LLM_BASE_URL)) problems.push('LLM_BASE_URL: expected http(s)://host[:port][/path], e.g. http://127.0.0.1:11434/v1');
    if (!env.LLM_MODEL) problems.push('LLM_MODEL: required with LLM_BASE_URL, e.g. gpt-4o-mini or llama3.1');
    const timeoutSeconds = Number(env.LLM_TIMEOUT_SECONDS ?? 20);
    if (!Number.isFinite(timeoutSeconds) || timeoutSeconds <= 0 || timeoutSeconds > 300) problems.push('LLM_TIMEOUT_SECONDS: expected seconds between 0 and 300, e.g. 20');
    const dailyBudget = Number(env.LLM_DAILY_BUDGET ?? 1000);
    if (!Number.isSafeInteger(dailyBudget) || dailyBudget < 0) problems.push('LLM_DAILY_BUDGET: expected a whole number of calls per workspace per day, e.g. 1000');
    llm = { baseUrl: env.LLM_BASE_URL.replace(/\/+$/, ''), apiKey: env.LLM_API_KEY || null, model: env.LLM_MODEL ?? '', timeoutSeconds, dailyBudget };
  } else if (env.LLM_MODEL || env.LLM_API_KEY) {
    problems.push('LLM_BASE_URL: required with LLM_MODEL or LLM_API_KEY (the OpenAI-compatible server, e.g. https://api.openai.com/v1)');
  }

  const metricsToken = env.METRICS_TOKEN || null;
  if (metricsToken && !/^[\x21-\x7e]{16,}$/.test(metricsToken)) problems.push('METRICS_TOKEN: expected at least 16 printable characters without spaces, e.g. from `openssl rand -hex 32`');

  if (problems.length) throw new ConfigError(problems);
  return {
    metricsToken,
    publicUrl,
    publicUrlConfigured: Boolean(env.PUBLIC_URL),
    trustProxy,
    oauthProviders,
    mailFrom,
    llm,
    port,
    host,
    database,
    redisUrl,
    smtpUrl,
    mailQuotaPerHour,
    mailRetrySchedule,
    webhookAllowPrivateNetworks: allowPrivate === 'true',
    mailboxAllowPrivateNetworks: mailboxPrivate === 'true',
    mailboxAttachmentMaxBytes: Math.round(attachmentMb * 1024 * 1024),
    mailboxPollMs: pollSeconds * 1000,
    webhookRetrySchedule,
    webhookTimeoutSeconds,
    jobLeaseMs: jobLeaseSeconds * 1000,
    secretKey,
    shutdownDrainMs: shutdownDrainSeconds * 1000,
    shutdownTimeoutMs: shutdownTimeoutSeconds * 1000,
    logLevel,
    heapGrowthPercent,
    production,
  };
}

/** false (no proxy), or the proxies' addresses and CIDR ranges, comma-separated. */
export type TrustProxy = false | string;

const ADDRESS_OR_RANGE = /^([0-9a-fA-F.:]+(\/\d{1,3})?|loopback|linklocal|uniquelocal)$/;

/**
 * TRUST_PROXY: unset or `false`, or a comma-separated list of the proxies' addresses or CIDR
 * ranges (`10.0.0.0/8,127.0.0.1`; `loopback`, `linklocal` and `uniquelocal` name those
 * ranges). `true` (believe any client's X-Forwarded-For) is refused: it would let anyone
 * choose the address the sign-in limits count.
 */
function parseTrustProxy(value: string | undefined, problems: string[]): TrustProxy {
  if (!value || value === 'false') return false;
  const list = value.split(',').map((v) => v.trim());
  if (list.every((v) => ADDRESS_OR_RANGE.test(v))) return list.join(',');
  problems.push("TRUST_PROXY: expected false, or the proxies' addresses/CIDR ranges, e.g. 10.0.0.0/8,127.0.0.1 or loopback");
  return false;
}
