// The job kinds this service runs, and what runs each. Every side effect that leaves the
// process (mail, webhook deliveries) is a kind here. Composed beside main.ts, not in jobs/, so
// the queue knows no resource and no folder depends on another in a cycle.
import type { Config } from './config/index.ts';
import type { Db } from './db/connect.ts';
import { deliveryHandler } from './webhooks/deliver.ts';
import { DELIVER_JOB } from './webhooks/events.ts';
import { mailSendHandler } from './mail/transport.ts';
import { MAIL_SEND_JOB } from './mail/service.ts';
import type { Handler, Periodic } from './jobs/queue.ts';
import { wakeDueSnoozes } from './replies/snooze.ts';
import { SYSTEM_MAIL_JOB, systemMailHandler } from './mail/system.ts';
import { triageHandlers } from './triage/handlers.ts';
import { LEARN_AFTER_MS, learnCorrections } from './triage/learning.ts';
import { FILE_SENT_JOB, fileSentHandler, mailboxRoute, type SendingOptions } from './mailboxes/sending.ts';
import type { OAuthTokens } from './mailboxes/oauth-tokens.ts';
import { forgetOldStates } from './mailboxes/oauth.ts';
import { sweepRetention } from './replies/retention.ts';
import { sendDueWeeklyReports } from './reports/weekly.ts';

export interface HandlerDeps {
  db: Db;
  config: Config;
  /** The master key for webhook secrets (security/secrets.ts resolveSecretKey). */
  secretKey: Buffer;
  /** Fresh access tokens of mailboxes that sign in over OAuth (mailboxes/oauth-tokens.ts). */
  tokens?: OAuthTokens | null;
  log?: { warn(obj: unknown, msg?: string): void };
}

export function buildHandlers(deps: HandlerDeps): Record<string, Handler> {
  const mailboxes: SendingOptions = { secretKey: deps.secretKey, tokens: deps.tokens, allowPrivateNetworks: deps.config.mailboxAllowPrivateNetworks, log: deps.log };
  return {
    [DELIVER_JOB]: deliveryHandler({
      db: deps.db,
      secretKey: deps.secretKey,
      allowPrivateNetworks: deps.config.webhookAllowPrivateNetworks,
      retrySchedule: deps.config.webhookRetrySchedule,
      timeoutMs: deps.config.webhookTimeoutSeconds * 1000,
    }),
    [MAIL_SEND_JOB]: mailSendHandler(deps.db, { smtpUrl: deps.config.smtpUrl, retrySchedule: deps.config.mailRetrySchedule, mailbox: mailboxRoute(deps.db, mailboxes) }),
    [FILE_SENT_JOB]: fileSentHandler(deps.db, mailboxes),
    [SYSTEM_MAIL_JOB]: systemMailHandler(deps.db, { smtpUrl: deps.config.smtpUrl, from: deps.config.mailFrom }),
    ...triageHandlers({ db: deps.db, llm: deps.config.llm }),
  };
}

/** What the worker runs on a timer beside the jobs. */
export function buildPeriodic(deps: Pick<HandlerDeps, 'db'>): Periodic[] {
  return [
    { name: 'replies.wake-snoozed', everyMs: 15_000, run: () => wakeDueSnoozes(deps.db) },
    // the team's corrections since the last sweep, each workspace's learned in one write
    { name: 'triage.learn', everyMs: LEARN_AFTER_MS, run: () => learnCorrections(deps.db) },
    // a no-op unless a table has moved enough since its last analysis (SQLite: grown or shrunk
    // tenfold, then ~50 ms at 100,000 replies; PostgreSQL with autovacuum off: its thresholds):
    // often enough that a freshly filled database is planned well within seconds
    { name: 'db.planner-statistics', everyMs: 15_000, run: () => deps.db.refreshPlannerStatistics() },
    { name: 'oauth.forget-states', everyMs: 3_600_000, run: () => forgetOldStates(deps.db) },
    // the clients' weekly reports, due from Monday 08:00 in each workspace's zone: once a minute
    { name: 'reports.weekly', everyMs: 60_000, run: () => sendDueWeeklyReports(deps.db) },
    // replies older than each workspace's retention, in small batches (docs/api.md "Retention")
    { name: 'replies.retention', everyMs: 3_600_000, run: () => sweepRetention(deps.db) },
  ];
}
