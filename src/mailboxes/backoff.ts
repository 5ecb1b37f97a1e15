// How long a mailbox waits before the next attempt after `failures` failed ones in a row: pure
// arithmetic (capped exponential with ±20 % jitter), as EmailEngine's reconnect-backoff; the
// sync owns the timers and stores the due time (connections.next_sync_at), so a restart keeps
// the backoff instead of hammering a server that refuses the password.
export interface BackoffOptions {
  baseMs: number;
  capMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 5_000, capMs: 30 * 60_000 };

export function backoffMs(failures: number, opts: BackoffOptions = DEFAULT_BACKOFF, random: () => number = Math.random): number {
  if (failures <= 0) return 0;
  const raw = Math.min(opts.capMs, opts.baseMs * 2 ** Math.min(failures - 1, 30));
  return Math.round(raw * (0.8 + 0.4 * random()));
}
