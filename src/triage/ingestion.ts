// Triage at ingestion (docs/triage.md "On ingestion"): what triage does with a reply about to
// be stored, in the ingestion's transaction, handed to ingestReply (replies/ingest.ts
// IngestTriage) by app.ts and main.ts, so replies/ does not import triage/.
import type { LlmConfig } from '../config/index.ts';
import type { IngestTriage } from '../replies/ingest.ts';
import { queueModelJob, recordPlan } from './apply.ts';
import { contextOf, firstDecision, planFor } from './decide.ts';

/**
 * The local categoriser's decision applied at once or, when a model is configured and the
 * categoriser is unsure, the model's job queued. Decided before the insert, so the reply is
 * stored with its category and draft and reply.received carries them: the triage.reply job
 * (its row, claim, transaction and completion) and a second write of the reply's row cost more
 * than the decision itself (~50 µs) — together, half of SQLite's ingestion rate in the shared
 * benchmark.
 */
export function triageAtIngestion(deps: { llm: LlmConfig | null }): IngestTriage {
  return {
    async prepare(trx, workspaceId) {
      const ctx = await contextOf(trx, workspaceId);
      if (!ctx) return null;
      return {
        decide(r) {
          const first = firstDecision(ctx, r, deps.llm);
          const at = new Date().toISOString();
          if (first.by === 'model') {
            // stored uncategorised; the model's job decides (and applies the local result if it cannot)
            return { category: null, ai_response: null, snoozed_until: null, why: null, stored: (t) => queueModelJob(t, workspaceId, { replyId: r.id, local: first.local }).then(() => {}) };
          }
          const a = first.apply;
          const plan = planFor(ctx, r, a);
          const c = plan.category;
          return {
            category: c && { id: c.id, name: c.name, color: c.color, is_positive: Boolean(c.is_positive) },
            ai_response: plan.draft,
            snoozed_until: plan.snoozedUntil,
            why: { source: plan.record.source, reason: plan.record.reason, confidence: plan.record.confidence, category_id: plan.record.category_id, suggestions: plan.suggestions },
            stored: (t) => recordPlan(t, workspaceId, r, plan, a.decision.reason, at),
          };
        },
      };
    },
  };
}
