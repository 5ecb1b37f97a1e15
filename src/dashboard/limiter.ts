// One limiter for every check of a credential (docs/dashboard.md, Limits): sign-in, accepting
// an invitation, confirming a password reset, first-run setup, and asking for a reset link.
// Attempts are counted per account and per client address over a sliding window; with
// REDIS_URL the counts live in Redis, so every instance spends the same budget, and a Redis
// that does not answer falls back to this process's own counts rather than to no limit.
//
// An attempt is counted *before* the check it guards and taken back when it succeeds, so 40
// guesses sent at once get no more tries than 40 sent one by one.
import crypto from 'node:crypto';
import type { Redis } from 'ioredis';
import { DashboardErrors } from '../errors.ts';

/** Who is trying: the account (an email address, or a link's token) and the client's address. */
export interface Attempter {
  account: string;
  address: string;
}

export interface LimitRule {
  /** Prefix of the counters' keys: rules with the same name share their counts. */
  name: string;
  perAccount: number;
  perAddress: number;
  windowMs: number;
  /** What the 429 says is spent ("sign-in attempts"). */
  what: string;
}

/** Failed credential checks: 5 per account and 20 per client address in 15 minutes. */
export const CREDENTIALS: LimitRule = { name: 'cred', perAccount: 5, perAddress: 20, windowMs: 15 * 60_000, what: 'sign-in attempts' };
/** Reset links asked for: 3 per address and 10 per client address in an hour, whether or not the account exists. */
export const RESET_REQUESTS: LimitRule = { name: 'reset', perAccount: 3, perAddress: 10, windowMs: 60 * 60_000, what: 'password reset requests' };

/** Timestamps of attempts under one key, oldest first: the store the limiter counts in. */
interface AttemptStore {
  /** Records an attempt and answers how many the key holds within the window, and the oldest. */
  add(key: string, member: string, now: number, windowMs: number): Promise<{ count: number; oldest: number }>;
  remove(key: string, member: string): Promise<void>;
  clear(key: string): Promise<void>;
}

class MemoryStore implements AttemptStore {
  private readonly attempts = new Map<string, Map<string, number>>();

  async add(key: string, member: string, now: number, windowMs: number) {
    if (this.attempts.size > 100_000) this.attempts.clear();
    const list = this.attempts.get(key) ?? new Map<string, number>();
    for (const [m, t] of list) if (now - t >= windowMs) list.delete(m);
    list.set(member, now);
    this.attempts.set(key, list);
    return { count: list.size, oldest: Math.min(...list.values()) };
  }

  async remove(key: string, member: string) {
    const list = this.attempts.get(key);
    list?.delete(member);
    if (list && !list.size) this.attempts.delete(key);
  }

  async clear(key: string) {
    this.attempts.delete(key);
  }
}

/** A sorted set per key, scored by time: the window slides, and every instance sees one count. */
class RedisStore implements AttemptStore {
  constructor(private readonly redis: Redis) {}

  async add(key: string, member: string, now: number, windowMs: number) {
    const k = `replydesk:limit:${key}`;
    const results = await this.redis
      .multi()
      .zremrangebyscore(k, '-inf', now - windowMs)
      .zadd(k, now, member)
      .pexpire(k, windowMs)
      .zcard(k)
      .zrange(k, 0, 0, 'WITHSCORES')
      .exec();
    if (!results || results.some(([err]) => err)) throw results?.find(([err]) => err)?.[0] ?? new Error('redis transaction aborted');
    const oldest = results[4]![1] as string[];
    return { count: Number(results[3]![1]), oldest: Number(oldest[1] ?? now) };
  }

  async remove(key: string, member: string) {
    await this.redis.zrem(`replydesk:limit:${key}`, member);
  }

  async clear(key: string) {
    await this.redis.del(`replydesk:limit:${key}`);
  }
}

/** An attempt under way: `succeeded()` takes it back and forgets the account's failures; `cancel()` only takes it back. */
export interface Attempt {
  succeeded(): Promise<void>;
  cancel(): Promise<void>;
}

export class AttemptLimiter {
  private readonly memory = new MemoryStore();
  private readonly shared: RedisStore | null;

  constructor(
    redis: Redis | null,
    private readonly onRedisError: (err: Error) => void = () => {},
  ) {
    this.shared = redis ? new RedisStore(redis) : null;
  }

  /** Runs `op` on Redis when there is one, on this process's counts when there is none or it fails. */
  private async store<T>(op: (s: AttemptStore) => Promise<T>): Promise<T> {
    if (this.shared) {
      try {
        return await op(this.shared);
      } catch (err) {
        this.onRedisError(err as Error);
      }
    }
    return op(this.memory);
  }

  /**
   * Counts an attempt by `who` under `rule`, or throws 429 (counting nothing) when the
   * account's or the address's budget is spent.
   */
  async begin(rule: LimitRule, who: Attempter): Promise<Attempt> {
    const now = Date.now();
    const member = `${now}:${crypto.randomBytes(6).toString('hex')}`;
    const keys = [
      [`${rule.name}:a:${who.account.toLowerCase()}`, rule.perAccount],
      [`${rule.name}:ip:${who.address}`, rule.perAddress],
    ] as const;
    const counted = await Promise.all(keys.map(([key]) => this.store((s) => s.add(key, member, now, rule.windowMs))));
    const spent = counted.findIndex((c, i) => c.count > keys[i]![1]);
    if (spent >= 0) {
      await Promise.all(keys.map(([key]) => this.store((s) => s.remove(key, member))));
      const minutes = Math.max(1, Math.ceil((counted[spent]!.oldest + rule.windowMs - now) / 60_000));
      throw DashboardErrors.TooManyAttempts(rule.what, minutes);
    }
    const [account, address] = keys.map(([key]) => key) as [string, string];
    return {
      succeeded: async () => {
        await this.store((s) => s.clear(account));
        await this.store((s) => s.remove(address, member));
      },
      cancel: async () => {
        await this.store((s) => s.remove(account, member));
        await this.store((s) => s.remove(address, member));
      },
    };
  }
}
