// Triage's statements (src/triage/): the workspace's settings and learned model, what a reply
// brings to triage, the decision recorded on it, the consequences on contacts and the language
// model's daily budget. Every one is scoped by the workspace, but the learning sweep's, which
// reads every workspace's new corrections and learns each workspace's apart (learning.ts).
import type { Updateable } from 'kysely';
import { bool, forUpdate, sameWorkspaceNoIndex } from '../db/dialect.ts';
import { contactColumns } from '../replies/queries.ts';
import { prepared, preparedInsert } from '../db/prepared.ts';
import type { Q, ReplyTriageTable, Tx, WorkspaceTable } from '../db/types.ts';

// precompiled: triage reads both for every reply it decides as the reply is ingested
const settingsOf = prepared((db, a: { ws: string }) =>
  db
    .selectFrom('workspaces as w')
    .leftJoin('triage_models as m', 'm.workspace_id', 'w.id')
    .select(['w.triage_enabled', 'w.triage_instructions', 'w.triage_sender_name', 'w.triage_signature', 'm.version as model_version', 'm.examples as model_examples'])
    .where('w.id', '=', a.ws),
);

export async function triageSettings(db: Q, workspaceId: string) {
  return (await settingsOf(db, { ws: workspaceId }))[0];
}

export function updateTriageSettings(db: Tx, workspaceId: string, changes: Updateable<Pick<WorkspaceTable, 'triage_enabled' | 'triage_instructions' | 'triage_sender_name' | 'triage_signature'>>) {
  return db.updateTable('workspaces').set(changes).where('id', '=', workspaceId).execute();
}

// precompiled, one statement for settings and categories: triage reads both for every reply it
// decides at ingestion (a row per category, the settings on each; one round trip, not two)
const contextOf = prepared((db, a: { ws: string }) =>
  db
    .selectFrom('workspaces as w')
    .leftJoin('triage_models as m', 'm.workspace_id', 'w.id')
    .leftJoin('categories as c', 'c.workspace_id', 'w.id')
    .select(['w.triage_instructions', 'w.triage_sender_name', 'w.triage_signature', 'm.version as model_version', 'c.id', 'c.name', 'c.color', 'c.is_positive', 'c.drafts', 'c.template'])
    .where('w.id', '=', a.ws)
    .orderBy('c.created_at', 'asc')
    .orderBy('c.id', 'asc'),
);

type ContextRow = Awaited<ReturnType<typeof contextOf>>[number];

/** A category as triage needs it. */
export type TriageCategory = { [K in 'id' | 'name' | 'color' | 'is_positive' | 'drafts']: NonNullable<ContextRow[K]> } & Pick<ContextRow, 'template'>;

/** What triage decides with: the workspace's settings and categories; undefined when the workspace is gone. */
export async function triageContext(db: Q, workspaceId: string) {
  const rows = await contextOf(db, { ws: workspaceId });
  if (!rows.length) return undefined;
  const { triage_instructions, triage_sender_name, triage_signature, model_version } = rows[0]!;
  const categories: TriageCategory[] = [];
  for (const r of rows) {
    // the left join's one row of nulls when the workspace has no category
    if (r.id !== null) categories.push({ id: r.id, name: r.name!, color: r.color!, is_positive: r.is_positive!, drafts: r.drafts!, template: r.template });
  }
  return { settings: { triage_instructions, triage_sender_name, triage_signature, model_version }, categories };
}

export function updateCategoryTriage(db: Tx, workspaceId: string, id: string, changes: { drafts?: boolean; template?: string | null }) {
  const set = { ...changes, ...(changes.drafts !== undefined && { drafts: bool(db, changes.drafts) }) };
  return db.updateTable('categories').set(set).where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
}

export function loadModel(db: Q, workspaceId: string) {
  return db.selectFrom('triage_models').select(['model', 'version', 'examples']).where('workspace_id', '=', workspaceId).executeTakeFirst();
}

/** The model row, held until the write ends: two corrections learned at once take turns. */
export function loadModelForUpdate(db: Tx, workspaceId: string) {
  return forUpdate(db, db.selectFrom('triage_models').select(['model', 'version', 'examples']).where('workspace_id', '=', workspaceId)).executeTakeFirst();
}

export async function saveModel(db: Tx, workspaceId: string, row: { model: string; examples: number; updated_at: string }) {
  await db
    .insertInto('triage_models')
    .values({ workspace_id: workspaceId, model: row.model, version: 1, examples: row.examples, updated_at: row.updated_at })
    .onConflict((oc) =>
      oc.column('workspace_id').doUpdateSet((eb) => ({
        model: eb.ref('excluded.model'),
        examples: eb.ref('excluded.examples'),
        updated_at: eb.ref('excluded.updated_at'),
        version: eb('triage_models.version', '+', 1),
      })),
    )
    .execute();
}

