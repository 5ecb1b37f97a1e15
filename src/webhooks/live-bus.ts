// The buses that carry live events between instances (webhooks/live.ts): Redis pub/sub, or
// PostgreSQL LISTEN/NOTIFY where there is no Redis. Each instance hears every workspace's events
// and keeps those a stream of its own watches. An outage of the bus may lose events, so each bus
// reports a gap once it is back: after its own connection returned, and after a publish that
// failed (then it also tells every other instance, which heard nothing wrong).
import { Redis } from 'ioredis';
import pg from 'pg';
import { postgresUrlOf, type Config } from '../config/index.ts';
import type { LiveBus, LiveEvent } from './live.ts';

interface Log {
  warn(obj: unknown, msg?: string): void;
}

/** What travels on the bus: one event of a workspace, or a gap every instance must report. */
type Message = { ws: string; event: LiveEvent } | { gap: true };

const parse = (text: string): Message | null => {
  try {
    return JSON.parse(text) as Message;
  } catch {
    return null;
  }
};

/** Redis when REDIS_URL is set, else PostgreSQL's own notifications; null for SQLite (one process). */
export function liveBusFor(config: Pick<Config, 'redisUrl' | 'database'>, log: Log): LiveBus | null {
  if (config.redisUrl) return redisBus(config.redisUrl, log);
  const postgres = postgresUrlOf(config.database);
  return postgres ? postgresBus(postgres, log) : null;
}

const REDIS_CHANNEL = 'replydesk:live';

export function redisBus(url: string, log: Log): LiveBus {
  // the publisher queues nothing while Redis is away: a publish that fails is a gap, reported
  let publisher: Redis | null = null;
  let subscriber: Redis | null = null;
  let publishFailed = false;
  const send = (message: Message) =>
    publisher!.publish(REDIS_CHANNEL, JSON.stringify(message)).then(
      () => {
        if (publishFailed) {
          publishFailed = false;
          void send({ gap: true });
        }
      },
      (err: Error) => {
        if (!publishFailed) log.warn({ err: err.message }, 'live events: publish to redis failed; streams will be told to refresh');
        publishFailed = true;
      },
    );
  return {
    publish(ws, event) {
      void send({ ws, event });
    },
    async start(deliver, gap) {
      publisher = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
      publisher.on('error', () => {});
      subscriber = new Redis(url, { maxRetriesPerRequest: null });
      let lost = false;
      subscriber.on('error', () => {});
      subscriber.on('close', () => (lost = true));
      subscriber.on('ready', () => {
        if (!lost) return;
        // subscribed again (ioredis resubscribes; asking once more is harmless and tells us when)
        void subscriber!.subscribe(REDIS_CHANNEL).then(
          () => {
            lost = false;
            gap();
          },
          () => {},
        );
      });
      subscriber.on('message', (_channel: string, text: string) => {
        const message = parse(text);
        if (!message) return;
        if ('gap' in message) gap();
        else deliver(message.ws, message.event);
      });
      await subscriber.subscribe(REDIS_CHANNEL);
    },
    async close() {
      subscriber?.disconnect();
      publisher?.disconnect();
    },
  };
}

const PG_CHANNEL = 'replydesk_live';
/** NOTIFY's payload must stay under 8,000 bytes. */
const PG_MAX_PAYLOAD = 7_900;
/** What the dashboard reads of an event (web/src/features/shell/live.ts) when the whole one is too long. */
const KEPT_FIELDS = ['id', 'status', 'category_id', 'snoozed_until', 'updated_at', 'email'];

/** An event short enough for NOTIFY: the whole event, or its identifying fields (`partial`). */
export function notifyPayload(ws: string, event: LiveEvent): string {
  const whole = JSON.stringify({ ws, event } satisfies Message);
  if (Buffer.byteLength(whole) <= PG_MAX_PAYLOAD) return whole;
  const data = (event.data ?? {}) as Record<string, unknown>;
  const kept = Object.fromEntries(KEPT_FIELDS.filter((k) => k in data && (typeof data[k] !== 'string' || (data[k] as string).length < 500)).map((k) => [k, data[k]]));
  return JSON.stringify({ ws, event: { type: event.type, timestamp: event.timestamp, data: { ...kept, partial: true } } });
}

export function postgresBus(connectionString: string, log: Log): LiveBus {
  // One connection, one statement at a time: notifications leave in the order they were
  // published. Each statement is a transaction with a commit of its own, so the events
  // published while one is under way leave together in the next (pg_notify over an array):
  // one commit per batch instead of one per event (sequential NOTIFYs here took 0.7-1.5 ms
  // each, a ceiling of ~1,000 events/s per process, below PostgreSQL ingestion's two events a
  // reply; in batches of 10, 0.1-0.3 ms each). A notification needs no durability, so the
  // commit does not wait for the log to reach the disk. Identical payloads in one transaction
  // are delivered once, which for identical events loses nothing.
  const pool = new pg.Pool({ connectionString, max: 1, options: '-c synchronous_commit=off' });
  pool.on('error', () => {});
  let listener: pg.Client | null = null;
  let closed = false;
  let publishFailed = false;
  let queued: string[] = [];
  let sending = false;
  const flush = () => {
    if (sending || !queued.length) return;
    const batch = queued;
    queued = [];
    sending = true;
    void pool
      .query('select pg_notify($1, p) from unnest($2::text[]) as p', [PG_CHANNEL, batch])
      .then(
        () => {
          if (publishFailed) {
            publishFailed = false;
            queued.push(JSON.stringify({ gap: true } satisfies Message));
          }
        },
        (err: Error) => {
          if (!publishFailed) log.warn({ err: err.message }, 'live events: notify failed; streams will be told to refresh');
          publishFailed = true;
        },
      )
      .finally(() => {
        sending = false;
        flush();
      });
  };
  const send = (payload: string) => {
    queued.push(payload);
    flush();
  };

  /** Connects a listener; once it is lost, connects another (growing waits) and reports a gap. */
  async function listen(deliver: (ws: string, event: LiveEvent) => void, gap: () => void): Promise<void> {
    const client = new pg.Client({ connectionString });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query(`listen ${PG_CHANNEL}`);
    } catch (err) {
      await client.end().catch(() => {});
      throw err;
    }
    client.on('notification', (n) => {
      const message = n.payload ? parse(n.payload) : null;
      if (!message) return;
      if ('gap' in message) gap();
      else deliver(message.ws, message.event);
    });
    let lost = false;
    const reconnect = (err?: Error) => {
      if (closed || lost) return;
      lost = true;
      log.warn({ err: err?.message ?? 'connection ended' }, 'live events: lost the postgres listener; reconnecting');
      client.end().catch(() => {});
      const retry = (delay: number) =>
        setTimeout(() => {
          if (closed) return;
          listen(deliver, gap).then(gap, () => retry(Math.min(delay * 2, 5_000)));
        }, delay).unref();
      retry(100);
    };
    client.on('error', reconnect);
    client.on('end', () => reconnect());
    listener = client;
  }

  return {
    publish(ws, event) {
      send(notifyPayload(ws, event));
    },
    start(deliver, gap) {
      return listen(deliver, gap);
    },
    async close() {
      closed = true;
      await listener?.end().catch(() => {});
      await pool.end().catch(() => {});
    },
  };
}
