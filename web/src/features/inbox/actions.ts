// What the inbox's buttons and keys do to the reply they act on: archive, snooze or wake, set
// the category, assign, each with an undo in its toast, and what follows a send. The caches are
// changed by the mutations (mutations.ts); here is what the person sees next.
import { useQueryClient } from '@tanstack/react-query';
import { useToast } from '../../components/Toasts.tsx';
import { dateTime } from '../../lib/format.ts';
import { categoriesQuery, clientsQuery } from '../../queries/settings.ts';
import { membersQuery } from '../../queries/team.ts';
import { refreshCountsSoon, type ReplyRef, shiftCount, tabOf } from './cache.ts';
import { replySent, type ReplyUpdate, useReplyUpdate } from './mutations.ts';
import { replyQuery } from '../../queries/inbox.ts';

export interface InboxActions {
  archive: (reply: ReplyRef) => void;
  snooze: (reply: ReplyRef, until: Date | null) => void;
  setCategory: (reply: ReplyRef, categoryId: string | null) => void;
  /** File it under a client, or under none (null). */
  setClient: (reply: ReplyRef & { client_id: string | null }, clientId: string | null) => void;
  /** Assign to a member (their user id), or unassign (null). Nobody is mailed. */
  assign: (reply: ReplyRef, assigneeId: string | null) => void;
  /** After a send: open the next reply. */
  sent: (replyId: string) => void;
  /** A send undone: the reply is back in the lists, and open again. */
  unsent: (replyId: string) => void;
}

/**
 * The inbox's actions. `openAfter` moves on from a reply that leaves the view (the next one
 * below it, else the one above), before the change is even sent.
 */
export function useInboxActions(openAfter: (id: string) => void, open: (id: string) => void): InboxActions {
  const qc = useQueryClient();
  const toast = useToast();
  const update = useReplyUpdate();

  /** Make the change; the promise settles with it, whatever the answer (the mutation says a failure). */
  const apply = (vars: ReplyUpdate): Promise<void> =>
    update.mutateAsync(vars).then(
      () => undefined,
      () => undefined,
    );
  /** An undo is sent once the change it undoes is settled, so the two never cross. */
  const undoAfter = (done: Promise<void>, vars: ReplyUpdate) => () => void done.then(() => update.mutate(vars));
  /** The undo of a change that took the reply out of the view: it comes back, and opens again. */
  const undoAndReopen = (done: Promise<void>, vars: ReplyUpdate) => () => {
    undoAfter(done, vars)();
    open(vars.reply.id);
  };

  return {
    archive: (reply) => {
      if (reply.status === 'archived') return;
      openAfter(reply.id);
      const done = apply({ reply, change: { status: 'archived' }, failure: 'Could not archive' });
      toast('Reply archived', {
        action: { label: 'Undo', run: undoAndReopen(done, { reply: { ...reply, status: 'archived' }, change: { status: reply.status }, failure: 'Could not undo' }) },
      });
    },
    snooze: (reply, until) => {
      openAfter(reply.id);
      const value = until ? until.toISOString() : null;
      const done = apply({ reply, change: { snoozed_until: value }, failure: until ? 'Could not snooze' : 'Could not wake' });
      const previous = reply.snoozed_until && new Date(reply.snoozed_until).getTime() > Date.now() + 5000 ? reply.snoozed_until : null;
      toast(until ? `Snoozed until ${dateTime(value)}` : 'Reply woken', {
        action: { label: 'Undo', run: undoAndReopen(done, { reply: { ...reply, snoozed_until: value }, change: { snoozed_until: previous }, failure: 'Could not undo' }) },
      });
    },
    setCategory: (reply, categoryId) => {
      if (reply.category_id === categoryId) return;
      const done = apply({ reply, change: { category_id: categoryId }, failure: 'Could not change the category' });
      const name = qc.getQueryData(categoriesQuery.queryKey)?.find((x) => x.id === categoryId)?.name;
      toast(name ? `Category set to ${name}` : 'Category removed', {
        action: { label: 'Undo', run: undoAfter(done, { reply: { ...reply, category_id: categoryId }, change: { category_id: reply.category_id }, failure: 'Could not undo' }) },
      });
    },
    setClient: (reply, clientId) => {
      if (reply.client_id === clientId) return;
      const done = apply({ reply, change: { client_id: clientId }, failure: 'Could not change the client' });
      const name = qc.getQueryData(clientsQuery.queryKey)?.find((x) => x.id === clientId)?.name;
      toast(name ? `Client set to ${name}` : 'Client removed', {
        action: { label: 'Undo', run: undoAfter(done, { reply, change: { client_id: reply.client_id }, failure: 'Could not undo' }) },
      });
    },
    assign: (reply, assigneeId) => {
      const previous = reply.assignee?.id ?? null;
      if (previous === assigneeId) return;
      const done = apply({ reply, change: { assignee_id: assigneeId }, failure: assigneeId ? 'Could not assign' : 'Could not unassign' });
      const name = qc.getQueryData(membersQuery.queryKey)?.find((m) => m.id === assigneeId)?.name;
      const assigned = { ...reply, assignee: assigneeId ? { id: assigneeId, name: name ?? '', email: '' } : null };
      toast(assigneeId ? `Assigned to ${name ?? 'a member'}` : 'Unassigned', {
        action: { label: 'Undo', run: undoAfter(done, { reply: assigned, change: { assignee_id: previous }, failure: 'Could not undo' }) },
      });
    },
    sent: (replyId) => {
      const reply = qc.getQueryData(replyQuery(replyId).queryKey);
      if (reply) shiftCount(qc, tabOf(reply), 'sent');
      openAfter(replyId);
      replySent(qc, replyId);
    },
    unsent: (replyId) => {
      refreshCountsSoon(qc);
      open(replyId);
    },
  };
}
