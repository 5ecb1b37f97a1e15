// The per-workspace learned-model cache (docs/triage.md "On ingestion"): a workspace's model
// (src/triage/local/workspace-model.ts) parsed from its JSON once per version, not once per
// reply.
//
// How it stays right across processes: each process keeps its own copy, keyed by the model's
// version as the database has it, and asks the database for nothing else. The version is read
// with the workspace's settings and categories in the one statement triage already makes for
// every reply it decides (queries.ts triageContext), and every write of a model (triage.learn,
// in whichever process: queries.ts saveModel) adds one to it in the same statement. So a copy
// parsed before another process learned is seen to be older at the next decision, and the
// model is read again; no process needs telling. A decision uses the model as committed when
// its read began.
import type { Q } from '../db/types.ts';
import { WorkspaceModel } from './local/index.ts';
import * as q from './queries.ts';

/** The workspaces' models as this process last parsed them, with the version each was read at. */
const models = new Map<string, { version: number; model: WorkspaceModel }>();

/** Workspaces beyond this many: the cache starts over (it is a cache; any entry can be read again). */
const MAX_WORKSPACES = 1000;

/**
 * The workspace's learned model at `version` (the version its settings were just read with):
 * this process's copy when it is of that version, else the stored model, parsed and kept
 * under the version it was stored with. Null when the workspace has none.
 */
export async function cachedModel(db: Q, workspaceId: string, version: number | null): Promise<WorkspaceModel | null> {
  if (version === null) return null;
  const cached = models.get(workspaceId);
  if (cached && cached.version === version) return cached.model;
  const row = await q.loadModel(db, workspaceId);
  if (!row) return null;
  const model = parseModel(row.model);
  if (models.size > MAX_WORKSPACES) models.clear();
  models.set(workspaceId, { version: row.version, model });
  return model;
}

/** A stored model's JSON as a model (an unreadable one as an empty model). */
export function parseModel(json: string): WorkspaceModel {
  return WorkspaceModel.fromJSON(safeJson(json));
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
