// Delivery: one signed HTTP POST per attempt, and what each answer means.
//
// - Signed per Standard Webhooks with the `standardwebhooks` package: webhook-id is the event
//   id (stable across retries, so receivers can deduplicate), webhook-timestamp the moment of
//   this attempt, webhook-signature one `v1,` entry per valid secret (two during rotation).
// - Only a 2xx answer succeeds. Redirects are not followed: a 3xx is a failed attempt (a
//   redirect is also the classic way to bounce a request into a private network).
// - Retries follow the configured schedule with ±10% jitter; a 429 or 503 with Retry-After
//   waits as long as asked (up to a day). A 410 disables the endpoint at once; an endpoint
//   whose attempts have failed without a single success for DISABLE_AFTER_MS is disabled.
// - Every attempt is a row (status code, duration, error, the first bytes of the answer),
//   written in one transaction with the delivery's new state.
import http from 'node:http';
import https from 'node:https';
import { Webhook } from 'standardwebhooks';
import type { Db } from '../db/connect.ts';
import type { Handler, Job, Outcome } from '../jobs/queue.ts';
import type { DeliverJob } from './events.ts';
import * as q from './queries.ts';
import { decryptSecret } from '../security/secrets.ts';
import { checkTarget, forbiddenReason, guardedLookup, SsrfRefused } from '../security/ssrf.ts';

/** immediately, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h (Standard Webhooks). */
export const DEFAULT_RETRY_SCHEDULE = [5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400];
export const DEFAULT_TIMEOUT_MS = 15_000;
export const DISABLE_AFTER_MS = 5 * 24 * 3600 * 1000;
export const RESPONSE_BODY_LIMIT = 4096;
const MAX_RETRY_AFTER_MS = 24 * 3600 * 1000;
/** Bytes of an answer read before the connection is dropped instead of drained for reuse. */
const MAX_DRAIN_BYTES = 256 * 1024;

export interface SendResult {
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  responseBody: string | null;
  retryAfterMs: number | null;
}

export interface SendOptions {
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  allowPrivateNetworks: boolean;
  agents?: { http: http.Agent; https: https.Agent };
  /** Replaces DNS resolution (tests play a resolver that answers with private addresses). */
  resolve?: Parameters<typeof guardedLookup>[0];
}

export function parseRetryAfter(value: string | undefined, now = Date.now()): number | null {
  if (!value) return null;
  const seconds = Number(value);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - now;
  if (!Number.isFinite(ms)) return null;
  return Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS);
}

