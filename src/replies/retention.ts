// Retention (docs/api.md "Retention"): a workspace may keep its replies for a number of days
// (GET/PATCH /api/retention; Settings → Workspace). The worker's hourly sweep deletes replies
// received before that, with everything hanging off them, and the stored events (with their
// webhook deliveries) older than that, in batches of BATCH, each its own short transaction with
// a pause between, so the writer is never held for long. Counters and contacts' reply counts
// move with the rows actually deleted (`returning`), so two workers sweeping together delete
// and count each reply once. Off (null) by default.
import type { Db } from '../db/connect.ts';
import type { ReplyStatus } from '../db/types.ts';
import { Errors } from '../errors.ts';
import { addToCounts, type Counts } from '../workspaces/counts.ts';
import { fixedTextMemo } from './list-page.ts';
import * as q from './retention-queries.ts';

const DAY_MS = 86_400_000;
export const MAX_RETENTION_DAYS = 3650;
const BATCH = 200;
const PAUSE_MS = 20;

export async function getRetention(db: Db, workspaceId: string) {
  return { days: await q.retentionDays(db.read, workspaceId) };
}

export async function setRetention(db: Db, workspaceId: string, days: number | null) {
  if (days !== null && (!Number.isInteger(days) || days < 1 || days > MAX_RETENTION_DAYS))
    throw Errors.BadRequest(`days must be a whole number from 1 to ${MAX_RETENTION_DAYS}, or null to keep replies forever`);
  await db.write((trx) => q.setRetentionDays(trx, workspaceId, days));
  return { days };
}

const pause = () => new Promise((resolve) => setTimeout(resolve, PAUSE_MS));

/** One workspace's sweep: batches until nothing older than its cutoff is left. Answers what went. */
export async function sweepWorkspace(db: Db, workspaceId: string, days: number, now = Date.now(), batch = BATCH) {
  const before = new Date(now - days * DAY_MS).toISOString();
  let replies = 0;
  let events = 0;
  for (;;) {
    const gone = await db.write(async (trx) => {
      const rows = await q.deleteRepliesBefore(trx, workspaceId, before, batch);
      if (!rows.length) return rows;
      const deltas: Partial<Counts> = { replies_total: -rows.length, searched_text_edits: 1 };
      const perContact = new Map<string, number>();
      for (const r of rows) {
        const counter = `replies_${r.status as ReplyStatus}` as const;
        deltas[counter] = (deltas[counter] ?? 0) - 1;
        perContact.set(r.contact_id, (perContact.get(r.contact_id) ?? 0) + 1);
      }
      await addToCounts(trx, workspaceId, deltas);
      for (const [contactId, n] of perContact) await q.lessReplies(trx, workspaceId, contactId, n);
      return rows;
    });
    fixedTextMemo.forget(gone.map((r) => r.id));
    replies += gone.length;
    if (gone.length < batch) break;
    await pause();
  }
  for (;;) {
    const n = await db.write((trx) => q.deleteEventsBefore(trx, workspaceId, before, batch));
    events += n;
    if (n < batch) break;
    await pause();
  }
  return { replies, events };
}

/** The worker's hourly task: every workspace with a retention, one after the other. */
export async function sweepRetention(db: Db, now = Date.now()) {
  for (const ws of await q.retainingWorkspaces(db.read)) await sweepWorkspace(db, ws.id, ws.retention_days!, now);
}
