// Triage's job handlers (docs/triage.md): triage.reply (the local categoriser, applied at once
// or handed to the model), triage.model (the configured language model, within the daily
// budget, with the local result as its fallback) and triage.learn (corrections queued as jobs
// before the learning sweep, learning.ts). decide.ts decides, apply.ts writes.
//
// The worker claims triage jobs in batches: jobs claimed together are read in one query and
// categorised in one pass, and each reply is applied in a write of its own (SQLite's group
// commit puts the writes arriving together into one commit; on PostgreSQL they run side by
// side), so one bad reply fails only its own job.
import type { LlmConfig } from '../config/index.ts';
import type { Db } from '../db/connect.ts';
import type { Tx } from '../db/types.ts';
import type { Handler, Job, Outcome } from '../jobs/queue.ts';
import { getThreadForMail } from '../mail/queries.ts';
import { type LearnPayload, TRIAGE_JOB, TRIAGE_LEARN_JOB, TRIAGE_MODEL_JOB, type TriagePayload } from '../replies/triage-jobs.ts';
import { applyDecision, applyModelDraft, type ModelPayload, queueModelJob } from './apply.ts';
import { asApplied, type Context, contextOf, firstDecision, withNote } from './decide.ts';
import { askModel, MalformedAnswer, type ModelAnswer, type PromptInput, SlowAnswer, TransientFailure } from './llm.ts';
import { stripQuoted } from './local/index.ts';
import { learnInto } from './learning.ts';
import * as q from './queries.ts';
import { bodyOf, inputOf } from './reply-text.ts';

export interface TriageDeps {
  db: Db;
  llm: LlmConfig | null;
  fetch?: typeof fetch;
  log?: { warn?(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
}

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
    await Promise.all(
      [...byWorkspace].map(async ([workspaceId, items]) => {
        let outcomes: Map<string, Outcome>;
        try {
          outcomes = await run(
            workspaceId,
            items.map((p) => p.job),
          );
        } catch (err) {
          outcomes = new Map(items.map((p) => [p.job.id, retryLater((err as Error).message ?? String(err), p.job.attempts)]));
        }
        for (const p of items) p.resolve(outcomes.get(p.job.id) ?? { ok: true });
      }),
    );
  };
  return (job) =>
    new Promise<Outcome>((resolve) => {
      if (!pending.length) setImmediate(() => void flush());
      pending.push({ job: job as Job<P>, resolve });
    });
}

const retryLater = (error: string, attempts: number): Outcome => ({ ok: false, error, retryAt: new Date(Date.now() + Math.min(300_000, 2_000 * 2 ** attempts)) });

/** triage.reply: the local categoriser (and the workspace model), applied at once or handed to the model. */
export function triageHandler(deps: TriageDeps): Handler {
  return batched<TriagePayload>(async (workspaceId, jobs) => {
    const outcomes = new Map<string, Outcome>();
    const ctx = await contextOf(deps.db.read, workspaceId);
    if (!ctx) return outcomes; // the workspace is gone: nothing to do
    const rows = await q.repliesForTriage(
      deps.db.read,
      workspaceId,
      jobs.map((j) => j.payload.replyId),
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    const at = new Date().toISOString();
    const work: { job: Job<TriagePayload>; apply: (trx: Tx) => Promise<unknown> }[] = [];
    for (const job of jobs) {
      const r = byId.get(job.payload.replyId);
      if (!r || r.category_id !== null) continue; // gone, or categorised by a client or person first
      const first = firstDecision(ctx, r, deps.llm);
      work.push({
        job,
        apply:
          first.by === 'model'
            ? // the model decides; its job applies the local result if it cannot
              (trx) => queueModelJob(trx, workspaceId, { replyId: r.id, local: first.local })
            : (trx) => applyDecision(trx, workspaceId, ctx, r, first.apply, at),
      });
    }
    // a write per reply: SQLite's group commit still commits them together (a savepoint each),
    // and PostgreSQL runs them side by side over the pool. One transaction for the batch held
    // the counter rows of every reply in it until its commit, in no particular order, while
    // each ingestion takes one of them: on PostgreSQL they deadlocked every second or so and
    // ingestion fell to under 100 replies/s. One that fails fails only its job.
    await Promise.all(
      work.map(async (w) => {
        try {
          await deps.db.write(w.apply);
        } catch (err) {
          outcomes.set(w.job.id, retryLater((err as Error).message ?? String(err), w.job.attempts));
        }
      }),
    );
    return outcomes;
  });
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
    const decided = job.payload.decided ? (ctx.categories.find((c) => c.id === job.payload.decided) ?? null) : null;
    if (job.payload.decided ? r.category_id !== job.payload.decided || r.ai_response !== null : r.category_id !== null) return { ok: true };

    const fallback = (why: string) =>
      deps.db.write((trx) =>
        decided
          ? applyModelDraft(trx, workspaceId, ctx, r.id, decided.id, null, new Date().toISOString())
          : applyDecision(trx, workspaceId, ctx, r, { decision: withNote(asApplied(job.payload.local ?? null, inputOf(r)), why) }, new Date().toISOString()),
      );

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
    await deps.db.write((trx) =>
      decided
        ? applyModelDraft(trx, workspaceId, ctx, r.id, decided.id, answer.draft, at)
        : applyDecision(
            trx,
            workspaceId,
            ctx,
            r,
            {
              decision: { source: 'model', reason: `model ${llm.model}: ${answer.reason}`.slice(0, 1000), confidence: answer.confidence, label: answer.category },
              modelDraft: answer.draft,
            },
            at,
          ),
    );
    return { ok: true };
  };
}

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

/**
 * triage.learn: a correction queued as a job, the way they were before the learning sweep
 * (learning.ts): run for the jobs still queued when a server upgrades; nothing queues them now.
 */
export function learnHandler(deps: Pick<TriageDeps, 'db'>): Handler {
  return batched<LearnPayload>(async (workspaceId, jobs) => {
    await deps.db.write((trx) =>
      learnInto(
        trx,
        workspaceId,
        jobs.map((j) => j.payload),
      ),
    );
    return new Map();
  });
}

export function triageHandlers(deps: TriageDeps): Record<string, Handler> {
  return { [TRIAGE_JOB]: triageHandler(deps), [TRIAGE_MODEL_JOB]: modelHandler(deps), [TRIAGE_LEARN_JOB]: learnHandler(deps) };
}
