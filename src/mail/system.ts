// Mail Replydesk itself sends to people (invitations, password resets, a client's weekly
// report; the dashboard and the weekly sender queue them): the system-mail.send job, over
// SMTP_URL, or kept as captured (status `captured`, shown by `replydesk mail list --system`)
// when there is none.
import type { Db } from '../db/connect.ts';
import type { Job, Outcome } from '../jobs/queue.ts';
import { uuidv7 } from '../db/ids.ts';
import type { Tx } from '../db/types.ts';
import { enqueue } from '../jobs/queries.ts';
import { smtpTransport } from './smtp.ts';
import * as q from './system-queries.ts';

export const SYSTEM_MAIL_JOB = 'system-mail.send';
const RETRY_SECONDS = [10, 60, 300, 1800];

/** Queues an invitation or a password reset in the caller's transaction: through the jobs table like all mail. */
export async function queueSystemMail(
  trx: Tx,
  m: { workspaceId: string | null; jobWorkspaceId: string; kind: 'invite' | 'password-reset' | 'weekly-report'; to: string; subject: string; text: string; html?: string; image?: Buffer },
) {
  const id = uuidv7();
  await q.insertSystemMail(trx, {
    id,
    workspace_id: m.workspaceId,
    kind: m.kind,
    to_address: m.to,
    subject: m.subject,
    text: m.text,
    html: m.html ?? null,
    image: m.image ?? null,
    status: 'captured',
    last_error: null,
    created_at: new Date().toISOString(),
  });
  await enqueue(trx, { workspaceId: m.jobWorkspaceId, kind: SYSTEM_MAIL_JOB, payload: { id }, maxAttempts: 5 });
  return id;
}

export function systemMailHandler(db: Db, opts: { smtpUrl: string | null; from: string }) {
  const transport = opts.smtpUrl ? smtpTransport(opts.smtpUrl) : null;
  return async (job: Job<{ id: string }>): Promise<Outcome> => {
    const mail = await q.getSystemMail(db.read, job.payload.id);
    if (!mail || mail.status !== 'captured' || !transport) return { ok: true };
    try {
      await transport.sendMail({
        from: opts.from,
        to: mail.to_address,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html && { html: mail.html }),
        // the HTML shows it as <img src="cid:chart">
        ...(mail.image && { attachments: [{ filename: 'chart.png', contentType: 'image/png', content: Buffer.from(mail.image), cid: 'chart' }] }),
      });
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