/** What triage reads of replies: the reply, its contact and client (a batch of ids of one workspace). */
export function repliesForTriage(db: Q, workspaceId: string, ids: string[]) {
  return db
    .selectFrom('replies as r')
    .innerJoin('contacts as ct', 'ct.id', 'r.contact_id')
    .leftJoin('clients as cl', 'cl.id', 'r.client_id')
    .select([
      'r.id',
      'r.from_email',
      'r.from_name',
      'r.to_email',
      'r.subject',
      'r.body_text',
      'r.body_html',
      'r.received_at',
      'r.category_id',
      'r.ai_response',
      'r.mail_headers',
      'r.contact_id',
      'ct.email as contact_email',
      'ct.first_name',
      'ct.last_name',
      'ct.company',
      'ct.title',
      'cl.name as client_name',
      'cl.service_description',
    ])
    .where(sameWorkspaceNoIndex(db, 'r.workspace_id', workspaceId)) // by primary key, whatever the statistics say
    .where('r.id', 'in', ids)
    .execute();
}
export type TriageReplyRow = Awaited<ReturnType<typeof repliesForTriage>>[number];

export async function recordDecision(db: Tx, row: ReplyTriageTable) {
  await db
    .insertInto('reply_triage')
    .values(row)
    .onConflict((oc) =>
      oc.column('reply_id').doUpdateSet((eb) => ({
        source: eb.ref('excluded.source'),
        reason: eb.ref('excluded.reason'),
        confidence: eb.ref('excluded.confidence'),
        category_id: eb.ref('excluded.category_id'),
        drafted_by: eb.ref('excluded.drafted_by'),
        decided_at: eb.ref('excluded.decided_at'),
        suggestions: eb.ref('excluded.suggestions'),
      })),
    )
    .execute();
}

/** The first decision on a reply (triage.reply runs once per reply: a plain insert). */
export const insertDecision = preparedInsert('reply_triage', ['reply_id', 'workspace_id', 'source', 'reason', 'confidence', 'category_id', 'drafted_by', 'decided_at', 'suggestions']);

export function findDecision(db: Q, workspaceId: string, replyId: string) {
  return db.selectFrom('reply_triage').selectAll().where('workspace_id', '=', workspaceId).where('reply_id', '=', replyId).executeTakeFirst();
}

// precompiled: every Bounce triage decides runs it, once per address the report names (one or two)
const bouncingByEmail = prepared((db, a: { ws: string; email: string; at: string }) =>
  db
    .updateTable('contacts')
    .set({ bouncing: bool(db, true), bouncing_since: a.at, updated_at: a.at })
    .where('workspace_id', '=', a.ws)
    .where('email', '=', a.email)
    .where('bouncing', '=', bool(db, false))
    .returning(contactColumns),
);

/** Marks the workspace's contacts with these addresses (lower-cased) bouncing; returns those that changed. */
export async function markBouncing(db: Tx, workspaceId: string, emails: string[], at: string) {
  const changed: Awaited<ReturnType<typeof bouncingByEmail>> = [];
  for (const email of new Set(emails)) changed.push(...(await bouncingByEmail(db, { ws: workspaceId, email, at })));
  return changed;
}

/** Marks one contact bouncing (a person's PATCH); returns it when it changed. */
export function markBouncingById(db: Tx, workspaceId: string, contactId: string, at: string) {
  return db
    .updateTable('contacts')
    .set({ bouncing: bool(db, true), bouncing_since: at, updated_at: at })
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', contactId)
    .where('bouncing', '=', bool(db, false))
    .returning(contactColumns)
    .execute();
}

/** Clears the bouncing mark of one contact; returns it when it changed. */
export function clearBouncing(db: Tx, workspaceId: string, contactId: string, at: string) {
  return db
    .updateTable('contacts')
    .set({ bouncing: bool(db, false), bouncing_since: null, updated_at: at })
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', contactId)
    .where('bouncing', '=', bool(db, true))
    .returning(contactColumns)
    .execute();
}

/**
 * Spends one of the workspace's language-model calls of `day` when fewer than `budget` were
 * spent; false when the budget is used up. One statement: two workers cannot both take the last.
 */
export async function spendModelCall(db: Tx, workspaceId: string, day: string, budget: number): Promise<boolean> {
  if (budget <= 0) return false;
  const rows = await db
    .insertInto('triage_llm_usage')
    .values({ workspace_id: workspaceId, day, calls: 1 })
    .onConflict((oc) =>
      oc
        .columns(['workspace_id', 'day'])
        .doUpdateSet((eb) => ({ calls: eb('triage_llm_usage.calls', '+', 1) }))
        .where('triage_llm_usage.calls', '<', budget),
    )
    .returning('calls')
    .execute();
  return rows.length > 0;
}

export function modelCallsOn(db: Q, workspaceId: string, day: string) {
  return db.selectFrom('triage_llm_usage').select('calls').where('workspace_id', '=', workspaceId).where('day', '=', day).executeTakeFirst();
}

/** The learning sweep's mark (migration 0028), held until the write ends: two workers' sweeps take turns. */
export async function lockLearningMark(db: Tx): Promise<string> {
  const row = await forUpdate(db, db.selectFrom('triage_learning').select('mark').where('id', '=', 1)).executeTakeFirst();
  if (!row) throw new Error('triage_learning has no mark (migration 0028)');
  return row.mark;
}

export async function saveLearningMark(db: Tx, mark: string) {
  await db.updateTable('triage_learning').set({ mark }).where('id', '=', 1).execute();
}
