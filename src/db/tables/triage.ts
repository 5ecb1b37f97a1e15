// The tables of triage: the workspace's learned model, the language model's daily budget, and
// why a reply got its category (src/db/types.ts assembles Database).

/** A workspace's model learned from its corrections (src/triage/local WorkspaceModel, as JSON). */
export interface TriageModelTable {
  workspace_id: string;
  model: string;
  version: number;
  examples: number;
  updated_at: string;
}

/**
 * Where the learning sweep has read the replies' history to (one row, id 1; migration 0028):
 * SQLite, the largest reply_activity id learned; PostgreSQL, the snapshot the sweep read with.
 */
export interface TriageLearningTable {
  id: number;
  mark: string;
}

/** Language-model calls per workspace per UTC day (YYYY-MM-DD). */
export interface TriageLlmUsageTable {
  workspace_id: string;
  day: string;
  calls: number;
}

export type TriageSource = 'header' | 'rule' | 'classifier' | 'workspace' | 'model' | 'none';

/** Why triage chose a reply's category (the reply's `triage` field). */
export interface ReplyTriageTable {
  reply_id: string;
  workspace_id: string;
  source: TriageSource;
  reason: string;
  confidence: number;
  category_id: string | null;
  drafted_by: 'template' | 'model' | null;
  decided_at: string;
  /** JSON [{category_id, confidence}]: the likeliest categories when triage chose none (migration 0018). */
  suggestions: string | null;
}

/** This area's tables, by name (part of Database). */
export interface TriageTables {
  triage_models: TriageModelTable;
  triage_learning: TriageLearningTable;
  triage_llm_usage: TriageLlmUsageTable;
  reply_triage: ReplyTriageTable;
}
