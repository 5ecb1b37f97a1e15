// A mailbox's IMAP session (docs/mailboxes.md "How the sync works"), run by MailboxSync
// (mailboxes/sync.ts) while it holds the mailbox's lease.
//
// A MailboxSession is one IMAP connection's life, on a new ImapFlow client every time (a
// closed client cannot be reused), with an 'error' listener from the first moment:
//  1. connect, open the folder read-only (EXAMINE: flags are never changed);
//  2. catch up: every UID above the folder's stored last UID, found with UID SEARCH and
//     fetched in pages of UIDs; each page stored (concurrently: the SQLite group commit makes
//     one transaction of it) before the stored last UID moves past it, so a crash or an outage
//     of any length resumes exactly there, and Message-IDs make a page read twice harmless;
//     a UIDVALIDITY other than the stored one means the server renumbered the folder: it is
//     read again from two days before the last sync, and the Message-IDs keep replies single;
//  3. watch: IDLE where the server offers it (an EXISTS wakes a catch-up at once), and every
//     pollMs a NOOP that must be answered within the timeout (the IDLE watchdog: a connection
//     can die without an event) followed by a catch-up, which is also how servers without IDLE
//     are polled.
// A failure (DNS, TLS, login, a dead connection) ends the session: the state becomes `error`
// with the reason, and the next attempt waits for a growing backoff (mailboxes/backoff.ts),
// stored in the row so a restart keeps it. A connection that worked and then dropped is
// retried at once (a drop is routine; a refused reconnect is then an error).
import type { ImapFlow, MailboxObject } from 'imapflow';
import { backoffMs } from './backoff.ts';
import { type Place, recordSkip, storeRaw } from './ingest.ts';
import { describeFailure, THROTTLE_WAIT_MS, imapClient } from './net.ts';
import * as q from './queries.ts';
import { imapLogin } from './oauth-tokens.ts';
import type { ImapSettings } from './service.ts';
import type { MailboxSync } from './sync.ts';

