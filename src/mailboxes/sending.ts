// Sending through a mailbox (docs/mailboxes.md "Sending through the mailbox"): the mail.send
// job uses the reply's connection's SMTP server, logged in with its credentials
// (mail/transport.ts MailboxRoute), and once the server accepted the mail a mail.file-sent job
// files a copy in the mailbox's Sent folder over IMAP, so the answer shows up where the
// agency's people look. Apart jobs: a Sent folder that fails is retried on its own and never
// makes the mail go out twice. A mailbox whose server files sent mail itself (Gmail) has
// sent_folder '' and gets no copy.
import type { Db } from '../db/connect.ts';
import type { Tx } from '../db/types.ts';
import { enqueue } from '../jobs/queries.ts';
import type { Job, Outcome } from '../jobs/queue.ts';
import { getOutgoing } from '../mail/queries.ts';
import type { MailboxRoute } from '../mail/transport.ts';
import { describeFailure, imapClient, type NetOptions, smtpClient } from './net.ts';
import * as q from './queries.ts';
import { imapLogin, type LoginDeps, smtpLogin } from './oauth-tokens.ts';
import { sentSearch } from './sent-search.ts';

export const FILE_SENT_JOB = 'mail.file-sent';
export interface FileSentPayload {
  outgoingId: string;
}

export interface SendingOptions extends NetOptions, LoginDeps {
  log?: { warn(obj: unknown, msg?: string): void };
  /** Seconds before each retry of filing the copy. */
  retrySchedule?: number[];
}

const DEFAULT_RETRIES = [10, 60, 300, 1800];

export function mailboxRoute(db: Db, opts: SendingOptions): MailboxRoute {
  const sent = sentSearch(db, opts);
  return {
    async transport(connectionId) {
      const row = await q.connectionForSend(db.read, connectionId);
      if (!row) return 'gone';
      const server = { host: row.smtp_host ?? '', port: Number(row.smtp_port) };
      try {
        const smtp = await smtpLogin(opts, row);
        if (!smtp) return null;
        return await smtpClient(smtp, opts);
      } catch (err) {
        throw describeFailure('SMTP', server, err);
      }
    },
    async afterSend(trx: Tx, message) {
      await enqueue(trx, { workspaceId: message.workspace_id, kind: FILE_SENT_JOB, payload: { outgoingId: message.id } satisfies FileSentPayload, maxAttempts: 100 });
    },
    findSent: (connectionId, messageId) => sent.find(connectionId, messageId),
  };
}

export function fileSentHandler(db: Db, opts: SendingOptions) {
  const schedule = opts.retrySchedule ?? DEFAULT_RETRIES;
  const record = (id: string, value: string) => db.write((trx) => q.recordSentCopy(trx, id, value));
  return async (job: Job<FileSentPayload>): Promise<Outcome> => {
    const message = await getOutgoing(db.read, job.payload.outgoingId);
    if (!message?.connection_id) return { ok: true };
    const row = await q.connectionForSend(db.read, message.connection_id);
    const imap = row ? await imapLogin(opts, row) : null;
    if (!imap) {
      await record(message.id, row ? 'skipped: the mailbox has no IMAP settings' : 'skipped: the mailbox was deleted');
      return { ok: true };
    }
    if (imap.sentFolder === '') {
      await record(message.id, 'skipped: the mailbox files sent mail itself (sent_folder null)');
      return { ok: true };
    }
    let failure: Error | null = null;
    const client = await imapClient(imap, { ...opts, onError: (err) => (failure ??= err) }).catch((err) => err as Error);
    try {
      if (client instanceof Error) throw client;
      await client.connect();
      const folder = imap.sentFolder ?? (await client.list()).find((f) => f.specialUse === '\\Sent')?.path ?? null;
      if (!folder) {
        await record(message.id, 'skipped: the server marks no folder \\Sent; set imap.sent_folder');
        return { ok: true };
      }
      await client.append(folder, message.raw, ['\\Seen'], new Date(message.sent_at ?? message.created_at));
      await record(message.id, `appended to ${folder}`);
      return { ok: true };
    } catch (err) {
      const reason = describeFailure('IMAP', imap, failure ?? err).message;
      const delay = schedule[job.attempts - 1];
      if (delay === undefined) {
        await record(message.id, `failed: ${reason}`);
        return { ok: false, error: reason, permanent: true };
      }
      return { ok: false, error: reason, retryAt: new Date(Date.now() + delay * 1000) };
    } finally {
      if (!(client instanceof Error)) {
        if (client.usable) await client.logout().catch(() => client.close());
        else client.close();
      }
    }
  };
}
