// Learning from the team (docs/triage.md "Learning from the team"): a person's or client's
// category change is a correction the workspace's model learns. The change writes its history
// row anyway (reply_activity, action 'category'); the worker's sweep reads the rows written since
// its mark every LEARN_AFTER_MS and learns each workspace's in one write of its model. A PATCH
// pays nothing for it. Where the mark stands and why it never skips a row that commits late:
// migration 0028 and db/dialect.ts correctionsSince.
import type { Db } from '../db/connect.ts';
import { correctionsSince } from '../db/dialect.ts';
import type { Tx } from '../db/types.ts';
import { WorkspaceModel } from './local/index.ts';
import { parseModel } from './model-cache.ts';
import * as q from './queries.ts';
import { inputOf } from './reply-text.ts';

/** How often the worker's sweep learns the corrections made since the last (ms). */
export const LEARN_AFTER_MS = 2_000;

/**
 * One sweep, in one write: the mark held (a second worker's sweep waits, then reads from where
 * this one stopped), the corrections since it learned, the mark moved on. Answers how many
 * corrections were learned.
 */
export function learnCorrections(db: Db): Promise<number> {
  return db.write(async (trx) => {
    const { corrections, mark } = await correctionsSince(trx, await q.lockLearningMark(trx));
    const byWorkspace = new Map<string, { replyId: string; categoryId: string }[]>();
    for (const c of corrections) {
      const list = byWorkspace.get(c.workspace_id) ?? [];
      list.push({ replyId: c.reply_id, categoryId: c.category_id });
      byWorkspace.set(c.workspace_id, list);
    }
    let learned = 0;
    for (const [workspaceId, list] of byWorkspace) learned += await learnInto(trx, workspaceId, list);
    await q.saveLearningMark(trx, mark);
    return learned;
  });
}

/**
 * Folds corrections into the workspace's model in one write of it (the row held, so two
 * learners take turns), each with its reply's text as stored now; a reply since deleted is
 * skipped. The version goes up with the model, so every process's model-cache.ts reads it again.
 */
export async function learnInto(trx: Tx, workspaceId: string, corrections: { replyId: string; categoryId: string }[]): Promise<number> {
  const replies = new Map((await q.repliesForTriage(trx, workspaceId, [...new Set(corrections.map((c) => c.replyId))])).map((r) => [r.id, r]));
  const row = await q.loadModelForUpdate(trx, workspaceId);
  const model = row ? parseModel(row.model) : WorkspaceModel.empty();
  let learned = 0;
  for (const c of corrections) {
    const r = replies.get(c.replyId);
    if (!r) continue;
    model.learn(inputOf(r), c.categoryId);
    learned += 1;
  }
  if (learned) await q.saveModel(trx, workspaceId, { model: JSON.stringify(model.toJSON()), examples: (row?.examples ?? 0) + learned, updated_at: new Date().toISOString() });
  return learned;
}
