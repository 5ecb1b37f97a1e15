// Process entry: config → database (migrated) → app → listen; graceful shutdown (http/shutdown.ts).
import { pino } from 'pino';
import { buildApp } from './app.ts';
import { shutDown } from './http/shutdown.ts';
import { connectRedis } from './http/auth.ts';
import { type Config, loadConfig } from './config/index.ts';
import { connect } from './db/connect.ts';
import { migrateToLatest } from './db/migrate.ts';
import { buildHandlers, buildPeriodic } from './job-handlers.ts';
import { Worker } from './jobs/queue.ts';
import { resolveSecretKey } from './security/secrets.ts';
import { issueSetupLink } from './dashboard/service.ts';
import { warmUp } from './triage/local/index.ts';
import { triageAtIngestion } from './triage/ingestion.ts';
import { MailboxSync } from './mailboxes/sync.ts';
import { OAuthClients } from './mailboxes/oauth.ts';
import { OAuthTokens } from './mailboxes/oauth-tokens.ts';
import { limitHeapGrowth } from './heap.ts';
import { liveEvents } from './webhooks/live.ts';
import { liveBusFor } from './webhooks/live-bus.ts';

/** Mailboxes over OAuth: the providers' discovered configurations and the tokens they renew, one of each per process. */
function mailboxOAuth(config: Config, db: ReturnType<typeof connect>, secretKey: Buffer) {
  const clients = new OAuthClients(config.oauthProviders);
  return { providers: config.oauthProviders, clients, tokens: new OAuthTokens(db, secretKey, config.oauthProviders, clients) };
}

/** The mailbox sync of this process (mailboxes/sync.ts): one per worker, leases keep mailboxes apart. */
function mailboxSync(config: Config, db: ReturnType<typeof connect>, secretKey: Buffer, log: MailboxLog, tokens: OAuthTokens) {
  return new MailboxSync(db, {
    secretKey,
    tokens,
    allowPrivateNetworks: config.mailboxAllowPrivateNetworks,
    maxAttachmentBytes: config.mailboxAttachmentMaxBytes,
    triage: triageAtIngestion({ llm: config.llm }),
    pollMs: config.mailboxPollMs,
    log,
  });
}
type MailboxLog = { info(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };

/** The process's own JSON log lines (start-up, Redis, the standalone worker), as the app's. */
function processLogger(config: Config) {
  return pino({ level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] });
}

/**
 * Live events through a bus every instance hears, when several processes may share the
 * database (Redis, or PostgreSQL itself); in memory on SQLite (webhooks/live.ts).
 */
async function connectLiveEvents(config: Config, log: pino.Logger) {
  const bus = liveBusFor(config, log);
  if (!bus) return;
  await liveEvents.connect(bus);
  log.info({ bus: config.redisUrl ? 'redis' : 'postgres' }, 'live events shared between instances');
}

export async function serve(config: Config = loadConfig()) {
  limitHeapGrowth(config.heapGrowthPercent);
  const secretKey = resolveSecretKey(config);
  const db = connect(config.database);
  await migrateToLatest(db);
  const log = processLogger(config);
  let redisWarned = 0;
  const redis = config.redisUrl
    ? await connectRedis(config.redisUrl, {
        // at most one warning a minute while Redis is away
        onError: (err) => {
          if (Date.now() - redisWarned < 60_000) return;
          redisWarned = Date.now();
          log.warn({ err: err.message }, 'redis unavailable; rate limits pass until it is back');
        },
      })
    : null;
  const oauth = mailboxOAuth(config, db, secretKey);
  await connectLiveEvents(config, log);
  const app = await buildApp({
    db,
    redis,
    mail: { quotaPerHour: config.mailQuotaPerHour },
    llm: config.llm,
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    webhooks: { secretKey, allowPrivateNetworks: config.webhookAllowPrivateNetworks },
    mailboxes: { allowPrivateNetworks: config.mailboxAllowPrivateNetworks },
    dashboard: { baseUrl: config.publicUrl },
    publicUrl: config.publicUrlConfigured ? config.publicUrl : null,
    trustProxy: config.trustProxy,
    oauth,
    metricsToken: config.metricsToken,
  });
  const worker = new Worker(db, buildHandlers({ db, config, secretKey, tokens: oauth.tokens, log: app.log }), { log: app.log, leaseMs: config.jobLeaseMs, periodic: buildPeriodic({ db }) });
  const mailboxes = mailboxSync(config, db, secretKey, app.log, oauth.tokens);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    // SIGTERM comes from a deployment (a balancer to drain); SIGINT from a person at a terminal.
    const drainMs = signal === 'SIGTERM' ? config.shutdownDrainMs : 0;
    app.log.info({ signal, drainMs }, 'shutting down: /healthz answers 503; serving until the drain ends, then finishing requests in flight');
    try {
      const clean = await shutDown(app, { drainMs, timeoutMs: config.shutdownTimeoutMs });
      await mailboxes.stop();
      await worker.stop();
      redis?.disconnect();
      await liveEvents.disconnect();
      await db.close();
      app.log.info(clean ? 'shut down cleanly' : 'shut down; requests still running at the timeout were cut off');
      process.exit(clean ? 0 : 1);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  // on, not once: a second signal must reach stop() and exit at once, with a log line
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  // the shipped classifier trains from the corpus (or reads an earlier process's weights) once
  // per process: before serving, not on the first reply (it holds the event loop for a moment)
  readyClassifier(app.log);
  await app.listen({ port: config.port, host: config.host });
  worker.start();
  mailboxes.start();
  app.log.info({ database: config.database.dialect, redis: Boolean(redis), dashboard: config.publicUrl }, 'replydesk ready');
  // First run: the one way in is a link only the operator sees (docs/dashboard.md "First run")
  const setupLink = await issueSetupLink(db, config.publicUrl);
  if (setupLink) app.log.info({ setup_link: setupLink }, `no user yet: open ${setupLink} to create the first owner and workspace`);
  return app;
}

/** `replydesk worker`: only the job worker, for deployments that run it apart from the API. */
export async function runWorker(config: Config = loadConfig()) {
  limitHeapGrowth(config.heapGrowthPercent);
  const secretKey = resolveSecretKey(config);
  const db = connect(config.database);
  await migrateToLatest(db);
  const log = processLogger(config);
  const { tokens } = mailboxOAuth(config, db, secretKey);
  await connectLiveEvents(config, log);
  const worker = new Worker(db, buildHandlers({ db, config, secretKey, tokens, log }), { log, leaseMs: config.jobLeaseMs, periodic: buildPeriodic({ db }) });
  const mailboxes = mailboxSync(config, db, secretKey, log, tokens);
  const stop = async () => {
    await mailboxes.stop();
    await worker.stop();
    await liveEvents.disconnect();
    await db.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
  readyClassifier(log);
  worker.start();
  mailboxes.start();
  log.info({ worker: worker.id, database: config.database.dialect }, 'replydesk worker ready');
  return worker;
}

/** The shipped classifier, trained or read now rather than on the first reply (docs/triage.md "Start-up"). */
function readyClassifier(log: { info: (o: object, msg: string) => void }) {
  const started = performance.now();
  const { source, trainedOn } = warmUp();
  log.info({ source, trained_on: trainedOn, ms: Math.round(performance.now() - started) }, 'triage classifier ready');
}
