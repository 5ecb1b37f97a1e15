// The mail.send job: delivers one stored outgoing message over SMTP (mail/smtp.ts), or
// captures it when no SMTP_URL is configured. Only this module talks to SMTP servers.
//
// An attempt, and what a crash in its middle can leave (docs/mail.md "What a crash can cause"):
//  1. attempt_started_at is set, in a commit of its own, before the message goes to the server;
//  2. the server's 250 is recorded as `sent` at once, in a small urgent write (db.write's
//     `urgent`: ahead of every ordinary write on SQLite, on connections of its own on
//     PostgreSQL); the job is completed afterwards, and a job run again finds the mail sent;
//  3. an answer that settles the attempt (250, 4xx, 5xx) clears the marker.
// A worker killed between 1 and 2 leaves a queued message with the marker set: the server may
// have it. When the job is taken again (its lease lapsed), that message is *uncertain*. If it
// goes through a mailbox with IMAP settings, its Message-ID is looked for in the mailbox's Sent
// folder first (mailboxes/sent-search.ts): found, it is recorded sent and not sent again.
// Otherwise (no IMAP, not found, the search failed) it is sent again: the MIME was built when
// the request was accepted, so the same bytes with the same Message-ID. An attempt that ends
// with no answer at all (a timeout, a dropped connection) keeps the marker the same way.
import type { Db } from '../db/connect.ts';
import type { OutgoingMessageTable, Tx } from '../db/types.ts';
import type { Job, Outcome } from '../jobs/queue.ts';
import * as q from './queries.ts';
import type { MailSendPayload } from './outgoing.ts';
import { releaseDue } from './schedule.ts';
import { DEFAULT_SMTP_TIMEOUTS, describe, isPermanent, isUnanswered, type SmtpError, smtpTransport, withTimeout } from './smtp.ts';

/** Seconds before each retry: 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 4 h, 8 h (≈ 16 h in all). */
export const DEFAULT_MAIL_RETRY_SCHEDULE = [5, 30, 120, 600, 1800, 3600, 7200, 14_400, 28_800];

type Transport = { sendMail(mail: object): Promise<{ response?: string }>; close(): void };

/** A mail's own mailbox (outgoing_messages.connection_id): its SMTP transport, composed in job-handlers.ts. */
export interface MailboxRoute {
  /** The mailbox's transport; null when it has no SMTP settings (SMTP_URL then); 'gone' when it was deleted. */
  transport(connectionId: string): Promise<Transport | null | 'gone'>;
  /** Runs in the transaction that records a send through the mailbox (the Sent-folder copy is queued there). */
  afterSend(trx: Tx, message: { id: string; workspace_id: string; connection_id: string }): Promise<void>;
  /**
   * Looks for a mail of an interrupted attempt in the mailbox's Sent folder: the folder it was
   * found in, or null (not found, no IMAP settings, or the search failed).
   */
  findSent(connectionId: string, messageId: string): Promise<string | null>;
}

export interface MailDeliveryOptions {
  smtpUrl: string | null;
  retrySchedule?: number[] | null;
  timeouts?: Partial<typeof DEFAULT_SMTP_TIMEOUTS>;
  mailbox?: MailboxRoute;
}

