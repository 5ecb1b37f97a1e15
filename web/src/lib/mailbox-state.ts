// A mailbox's state, named the same wherever it shows (the sidebar's dot, Settings → Mailboxes):
// a mailbox without IMAP settings is "Not connected", not a sync that never comes.
import type { Connection } from '../types.ts';

const SYNC: Record<Connection['sync']['state'], { label: string; colour: string }> = {
  pending: { label: 'Waiting for first sync', colour: '#9ca3af' },
  active: { label: 'Syncing', colour: '#16a34a' },
  error: { label: 'Error', colour: '#dc2626' },
  paused: { label: 'Paused', colour: '#d97706' },
};

export function mailboxState(c: Pick<Connection, 'imap' | 'sync'>): { label: string; colour: string; connected: boolean } {
  if (!c.imap || !c.sync) return { label: 'Not connected', colour: '#d1d5db', connected: false };
  return { ...(SYNC[c.sync.state] ?? { label: c.sync.state, colour: '#9ca3af' }), connected: true };
}