const DAY = 86_400_000;
const now = () => new Date().toISOString();

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`${what}: no answer within ${ms / 1000} s`), { code: 'ETIMEDOUT' })), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export class MailboxSession {
  readonly version: string | null;
  private client: ImapFlow | null = null;
  private stopped = false;
  private finishWatch: (() => void) | null = null;
  private running: Promise<void> | null = null;
  private uidValidity = '';
  private lastUid = 0;
  private settings: ImapSettings | null = null;
  /** When the server last answered anything during a check: the watchdog's measure. */
  private progressAt = Date.now();

  constructor(
    private readonly sync: MailboxSync,
    private readonly row: q.ConnectionRow,
  ) {
    this.version = row.updated_at;
  }

  private get db() {
    return this.sync.db;
  }

  private get opts() {
    return this.sync.opts;
  }

  async stop() {
    this.stopped = true;
    this.finishWatch?.();
    this.client?.close();
    await this.running;
  }

  run(): Promise<void> {
    this.running = this.attempt();
    return this.running;
  }

  private async attempt() {
    const row = this.row;
    const log = this.opts.log;
    let failure: Error | null = null;
    let active = false;
    try {
      this.settings = await imapLogin(this.opts, row);
      if (!this.settings) return;
      const client = await imapClient(this.settings, {
        allowPrivateNetworks: this.opts.allowPrivateNetworks,
        timeoutMs: this.opts.timeoutMs,
        lookup: this.opts.lookup,
        onError: (err) => {
          failure ??= err;
        },
      });
      this.client = client;
      if (this.stopped) return;
      await client.connect();
      const box = await client.mailboxOpen(this.settings.folder, { readOnly: true });
      await this.start(client, box);
      await this.catchUp(client);
      const recorded = await this.db.write((trx) =>
        q.recordSync(trx, row.id, this.sync.holder, this.version, { sync_state: 'active', last_synced_at: now(), last_error: null, sync_failures: 0, next_sync_at: null }),
      );
      if (!recorded) {
        // the lease was lost or the settings changed meanwhile: a fresh session takes over
        log?.warn({ connection: row.id }, 'mailbox lease lost or settings changed; ending the session');
        return;
      }
      active = true;
      log?.info({ connection: row.id, idle: client.capabilities.has('IDLE') }, 'mailbox connected');
      await this.watch(client);
      if (!this.stopped) throw new Error('the server closed the connection');
    } catch (err) {
      if (this.stopped) return;
      const described = describeFailure('IMAP', this.settings ?? { host: row.imap_host ?? '', port: Number(row.imap_port) }, failure ?? err);
      const reason = described.message;
      // a server asking us to slow down is not asked again within THROTTLE_WAIT_MS, whatever the backoff says
      const least = described.step === 'throttled' ? THROTTLE_WAIT_MS : 0;
      try {
        if (active) {
          // a connection that worked and dropped: reconnect now; failing that is an error
          log?.warn({ connection: row.id, reason }, 'mailbox connection lost; reconnecting');
          await this.db.write((trx) => q.recordSync(trx, row.id, this.sync.holder, this.version, { next_sync_at: now() }));
        } else {
          log?.warn({ connection: row.id, reason }, 'mailbox sync failed');
          await this.db.write(async (trx) => {
            const failures = (await q.incrementFailures(trx, row.id, this.sync.holder, this.version))?.sync_failures ?? 1;
            const next = new Date(Date.now() + Math.max(least, backoffMs(failures, this.opts.backoff))).toISOString();
            await q.recordSync(trx, row.id, this.sync.holder, this.version, { sync_state: 'error', last_error: reason, next_sync_at: next });
          });
        }
      } catch (recordErr) {
        log?.error({ err: recordErr, connection: row.id }, 'could not record the mailbox sync state');
      }
    } finally {
      // a polite LOGOUT when the session was stopped on a working connection; a failed one is
      // just closed (a dead server would hold a LOGOUT until its timeout)
      const client = this.client;
      this.client = null;
      if (client && client.usable && this.stopped) await withTimeout(client.logout(), 5_000, 'LOGOUT').catch(() => client.close());
      else client?.close();
    }
  }

  /** Where the folder's sync stands: its stored position, or a re-scan after a UIDVALIDITY change. */
  private async start(client: ImapFlow, box: MailboxObject) {
    const folder = this.settings!.folder;
    this.uidValidity = String(box.uidValidity);
    const uidNext = Number(box.uidNext ?? 1);
    const stored = await q.getFolder(this.db.read, this.row.id, folder);
    let reset = false;
    if (!stored) {
      // never synced (IMAP added without the login check's position): the mail from now on
      this.lastUid = uidNext - 1;
      reset = true;
    } else if (stored.uidvalidity !== this.uidValidity) {
      const since = new Date(Date.parse(stored.updated_at) - 2 * DAY);
      const uids = (await client.search({ since }, { uid: true })) || [];
      this.lastUid = uids.length ? Math.min(...uids) - 1 : uidNext - 1;
      reset = true;
      this.opts.log?.warn(
        { connection: this.row.id, folder, was: stored.uidvalidity, now: this.uidValidity, from: this.lastUid + 1 },
        'UIDVALIDITY changed: reading the folder again from two days before the last sync',
      );
    } else {
      this.lastUid = Number(stored.last_uid);
    }
    if (reset) await this.savePosition(true);
  }

  private savePosition(reset = false) {
    return this.db.write((trx) =>
      q.advanceFolder(
        trx,
        {
          connection_id: this.row.id,
          workspace_id: this.row.workspace_id,
          folder: this.settings!.folder,
          uidvalidity: this.uidValidity,
          last_uid: this.lastUid,
          updated_at: now(),
        },
        { reset },
      ),
    );
  }

  /** Every message above the last UID, page by page; the position moves after each page. */
  private async catchUp(client: ImapFlow) {
    const found = (await client.search({ uid: `${this.lastUid + 1}:*` }, { uid: true })) || [];
    const uids = found.filter((u) => u > this.lastUid).sort((a, b) => a - b);
    for (let i = 0; i < uids.length && !this.stopped; i += this.opts.pageSize) {
      const page = uids.slice(i, i + this.opts.pageSize);
      const messages: { uid: number; source: Buffer; internalDate: Date | null }[] = [];
      for await (const m of client.fetch(page.join(','), { uid: true, source: true, internalDate: true }, { uid: true })) {
        this.progressAt = Date.now();
        if (m.source) messages.push({ uid: m.uid, source: m.source, internalDate: m.internalDate instanceof Date ? m.internalDate : m.internalDate ? new Date(m.internalDate) : null });
      }
      await this.store(messages);
      this.lastUid = page[page.length - 1]!;
      await this.savePosition();
    }
  }

  private place(uid: number, arrivedAt: Date | null): Place {
    return { connectionId: this.row.id, workspaceId: this.row.workspace_id, email: this.row.email, folder: this.settings!.folder, uidvalidity: this.uidValidity, uid, arrivedAt };
  }

  /**
   * Stores a page. Together first; a message whose storing failed is tried again alone, and
   * if it fails again it is recorded as skipped with the error: one bad message never stops
   * the mailbox. If even that record cannot be written, the database is the problem: the page
   * fails and is read again later.
   */
  private async store(messages: { uid: number; source: Buffer; internalDate: Date | null }[]) {
    const opts = { maxAttachmentBytes: this.opts.maxAttachmentBytes, ...(this.opts.triage && { triage: this.opts.triage }) };
    const results = await Promise.allSettled(messages.map((m) => storeRaw(this.db, m.source, this.place(m.uid, m.internalDate), opts)));
    for (const [i, result] of results.entries()) {
      const m = messages[i]!;
      const place = this.place(m.uid, m.internalDate);
      let outcome = result.status === 'fulfilled' ? result.value : null;
      if (!outcome) {
        try {
          outcome = await storeRaw(this.db, m.source, place, opts);
        } catch (err) {
          outcome = { stored: false, reason: `could not be stored: ${String((err as Error).message ?? err).slice(0, 300)}`, messageId: null };
        }
      }
      if (!outcome.stored) {
        await recordSkip(this.db, place, outcome);
        this.opts.log?.info({ connection: this.row.id, uid: m.uid, reason: outcome.reason }, 'message skipped');
      }
    }
  }

  /** Waits for new mail until stopped (resolves) or the connection fails (rejects). */
  private watch(client: ImapFlow): Promise<void> {
    const idle = client.capabilities.has('IDLE');
    return new Promise<void>((resolve, reject) => {
      let busy = false;
      let again = false;
      let settled = false;
      const finish = (err?: Error) => {
        if (settled) return;
        settled = true;
        clearInterval(timer);
        client.off('exists', onExists);
        client.off('close', onClose);
        this.finishWatch = null;
        if (err) reject(err);
        else resolve();
      };
      const check = async (watchdog: boolean) => {
        if (busy) {
          again = true;
          return;
        }
        busy = true;
        this.progressAt = Date.now();
        try {
          if (watchdog) await withTimeout(client.noop(), this.opts.timeoutMs, 'IMAP NOOP');
          await this.catchUp(client);
          await this.db.write((trx) => q.recordSync(trx, this.row.id, this.sync.holder, this.version, { last_synced_at: now() }));
          if (idle && !settled) void client.idle().catch(() => {});
        } catch (err) {
          finish(err as Error);
        } finally {
          busy = false;
          if (again && !settled) {
            again = false;
            void check(false);
          }
        }
      };
      const onExists = () => void check(false);
      const onClose = () => finish(this.stopped ? undefined : new Error('the server closed the connection'));
      client.on('exists', onExists);
      client.on('close', onClose);
      this.finishWatch = () => finish();
      // the watchdog: a check that has had no answer for the timeout means a dead connection
      const timer = setInterval(() => {
        if (busy && Date.now() - this.progressAt > this.opts.timeoutMs) finish(Object.assign(new Error(`no answer from the server within ${this.opts.timeoutMs / 1000} s`), { code: 'ETIMEDOUT' }));
        else void check(true);
      }, this.opts.pollMs);
      if (this.stopped) return finish();
      if (idle) void client.idle().catch(() => {});
    });
  }
}
