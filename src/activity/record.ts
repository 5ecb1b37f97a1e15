// A reply's history (docs/api.md "The team's inbox"): every change of status, category,
// assignee, draft or snooze, and every send, forward and note, recorded by the code that makes
// it, in its transaction, so the history can never disagree with the reply. Below mail/ and
// replies/, which both record.
import type { Tx } from '../db/types.ts';
import type { Actor } from '../workspaces/service.ts';
import * as q from './queries.ts';

export const ACTIONS = ['status', 'category', 'client', 'assignee', 'draft', 'snooze', 'schedule', 'hold', 'cancel', 'send', 'forward', 'note'] as const;
export type Action = (typeof ACTIONS)[number];

/**
 * What an entry records besides who and when: `from` and `to` for a change, `to` for a send or
 * forward (the recipients), a schedule (when it is to leave) or a hold (why).
 */
export interface Entry {
  action: Action;
  from?: string | null;
  to?: string | null;
}

/** Triage's decisions, made as a reply arrives or in the worker's batches. */
export const TRIAGE: Actor = { type: 'triage', id: null, name: 'Triage' };
/** Replydesk itself: a snooze that ends on its own, or because the prospect wrote again. */
export const SYSTEM: Actor = { type: 'system', id: null, name: 'Replydesk' };

/** Which of `from` and `to` each action shows (docs/api.md "The team's inbox"). */
const SHOWN: Record<Action, readonly ('from' | 'to')[]> = {
  status: ['from', 'to'],
  category: ['from', 'to'],
  client: ['from', 'to'],
  assignee: ['from', 'to'],
  snooze: ['from', 'to'],
  draft: [],
  schedule: ['to'],
  hold: ['to'],
  cancel: [],
  send: ['to'],
  forward: ['to'],
  note: [],
};

export function record(trx: Tx, workspaceId: string, replyId: string, actor: Actor, at: string, entries: Entry[]) {
  return q.insertActivity(
    trx,
    entries.map((e) => ({
      workspace_id: workspaceId,
      reply_id: replyId,
      at,
      actor_type: actor.type,
      actor_id: actor.id,
      actor_name: actor.name,
      action: e.action,
      from_value: e.from ?? null,
      to_value: e.to ?? null,
    })),
  );
}

/** An entry of the history as the single read shows it. */
export function shown(at: string, actor: Actor, e: Entry) {
  const fields = SHOWN[e.action] ?? [];
  return { at, actor, action: e.action, ...(fields.includes('from') && { from: e.from ?? null }), ...(fields.includes('to') && { to: e.to ?? null }) };
}
export type ShownEntry = ReturnType<typeof shown>;

/** A reply's change (its fields' previous and current values) as entries of its history; handled_at follows the status and is not one. */
export function historyOf(changed: Record<string, { previous: unknown; current: unknown }>): Entry[] {
  const entries: Entry[] = [];
  // the fields below hold text or null: a status, an id, a timestamp
  const value = (v: unknown) => (typeof v === 'string' ? v : null);
  for (const [field, action] of [
    ['status', 'status'],
    ['category_id', 'category'],
    ['client_id', 'client'],
    ['assignee_id', 'assignee'],
    ['snoozed_until', 'snooze'],
  ] as const) {
    const c = changed[field];
    if (c) entries.push({ action, from: value(c.previous), to: value(c.current) });
  }
  if (changed.ai_response) entries.push({ action: 'draft' });
  return entries;
}