/** One POST. Never throws: every failure is a result with an error. */
export function sendWebhook(target: string, opts: SendOptions): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const fail = (error: string, statusCode: number | null = null): SendResult => ({ statusCode, durationMs: elapsed(), error, responseBody: null, retryAfterMs: null });

  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return Promise.resolve(fail('invalid URL'));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return Promise.resolve(fail(`unsupported protocol ${url.protocol}`));
  if (!opts.allowPrivateNetworks) {
    const refused = checkTarget(url);
    if (refused) return Promise.resolve(fail(refused.message));
  }

  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const done = (r: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Replydesk-Webhooks/1', 'content-length': String(Buffer.byteLength(opts.body)), ...opts.headers },
      agent: opts.agents ? (url.protocol === 'https:' ? opts.agents.https : opts.agents.http) : undefined,
      ...(!opts.allowPrivateNetworks && { lookup: guardedLookup(opts.resolve) as never }),
    });
    const timer = setTimeout(() => {
      req.destroy();
      done(fail(`timed out after ${opts.timeoutMs} ms`));
    }, opts.timeoutMs);

    if (!opts.allowPrivateNetworks) {
      // Belt and braces: the socket's peer is judged too, whatever resolved it.
      req.on('socket', (socket) => {
        socket.once('connect', () => {
          const reason = socket.remoteAddress ? forbiddenReason(socket.remoteAddress) : 'unknown';
          if (reason) {
            req.destroy();
            done(fail(new SsrfRefused(socket.remoteAddress ?? '?', reason).message));
          }
        });
      });
    }

    req.on('error', (err) => done(fail(err instanceof SsrfRefused ? err.message : `${(err as NodeJS.ErrnoException).code ?? 'ERROR'}: ${err.message}`)));
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      let read = 0;
      res.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (kept < RESPONSE_BODY_LIMIT) {
          chunks.push(chunk.subarray(0, RESPONSE_BODY_LIMIT - kept));
          kept += Math.min(chunk.length, RESPONSE_BODY_LIMIT - kept);
        }
        if (read > MAX_DRAIN_BYTES) res.destroy();
      });
      const finish = () => {
        const status = res.statusCode ?? 0;
        const ok = status >= 200 && status < 300;
        const retryAfter = status === 429 || status === 503 ? parseRetryAfter(res.headers['retry-after'] as string | undefined) : null;
        done({
          statusCode: status,
          durationMs: elapsed(),
          error: ok ? null : status >= 300 && status < 400 ? `redirect (${status}) not followed` : `HTTP ${status}`,
          responseBody: Buffer.concat(chunks).toString('utf8'),
          retryAfterMs: retryAfter,
        });
      };
      res.on('end', finish);
      res.on('close', finish);
      res.on('error', finish);
    });
    req.end(opts.body);
  });
}

export interface DeliveryDeps {
  db: Db;
  secretKey: Buffer;
  allowPrivateNetworks: boolean;
  /** Seconds between attempts; attempts = its length + 1. */
  retrySchedule?: number[] | null;
  timeoutMs?: number;
  resolve?: SendOptions['resolve'];
  now?: () => Date;
}

export function signatureFor(signers: Webhook[], msgId: string, at: Date, body: string): string {
  return signers.map((w) => w.sign(msgId, at, body)).join(' ');
}

/**
 * Decrypted signers per stored ciphertext. Keyed by the ciphertext, so a rotation (a new
 * ciphertext) is never served a stale secret; cleared when it grows past `max` endpoints.
 */
class SignerCache {
  private readonly map = new Map<string, Webhook>();
  constructor(
    private readonly key: Buffer,
    private readonly max = 10_000,
  ) {}

  get(endpointId: string, stored: string): Webhook {
    const cacheKey = `${endpointId}:${stored}`;
    let signer = this.map.get(cacheKey);
    if (!signer) {
      if (this.map.size >= this.max) this.map.clear();
      signer = new Webhook(decryptSecret(this.key, endpointId, stored));
      this.map.set(cacheKey, signer);
    }
    return signer;
  }
}

const jitter = (ms: number) => Math.round(ms * (0.9 + Math.random() * 0.2));

/**
 * Group commit: the attempts of deliveries running at the same moment are written in one
 * transaction. Each caller still waits until its own attempt is committed, so an attempt is
 * never reported done before its row exists. Answers that arrive within FLUSH_WINDOW_MS of
 * each other share a commit: a few milliseconds of latency buy far fewer commits on SQLite.
 */
const FLUSH_WINDOW_MS = 5;

class AttemptWriter {
  private pending: { record: q.AttemptRecord; resolve: () => void; reject: (err: unknown) => void }[] = [];
  private scheduled = false;

  constructor(private readonly db: Db) {}

  write(record: q.AttemptRecord): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({ record, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setTimeout(() => void this.flush(), FLUSH_WINDOW_MS);
      }
    });
  }

  private async flush() {
    const batch = this.pending;
    this.pending = [];
    this.scheduled = false;
    try {
      await this.db.write((trx) =>
        q.recordAttempts(
          trx,
          batch.map((b) => b.record),
        ),
      );
      for (const b of batch) b.resolve();
    } catch (err) {
      for (const b of batch) b.reject(err);
    }
  }
}

