// What triage decides for a reply (docs/triage.md "On ingestion", "When unsure"): the local
// categoriser (src/triage/local/, pure) with the workspace's learned model, or, when it is
// unsure and a language model is configured, the model (the triage.model job: handlers.ts);
// then what that decision makes of the reply: its category (one of the workspace's), its draft
// (the category's template, or the model's), its out-of-office snooze, the record of why.
// No writes here: apply.ts and ingestion.ts write what is decided.
import type { LlmConfig } from '../config/index.ts';
import type { Q, ReplyTriageTable } from '../db/types.ts';
import type { Suggestion } from '../replies/detail.ts';
import { renderTemplate, templateValues, DEFAULT_TEMPLATES, FALLBACK_TEMPLATE } from './drafts.ts';
import { categorise, type Decision, inOtherScript, outOfOfficeUntil, suggest, type TriageInput, type WorkspaceModel } from './local/index.ts';
import { consequenceOf } from './contacts.ts';
import { cachedModel } from './model-cache.ts';
import * as q from './queries.ts';
import { bodyOf, inputOf } from './reply-text.ts';

/** Below this confidence a configured language model is asked to decide. */
export const MODEL_THRESHOLD = 0.8;

export type Category = q.TriageCategory;

/** What triage decides with in a workspace: its settings, its categories, its learned model. */
export interface Context {
  settings: { instructions: string; sender_name: string; signature: string };
  categories: Category[];
  model: WorkspaceModel | null;
}

/** The workspace's context; null when the workspace is gone. */
export async function contextOf(db: Q, workspaceId: string): Promise<Context | null> {
  const found = await q.triageContext(db, workspaceId);
  if (!found) return null;
  const { settings, categories } = found;
  return {
    settings: { instructions: settings.triage_instructions, sender_name: settings.triage_sender_name, signature: settings.triage_signature },
    categories,
    model: await cachedModel(db, workspaceId, settings.model_version),
  };
}

/** The workspace's category a decision names: by id (a learned label), else by name, any case. */
function categoryFor(ctx: Context, label: string): Category | null {
  const lower = label.trim().toLowerCase();
  return ctx.categories.find((c) => c.id === label) ?? ctx.categories.find((c) => c.name.toLowerCase() === lower) ?? null;
}

/** A decision to apply, and who writes the draft. */
export interface Apply {
  decision: { source: ReplyTriageTable['source']; reason: string; confidence: number; label: string | null };
  /** A draft the model wrote; without it, the category's template (when its drafts are on). */
  modelDraft?: string | null;
  /** Leave the draft to the model job (queued with the decision). */
  draftByModel?: boolean;
}

/** Why a reply in another script has no category (docs/triage.md "Other scripts"). */
export const OTHER_SCRIPT_REASON = 'written in a script the built-in categoriser does not read; a correction teaches this workspace';

/** The local decision on `input` as one to apply ("nothing was confident" without one, or why its script left it undecided). */
export const asApplied = (d: Decision | null, input: TriageInput): Apply['decision'] =>
  d
    ? { source: d.source, reason: d.reason, confidence: d.confidence, label: d.label }
    : { source: 'none', reason: inOtherScript(input) ? OTHER_SCRIPT_REASON : 'nothing was confident', confidence: 0, label: null };

/** The decision with why it was applied as it was (the model not used). */
export const withNote = (d: Apply['decision'], note: string): Apply['decision'] => ({ ...d, reason: `${d.reason} (${note})` });

/**
 * The first decision on a reply: the local categoriser's, with the workspace's model. With a
 * language model configured and that decision unsure (none, or below MODEL_THRESHOLD), the
 * model decides (its job applies the local decision if it cannot); otherwise the local one is
 * applied, its draft left to the model when one is configured.
 */
export function firstDecision(ctx: Context, r: q.TriageReplyRow, llm: LlmConfig | null): { by: 'model'; local: Decision | null } | { by: 'local'; apply: Apply } {
  const input = inputOf(r);
  const local = categorise(input, ctx.model);
  if (llm && (local === null || local.confidence < MODEL_THRESHOLD)) return { by: 'model', local };
  return { by: 'local', apply: { decision: asApplied(local, input), draftByModel: Boolean(llm) } };
}

/** What a decision makes of a reply: its category, draft and snooze, and the record of why. */
export interface Plan {
  category: Category | null;
  draft: string | null;
  draftedBy: ReplyTriageTable['drafted_by'];
  /** The draft is the model's to write: its job is queued with the decision. */
  draftByModelJob: boolean;
  snoozedUntil: string | null;
  record: Omit<ReplyTriageTable, 'reply_id' | 'workspace_id' | 'decided_at'>;
  /** The likeliest categories when none was chosen (record.suggestions, unserialised). */
  suggestions: Suggestion[];
}

export function planFor(ctx: Context, r: q.TriageReplyRow, a: Apply): Plan {
  const category = a.decision.label === null ? null : categoryFor(ctx, a.decision.label);
  let draft: string | null = null;
  let draftedBy: ReplyTriageTable['drafted_by'] = null;
  let draftByModelJob = false;
  let snoozedUntil: string | null = null;
  if (category) {
    // a draft a person or client wrote is never overwritten
    if (Boolean(category.drafts) && r.ai_response === null) {
      if (a.modelDraft?.trim()) {
        draft = a.modelDraft.trim();
        draftedBy = 'model';
      } else if (a.draftByModel) {
        draftByModelJob = true;
      } else {
        draft = templateDraft(ctx, category, r);
        draftedBy = 'template';
      }
    }
    const snooze = consequenceOf(category.name) === 'out-of-office' ? outOfOfficeUntil(bodyOf(r), new Date(r.received_at)) : null;
    if (snooze && snooze.getTime() > Date.now()) snoozedUntil = snooze.toISOString();
  }
  const unknown = a.decision.label !== null && !category;
  const suggestions = category ? [] : suggestionsFor(ctx, r);
  return {
    category,
    draft,
    draftedBy,
    draftByModelJob,
    snoozedUntil,
    suggestions,
    record: {
      source: unknown ? 'none' : a.decision.source,
      reason: unknown ? `${a.decision.reason}; "${a.decision.label}" is not a category of the workspace` : a.decision.reason,
      confidence: a.decision.confidence,
      category_id: category?.id ?? null,
      drafted_by: draftedBy,
      suggestions: suggestions.length ? JSON.stringify(suggestions) : null,
    },
  };
}

/** The category's template (its own, else the built-in one for its name) filled in for the reply (docs/triage.md "Drafts without a model"). */
export function templateDraft(ctx: Context, category: Category, r: q.TriageReplyRow): string {
  return renderTemplate(category.template ?? DEFAULT_TEMPLATES[category.name] ?? FALLBACK_TEMPLATE, templateValues(r, ctx.settings));
}

/** The workspace's categories triage would have chosen next, when it chose none (docs/triage.md "When unsure"). */
function suggestionsFor(ctx: Context, r: q.TriageReplyRow): Suggestion[] {
  return suggest(inputOf(r)).flatMap((s) => {
    const c = categoryFor(ctx, s.label);
    return c ? [{ category_id: c.id, confidence: s.confidence }] : [];
  });
}
