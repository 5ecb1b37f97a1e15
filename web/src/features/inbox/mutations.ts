// The inbox's changes as TanStack Query mutations. A change to one reply (archive, snooze, wake,
// category, assignee) is optimistic (reply-update.ts); a send never is, nor a note (it shows with
// the author and time the server gave it), and a bulk change is not (it may be thousands of
// replies) but keeps each reply's previous value for its undo.
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, errorMessage } from '../../api.ts';
import { useToast } from '../../components/Toasts.tsx';
import { plural } from '../../lib/format.ts';
import { live } from '../../lib/live.ts';
import type { ReplyDetail, ReplyListItem, ReplyPatch } from '../../types.ts';
import { addNoteToDetail, type OwnChange, removeFromLists } from './cache.ts';
import { addNote, bulkUpdate, cancelOutgoing, forwardReply, patchReply, replyKeys, retryOutgoing, type SendExtras, sendReply } from '../../queries/inbox.ts';
import { refreshReplies, replyUpdate } from './reply-update.ts';

export type { ReplyUpdate } from './reply-update.ts';

/** One reply's status, snooze, category or assignee, shown before the server answers (reply-update.ts). */
export function useReplyUpdate() {
  return useMutation(replyUpdate(useQueryClient(), useToast()));
}

/** The draft, saved as it is typed; the open reply takes what the server kept (a draft makes it "ready"). */
/**
 * Save the draft against the version of the reply it was written on (If-Match): a save made
 * after someone else changed the reply is refused with 412 (Draft.tsx then offers both texts).
 */
export function useSaveDraft(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ text, version }: { text: string; version: string }) => patchReply(id, { ai_response: text === '' ? null : text }, version),
    onSuccess: (updated) =>
      qc.setQueryData<ReplyDetail>(replyKeys.detail(id), (old) => (old ? { ...old, ai_response: updated.ai_response, status: updated.status, updated_at: updated.updated_at } : old)),
  });
}

type SendAnswer = Awaited<ReturnType<typeof sendReply>>;

/**
 * Send the answer, at `sendAt` (the Undo window, or Send later). Never optimistic
 * (docs/dashboard.md): the reply moves once the server took it.
 */
export function useSendReply(id: string, onSent: (answer: SendAnswer) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ message, sendAt, extras }: { message: string | undefined; sendAt: Date; extras?: SendExtras }) => sendReply(id, message, sendAt, extras),
    onSuccess: (res) => onSent(res),
    // sent meanwhile by someone else (409): read the reply again, which says who sent it
    onError: (err) => {
      if (err instanceof ApiError && err.status === 409) void qc.invalidateQueries({ queryKey: replyKeys.detail(id) });
    },
  });
}

/** After a send: the reply leaves the lists, its detail is read again. */
export function replySent(qc: QueryClient, id: string) {
  removeFromLists(qc, new Set([id]));
  void qc.invalidateQueries({ queryKey: replyKeys.detail(id) });
  if (!live.connected) refreshReplies(qc, id);
}

export function useForwardReply(id: string, onDone: () => void) {
  const qc = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (body: Parameters<typeof forwardReply>[1]) => forwardReply(id, body),
    onSuccess: (res) => {
      toast(`Forwarded to ${res.forwarded_to.join(', ')}`);
      void qc.invalidateQueries({ queryKey: replyKeys.detail(id) });
      onDone();
    },
  });
}

/**
 * Add an internal note. It shows once the server kept it; its line in the history comes with the
 * live stream's reply.note_added (or a read of the reply, when the stream is down).
 */
export function useAddNote(id: string, onAdded: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => addNote(id, body),
    onSuccess: (note) => {
      addNoteToDetail(qc, id, note);
      if (!live.connected) void qc.invalidateQueries({ queryKey: replyKeys.detail(id) });
      onAdded();
    },
  });
}

export function useRetryOutgoing(replyId: string) {
  const qc = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (outgoingId: string) => retryOutgoing(replyId, outgoingId),
    onSuccess: () => toast('Queued to be sent'),
    onError: (err) => toast(`Not sent: ${errorMessage(err)}`),
    onSettled: () => qc.invalidateQueries({ queryKey: replyKeys.detail(replyId) }),
  });
}

/**
 * Takes back an answer that has not left yet; the reply and the lists are read again. A plain
 * function, not a mutation of a component: a toast's Undo runs after the reply view that sent
 * it has gone.
 */
