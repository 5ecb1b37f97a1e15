// GET/PATCH /api/triage: a workspace's triage settings (on/off, the model's instructions, who
// answers in drafts) and the language model's configuration as the server has it (read-only:
// it comes from LLM_* in the environment; the key is never shown).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type Static, Type } from '@sinclair/typebox';
import type { LlmConfig } from '../config/index.ts';
import type { Db } from '../db/connect.ts';
import { bool } from '../db/dialect.ts';
import { Errors } from '../errors.ts';
import { errorResponses, Nullable, single } from '../http/schemas.ts';
import { TEMPLATE_VARIABLES } from './drafts.ts';
import * as q from './queries.ts';
import { forgetTriageFlag } from '../replies/triage-jobs.ts';

export const TriageSettings = Type.Object(
  {
    enabled: Type.Boolean({ description: 'Whether replies ingested without a category are categorised (and drafted).' }),
    instructions: Type.String({ description: 'What the language model is told beyond the reply: tone, offer, what never to promise.' }),
    sender_name: Type.String({ description: 'The {{sender_name}} of draft templates.' }),
    signature: Type.String({ description: 'The {{signature}} of draft templates (default: sender_name).' }),
    template_variables: Type.Array(Type.String(), { description: 'The variables a category template may use.' }),
    learned_examples: Type.Integer({ description: 'Corrections the workspace model has learned from.' }),
    model: Type.Object(
      {
        configured: Type.Boolean(),
        base_url: Nullable(Type.String()),
        model: Nullable(Type.String()),
        timeout_seconds: Nullable(Type.Number()),
        daily_budget: Nullable(Type.Integer({ description: 'Calls per workspace per UTC day.' })),
        calls_today: Type.Integer(),
      },
      { description: 'The language model (LLM_BASE_URL, LLM_MODEL, …): set in the environment, shown here read-only. The API key is never shown.' },
    ),
  },
  { $id: 'TriageSettings' },
);

export const PatchTriageBody = Type.Object(
  {
    enabled: Type.Optional(Type.Boolean()),
    instructions: Type.Optional(Type.String({ maxLength: 5000 })),
    sender_name: Type.Optional(Type.String({ maxLength: 200 })),
    signature: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: false },
);

export async function getTriageSettings(db: Db, workspaceId: string, llm: LlmConfig | null): Promise<Static<typeof TriageSettings>> {
  const day = new Date().toISOString().slice(0, 10);
  const [s, usage] = await Promise.all([q.triageSettings(db.read, workspaceId), q.modelCallsOn(db.read, workspaceId, day)]);
  if (!s) throw Errors.NotFound();
  return {
    enabled: Boolean(s.triage_enabled),
    instructions: s.triage_instructions,
    sender_name: s.triage_sender_name,
    signature: s.triage_signature,
    template_variables: [...TEMPLATE_VARIABLES],
    learned_examples: Number(s.model_examples ?? 0),
    model: {
      configured: llm !== null,
      base_url: llm?.baseUrl ?? null,
      model: llm?.model ?? null,
      timeout_seconds: llm?.timeoutSeconds ?? null,
      daily_budget: llm?.dailyBudget ?? null,
      calls_today: Number(usage?.calls ?? 0),
    },
  };
}

export async function updateTriageSettings(db: Db, workspaceId: string, patch: Static<typeof PatchTriageBody>, llm: LlmConfig | null) {
  if (Object.keys(patch).length === 0) throw Errors.BadRequest('Nothing to update: give at least one of enabled, instructions, sender_name, signature');
  await db.write((trx) =>
    q.updateTriageSettings(trx, workspaceId, {
      ...(patch.enabled !== undefined && { triage_enabled: bool(trx, patch.enabled) }),
      ...(patch.instructions !== undefined && { triage_instructions: patch.instructions }),
      ...(patch.sender_name !== undefined && { triage_sender_name: patch.sender_name.trim() }),
      ...(patch.signature !== undefined && { triage_signature: patch.signature }),
    }),
  );
  forgetTriageFlag(workspaceId);
  return getTriageSettings(db, workspaceId, llm);
}

export const triageRoutes: FastifyPluginAsyncTypebox<{ db: Db; llm: LlmConfig | null }> = async (app, { db, llm }) => {
  app.get(
    '/api/triage',
    {
      config: { permission: 'replies:read' },
      schema: {
        tags: ['Triage'],
        summary: "The workspace's triage settings and the language model's configuration",
        response: { 200: single(Type.Ref(TriageSettings)), ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => ({ data: await getTriageSettings(db, request.workspaceId, llm) }),
  );

  app.patch(
    '/api/triage',
    {
      // in the dashboard, owners' and admins' (docs/dashboard.md "How the dashboard talks to the server")
      config: { permission: 'replies:write', manage: true },
      schema: {
        tags: ['Triage'],
        summary: 'Turn triage on or off; set the instructions, sender name and signature',
        description: "Categories' draft switches and templates are set on the categories (PATCH /api/categories/{id} {drafts, template}).",
        body: PatchTriageBody,
        response: { 200: single(Type.Ref(TriageSettings)), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => ({ data: await updateTriageSettings(db, request.workspaceId, request.body, llm) }),
  );
};
