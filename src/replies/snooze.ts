// The end of a snooze (docs/api.md "PATCH rules"): at its time, found by a sweep that the job
// worker runs every few seconds, or when the same contact writes again, in the transaction that
// stores the new reply. Either way the reply's snoozed_until becomes null, updated_at moves (the
// list's memo, list-page.ts), reply.updated records the change and the reply's history names
// Replydesk as who ended it (activity.ts).
import type { Db } from '../db/connect.ts';
import type { Tx } from '../db/types.ts';
import { raise } from '../events.ts';
import * as q from './queries.ts';
import { record, SYSTEM } from '../activity/record.ts';

type Snoozed = Awaited<ReturnType<typeof q.findSnoozedOfSender>>[number];

/**
 * Ends the snoozes of these replies. A new reply from a contact wakes the contact's (read with
 * q.findSnoozedOfSender among the first statements of the write that stores it).
 */
export async function wake(trx: Tx, workspaceId: string, replies: Snoozed[], at: string) {
  if (!replies.length) return;
  await q.clearSnoozes(
    trx,
    workspaceId,
    replies.map((r) => r.id),
    at,
  );
  for (const r of replies) {
    const { snoozed_until: previous, ...rest } = r;
    await raise(trx, workspaceId, 'reply.updated', { ...rest, snoozed_until: null, updated_at: at, changes: { snoozed_until: { previous, current: null } } });
    await record(trx, workspaceId, r.id, SYSTEM, at, [{ action: 'snooze', from: previous, to: null }]);
  }
}

/** Ends every snooze whose time has come, in batches of `batch`; returns how many. */
export async function wakeDueSnoozes(db: Db, now = new Date(), batch = 500): Promise<number> {
  let total = 0;
  for (;;) {
    const at = now.toISOString();
    const woken = await db.write(async (trx) => {
      const due = await q.findDueSnoozes(trx, at, batch);
      // (Map.groupBy is Node 21)
      const byWorkspace = new Map<string, Snoozed[]>();
      for (const { workspace_id: workspaceId, ...r } of due) byWorkspace.set(workspaceId, [...(byWorkspace.get(workspaceId) ?? []), r]);
      for (const [workspaceId, rows] of byWorkspace) await wake(trx, workspaceId, rows, new Date().toISOString());
      return due.length;
    });
    total += woken;
    if (woken < batch) return total;
  }
}
