// Presence on the open reply: this person says they are here (and when they type its answer),
// and sees who else is (docs/dashboard.md "The team's inbox"). No locks: two people may still
// both write; the draft's If-Match keeps either text from being lost (Draft.tsx).
import { useCallback, useEffect, useRef } from 'react';
import { api, postAsPageLeaves } from '../../api.ts';
import { type PresenceState, usePresence } from '../../lib/presence.ts';

const say = (replyId: string, state: PresenceState) => api.post('/dashboard/api/presence', { reply_id: replyId, state }).catch(() => {}); // a lost ping only delays what others see

/** Says "viewing" while the reply is open (every 20 s), "left" when it closes; `typing()` at most every 5 s. */
export function useAnnouncePresence(replyId: string) {
  const lastTyping = useRef(0);
  useEffect(() => {
    void say(replyId, 'viewing');
    const t = window.setInterval(() => void say(replyId, 'viewing'), 20_000);
    // closing the tab or loading another page unmounts nothing: say it as the page goes
    const leave = () => postAsPageLeaves('/dashboard/api/presence', { reply_id: replyId, state: 'left' });
    window.addEventListener('pagehide', leave);
    return () => {
      window.clearInterval(t);
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [replyId]);
  return useCallback(() => {
    const now = Date.now();
    if (now - lastTyping.current < 5_000) return;
    lastTyping.current = now;
    void say(replyId, 'typing');
  }, [replyId]);
}

/** "ana is viewing", "ben is typing a reply…": the others on this reply. */
export function PresenceLine({ replyId }: { replyId: string }) {
  const others = usePresence(replyId);
  if (!others.length) return null;
  return (
    <p className="presence small" role="status">
      {others.map((p) => (
        <span key={p.id} className={p.typing ? 'presence-person typing' : 'presence-person'}>
          <span aria-hidden="true" className="presence-dot" />
          {p.typing ? `${p.name} is typing a reply…` : `${p.name} is viewing`}
        </span>
      ))}
    </p>
  );
}
