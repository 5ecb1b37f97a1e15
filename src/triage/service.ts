// Triage, the integration half (docs/triage.md): the jobs that categorise a reply with the local
// categoriser (src/triage/local/, pure) and the workspace's learned model, ask a configured
// language model when the local one is unsure, apply the category (never over one a client or
// person set: checked again, under the reply's lock, at apply time), write the draft, make the
// reply ready, and carry out what the category means for the contact.
//
// Cost on ingestion: the request writes one job row. The worker claims triage jobs in batches;
// jobs claimed together are read in one query and categorised in one pass, and each reply is
// applied in a write of its own (SQLite's group commit puts the writes arriving together into
// one commit; on PostgreSQL they run side by side), so one bad reply fails only its own job.
import type { LlmConfig } from '../config/index.ts';
import type { Db } from '../db/connect.ts';
import type { Q, ReplyTriageTable, Tx } from '../db/types.ts';
import { enqueue } from '../jobs/queries.ts';
import type { Handler, Job, Outcome } from '../jobs/queue.ts';
import { getThreadForMail } from '../mail/queries.ts';
import { findReplyForUpdate } from '../replies/queries.ts';
import type { IngestTriage } from '../replies/ingest.ts';
import { applyChange, type Suggestion } from '../replies/service.ts';
import { raise } from '../events.ts';
import { renderTemplate, templateValues, DEFAULT_TEMPLATES, FALLBACK_TEMPLATE } from './drafts.ts';
import { askModel, MalformedAnswer, type ModelAnswer, type PromptInput, SlowAnswer, TransientFailure } from './llm.ts';
import { categorise, type Decision, outOfOfficeUntil, stripQuoted, suggest, type TriageInput, WorkspaceModel } from './local/index.ts';
import * as q from './queries.ts';
import { contactEvent } from './contact-event.ts';
import { type LearnPayload, TRIAGE_JOB, TRIAGE_LEARN_JOB, TRIAGE_MODEL_JOB, type TriagePayload } from '../replies/triage-jobs.ts';

/** Below this confidence a configured language model is asked to decide. */
export const MODEL_THRESHOLD = 0.8;

