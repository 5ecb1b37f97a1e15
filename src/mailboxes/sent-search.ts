// Looking for a mail in its mailbox's Sent folder after an interrupted attempt (mail/transport.ts
// MailboxRoute.findSent): a worker killed after the SMTP server's 250 but before recording it
// leaves the mail *uncertain*, and where the mailbox's server files what it accepts in Sent
// (Gmail does), the mail found there was delivered and must not go out twice.
//
// Replydesk's own copy (mail.file-sent, sending.ts) is filed only after the send was recorded,
// so it never witnesses that window: for a mailbox whose copy Replydesk files, the search finds
// nothing and the mail is sent again. Filing our copy *before* the data instead would not help:
// a copy found then proves only that an attempt began, not that the server took the mail, so
// trusting it could lose a mail that never left, and a copy marked "unconfirmed" until the 250
// moves the window to that mark instead of closing it. docs/mailboxes.md says the same.
//
// After a crash every uncertain mail of a mailbox is searched for at once, so the searches of one
// mailbox share one IMAP session (one login, SEARCH HEADER Message-ID per mail, pipelined):
// servers refuse more than a few connections per user. A search asked for while a session runs
// waits for the next one.
import type { Db } from '../db/connect.ts';
import { describeFailure, imapClient, type NetOptions } from './net.ts';
import * as q from './queries.ts';
import { imapLogin, type LoginDeps } from './oauth-tokens.ts';

/** A search that takes longer is given up: the mail is sent again, as without IMAP. */
const SESSION_TIMEOUT_MS = 30_000;

type Found = (folder: string | null) => void;

export interface SentSearchOptions extends NetOptions, LoginDeps {
  log?: { warn(obj: unknown, msg?: string): void };
}

export function sentSearch(db: Db, opts: SentSearchOptions) {
  const pending = new Map<string, Map<string, Found[]>>();
  const running = new Set<string>();

  const next = (connectionId: string) => {
    const lookups = pending.get(connectionId);
    if (!lookups || running.has(connectionId)) return;
    pending.delete(connectionId);
    running.add(connectionId);
    void session(connectionId, lookups).finally(() => {
      running.delete(connectionId);
      next(connectionId);
    });
  };

  async function session(connectionId: string, lookups: Map<string, Found[]>) {
    const answer = (id: string, folder: string | null) => {
      for (const found of lookups.get(id) ?? []) found(folder);
      lookups.delete(id);
    };
    const row = await q.connectionForSend(db.read, connectionId).catch(() => undefined);
    // a mailbox whose token cannot be renewed now is not searched: its uncertain mail is sent again
    const imap = row ? await imapLogin(opts, row).catch(() => null) : null;
    if (!imap) return [...lookups.keys()].forEach((id) => answer(id, null));
    let failure: Error | null = null;
    const client = await imapClient(imap, { ...opts, onError: (err) => (failure ??= err) }).catch((err: Error) => err);
    const timer = setTimeout(() => (client instanceof Error ? undefined : client.close()), SESSION_TIMEOUT_MS);
    try {
      if (client instanceof Error) throw client;
      await client.connect();
      // sent_folder '' (the server files sent mail itself) and null both mean the \Sent folder
      const folder = imap.sentFolder || (await client.list()).find((f) => f.specialUse === '\\Sent')?.path;
      if (!folder) throw new Error('the server marks no folder \\Sent');
      await client.mailboxOpen(folder, { readOnly: true });
      await Promise.all(
        [...lookups.keys()].map(async (id) => {
          const uids = await client.search({ header: { 'message-id': id } }, { uid: true });
          answer(id, uids && uids.length > 0 ? folder : null);
        }),
      );
    } catch (err) {
      opts.log?.warn({ connection: connectionId, err: describeFailure('IMAP', imap, failure ?? err).message }, 'could not search the Sent folder; uncertain mail is sent again');
    } finally {
      clearTimeout(timer);
      for (const id of [...lookups.keys()]) answer(id, null);
      if (!(client instanceof Error)) {
        if (client.usable) await client.logout().catch(() => client.close());
        else client.close();
      }
    }
  }

  return {
    find(connectionId: string, messageId: string): Promise<string | null> {
      return new Promise((resolve) => {
        const lookups = pending.get(connectionId) ?? new Map<string, Found[]>();
        pending.set(connectionId, lookups);
        lookups.set(messageId, [...(lookups.get(messageId) ?? []), resolve]);
        // the lookups of this turn go together
        setImmediate(() => next(connectionId));
      });
    },
  };
}