export function mailSendHandler(db: Db, opts: MailDeliveryOptions) {
  const schedule = opts.retrySchedule?.length ? opts.retrySchedule : DEFAULT_MAIL_RETRY_SCHEDULE;
  const timeouts = { ...DEFAULT_SMTP_TIMEOUTS, ...opts.timeouts };
  const transport = opts.smtpUrl ? smtpTransport(opts.smtpUrl, timeouts) : null;
  const record = (id: string, change: Parameters<typeof q.recordAttempt>[2], uncertain = false) => db.write((trx) => q.recordAttempt(trx, id, change, { uncertain }));

  /** One attempt through `via`; `mailboxId` when it leaves through the mail's mailbox. */
  async function attempt(job: Job, message: OutgoingMessageTable, via: Transport, mailboxId: string | null): Promise<Outcome> {
    if (!(await db.write((trx) => q.startAttempt(trx, message.id, new Date().toISOString())))) return { ok: true };
    const envelope = { from: message.from_address, to: JSON.parse(message.to_addresses) as string[] };
    let info: { response?: string };
    try {
      info = await withTimeout(via.sendMail({ envelope, raw: message.raw }), timeouts.attempt);
    } catch (e) {
      return failed(job, message.id, e as SmtpError);
    }
    // The 250: from here until this commit, a crash sends the mail again. Nothing else first.
    await db.write(
      async (trx) => {
        const recorded = await q.recordAttempt(trx, message.id, { status: 'sent', last_error: null, smtp_response: String(info.response ?? '').slice(0, 1000), sent_at: new Date().toISOString() });
        if (recorded && mailboxId) await opts.mailbox!.afterSend(trx, { id: message.id, workspace_id: message.workspace_id, connection_id: mailboxId });
      },
      { urgent: true },
    );
    return { ok: true };
  }

  async function failed(job: Job, id: string, err: SmtpError): Promise<Outcome> {
    const reason = describe(err);
    const uncertain = isUnanswered(err);
    if (isPermanent(err)) {
      await record(id, { status: 'failed', last_error: reason, smtp_response: err.response ?? null });
      return { ok: false, error: reason, permanent: true };
    }
    const delay = schedule[job.attempts - 1];
    if (delay === undefined) {
      const final = `gave up after ${job.attempts} attempts: ${reason}`;
      await record(id, { status: 'failed', last_error: final, smtp_response: err.response ?? null }, uncertain);
      return { ok: false, error: final, permanent: true };
    }
    await record(id, { status: 'queued', last_error: reason, smtp_response: err.response ?? null }, uncertain);
    // ±10 % jitter so a server that comes back is not hit by every queued mail at once.
    const jitter = delay * 1000 * 0.1 * (Math.random() * 2 - 1);
    return { ok: false, error: reason, retryAt: new Date(Date.now() + delay * 1000 + jitter) };
  }

  return async (job: Job<MailSendPayload>): Promise<Outcome> => {
    let message = await q.getOutgoing(db.read, job.payload.outgoingId);
    // a scheduled answer's time has come: it goes on from here as queued, or it was held
    // (mail/schedule.ts)
    if (message?.status === 'scheduled') message = (await releaseDue(db, message.id)) ? await q.getOutgoing(db.read, message.id) : undefined;
    // Gone (reply deleted), cancelled, held or already settled by an earlier attempt: nothing to do.
    if (!message || message.status !== 'queued') return { ok: true };

    // the reply's mailbox sends it when it has SMTP settings, SMTP_URL otherwise
    // (docs/mailboxes.md "Sending through the mailbox")
    const connectionId = message.connection_id ?? null;
    let own: Transport | null | 'gone' = null;
    try {
      own = connectionId && opts.mailbox ? await opts.mailbox.transport(connectionId) : null;
    } catch (e) {
      own = { sendMail: () => Promise.reject(e), close: () => {} };
    }
    if (own === 'gone') {
      const reason = 'the mailbox it was to be sent through was deleted';
      await record(message.id, { status: 'failed', last_error: reason });
      return { ok: false, error: reason, permanent: true };
    }
    const via = own ?? transport;
    if (!via) {
      await record(message.id, { status: 'captured', last_error: null, sent_at: null });
      return { ok: true };
    }
    try {
      // An earlier attempt was cut off after the data may have gone: the server may have it.
      if (message.attempt_started_at && connectionId && opts.mailbox) {
        const folder = await opts.mailbox.findSent(connectionId, message.message_id);
        if (folder) {
          const note = `not sent again: an interrupted attempt's mail is in ${folder}`;
          await record(message.id, { status: 'sent', last_error: null, smtp_response: note, sent_at: message.attempt_started_at, sent_copy: `found in ${folder}` });
          return { ok: true };
        }
      }
      return await attempt(job, message, via, own ? connectionId : null);
    } finally {
      if (own) own.close();
    }
  };
}