/** The webhook.deliver job handler. */
export function deliveryHandler(deps: DeliveryDeps): Handler {
  const schedule = deps.retrySchedule ?? DEFAULT_RETRY_SCHEDULE;
  const timeoutMs = deps.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const now = deps.now ?? (() => new Date());
  // Keep-alive: a busy endpoint gets its deliveries over a few reused connections.
  const writer = new AttemptWriter(deps.db);
  const signers = new SignerCache(deps.secretKey);
  const record = (endpointId: string, attempt: q.AttemptRecord['attempt'], delivery: q.AttemptRecord['delivery'], effect: q.EndpointEffect) => writer.write({ endpointId, attempt, delivery, effect });
  const agents = {
    http: new http.Agent({ keepAlive: true, maxSockets: 64 }),
    https: new https.Agent({ keepAlive: true, maxSockets: 64 }),
  };

  return async (job: Job<DeliverJob>): Promise<Outcome> => {
    const d = await q.loadDeliveryForSend(deps.db.read, job.payload.deliveryId);
    if (!d || d.status === 'succeeded') return { ok: true };
    if (!d.enabled) {
      await deps.db.write((trx) => q.settleDelivery(trx, d.id, { status: 'failed', next_attempt_at: null, last_error: 'endpoint disabled', updated_at: now().toISOString() }));
      return { ok: false, error: 'endpoint disabled', permanent: true };
    }

    const at = now();
    const secrets = [signers.get(d.endpoint_id, d.secret_enc)];
    if (d.previous_secret_enc && d.previous_secret_expires_at && new Date(d.previous_secret_expires_at) > at) {
      secrets.push(signers.get(d.endpoint_id, d.previous_secret_enc));
    }
    const result = await sendWebhook(d.url, {
      body: d.payload,
      headers: {
        'webhook-id': d.event_id,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': signatureFor(secrets, d.event_id, at, d.payload),
      },
      timeoutMs,
      allowPrivateNetworks: deps.allowPrivateNetworks,
      agents,
      resolve: deps.resolve,
    });

    const t = now();
    const attempt = {
      delivery_id: d.id,
      workspace_id: d.workspace_id,
      attempt: d.attempts + 1,
      status_code: result.statusCode,
      duration_ms: result.durationMs,
      error: result.error,
      response_body: result.responseBody,
      created_at: t.toISOString(),
    };

    if (result.error === null) {
      await record(d.endpoint_id, attempt, { status: 'succeeded', next_attempt_at: null }, d.failing_since ? { kind: 'recovered' } : { kind: 'none' });
      return { ok: true };
    }
    if (result.statusCode === 410) {
      await record(d.endpoint_id, attempt, { status: 'failed', next_attempt_at: null }, { kind: 'disable', reason: 'The endpoint answered 410 Gone' });
      return { ok: false, error: result.error, permanent: true };
    }
    const failingSince = d.failing_since ? new Date(d.failing_since) : t;
    if (t.getTime() - failingSince.getTime() >= DISABLE_AFTER_MS) {
      const reason = `Every attempt failed since ${failingSince.toISOString()} (5 days)`;
      await record(d.endpoint_id, attempt, { status: 'failed', next_attempt_at: null }, { kind: 'disable', reason });
      return { ok: false, error: result.error, permanent: true };
    }
    if (job.attempts > schedule.length) {
      await record(d.endpoint_id, attempt, { status: 'failed', next_attempt_at: null }, { kind: 'failed' });
      return { ok: false, error: result.error, permanent: true };
    }
    const delayMs = result.retryAfterMs ?? jitter(schedule[job.attempts - 1]! * 1000);
    const retryAt = new Date(t.getTime() + delayMs);
    await record(d.endpoint_id, attempt, { status: 'pending', next_attempt_at: retryAt.toISOString() }, { kind: 'failed' });
    return { ok: false, error: result.error, retryAt };
  };
}
