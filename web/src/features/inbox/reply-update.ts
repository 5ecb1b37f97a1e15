// A change the inbox makes to one reply (archive, snooze, wake, category) as an optimistic
// mutation: onMutate cancels the reply's queries, snapshots the lists, tab counts and open reply
// it touches and shows the change (cache.ts); onError puts the snapshot back and says why;
// onSettled asks the server again. The live stream's reply.updated already brings every list up
// to date (features/shell/live.ts), so while it is connected a success asks nothing more: the dashboard
// shares the workspace's rate limit with its API keys. Kept apart from the hooks
// (mutations.ts) so test/inbox-optimistic.test.ts can run it without React.
import type { MutationOptions, QueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../api.ts';
import type { Answer } from '../../types.ts';
import { live } from '../../lib/live.ts';
import { applyOwnChange, type OwnChange, type ReplyRef, restore, type Snapshot, snapshot } from './cache.ts';
import { patchReply, replyKeys } from '../../queries/inbox.ts';

/** Ask the server again: after a failure, or after a change when the live stream is down. */
export function refreshReplies(qc: QueryClient, id?: string) {
  void qc.invalidateQueries({ queryKey: replyKeys.all });
  if (id) void qc.invalidateQueries({ queryKey: replyKeys.detail(id) });
}

export interface ReplyUpdate {
  /** The reply as it is before the change. */
  reply: ReplyRef;
  change: OwnChange;
  /** The start of the error toast: "Could not archive: …". */
  failure: string;
}

type Say = (text: string, options: { kind: 'error' }) => void;

export function replyUpdate(qc: QueryClient, say: Say): MutationOptions<Answer<'/api/replies/{id}', 'patch'>, Error, ReplyUpdate, Snapshot> {
  return {
    mutationFn: ({ reply, change }) => patchReply(reply.id, change),
    onMutate: async ({ reply, change }) => {
      await Promise.all([qc.cancelQueries({ queryKey: replyKeys.lists() }), qc.cancelQueries({ queryKey: replyKeys.detail(reply.id) })]);
      const before = snapshot(qc, reply.id);
      applyOwnChange(qc, reply, change);
      return before;
    },
    onError: (err, { failure }, before) => {
      if (before) restore(qc, before);
      say(`${failure}: ${errorMessage(err)}`, { kind: 'error' });
    },
    onSettled: (_data, err, { reply }) => {
      if (err || !live.connected) refreshReplies(qc, reply.id);
    },
  };
}
