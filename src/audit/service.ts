// Writing one audit entry (docs/dashboard.md "Audit log"): by the HTTP routes through
// audit/plugin.ts, and by the `replydesk` command for the keys it creates and revokes.
import type { Db } from '../db/connect.ts';
import { uuidv7 } from '../db/ids.ts';
import type { Actor } from '../workspaces/service.ts';
import { insertEntry } from './queries.ts';

export function recordChange(db: Db, change: { workspaceId: string; actor: Actor; action: string; targetId: string | null; details?: Record<string, unknown> }) {
  return db.write((trx) =>
    insertEntry(trx, {
      id: uuidv7(),
      workspace_id: change.workspaceId,
      created_at: new Date().toISOString(),
      actor_type: change.actor.type,
      actor_id: change.actor.id,
      actor_name: change.actor.name,
      action: change.action,
      target_id: change.targetId,
      details: JSON.stringify(change.details ?? {}),
    }),
  );
}

/** Who the `replydesk` command acts as. */
export const COMMAND_LINE: Actor = { type: 'system', id: null, name: 'replydesk command' };
