// The mail.send job: delivers one stored outgoing message over SMTP, or captures it when no
// SMTP_URL is configured. Only this module talks to SMTP.
//
// What an SMTP failure means decides what happens next:
//  - a 5xx reply is permanent (bad mailbox, refused content): the message is failed, the
//    reason recorded, never retried;
//  - a 4xx reply, a refused or dropped connection, a timeout are temporary: the message stays
//    queued and the job is retried on the schedule (MAIL_RETRY_SCHEDULE), then failed.
// The MIME was built when the request was accepted, so every attempt sends the same bytes and
// the same Message-ID. A crash after the server accepted the mail but before the row says so
// sends it again on the retry (SMTP offers no exactly-once); receivers that dedupe by
// Message-ID (most do) show it once.
import nodemailer from 'nodemailer';
import SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { Db } from '../db/connect.ts';
import type { Tx } from '../db/types.ts';
import type { Job, Outcome } from '../jobs/queue.ts';
import * as q from './queries.ts';
import type { MailSendPayload } from './service.ts';

/** Seconds before each retry: 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 4 h, 8 h (≈ 16 h in all). */
export const DEFAULT_MAIL_RETRY_SCHEDULE = [5, 30, 120, 600, 1800, 3600, 7200, 14_400, 28_800];

/**
 * SMTP timeouts (ms). An attempt that takes longer than `attempt` is abandoned and retried;
 * it stays well under the job's 60-second lease, so no second worker takes the job while the
 * first may still be sending it.
 */
export const DEFAULT_SMTP_TIMEOUTS = { connection: 10_000, greeting: 10_000, socket: 20_000, attempt: 40_000 };

/** A mail's own mailbox (outgoing_messages.connection_id): its SMTP transport, composed in job-handlers.ts. */
export interface MailboxRoute {
  /** The mailbox's transport; null when it has no SMTP settings (SMTP_URL then); 'gone' when it was deleted. */
  transport(connectionId: string): Promise<{ sendMail(mail: object): Promise<{ response?: string }>; close(): void } | null | 'gone'>;
  /** Runs in the transaction that records a send through the mailbox (the Sent-folder copy is queued there). */
  afterSend(trx: Tx, message: { id: string; workspace_id: string; connection_id: string }): Promise<void>;
}

export interface MailDeliveryOptions {
  smtpUrl: string | null;
  retrySchedule?: number[] | null;
  timeouts?: Partial<typeof DEFAULT_SMTP_TIMEOUTS>;
  mailbox?: MailboxRoute;
}

interface SmtpError extends Error {
  code?: string;
  responseCode?: number;
  response?: string;
}

export function isPermanent(err: SmtpError): boolean {
  return typeof err.responseCode === 'number' && err.responseCode >= 500 && err.responseCode < 600;
}

function describe(err: SmtpError): string {
  const parts = [err.responseCode ? String(err.responseCode) : null, err.code ?? null, err.response ?? err.message].filter(Boolean);
  return parts.join(' ').slice(0, 1000);
}

/**
 * The one way this service opens SMTP: nodemailer with the timeouts above, to SMTP_URL or to
 * a mailbox's own server (connections/net.ts smtpClient, which checks the address first).
 */
export function smtpTransport(target: string | SMTPTransport.Options, timeouts: typeof DEFAULT_SMTP_TIMEOUTS = DEFAULT_SMTP_TIMEOUTS) {
  const where = typeof target === 'string' ? { url: target } : target;
  return nodemailer.createTransport(new SMTPTransport({ ...where, connectionTimeout: timeouts.connection, greetingTimeout: timeouts.greeting, socketTimeout: timeouts.socket }));
}

export function mailSendHandler(db: Db, opts: MailDeliveryOptions) {
  const schedule = opts.retrySchedule?.length ? opts.retrySchedule : DEFAULT_MAIL_RETRY_SCHEDULE;
  const timeouts = { ...DEFAULT_SMTP_TIMEOUTS, ...opts.timeouts };
  const transport = opts.smtpUrl ? smtpTransport(opts.smtpUrl, timeouts) : null;

  return async (job: Job<MailSendPayload>): Promise<Outcome> => {
    const message = await q.getOutgoing(db.read, job.payload.outgoingId);
    // Gone (reply deleted) or already settled by an earlier attempt: nothing to do.
    if (!message || message.status !== 'queued') return { ok: true };

    // the reply's mailbox sends it when it has SMTP settings (CONTRACT "Mailboxes"); SMTP_URL otherwise
    const connectionId = message.connection_id ?? null;
    let own: Awaited<ReturnType<MailboxRoute['transport']>> = null;
    try {
      own = connectionId && opts.mailbox ? await opts.mailbox.transport(connectionId) : null;
    } catch (e) {
      own = { sendMail: () => Promise.reject(e), close: () => {} };
    }
    if (own === 'gone') {
      const reason = 'the mailbox it was to be sent through was deleted';
      await db.write((trx) => q.recordAttempt(trx, message.id, { status: 'failed', last_error: reason }));
      return { ok: false, error: reason, permanent: true };
    }
    const via = own ?? transport;
    if (!via) {
      await db.write((trx) => q.recordAttempt(trx, message.id, { status: 'captured', last_error: null, sent_at: null }));
      return { ok: true };
    }

    const envelope = { from: message.from_address, to: JSON.parse(message.to_addresses) as string[] };
    try {
      const info = await withTimeout(via.sendMail({ envelope, raw: message.raw }), timeouts.attempt);
      await db.write(async (trx) => {
        const recorded = await q.recordAttempt(trx, message.id, { status: 'sent', last_error: null, smtp_response: String(info.response ?? '').slice(0, 1000), sent_at: new Date().toISOString() });
        if (recorded && own && connectionId) await opts.mailbox!.afterSend(trx, { id: message.id, workspace_id: message.workspace_id, connection_id: connectionId });
      });
      return { ok: true };
    } catch (e) {
      const err = e as SmtpError;
      const reason = describe(err);
      if (isPermanent(err)) {
        await db.write((trx) => q.recordAttempt(trx, message.id, { status: 'failed', last_error: reason, smtp_response: err.response ?? null }));
        return { ok: false, error: reason, permanent: true };
      }
      const delay = schedule[job.attempts - 1];
      if (delay === undefined) {
        const final = `gave up after ${job.attempts} attempts: ${reason}`;
        await db.write((trx) => q.recordAttempt(trx, message.id, { status: 'failed', last_error: final, smtp_response: err.response ?? null }));
        return { ok: false, error: final, permanent: true };
      }
      await db.write((trx) => q.recordAttempt(trx, message.id, { status: 'queued', last_error: reason, smtp_response: err.response ?? null }));
      // ±10 % jitter so a server that comes back is not hit by every queued mail at once.
      const jitter = delay * 1000 * 0.1 * (Math.random() * 2 - 1);
      return { ok: false, error: reason, retryAt: new Date(Date.now() + delay * 1000 + jitter) };
    } finally {
      if (own) own.close();
    }
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`SMTP attempt timed out after ${ms / 1000} s`), { code: 'ETIMEDOUT' })), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
