// Live events between instances (docs/deploy.md "Several instances"): two LiveEvents, each on
// its own bus connection to one Redis or one PostgreSQL, as two processes would be. Events
// published through one reach the other's streams in order; a cut connection comes back and
// says so (a gap), after which events flow again.
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type LiveBus, type LiveEvent, LiveEvents } from '../src/webhooks/live.ts';
import { notifyPayload, postgresBus, redisBus } from '../src/webhooks/live-bus.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const postgresUrl = process.env.TEST_DATABASE_URL;
if (process.env.TEST_REQUIRE_SERVICES && (!redisUrl || !postgresUrl)) throw new Error('TEST_REQUIRE_SERVICES is set but TEST_REDIS_URL or TEST_DATABASE_URL is not');

const quiet = { warn() {} };
const event = (n: number, extra: Record<string, unknown> = {}): LiveEvent => ({ type: 'reply.updated', timestamp: new Date().toISOString(), data: { id: `r${n}`, n, ...extra } });

async function until(check: () => boolean, ms = 5_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Kills the bus's listening connection(s) from outside, as a restart of the server would. */
type Cut = () => Promise<void>;

const buses: { name: string; url: string | undefined; make: (url: string) => LiveBus; cut: (url: string) => Cut }[] = [
  {
    name: 'redis',
    url: redisUrl,
    make: (url) => redisBus(url, quiet),
    cut: (url) => async () => {
      const admin = new Redis(url);
      await admin.client('KILL', 'TYPE', 'pubsub');
      admin.disconnect();
    },
  },
  {
    name: 'postgres',
    url: postgresUrl,
    make: (url) => postgresBus(url, quiet),
    cut: (url) => async () => {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where query = 'listen replydesk_live' and pid <> pg_backend_pid()");
      await admin.end();
    },
  },
];

for (const bus of buses) {
  describe.skipIf(!bus.url)(`live events between instances over ${bus.name}`, () => {
    const a = new LiveEvents();
    const b = new LiveEvents();
    afterAll(async () => {
      await a.disconnect();
      await b.disconnect();
    });
    const ws = `ws-${bus.name}-${Date.now()}`;

    it('an event published through one instance reaches the other, all of them in order, and only the workspace watched', async () => {
      await a.connect(bus.make(bus.url!));
      await b.connect(bus.make(bus.url!));
      expect(b.watching('anyone')).toBe(true); // with a bus, any instance may be watching
      const seen: number[] = [];
      const other: unknown[] = [];
      const stop = a.subscribe(ws, (e) => seen.push((e.data as { n: number }).n));
      const stopOther = a.subscribe(`${ws}-other`, (e) => other.push(e));
      for (let n = 0; n < 100; n++) b.publish(ws, event(n));
      await until(() => seen.length === 100);
      expect(seen).toEqual([...Array(100).keys()]);
      expect(other).toEqual([]);
      stop();
      stopOther();
    });

    it('a cut connection comes back by itself, reports a gap to the streams, and carries events again', async () => {
      let gaps = 0;
      const seen: number[] = [];
      const stop = a.subscribe(
        ws,
        (e) => seen.push((e.data as { n: number }).n),
        () => gaps++,
      );
      await bus.cut(bus.url!)();
      await until(() => gaps > 0, 10_000);
      b.publish(ws, event(1000));
      await until(() => seen.includes(1000), 10_000);
      stop();
    });
  });
}

describe('NOTIFY payloads', () => {
  it('an event longer than NOTIFY allows keeps what the dashboard reads of it, marked partial', () => {
    const big = event(7, { status: 'ready', category_id: 'c1', body_text: 'x'.repeat(20_000), ai_response: 'y'.repeat(9_000) });
    const text = notifyPayload('ws1', big);
    expect(Buffer.byteLength(text)).toBeLessThan(8_000);
    const { ws, event: slim } = JSON.parse(text) as { ws: string; event: LiveEvent };
    expect(ws).toBe('ws1');
    expect(slim.type).toBe('reply.updated');
    expect(slim.data).toEqual({ id: 'r7', status: 'ready', category_id: 'c1', partial: true });
    const small = event(8, { status: 'sent' });
    expect(JSON.parse(notifyPayload('ws1', small))).toEqual({ ws: 'ws1', event: small });
  });
});
