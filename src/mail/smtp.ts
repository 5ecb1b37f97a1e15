// The one way this service opens SMTP, and what an SMTP failure means.
//
//  - a 5xx answer is permanent (bad mailbox, refused content): the message is failed;
//  - a 4xx answer is temporary: the server said no, so nothing was delivered, and the message
//    is retried on the schedule (MAIL_RETRY_SCHEDULE);
//  - a failure with no answer at all (a refused or dropped connection, a timeout) is temporary
//    too, but *unanswered*: when it came after the data had gone, the server may have taken the
//    message, just as when the worker dies in the middle of an attempt (mail/transport.ts).
import nodemailer from 'nodemailer';
import SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';

/**
 * SMTP timeouts (ms). An attempt that takes longer than `attempt` is abandoned and retried;
 * it stays well under the job's 60-second lease, so no second worker takes the job while the
 * first may still be sending it.
 */
export const DEFAULT_SMTP_TIMEOUTS = { connection: 10_000, greeting: 10_000, socket: 20_000, attempt: 40_000 };

export interface SmtpError extends Error {
  code?: string;
  responseCode?: number;
  response?: string;
}

export function isPermanent(err: SmtpError): boolean {
  return typeof err.responseCode === 'number' && err.responseCode >= 500 && err.responseCode < 600;
}

/** No SMTP answer settled the attempt: the server may or may not have the message. */
export function isUnanswered(err: SmtpError): boolean {
  return typeof err.responseCode !== 'number';
}

export function describe(err: SmtpError): string {
  const parts = [err.responseCode ? String(err.responseCode) : null, err.code ?? null, err.response ?? err.message].filter(Boolean);
  return parts.join(' ').slice(0, 1000);
}

/**
 * nodemailer with the timeouts above, to SMTP_URL or to a mailbox's own server
 * (mailboxes/net.ts smtpClient, which checks the address first). A send's promise resolves
 * on the server's 250 to the data: nodemailer closes the socket without waiting for QUIT.
 */
export function smtpTransport(target: string | SMTPTransport.Options, timeouts: typeof DEFAULT_SMTP_TIMEOUTS = DEFAULT_SMTP_TIMEOUTS) {
  const where = typeof target === 'string' ? { url: target } : target;
  return nodemailer.createTransport(new SMTPTransport({ ...where, connectionTimeout: timeouts.connection, greetingTimeout: timeouts.greeting, socketTimeout: timeouts.socket }));
}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`SMTP attempt timed out after ${ms / 1000} s`), { code: 'ETIMEDOUT' })), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
