// Who else has a reply open, or is writing its answer (docs/dashboard.md "The team's inbox"):
// what the live stream said (features/shell/live.ts writes, the reply view reads). Nothing is
// stored on the server; a person who said nothing for 45 s is gone, and "typing" lasts 8 s.
import { useEffect, useState, useSyncExternalStore } from 'react';

export type PresenceState = 'viewing' | 'typing' | 'left';
export interface Present {
  id: string;
  name: string;
  typing: boolean;
}

const SEEN_FOR_MS = 45_000;
const TYPING_FOR_MS = 8_000;

type Seen = { name: string; seen: number; typed: number };
/** By reply, by person: when they were last seen, and last typing. */
const byReply = new Map<string, Map<string, Seen>>();
const listeners = new Set<() => void>();
let version = 0;

export function notePresence(data: { reply_id: string; state: PresenceState; user: { id: string | null; name: string } }, me: string | null) {
  if (!data.user.id || data.user.id === me) return;
  const people = byReply.get(data.reply_id) ?? new Map<string, Seen>();
  byReply.set(data.reply_id, people);
  const now = Date.now();
  if (data.state === 'left') people.delete(data.user.id);
  else people.set(data.user.id, { name: data.user.name, seen: now, typed: data.state === 'typing' ? now : (people.get(data.user.id)?.typed ?? 0) });
  version++;
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The others on this reply now: re-read every few seconds, so someone silent drops off. */
export function usePresence(replyId: string): Present[] {
  useSyncExternalStore(subscribe, () => version);
  const [, tick] = useState(0);
  useEffect(() => {
    const t = window.setInterval(() => tick((n) => n + 1), 4_000);
    return () => window.clearInterval(t);
  }, []);
  const now = Date.now();
  return [...(byReply.get(replyId) ?? new Map<string, Seen>()).entries()]
    .filter(([, p]) => now - p.seen < SEEN_FOR_MS)
    .map(([id, p]) => ({ id, name: p.name, typing: now - p.typed < TYPING_FOR_MS }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
