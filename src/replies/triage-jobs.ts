// The work a reply's changes hand to triage, in their own transactions: one job per reply
// ingested without a category (workspace triage on), one per correction to learn from. The job
// kinds and payloads are declared here, below triage: triage/ runs them (triage/handlers.ts)
// and reads replies, so replies/ never imports triage/.
import type { Tx } from '../db/types.ts';
import { enqueue } from '../jobs/queries.ts';
import { triageEnabled } from '../workspaces/queries.ts';

export const TRIAGE_JOB = 'triage.reply';
export const TRIAGE_MODEL_JOB = 'triage.model';
export const TRIAGE_LEARN_JOB = 'triage.learn';

export interface TriagePayload {
  replyId: string;
}
export interface LearnPayload {
  replyId: string;
  categoryId: string;
}

/**
 * Whether a workspace has triage on, as this process last read it (at most FLAG_TTL_MS ago):
 * ingestion asks on every reply, the switch moves rarely. PATCH /api/triage in this process
 * forgets the entry at once; one made through another process is seen within the TTL.
 */
const flags = new Map<string, { on: boolean; until: number }>();
const FLAG_TTL_MS = 2_000;

export function forgetTriageFlag(workspaceId: string) {
  flags.delete(workspaceId);
}

export async function triageOn(trx: Tx, workspaceId: string): Promise<boolean> {
  const now = Date.now();
  const hit = flags.get(workspaceId);
  if (hit && hit.until > now) return hit.on;
  const [ws] = await triageEnabled(trx, { ws: workspaceId });
  const on = Boolean(ws?.triage_enabled);
  if (flags.size > 10_000) flags.clear();
  flags.set(workspaceId, { on, until: now + FLAG_TTL_MS });
  return on;
}

/** Queues triage of a reply just stored, when its workspace has triage on. */
export async function queueTriage(trx: Tx, workspaceId: string, replyId: string): Promise<boolean> {
  if (!(await triageOn(trx, workspaceId))) return false;
  await enqueue(trx, { workspaceId, kind: TRIAGE_JOB, payload: { replyId } satisfies TriagePayload, maxAttempts: 5 });
  return true;
}

/**
 * How long a correction waits before the worker learns it. The model is one JSON value per
 * workspace (docs/triage.md "Learning from the team"), written whole by every learning: a team
 * sorting a backlog (or a client's bulk PATCHes) made one write of it for every one or two
 * corrections, and on PostgreSQL those writes held PATCH to 340 a second (530 without them).
 * Corrections are learned at the end of the window of LEARN_AFTER_MS they fall in: those of one
 * window fall due together, the worker claims them together and learns them in one write; the
 * next decision uses them a moment later.
 */
export const LEARN_AFTER_MS = 2_000;

/**
 * A person or a client put a reply in a category: the workspace's model learns it, in a job
 * (the request pays one row; the model's JSON is read and written by the worker, corrections
 * claimed together learned in one write).
 */
export async function queueLearning(trx: Tx, workspaceId: string, replyId: string, categoryId: string): Promise<void> {
  const runAt = new Date(Math.ceil((Date.now() + 1) / LEARN_AFTER_MS) * LEARN_AFTER_MS);
  await enqueue(trx, { workspaceId, kind: TRIAGE_LEARN_JOB, payload: { replyId, categoryId } satisfies LearnPayload, maxAttempts: 5, runAt });
}
