// The mailbox sync: replies arrive from the agency's own inboxes
// (docs/mailboxes.md "How the sync works").
// It runs inside the worker process (main.ts serve and `replydesk worker`).
//
// MailboxSync, one per process, looks every few seconds for mailboxes that are due (not
// paused, not backing off) and whose lease is free or lapsed, takes each lease with one
// conditional UPDATE (mailboxes/queries.ts takeLease: of several workers, exactly one gets
// it), renews the leases it holds, and runs a MailboxSession (mailboxes/session.ts: one IMAP
// connection's life) for each. A worker that dies stops renewing; its leases lapse after
// leaseMs and another worker takes them over. A lease that could not be renewed (lost, paused,
// deleted) or whose settings changed ends its session.
import type { Db } from '../db/connect.ts';
import { uuidv7 } from '../db/ids.ts';
import { type BackoffOptions, DEFAULT_BACKOFF } from './backoff.ts';
import type { IngestTriage } from '../replies/ingest.ts';
import type { NetOptions } from './net.ts';
import * as q from './queries.ts';
import type { OAuthTokens } from './oauth-tokens.ts';
import { MailboxSession } from './session.ts';

export interface SyncOptions {
  secretKey: Buffer;
  allowPrivateNetworks: boolean;
  maxAttachmentBytes: number;
  /** Triage of each reply stored, in its transaction (triage/ingestion.ts triageAtIngestion). */
  triage?: IngestTriage;
  /** How often a connected mailbox is checked (NOOP watchdog + catch-up), and polled without IDLE (ms). */
  pollMs: number;
  /** How long a lease holds without renewal (ms). */
  leaseMs?: number;
  /** How often this process looks for due mailboxes and renews its leases (ms). */
  scanMs?: number;
  /** Connection, greeting and watchdog timeouts (ms). */
  timeoutMs?: number;
  /** UIDs fetched per FETCH. */
  pageSize?: number;
  /** Most mailboxes this process syncs at once. */
  maxMailboxes?: number;
  backoff?: BackoffOptions;
  holder?: string;
  /** Fresh access tokens of mailboxes that sign in over OAuth; none: such mailboxes fail to log in. */
  tokens?: OAuthTokens | null;
  lookup?: NetOptions['lookup'];
  log?: { info(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
}

const now = () => new Date().toISOString();

export class MailboxSync {
  readonly holder: string;
  readonly opts: Required<Omit<SyncOptions, 'lookup' | 'log' | 'holder' | 'triage' | 'tokens'>> & Pick<SyncOptions, 'lookup' | 'log' | 'triage' | 'tokens'>;
  private readonly sessions = new Map<string, MailboxSession>();
  /** Each session's end, its lease given up included. */
  private readonly ended = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private scanning: Promise<void> | null = null;
  private running = false;

  constructor(
    readonly db: Db,
    opts: SyncOptions,
  ) {
    this.holder = opts.holder ?? `mailboxes-${uuidv7()}`;
    const leaseMs = opts.leaseMs ?? 60_000;
    this.opts = {
      ...opts,
      leaseMs,
      scanMs: opts.scanMs ?? Math.min(5_000, leaseMs / 3),
      timeoutMs: opts.timeoutMs ?? 30_000,
      pageSize: opts.pageSize ?? 100,
      maxMailboxes: opts.maxMailboxes ?? 200,
      backoff: opts.backoff ?? DEFAULT_BACKOFF,
    };
  }

  start() {
    if (this.running) return;
    this.running = true;
    this.timer = setInterval(() => this.tick(), this.opts.scanMs);
    this.tick();
  }

  /** Ends every session, gives their leases up (another worker may take them at once). */
  async stop() {
    this.running = false;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.scanning;
    await Promise.all([...this.sessions.values()].map((s) => s.stop()));
    await Promise.all(this.ended);
  }

  /** Mailboxes this process is syncing now (for tests and the log). */
  get syncing(): string[] {
    return [...this.sessions.keys()];
  }

  private tick() {
    if (this.scanning || !this.running) return;
    this.scanning = this.scan()
      .catch((err: unknown) => this.opts.log?.error({ err }, 'mailbox scan failed'))
      .finally(() => {
        this.scanning = null;
      });
  }

  private lease(id: string) {
    const t = Date.now();
    return this.db.write((trx) => q.takeLease(trx, id, this.holder, new Date(t).toISOString(), new Date(t + this.opts.leaseMs).toISOString()));
  }

  async scan() {
    for (const [id, session] of this.sessions) {
      const row = await this.lease(id);
      if (!row) void session.stop();
      else if (row.updated_at !== session.version) void session.stop();
    }
    const room = this.opts.maxMailboxes - this.sessions.size;
    if (room <= 0 || !this.running) return;
    const due = await q.dueMailboxes(this.db.read, now(), this.holder, room);
    for (const { id } of due) {
      if (this.sessions.has(id) || !this.running) continue;
      const row = await this.lease(id);
      if (!row) continue;
      const session = new MailboxSession(this, row);
      this.sessions.set(id, session);
      // the lease is given up before the session leaves the map: a session started for the
      // mailbox in between would otherwise lose its lease to the old one's release
      const ended: Promise<void> = session.run().finally(async () => {
        await this.db.write((trx) => q.releaseLease(trx, id, this.holder)).catch((err: unknown) => this.opts.log?.error({ err, connection: id }, 'could not release a mailbox lease'));
        this.sessions.delete(id);
        this.ended.delete(ended);
      });
      this.ended.add(ended);
    }
  }
}
