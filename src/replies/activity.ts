// The team's notes on a reply, and the reply's notes and history as its single read shows them
// (docs/api.md "The team's inbox"; the history is recorded through src/activity/record.ts).
import { type Db, together } from '../db/connect.ts';
import { assignedTo, ownedReply, unassign } from './queries.ts';
import { uuidv7 } from '../db/ids.ts';
import { Errors } from '../errors.ts';
import { raise } from '../events.ts';
import type { Tx } from '../db/types.ts';
import type { Actor } from '../workspaces/service.ts';
import * as q from '../activity/queries.ts';
import { type Action, record, shown, type ShownEntry } from '../activity/record.ts';

const actorOf = (type: Actor['type'], id: string | null, name: string): Actor => ({ type, id, name });

export const noteOf = (r: q.NoteRow) => ({ id: r.id, body: r.body, author: actorOf(r.actor_type, r.actor_id, r.actor_name), created_at: r.at });
export type Note = ReturnType<typeof noteOf>;

/** The reply's notes and history, oldest first, as the single read shows them. */
export async function notesAndActivity(db: Db, workspaceId: string, replyId: string): Promise<{ notes: Note[]; activity: ShownEntry[] }> {
  const { notes, activity } = await q.notesAndActivityOf(db.read, workspaceId, replyId);
  return {
    notes: notes.map(noteOf),
    activity: activity.map((r) => shown(r.at, actorOf(r.actor_type, r.actor_id, r.actor_name), { action: r.action as Action, from: r.from_value, to: r.to_value })),
  };
}

/** POST /api/replies/{id}/notes: the note, its entry in the history and reply.note_added, in one write. */
export async function addNote(db: Db, workspaceId: string, replyId: string, actor: Actor, body: string): Promise<Note> {
  const at = new Date().toISOString();
  const note: Note = { id: uuidv7(), body, author: actor, created_at: at };
  return db.write(async (trx) => {
    if (!(await ownedReply(trx, workspaceId, replyId))) throw Errors.ReplyNotFound();
    await together([
      q.insertNote(trx, { id: note.id, workspace_id: workspaceId, reply_id: replyId, body, author_type: actor.type, author_id: actor.id, author_name: actor.name, created_at: at }),
      record(trx, workspaceId, replyId, actor, at, [{ action: 'note' }]),
      raise(trx, workspaceId, 'reply.note_added', { id: replyId, note }),
    ]);
    return note;
  });
}

/**
 * A member removed from the workspace: the replies assigned to them become unassigned, each
 * change in its reply's history (by who removed them) and announced as reply.assigned.
 */
export async function unassignMember(trx: Tx, workspaceId: string, userId: string, actor: Actor, at: string) {
  const ids = await assignedTo(trx, workspaceId, userId);
  await unassign(trx, workspaceId, ids, at);
  for (const id of ids) {
    await record(trx, workspaceId, id, actor, at, [{ action: 'assignee', from: userId, to: null }]);
    await raise(trx, workspaceId, 'reply.assigned', { id, assignee: null, previous_assignee_id: userId });
  }
}
