// The work a reply's changes hand to triage, in their own transactions: one job per reply
// ingested without a category (workspace triage on). Corrections are learned from the replies'
// history (triage/learning.ts); triage.learn jobs are only those queued before that. The job
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
/** A triage.learn job's payload (queued before the learning sweep; triage/handlers.ts still runs them). */
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
