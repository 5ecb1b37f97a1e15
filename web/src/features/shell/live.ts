// The workspace's live stream (GET /dashboard/api/events, docs/dashboard.md "Live updates"): the
// shell opens it once for the whole signed-in dashboard.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { contactKeys } from '../../queries/contacts.ts';
import { addNoteToDetail, applyAssignment, applyReplyChange, type ReplyChange, refreshCountsSoon } from '../inbox/cache.ts';
import { replyKeys } from '../../queries/inbox.ts';
import { live } from '../../lib/live.ts';
import { notePresence } from '../../lib/presence.ts';
import { sessionKeys } from '../../lib/session.ts';
import type { Assignee, ReplyNote } from '../../types.ts';

/**
 * Listen to the workspace's server-sent events and bring the caches up to date. A change to a
 * reply is applied to the cached lists from the event itself (no request); a new reply makes
 * the list on screen load again (at most once a second); tab counts are refreshed at most every
 * 15 seconds. An assignment moves the reply between the lists by assignee (reply.assigned), a
 * note shows in the open reply at once (reply.note_added). The open reply is read again, but the
 * draft editor never lets that overwrite what the person is typing (../inbox/Draft.tsx), nor
 * does a note's form lose its text.
 */
export function useLiveUpdates(workspaceId: string, userId: string | null = null) {
  const qc = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let closed = false;
    let reconnect: number | undefined;
    let flushTimer: number | undefined;
    let lists = false;
    let contacts = false;
    let opened = false;
    const replies = new Set<string>();

    const flush = () => {
      flushTimer = undefined;
      if (lists) void qc.invalidateQueries({ queryKey: replyKeys.lists() });
      for (const id of replies) void qc.invalidateQueries({ queryKey: replyKeys.detail(id) });
      if (contacts) void qc.invalidateQueries({ queryKey: contactKeys.all });
      lists = false;
      contacts = false;
      replies.clear();
    };
    const schedule = () => {
      if (flushTimer === undefined) flushTimer = window.setTimeout(flush, 1000);
    };
    const read = (e: MessageEvent<string>): (ReplyChange & Record<string, unknown>) | null => {
      try {
        const payload = JSON.parse(e.data) as { data?: ReplyChange & Record<string, unknown> };
        return payload.data && typeof payload.data.id === 'string' ? payload.data : null;
      } catch {
        return null;
      }
    };
    const onReceived = () => {
      lists = true;
      contacts = true;
      refreshCountsSoon(qc);
      schedule();
    };
    const onChanged = (e: MessageEvent<string>) => {
      const data = read(e);
      if (data) {
        applyReplyChange(qc, data);
        replies.add(data.id);
      } else {
        lists = true;
      }
      refreshCountsSoon(qc);
      schedule();
    };
    // a forward, or a change of the reply's outgoing mail alone (an answer scheduled, held or
    // cancelled: reply.outgoing, heard by dashboards only): the reply is read again
    const onOutgoing = (e: MessageEvent<string>) => {
      const data = read(e);
      if (data) replies.add(data.id);
      schedule();
    };
    // Someone assigned or unassigned a reply: every list and the open reply show it from the
    // event; the reply is read again for its history. An event cut short for the bus between
    // instances ("partial") carries no assignee: the lists are read again instead.
    const onAssigned = (e: MessageEvent<string>) => {
      const data = read(e) as { id: string; assignee?: Assignee | null } | null;
      if (data && data.assignee !== undefined) applyAssignment(qc, { id: data.id, assignee: data.assignee });
      else lists = true;
      if (data) replies.add(data.id);
      schedule();
    };
    // A note: shown in the open reply from the event, then the reply is read for its history.
    const onNote = (e: MessageEvent<string>) => {
      const data = read(e) as { id: string; note?: ReplyNote } | null;
      if (!data) return;
      if (data.note) addNoteToDetail(qc, data.id, data.note);
      replies.add(data.id);
      schedule();
    };
    const onContact = () => {
      contacts = true;
      schedule();
    };

    const open = () => {
      if (closed) return;
      source = new EventSource('/dashboard/api/events');
      source.addEventListener('reply.received', onReceived);
      source.addEventListener('reply.updated', onChanged as EventListener);
      source.addEventListener('reply.sent', onChanged as EventListener);
      source.addEventListener('reply.forwarded', onOutgoing as EventListener);
      source.addEventListener('reply.outgoing', onOutgoing as EventListener);
      source.addEventListener('reply.assigned', onAssigned as EventListener);
      source.addEventListener('reply.note_added', onNote as EventListener);
      // who else has a reply open (lib/presence.ts); nothing to read again
      source.addEventListener('presence', ((e: MessageEvent<string>) => {
        try {
          const { data } = JSON.parse(e.data) as { data?: Parameters<typeof notePresence>[0] };
          if (typeof data?.reply_id === 'string' && data.user) notePresence(data, userId);
        } catch {
          // not ours: nothing to show
        }
      }) as EventListener);
      source.addEventListener('contact.created', onContact);
      // The server's bus between instances was cut off and may have lost events: the page
      // reads everything again (lists, counts, contacts, the open reply) rather than show a
      // stale inbox as current.
      source.addEventListener('resync', () => {
        void qc.invalidateQueries({ queryKey: replyKeys.all });
        void qc.invalidateQueries({ queryKey: replyKeys.details() });
        void qc.invalidateQueries({ queryKey: contactKeys.all });
      });
      // The session changed (signed out elsewhere, removed, a new role): read it again; a page
      // still signed in opens a new stream with what the session now allows.
      source.addEventListener('session.ended', () => {
        source?.close();
        live.connected = false;
        void qc.invalidateQueries({ queryKey: sessionKeys.session });
        reconnect = window.setTimeout(open, 1000);
      });
      source.onopen = () => {
        // Whatever happened while the stream was down: catch up once.
        if (opened) {
          lists = true;
          refreshCountsSoon(qc);
          schedule();
        }
        opened = true;
        live.connected = true;
      };
      source.onerror = () => {
        live.connected = source?.readyState === EventSource.OPEN;
        // The browser reconnects by itself unless the server refused the stream (a non-200
        // answer closes it for good): then try again later, and check the session is alive.
        if (source?.readyState === EventSource.CLOSED) {
          source.close();
          reconnect = window.setTimeout(() => {
            void qc.invalidateQueries({ queryKey: sessionKeys.session });
            open();
          }, 15_000);
        }
      };
    };
    open();
    return () => {
      closed = true;
      live.connected = false;
      source?.close();
      window.clearTimeout(reconnect);
      window.clearTimeout(flushTimer);
    };
  }, [qc, workspaceId, userId]);
}
