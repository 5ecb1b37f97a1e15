// workspace_counts, and only here: the per-workspace counters behind every list's
// `pagination.total`, kept in the transactions that change what they count, never a scan.
//
// A workspace's counters are spread over counterSlots(db) rows (src/db/dialect.ts): a change
// adds its deltas to one slot chosen at random, creating the row on first use, and a read sums
// the slots. A slot may hold a negative number (a reply counted into `pending` in one slot and
// moved out of it in another); only the sums mean anything.
import { sql } from 'kysely';
import { counterSlots } from '../db/dialect.ts';
import { prepared } from '../db/prepared.ts';
import type { Q, ReplyStatus, Tx } from '../db/types.ts';

export const COUNTERS = ['replies_total', 'replies_pending', 'replies_ready', 'replies_sent', 'replies_archived', 'contacts_total', 'searched_text_edits'] as const;
export type Counter = (typeof COUNTERS)[number];
export type Counts = Record<Counter, number>;

const sums = prepared((db, a: { ws: string }) =>
  db
    .selectFrom('workspace_counts')
    .select((eb) => COUNTERS.map((c) => eb.fn.coalesce(eb.fn.sum<number>(c), sql<number>`0`).as(c)))
    .where('workspace_id', '=', a.ws),
);

/** The workspace's counters. */
export async function readCounts(db: Q, workspaceId: string): Promise<Counts> {
  const [row] = await sums(db, { ws: workspaceId });
  // sum() of integers is a bigint on PostgreSQL: Number() makes both dialects answer numbers
  return Object.fromEntries(COUNTERS.map((c) => [c, Number(row?.[c] ?? 0)])) as Counts;
}

/** How many replies the workspace has, in one status or in all. */
export async function countReplies(db: Q, workspaceId: string, status?: ReplyStatus): Promise<number> {
  const counts = await readCounts(db, workspaceId);
  return counts[status ? (`replies_${status}` as const) : 'replies_total'];
}

const add = prepared((db, a: Counts & { ws: string; slot: number }) =>
  db
    .insertInto('workspace_counts')
    .values({ workspace_id: a.ws, slot: a.slot, ...Object.fromEntries(COUNTERS.map((c) => [c, a[c]])) })
    .onConflict((oc) => oc.columns(['workspace_id', 'slot']).doUpdateSet((eb) => Object.fromEntries(COUNTERS.map((c) => [c, eb(`workspace_counts.${c}`, '+', eb.ref(`excluded.${c}`))])))),
);

/**
 * The version of what a search of the workspace can find: it changes with every reply added
 * and every change of a stored reply's searched text (migration 0015), and with nothing else.
 * While `edits` stays the same, replies were only added: a deletion moves it too.
 */
export interface TextVersion {
  replies: number;
  edits: number;
}

export const searchedTextVersion = (counts: Counts): TextVersion => ({ replies: counts.replies_total, edits: counts.searched_text_edits });

/** Adds the deltas (missing ones are 0) to the workspace's counters, in the caller's transaction. */
export function addToCounts(db: Tx, workspaceId: string, deltas: Partial<Counts>) {
  const row = { ws: workspaceId, slot: Math.floor(Math.random() * counterSlots(db)) } as Counts & { ws: string; slot: number };
  for (const c of COUNTERS) row[c] = deltas[c] ?? 0;
  return add(db, row);
}

/** A reply counted under one status moves to another. */
export function moveStatusCount(db: Tx, workspaceId: string, from: ReplyStatus, to: ReplyStatus) {
  return addToCounts(db, workspaceId, { [`replies_${from}`]: -1, [`replies_${to}`]: 1 });
}
