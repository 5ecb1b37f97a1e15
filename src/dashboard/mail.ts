// The system-mail.send job: an invitation or a password-reset mail, over SMTP_URL, or kept as
// captured (status `captured`, shown by `replydesk mail list --system`) when there is none.
import type { Db } from '../db/connect.ts';
import type { Job, Outcome } from '../jobs/queue.ts';
import { smtpTransport } from '../mail/smtp.ts';
import * as q from './queries.ts';

const RETRY_SECONDS = [10, 60, 300, 1800];

export function systemMailHandler(db: Db, opts: { smtpUrl: string | null; from: string }) {
  const transport = opts.smtpUrl ? smtpTransport(opts.smtpUrl) : null;
  return async (job: Job<{ id: string }>): Promise<Outcome> => {
    const mail = await q.getSystemMail(db.read, job.payload.id);
    if (!mail || mail.status !== 'captured' || !transport) return { ok: true };
    try {
      await transport.sendMail({ from: opts.from, to: mail.to_address, subject: mail.subject, text: mail.text });
      await db.write((trx) => q.setSystemMailStatus(trx, mail.id, 'sent', null));
      return { ok: true };
    } catch (err) {
      const reason = (err as Error).message.slice(0, 500);
      const delay = RETRY_SECONDS[job.attempts - 1];
      if (delay === undefined) {
        await db.write((trx) => q.setSystemMailStatus(trx, mail.id, 'failed', reason));
        return { ok: false, error: reason, permanent: true };
      }
      return { ok: false, error: reason, retryAt: new Date(Date.now() + delay * 1000) };
    }
  };
}
