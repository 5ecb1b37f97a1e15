// A decision written (decide.ts decides it): the reply's category, draft and snooze set under
// the reply's lock, never over a category a client or person set (checked again at apply
// time); the model's draft job queued; the contact's consequences carried out (contacts.ts);
// the record of why (reply_triage). Each in the caller's write.
import type { Tx } from '../db/types.ts';
import { enqueue } from '../jobs/queries.ts';
import { findReplyForUpdate } from '../replies/queries.ts';
import { applyChange } from '../replies/service.ts';
import { TRIAGE } from '../activity/record.ts';
import { TRIAGE_MODEL_JOB } from '../replies/triage-jobs.ts';
import type { Decision } from './local/index.ts';
import { carryOut, consequenceOf } from './contacts.ts';
import { type Apply, type Context, type Plan, planFor, templateDraft } from './decide.ts';
import * as q from './queries.ts';

/** The triage.model job's payload (handlers.ts modelHandler). */
export interface ModelPayload {
  replyId: string;
  /** The local decision, when the model is asked to categorise (it was unsure). */
  local?: Decision | null;
  /** The category triage already set, when the model is asked only for the draft. */
  decided?: string;
}

/** Queues the language model's job for a reply: to decide it, or to draft for the category decided. */
export function queueModelJob(trx: Tx, workspaceId: string, payload: ModelPayload) {
  return enqueue(trx, { workspaceId, kind: TRIAGE_MODEL_JOB, payload, maxAttempts: 3 });
}

/** Once the reply carries the plan's category: the model's draft job, the contact's marks, the record of why. */
export async function recordPlan(trx: Tx, workspaceId: string, r: q.TriageReplyRow, plan: Plan, reason: string, at: string) {
  if (plan.category) {
    if (plan.draftByModelJob) await queueModelJob(trx, workspaceId, { replyId: r.id, decided: plan.category.id });
    await carryOut(trx, workspaceId, consequenceOf(plan.category.name), r, reason, at);
  }
  await q.insertDecision(trx, { reply_id: r.id, workspace_id: workspaceId, ...plan.record, decided_at: at });
}

/**
 * Applies triage's decision to a stored reply, in the caller's write (the triage.reply and
 * triage.model jobs). Nothing happens when the reply is gone or already has a category (set by
 * a client or a person since it was ingested).
 */
export async function applyDecision(trx: Tx, workspaceId: string, ctx: Context, r: q.TriageReplyRow, a: Apply, at: string): Promise<void> {
  // under the reply's lock (PostgreSQL's FOR UPDATE; SQLite's single writer): a person's
  // PATCH either came first and is seen here, or waits and overwrites triage's category
  const locked = await findReplyForUpdate(trx, workspaceId, r.id);
  if (!locked || locked.category_id !== null) return;
  // what may have changed since the batch was read comes from the locked row; the rest (text,
  // contact, client) is as read
  const current = { ...r, ai_response: locked.ai_response };
  const plan = planFor(ctx, current, a);
  if (plan.category) {
    await applyChange(
      trx,
      workspaceId,
      r.id,
      {
        category_id: plan.category.id,
        ...(plan.draft !== null && { ai_response: plan.draft }),
        ...(plan.snoozedUntil !== null && { snoozed_until: plan.snoozedUntil }),
      },
      at,
      { actor: TRIAGE, learn: false, known: { current: locked, categoryChecked: true } },
    );
  }
  await recordPlan(trx, workspaceId, current, plan, a.decision.reason, at);
}

/** The model job's draft for a reply triage already categorised (its category still triage's); without one, the template's. */
export async function applyModelDraft(trx: Tx, workspaceId: string, ctx: Context, replyId: string, categoryId: string, modelDraft: string | null, at: string) {
  const locked = await findReplyForUpdate(trx, workspaceId, replyId);
  if (!locked) return;
  const [current] = await q.repliesForTriage(trx, workspaceId, [replyId]);
  const category = ctx.categories.find((c) => c.id === categoryId);
  if (!current || !category || locked.category_id !== categoryId || locked.ai_response !== null) return;
  const byModel = Boolean(modelDraft?.trim());
  const draft = byModel ? modelDraft!.trim() : templateDraft(ctx, category, current);
  await applyChange(trx, workspaceId, replyId, { ai_response: draft }, at, { actor: TRIAGE, learn: false, known: { current: locked, categoryChecked: true } });
  const decision = await q.findDecision(trx, workspaceId, replyId);
  if (decision) await q.recordDecision(trx, { ...decision, drafted_by: byModel ? 'model' : 'template', decided_at: at });
}
