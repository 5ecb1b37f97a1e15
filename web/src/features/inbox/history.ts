// A reply's history in words (docs/dashboard.md "The team's inbox"): each entry of the single
// read's `activity` as a sentence — "ana assigned this to ben", "Triage set the category to
// Interested", "Replydesk woke it from a snooze", "sam (API key) sent the answer to ada@…".
// Category and member ids are named from the cached queries; one no longer there is "a deleted
// category" or "a former member". Pure, so the words can be checked without a browser.
import { dateTime } from '../../lib/format.ts';
import type { Actor, ReplyActivity, ReplyStatus } from '../../types.ts';

const STATUS: Record<ReplyStatus, string> = { pending: 'Pending', ready: 'Ready', sent: 'Sent', archived: 'Archived' };

/** Who did it, as the team reads it: a person's name, "sam (API key)", "Triage", "Replydesk". */
export function actorName(actor: Actor): string {
  if (actor.type === 'api_key') return `${actor.name} (API key)`;
  if (actor.type === 'mailbox') return `${actor.name} (mailbox)`;
  return actor.name;
}

/** The names the sentences need: a category's and a member's, from the cached lists. */
export interface Names {
  category: (id: string) => string | undefined;
  member: (id: string) => string | undefined;
  client: (id: string) => string | undefined;
}

const status = (s: string | null | undefined) => (s && s in STATUS ? STATUS[s as ReplyStatus] : (s ?? 'no status'));

/** What the actor did, without the actor: "assigned this to ben". */
export function deed(entry: ReplyActivity, names: Names): string {
  const { from = null, to = null } = entry;
  const category = (id: string) => names.category(id) ?? 'a deleted category';
  const member = (id: string) => names.member(id) ?? 'a former member';
  const client = (id: string) => names.client(id) ?? 'a deleted client';
  switch (entry.action) {
    case 'status':
      if (to === 'archived') return 'archived it';
      return from ? `moved it from ${status(from)} to ${status(to)}` : `moved it to ${status(to)}`;
    case 'category':
      if (!to) return from ? (names.category(from) ? `removed the category ${category(from)}` : 'removed a deleted category') : 'removed the category';
      return from ? `changed the category from ${category(from)} to ${category(to)}` : `set the category to ${category(to)}`;
    case 'client':
      if (!to) return from ? `removed the client ${client(from)}` : 'removed the client';
      return from ? `changed the client from ${client(from)} to ${client(to)}` : `set the client to ${client(to)}`;
    case 'assignee':
      if (!to) return from ? `unassigned this from ${member(from)}` : 'unassigned this';
      if (from) return `reassigned this from ${member(from)} to ${member(to)}`;
      return to === entry.actor.id ? 'assigned this to themselves' : `assigned this to ${member(to)}`;
    case 'draft':
      return entry.actor.type === 'triage' ? 'drafted an answer' : 'edited the draft';
    case 'snooze':
      if (!to) return 'woke it from a snooze';
      return from ? `moved the snooze to ${dateTime(to)}` : `snoozed it until ${dateTime(to)}`;
    case 'schedule':
      return to ? `scheduled the answer for ${dateTime(to)}` : 'scheduled the answer';
    case 'hold':
      return to ? `held the scheduled answer (${to.replace(/^Held: /, '').replace(/\.$/, '')})` : 'held the scheduled answer';
    case 'cancel':
      return 'cancelled the scheduled answer';
    case 'send':
      return to ? `sent the answer to ${to}` : 'sent the answer';
    case 'forward':
      return to ? `forwarded it to ${to.split(/,\s*/).join(', ')}` : 'forwarded it';
    case 'note':
      return 'added a note';
    default:
      return `changed it (${String(entry.action)})`;
  }
}

/** The whole sentence: "ana assigned this to ben". */
export const describe = (entry: ReplyActivity, names: Names) => `${actorName(entry.actor)} ${deed(entry, names)}`;