export async function takeBack(qc: QueryClient, replyId: string, outgoingId: string) {
  try {
    return await cancelOutgoing(replyId, outgoingId);
  } finally {
    void qc.invalidateQueries({ queryKey: replyKeys.detail(replyId) });
    void qc.invalidateQueries({ queryKey: replyKeys.lists() });
  }
}

/** Cancel on a scheduled or held answer in the reply's outgoing mail. */
export function useCancelOutgoing(replyId: string) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (outgoingId: string) => takeBack(qc, replyId, outgoingId) });
}

type Field = keyof OwnChange;

export interface BulkChange {
  change: OwnChange;
  /** The start of the toast: "Archived: 3 replies". */
  done: string;
  /** The chosen replies, or null for every reply of the list `query` gives. */
  ids: string[] | null;
  query: Record<string, string>;
  /** The list's items: where the chosen replies' previous values are read. */
  items: ReplyListItem[];
  progress: (text: string | null) => void;
}

/**
 * A change to many replies: the chosen ids in calls of at most 100, or, for "all that match",
 * every matching reply by walking the list's cursor pages 100 at a time. Not optimistic (it
 * may be thousands); each reply's previous value is kept, so the toast can undo it.
 */
export function useBulkChange(onDone: () => void) {
  const qc = useQueryClient();
  const toast = useToast();
  const undo = useMutation({
    mutationFn: async ({ field, before }: { field: Field; before: Map<string, string | null> }) => {
      const groups = new Map<string | null, string[]>();
      for (const [id, value] of before) {
        // A snooze that has ended meanwhile cannot be put back; wake instead.
        const v = field === 'snoozed_until' && value && new Date(value).getTime() <= Date.now() + 5000 ? null : value;
        groups.set(v, [...(groups.get(v) ?? []), id]);
      }
      for (const [value, ids] of groups) {
        for (let i = 0; i < ids.length; i += 100) await bulkUpdate(ids.slice(i, i + 100), { [field]: value } as ReplyPatch);
      }
    },
    onSuccess: () => toast('Undone'),
    onError: (err) => toast(errorMessage(err), { kind: 'error' }),
    onSettled: () => qc.invalidateQueries({ queryKey: replyKeys.all }),
  });
  return useMutation({
    mutationFn: async ({ change, ids, query, items, progress }: BulkChange) => {
      const field = Object.keys(change)[0] as Field;
      const before = new Map<string, string | null>();
      const remember = (r: ReplyListItem) => before.set(r.id, field === 'assignee_id' ? (r.assignee?.id ?? null) : (r[field] ?? null));
      let updated = 0;
      if (!ids) {
        let cursor: string | undefined;
        let seen = 0;
        do {
          const page = await api.list<ReplyListItem>('/api/replies', { ...query, limit: 100, cursor });
          page.items.forEach(remember);
          seen += page.items.length;
          progress(`Updating ${seen.toLocaleString()} of ${page.pagination.total.toLocaleString()}…`);
          if (page.items.length)
            updated += (
              await bulkUpdate(
                page.items.map((r) => r.id),
                change,
              )
            ).updated;
          cursor = page.pagination.next_cursor ?? undefined;
        } while (cursor);
      } else {
        const byId = new Map(items.map((r) => [r.id, r]));
        ids.forEach((id) => {
          const r = byId.get(id);
          if (r) remember(r);
        });
        for (let i = 0; i < ids.length; i += 100) {
          progress(`Updating ${Math.min(i + 100, ids.length)} of ${ids.length}…`);
          updated += (await bulkUpdate(ids.slice(i, i + 100), change)).updated;
        }
      }
      return { field, before, updated };
    },
    onSuccess: ({ field, before, updated }, { done }) => {
      if (field === 'status' || field === 'snoozed_until') removeFromLists(qc, new Set(before.keys()));
      onDone();
      toast(`${done}: ${plural(updated, 'reply', 'replies')}`, {
        action: before.size ? { label: 'Undo', run: () => undo.mutate({ field, before }) } : undefined,
      });
    },
    onError: (err) => toast(errorMessage(err), { kind: 'error' }),
    onSettled: (_data, _err, { progress }) => {
      progress(null);
      void qc.invalidateQueries({ queryKey: replyKeys.all });
      void qc.invalidateQueries({ queryKey: replyKeys.details() });
    },
  });
}