export interface TriageDeps {
  db: Db;
  llm: LlmConfig | null;
  fetch?: typeof fetch;
  log?: { warn?(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
}

type Category = q.TriageCategory;

interface Context {
  settings: { instructions: string; sender_name: string; signature: string };
  categories: Category[];
  model: WorkspaceModel | null;
}

// ---------------------------------------------------------------------------------------------
// What a reply brings to the categoriser.

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The text of an HTML body (only when the reply has no plain text). */
export function htmlToText(html: string): string {
  return html
    .replace(/<(style|script|head)[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>|<\/(p|div|li|tr|h\d|blockquote)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (all, e: string) => {
      if (e[0] === '#') {
        const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : all;
      }
      return ENTITIES[e.toLowerCase()] ?? all;
    })
    .replace(/[ \t]+\n/g, '\n')
    .trim();
}

const bodyOf = (r: { body_text: string; body_html: string }) => (r.body_text.trim() ? r.body_text : htmlToText(r.body_html));

/** A reply as the categoriser reads it; one that came by IMAP brings its auto-reply and bounce headers (mailboxes/parse.ts). */
function inputOf(r: q.TriageReplyRow): TriageInput {
  const headers = r.mail_headers ? (JSON.parse(r.mail_headers) as Record<string, string>) : undefined;
  return { subject: r.subject, bodyText: bodyOf(r), fromEmail: r.from_email, fromName: r.from_name || null, receivedAt: r.received_at, ...(headers && { headers }) };
}

// ---------------------------------------------------------------------------------------------
// The workspace: settings, categories, and its learned model (parsed once per version).

const models = new Map<string, { version: number; model: WorkspaceModel }>();

async function contextOf(db: Q, workspaceId: string): Promise<Context | null> {
  const found = await q.triageContext(db, workspaceId);
  if (!found) return null;
  const { settings, categories } = found;
  let model: WorkspaceModel | null = null;
  if (settings.model_version !== null) {
    const cached = models.get(workspaceId);
    if (cached && cached.version === settings.model_version) {
      model = cached.model;
    } else {
      const row = await q.loadModel(db, workspaceId);
      if (row) {
        model = WorkspaceModel.fromJSON(safeJson(row.model));
        if (models.size > 1000) models.clear();
        models.set(workspaceId, { version: row.version, model });
      }
    }
  }
  return {
    settings: { instructions: settings.triage_instructions, sender_name: settings.triage_sender_name, signature: settings.triage_signature },
    categories,
    model,
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The workspace's category a decision names: by id (a learned label), else by name, any case. */
function categoryFor(ctx: Context, label: string): Category | null {
  const lower = label.trim().toLowerCase();
  return ctx.categories.find((c) => c.id === label) ?? ctx.categories.find((c) => c.name.toLowerCase() === lower) ?? null;
}

// ---------------------------------------------------------------------------------------------
// Applying a decision.

interface Apply {
  decision: { source: ReplyTriageTable['source']; reason: string; confidence: number; label: string | null };
  /** A draft the model wrote; without it, the category's template (when its drafts are on). */
  modelDraft?: string | null;
  /** Leave the draft to the model job (queued here). */
  draftByModel?: boolean;
}

/** What a decision makes of a reply: its category, draft and snooze, and the record of why. */
interface Plan {
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

function planFor(ctx: Context, r: q.TriageReplyRow, a: Apply): Plan {
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
        draft = renderTemplate(category.template ?? DEFAULT_TEMPLATES[category.name] ?? FALLBACK_TEMPLATE, templateValues(r, ctx.settings));
        draftedBy = 'template';
      }
    }
    const snooze = consequenceOf(category.name) === 'out-of-office' ? outOfOfficeUntil(bodyOf(r), new Date(r.received_at)) : null;
    if (snooze && snooze.getTime() > Date.now()) snoozedUntil = snooze.toISOString();
  }
  const unknown = a.decision.label !== null && !category;
  const suggestions = category ? [] : suggestionsFor(ctx, r);
  return {
    category, draft, draftedBy, draftByModelJob, snoozedUntil, suggestions,
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

/** The workspace's categories triage would have chosen next, when it chose none (docs/triage.md "When unsure"). */
function suggestionsFor(ctx: Context, r: q.TriageReplyRow): Suggestion[] {
  return suggest(inputOf(r)).flatMap((s) => {
    const c = categoryFor(ctx, s.label);
    return c ? [{ category_id: c.id, confidence: s.confidence }] : [];
  });
}

/** Once the reply carries the plan's category: the model's draft job, the contact's marks, the record of why. */
async function recordPlan(trx: Tx, workspaceId: string, r: q.TriageReplyRow, plan: Plan, reason: string, at: string) {
  if (plan.category) {
    if (plan.draftByModelJob) {
      await enqueue(trx, { workspaceId, kind: TRIAGE_MODEL_JOB, payload: { replyId: r.id, decided: plan.category.id } satisfies ModelPayload, maxAttempts: 3 });
    }
    await carryOut(trx, workspaceId, consequenceOf(plan.category.name), r, reason, at);
  }
  await q.insertDecision(trx, { reply_id: r.id, workspace_id: workspaceId, ...plan.record, decided_at: at });
}

/**
 * Applies triage's decision to a stored reply, in the caller's write (the triage.reply job).
 * Nothing happens when the reply is gone or already has a category (set by a client or a
 * person since it was ingested).
 */
async function applyDecision(trx: Tx, workspaceId: string, ctx: Context, r: q.TriageReplyRow, a: Apply, at: string): Promise<void> {
  // under the reply's lock (PostgreSQL's FOR UPDATE; SQLite's single writer): a person's
  // PATCH either came first and is seen here, or waits and overwrites triage's category
  const locked = await findReplyForUpdate(trx, workspaceId, r.id);
  if (!locked || locked.category_id !== null) return;
  // what may have changed since the batch was read comes from the locked row; the rest (text,
  // contact, client) is as read
  const current = { ...r, ai_response: locked.ai_response };
  const plan = planFor(ctx, current, a);
  if (plan.category) {
    await applyChange(trx, workspaceId, r.id, {
      category_id: plan.category.id,
      ...(plan.draft !== null && { ai_response: plan.draft }),
      ...(plan.snoozedUntil !== null && { snoozed_until: plan.snoozedUntil }),
    }, at, { learn: false, known: { current: locked, categoryChecked: true } });
  }
  await recordPlan(trx, workspaceId, current, plan, a.decision.reason, at);
}

/** The model job's draft for a reply triage already categorised (its category still triage's). */
async function applyModelDraft(trx: Tx, workspaceId: string, ctx: Context, replyId: string, categoryId: string, modelDraft: string | null, at: string) {
  const locked = await findReplyForUpdate(trx, workspaceId, replyId);
  if (!locked) return;
  const [current] = await q.repliesForTriage(trx, workspaceId, [replyId]);
  const category = ctx.categories.find((c) => c.id === categoryId);
  if (!current || !category || locked.category_id !== categoryId || locked.ai_response !== null) return;
  const byModel = Boolean(modelDraft?.trim());
  const draft = byModel ? modelDraft!.trim() : renderTemplate(category.template ?? DEFAULT_TEMPLATES[category.name] ?? FALLBACK_TEMPLATE, templateValues(current, ctx.settings));
  await applyChange(trx, workspaceId, replyId, { ai_response: draft }, at, { learn: false, known: { current: locked, categoryChecked: true } });
  const decision = await q.findDecision(trx, workspaceId, replyId);
  if (decision) await q.recordDecision(trx, { ...decision, drafted_by: byModel ? 'model' : 'template', decided_at: at });
}

// ---------------------------------------------------------------------------------------------
// Consequences (docs/triage.md "Consequences"): what a category means for the contact.

type Consequence = 'unsubscribe' | 'out-of-office' | 'bounce' | null;

function consequenceOf(categoryName: string): Consequence {
  const n = categoryName.trim().toLowerCase();
  if (n === 'unsubscribe') return 'unsubscribe';
  if (n === 'out of office') return 'out-of-office';
  if (n === 'bounce') return 'bounce';
  return null;
}

const DAEMON = /^(mailer-daemon|postmaster|mail-daemon|mailerdaemon|bounces?|no-?reply)(\+[^@]*)?@/i;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;

/** The addresses a bounce says failed: its DSN recipient fields, else the addresses it names. */
export function bouncedAddresses(r: { from_email: string; to_email: string; body: string }): string[] {
  const dsn = [...r.body.matchAll(/(?:final|original)-recipient:\s*rfc822;\s*<?([^\s<>;]+@[^\s<>;]+)>?/gi)].map((m) => m[1]!.toLowerCase());
  const found = dsn.length ? dsn : [...r.body.matchAll(EMAIL)].map((m) => m[0].toLowerCase());
  const skip = new Set([r.from_email.toLowerCase(), r.to_email.toLowerCase()]);
  const out = [...new Set(found)].filter((e) => !skip.has(e) && !DAEMON.test(e)).slice(0, 5);
  // a bounce ingested under the prospect's own address (not a mailer daemon's) names the prospect
  if (!DAEMON.test(r.from_email)) out.unshift(r.from_email.toLowerCase());
  return [...new Set(out)];
}

async function carryOut(trx: Tx, workspaceId: string, what: Consequence, r: q.TriageReplyRow, reason: string, at: string) {
  if (what === 'unsubscribe') {
    for (const c of await q.markDoNotContact(trx, workspaceId, r.contact_id, at, `Unsubscribe reply ${r.id} (${reason})`.slice(0, 500), true)) {
      await raise(trx, workspaceId, 'contact.updated', contactEvent(c, { do_not_contact: { previous: false, current: true } }));
    }
  } else if (what === 'bounce') {
    for (const c of await q.markBouncing(trx, workspaceId, bouncedAddresses({ from_email: r.from_email, to_email: r.to_email, body: bodyOf(r) }), at)) {
      await raise(trx, workspaceId, 'contact.updated', contactEvent(c, { bouncing: { previous: false, current: true } }));
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The jobs.

type Pending<P> = { job: Job<P>; resolve: (o: Outcome) => void };

/**
 * A handler that collects the jobs the worker starts in the same tick (one claim) and runs them
 * together per workspace; `run` answers each job's outcome by id.
 */
function batched<P>(run: (workspaceId: string, jobs: Job<P>[]) => Promise<Map<string, Outcome>>): Handler {
  let pending: Pending<P>[] = [];
  const flush = async () => {
    const batch = pending;
    pending = [];
    const byWorkspace = new Map<string, Pending<P>[]>();
    for (const p of batch) byWorkspace.set(p.job.workspaceId, [...(byWorkspace.get(p.job.workspaceId) ?? []), p]);
    await Promise.all([...byWorkspace].map(async ([workspaceId, items]) => {
      let outcomes: Map<string, Outcome>;
      try {
        outcomes = await run(workspaceId, items.map((p) => p.job));
      } catch (err) {
        outcomes = new Map(items.map((p) => [p.job.id, retryLater((err as Error).message ?? String(err), p.job.attempts)]));
      }
      for (const p of items) p.resolve(outcomes.get(p.job.id) ?? { ok: true });
    }));
  };
  return (job) => new Promise<Outcome>((resolve) => {
    if (!pending.length) setImmediate(() => void flush());
    pending.push({ job: job as Job<P>, resolve });
  });
}

const retryLater = (error: string, attempts: number): Outcome => ({ ok: false, error, retryAt: new Date(Date.now() + Math.min(300_000, 2_000 * 2 ** attempts)) });

/**
 * What triage does with a reply just stored, in its transaction (given to ingestReply by
 * app.ts and main.ts): the local categoriser's decision applied at once, or, when a model is
 * configured and the categoriser is unsure, the model's job queued. Decided before the insert,
 * so the reply is stored with its category and draft and reply.received carries them: the
 * triage.reply job (its row, claim, transaction and completion) and a second write of the
 * reply's row cost more than the decision itself (~50 µs) — together, half of SQLite's
 * ingestion rate in the shared benchmark.
 */
export function triageAtIngestion(deps: Pick<TriageDeps, 'llm'>): IngestTriage {
  return async (trx, workspaceId) => {
    const ctx = await contextOf(trx, workspaceId);
    if (!ctx) return null;
    return (r) => {
      const local = categorise(inputOf(r), ctx.model);
      const at = new Date().toISOString();
      if (deps.llm && (local === null || local.confidence < MODEL_THRESHOLD)) {
        // stored uncategorised; the model's job decides (and applies the local result if it cannot)
        return { category: null, ai_response: null, snoozed_until: null, why: null, stored: (t) => enqueue(t, { workspaceId, kind: TRIAGE_MODEL_JOB, payload: { replyId: r.id, local } satisfies ModelPayload, maxAttempts: 3 }).then(() => {}) };
      }
      const a = { decision: asApplied(local), draftByModel: Boolean(deps.llm) };
      const plan = planFor(ctx, r, a);
      const c = plan.category;
      return {
        category: c && { id: c.id, name: c.name, color: c.color, is_positive: Boolean(c.is_positive) },
        ai_response: plan.draft,
        snoozed_until: plan.snoozedUntil,
        why: { source: plan.record.source, reason: plan.record.reason, confidence: plan.record.confidence, category_id: plan.record.category_id, suggestions: plan.suggestions },
        stored: (t) => recordPlan(t, workspaceId, r, plan, a.decision.reason, at),
      };
    };
  };
}

/** triage.reply: the local categoriser (and the workspace model), applied at once or handed to the model. */
export function triageHandler(deps: TriageDeps): Handler {
  return batched<TriagePayload>(async (workspaceId, jobs) => {
    const outcomes = new Map<string, Outcome>();
    const ctx = await contextOf(deps.db.read, workspaceId);
    if (!ctx) return outcomes; // the workspace is gone: nothing to do
    const rows = await q.repliesForTriage(deps.db.read, workspaceId, jobs.map((j) => j.payload.replyId));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const at = new Date().toISOString();
    const work: { job: Job<TriagePayload>; apply: (trx: Tx) => Promise<unknown> }[] = [];
    for (const job of jobs) {
      const r = byId.get(job.payload.replyId);
      if (!r || r.category_id !== null) continue; // gone, or categorised by a client or person first
      const local = categorise(inputOf(r), ctx.model);
      const unsure = local === null || local.confidence < MODEL_THRESHOLD;
      work.push({
        job,
        apply: deps.llm && unsure
          // the model decides; its job applies the local result if it cannot
          ? (trx) => enqueue(trx, { workspaceId, kind: TRIAGE_MODEL_JOB, payload: { replyId: r.id, local } satisfies ModelPayload, maxAttempts: 3 })
          : (trx) => applyDecision(trx, workspaceId, ctx, r, { decision: asApplied(local), draftByModel: Boolean(deps.llm) }, at),
      });
    }
    // a write per reply: SQLite's group commit still commits them together (a savepoint each),
    // and PostgreSQL runs them side by side over the pool. One transaction for the batch held
    // the counter rows of every reply in it until its commit, in no particular order, while
    // each ingestion takes one of them: on PostgreSQL they deadlocked every second or so and
    // ingestion fell to under 100 replies/s. One that fails fails only its job.
    await Promise.all(work.map(async (w) => {
      try {
        await deps.db.write(w.apply);
      } catch (err) {
        outcomes.set(w.job.id, retryLater((err as Error).message ?? String(err), w.job.attempts));
      }
    }));
    return outcomes;
  });
}

const asApplied = (d: Decision | null): Apply['decision'] =>
  d ? { source: d.source, reason: d.reason, confidence: d.confidence, label: d.label } : { source: 'none', reason: 'nothing was confident', confidence: 0, label: null };

export interface ModelPayload {
  replyId: string;
  /** The local decision, when the model is asked to categorise (it was unsure). */
  local?: Decision | null;
  /** The category triage already set, when the model is asked only for the draft. */
  decided?: string;
}

/** The UTC day a budget is counted in. */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * triage.model: asks the configured model, within the workspace's daily budget. A network
 * failure, 429 or 5xx is retried (job attempts, backoff); a slow or malformed answer, a spent
 * budget or the last failed attempt falls back to the local result at once.
 */
export function modelHandler(deps: TriageDeps): Handler {
  return async (job: Job<ModelPayload>) => {
    const llm = deps.llm;
    const { workspaceId } = job;
    const ctx = await contextOf(deps.db.read, workspaceId);
    if (!ctx) return { ok: true };
    const [r] = await q.repliesForTriage(deps.db.read, workspaceId, [job.payload.replyId]);
    if (!r) return { ok: true };
    const decided = job.payload.decided ? ctx.categories.find((c) => c.id === job.payload.decided) ?? null : null;
    if (job.payload.decided ? r.category_id !== job.payload.decided || r.ai_response !== null : r.category_id !== null) return { ok: true };

    const fallback = (why: string) => deps.db.write((trx) => decided
      ? applyModelDraft(trx, workspaceId, ctx, r.id, decided.id, null, new Date().toISOString())
      : applyDecision(trx, workspaceId, ctx, r, { decision: withNote(asApplied(job.payload.local ?? null), why) }, new Date().toISOString()));

    if (!llm) {
      await fallback('no language model configured');
      return { ok: true };
    }
    const allowed = await deps.db.write((trx) => q.spendModelCall(trx, workspaceId, today(), llm.dailyBudget));
    if (!allowed) {
      await fallback(`the model's daily budget (${llm.dailyBudget} calls) is spent`);
      return { ok: true };
    }
    let answer: ModelAnswer;
    try {
      answer = await askModel(llm, await promptFor(deps.db, workspaceId, ctx, r, decided?.name ?? null), deps.fetch);
    } catch (err) {
      if (err instanceof TransientFailure && job.attempts < job.maxAttempts) return retryLater(err.message, job.attempts);
      const why = err instanceof SlowAnswer || err instanceof MalformedAnswer || err instanceof TransientFailure ? err.message : `model call failed: ${(err as Error).message}`;
      deps.log?.warn?.({ job: job.id, reply: r.id, err: why }, 'language model answer not used; local result applied');
      await fallback(`model not used: ${why}`);
      return { ok: true };
    }
    const at = new Date().toISOString();
    await deps.db.write((trx) => decided
      ? applyModelDraft(trx, workspaceId, ctx, r.id, decided.id, answer.draft, at)
      : applyDecision(trx, workspaceId, ctx, r, {
          decision: { source: 'model', reason: `model ${llm.model}: ${answer.reason}`.slice(0, 1000), confidence: answer.confidence, label: answer.category },
          modelDraft: answer.draft,
        }, at));
    return { ok: true };
  };
}

const withNote = (d: Apply['decision'], note: string): Apply['decision'] => ({ ...d, reason: `${d.reason} (${note})` });

async function promptFor(db: Db, workspaceId: string, ctx: Context, r: q.TriageReplyRow, decided: string | null): Promise<PromptInput> {
  const thread = await getThreadForMail(db.read, workspaceId, r.id);
  return {
    instructions: ctx.settings.instructions,
    categories: ctx.categories.map((c) => ({ name: c.name, drafts: Boolean(c.drafts) })),
    decidedCategory: decided,
    contact: { email: r.contact_email, first_name: r.first_name, last_name: r.last_name, company: r.company, title: r.title },
    client: r.client_name === null ? null : { name: r.client_name, service_description: r.service_description ?? '' },
    sender: { name: ctx.settings.sender_name, signature: ctx.settings.signature },
    thread,
    reply: { from: r.from_name ? `${r.from_name} <${r.from_email}>` : r.from_email, subject: r.subject, body: stripQuoted(bodyOf(r)), received_at: r.received_at },
  };
}

/** triage.learn: corrections claimed together are learned in one write of the workspace's model. */
export function learnHandler(deps: Pick<TriageDeps, 'db'>): Handler {
  return batched<LearnPayload>(async (workspaceId, jobs) => {
    const rows = await q.repliesForTriage(deps.db.read, workspaceId, jobs.map((j) => j.payload.replyId));
    const byId = new Map(rows.map((r) => [r.id, r]));
    await deps.db.write(async (trx) => {
      const row = await q.loadModelForUpdate(trx, workspaceId);
      const model = row ? WorkspaceModel.fromJSON(safeJson(row.model)) : WorkspaceModel.empty();
      let learned = 0;
      for (const job of jobs) {
        const r = byId.get(job.payload.replyId);
        if (!r) continue;
        model.learn(inputOf(r), job.payload.categoryId);
        learned += 1;
      }
      if (!learned) return;
      await q.saveModel(trx, workspaceId, { model: JSON.stringify(model.toJSON()), examples: (row?.examples ?? 0) + learned, updated_at: new Date().toISOString() });
    });
    return new Map();
  });
}

export function triageHandlers(deps: TriageDeps): Record<string, Handler> {
  return { [TRIAGE_JOB]: triageHandler(deps), [TRIAGE_MODEL_JOB]: modelHandler(deps), [TRIAGE_LEARN_JOB]: learnHandler(deps) };
}
