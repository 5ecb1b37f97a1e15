// Round-robin assignment per client (docs/api.md "The team's inbox"): a new reply of a client
// with members chosen (clients.round_robin) is assigned, as it is ingested and in the same
// transaction, to the next of them still in the workspace. The turn is a counter on the client
// advanced by UPDATE … RETURNING, so replies ingested at the same moment take different turns
// (on PostgreSQL the second waits for the first's commit on the client's row).
import type { Tx } from '../db/types.ts';
import { findMembers } from '../workspaces/queries.ts';
import { takeTurn } from './ingest-queries.ts';
import { type Assignee, assigneeOf } from './detail.ts';

export async function nextInTurn(trx: Tx, workspaceId: string, client: { id: string; round_robin: string }): Promise<Assignee | null> {
  const ids = JSON.parse(client.round_robin) as string[];
  if (!ids.length) return null;
  const members = await findMembers(trx, workspaceId, ids);
  // in the order chosen; a member who left the workspace is skipped
  const present = ids.flatMap((id) => members.filter((m) => m.id === id));
  if (!present.length) return null;
  const turn = await takeTurn(trx, workspaceId, client.id);
  const m = present[(turn - 1) % present.length]!;
  return assigneeOf(m.id, m.name, m.email);
}
