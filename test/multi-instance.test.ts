// Several instances, one product (docs/deploy.md "Several instances"): two `replydesk serve`
// processes and a `replydesk worker` on one fresh PostgreSQL database and one Redis
// (test/instances.ts). A person's live stream on instance A hears every reply ingested and
// changed through instance B, in order per reply, within 2 seconds; a write through B is what
// the next read through A answers (lists, counts, search, the single read); the per-workspace
// rate limit is one limit across both instances. And each in-process cache of
// docs/architecture.md "What a process keeps in memory, and why a second process cannot make it
// wrong" that the reads above do not cover, written through one instance and read through the
// other: an API key revoked through A is
// refused by B within 5 s; the triage switch moved through A is followed by B within 2 s; a
// model learned from corrections made through A is used by B's very next decision. The mail
// side (a mailbox synced by the worker, sends across a SIGKILL of the worker):
// test/multi-instance-mail.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inbound, makeWorkspace } from './helpers.ts';
import { type Instances, openStream, postgresUrl, redisUrl, startInstances, until } from './instances.ts';
import type { Server } from './processes.ts';

type Answer<T> = { data: T };
type Triaged = { id: string; category_id: string | null; triage: { source: string; category_id: string | null } | null };

/**
 * Asks `probe` (true: it saw the new state) every 50 ms until it has seen the new state three
 * times running, or until `deadline`: when the new state was first seen, how many probes begun
 * after `bound` (ms since epoch) still saw the old state, and how many saw it again after the new.
 */
async function staleness(probe: () => Promise<boolean>, bound: number, deadline: number) {
  const seen: { startedAt: number; fresh: boolean }[] = [];
  while (Date.now() < deadline) {
    const startedAt = Date.now();
    seen.push({ startedAt, fresh: await probe() });
    if (seen.length >= 3 && seen.slice(-3).every((s) => s.fresh)) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const firstFresh = seen.find((s) => s.fresh);
  return {
    firstFreshAfter: firstFresh ? firstFresh.startedAt : null,
    staleAfterBound: seen.filter((s) => !s.fresh && s.startedAt > bound).length,
    lastStale: Math.max(0, ...seen.filter((s) => !s.fresh).map((s) => s.startedAt)),
    flapped: firstFresh ? seen.filter((s) => s.startedAt > firstFresh.startedAt && !s.fresh).length : 0,
    probes: seen.length,
  };
}

describe.skipIf(!postgresUrl || !redisUrl)('several instances on one PostgreSQL database and one Redis', () => {
  let set: Instances;
  const api = (server: Server, method: string, url: string, body?: unknown, headers?: Record<string, string>) => set.api(server, method, url, body, headers);

  beforeAll(async () => {
    set = await startInstances('multi');
  }, 240_000);

  afterAll(async () => {
    await set?.close();
  }, 60_000);

  it('every reply ingested and changed through B reaches a stream on A within 2 s, in order per reply', async () => {
    const { a, b, cookie } = set;
    const stream = openStream(a.port, cookie);
    await stream.ready;
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await api(b, 'POST', '/api/replies', inbound({ subject: `Across instances ${i}` }));
      expect(res.status).toBe(201);
      const id = ((await res.json()) as Answer<{ id: string }>).data.id;
      ids.push(id);
      expect((await api(b, 'PATCH', `/api/replies/${id}`, { status: 'ready' })).status).toBe(200);
    }
    const lastWrite = Date.now();
    const all = () => ids.every((id) => stream.events.some((e) => e.type === 'reply.updated' && e.data.id === id));
    expect(await until(all, 2_000), `events on A within 2 s of the last write through B: ${stream.events.length} of ${ids.length * 2}`).toBe(true);
    expect(Math.max(...stream.events.map((e) => e.at)) - lastWrite).toBeLessThanOrEqual(2_000);
    for (const id of ids) {
      const mine = stream.events.filter((e) => e.data.id === id).map((e) => e.type);
      expect(mine).toEqual(['reply.received', 'reply.updated']);
    }
    stream.close();
  });

  it('a write through B is what the next read through A answers: single read, filtered list and total, search', async () => {
    const { a, b } = set;
    const created = await Promise.all(Array.from({ length: 10 }, (_, i) => api(b, 'POST', '/api/replies', inbound({ subject: `Staleness probe ${i}`, body_text: 'zebracorn pricing question' }))));
    const ids = await Promise.all(created.map(async (r) => ((await r.json()) as Answer<{ id: string }>).data.id));
    const status = new Map(ids.map((id) => [id, 'pending']));
    const statuses = ['pending', 'ready', 'archived'] as const;
    let stale = 0;
    for (let i = 0; i < 200; i++) {
      const id = ids[i % ids.length]!;
      const next = statuses[(i * 7 + 1) % statuses.length]!;
      expect((await api(b, 'PATCH', `/api/replies/${id}`, { status: next })).status).toBe(200);
      status.set(id, next);
      const want = [...status.values()].filter((s) => s === next).length;
      const [one, list, search] = await Promise.all([
        api(a, 'GET', `/api/replies/${id}`).then((r) => r.json() as Promise<{ data: { status: string } }>),
        api(a, 'GET', `/api/replies?status=${next}&limit=100`).then((r) => r.json() as Promise<{ data: { id: string }[]; pagination: { total: number } }>),
        api(a, 'GET', `/api/replies?status=${next}&q=zebracorn&limit=100`).then((r) => r.json() as Promise<{ data: { id: string }[]; pagination: { total: number } }>),
      ]);
      const listed = list.data.filter((r) => status.has(r.id)).length;
      if (one.data.status !== next || !list.data.some((r) => r.id === id) || listed !== want || search.pagination.total !== want || !search.data.some((r) => r.id === id)) stale++;
    }
    expect(stale).toBe(0);
  }, 180_000);

  it('the per-workspace rate limit is one limit across both instances (counted in Redis)', async () => {
    const { a, b, db } = set;
    const limited = await makeWorkspace(db, { rateLimit: 20 });
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => api(i % 2 ? a : b, 'GET', '/api/replies?limit=1', undefined, limited.headers).then((r) => r.status)));
    expect(answers.filter((s) => s === 200)).toHaveLength(20);
    expect(answers.filter((s) => s === 429)).toHaveLength(10);
  });

  it('an API key revoked through A is refused by A at once and by B within 5 s (KeyAuthenticator, a TTL of 5 s)', async () => {
    const { a, b, cookie, csrf } = set;
    const dashboard = { cookie, 'x-csrf-token': csrf };
    const made = await fetch(`${a.base}/dashboard/api/keys`, {
      method: 'POST',
      headers: { ...dashboard, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'revoked across instances' }),
    });
    expect(made.status).toBe(201);
    const key = ((await made.json()) as Answer<{ id: string; key: string }>).data;
    const status = (server: Server) => api(server, 'GET', '/api/replies?limit=1', undefined, { authorization: `Bearer ${key.key}` }).then((r) => r.status);
    // both instances have the key's principal cached now
    expect([await status(a), await status(b)]).toEqual([200, 200]);
    expect((await fetch(`${a.base}/dashboard/api/keys/${key.id}`, { method: 'DELETE', headers: dashboard })).status).toBe(200);
    const revoked = Date.now();
    expect(await status(a)).toBe(401);
    const seen = await staleness(async () => (await status(b)) === 401, revoked + 5_000, revoked + 6_500);
    expect(seen.firstFreshAfter, `B still took the revoked key ${seen.probes} times, for 6.5 s`).not.toBeNull();
    expect(seen.staleAfterBound, `B took the revoked key more than 5 s after the revocation (last ${seen.lastStale - revoked} ms after)`).toBe(0);
    expect(seen.flapped).toBe(0);
    expect(await status(a)).toBe(401);
  }, 30_000);

  it('the triage switch moved through A: A follows at once, a reply ingested through B within 2 s (replies/triage-jobs.ts, a TTL of 2 s)', async () => {
    const { a, b, db } = set;
    const t = await makeWorkspace(db, { triage: true });
    const ingest = async (server: Server) => {
      const res = await api(server, 'POST', '/api/replies', inbound({ body_text: 'Yes, this sounds great. I would love to learn more about how it works.' }), t.headers);
      expect(res.status).toBe(201);
      // triage: null when triage never ran on the reply (docs/triage.md "On ingestion")
      return ((await res.json()) as Answer<Triaged>).data.triage !== null;
    };
    for (const enabled of [false, true]) {
      // both instances have the switch as it was cached now
      expect([await ingest(a), await ingest(b)]).toEqual([!enabled, !enabled]);
      expect((await api(a, 'PATCH', '/api/triage', { enabled }, t.headers)).status).toBe(200);
      const switched = Date.now();
      expect(await ingest(a)).toBe(enabled);
      const seen = await staleness(async () => (await ingest(b)) === enabled, switched + 2_000, switched + 3_500);
      expect(seen.firstFreshAfter, `B still ingested as if triage were ${enabled ? 'off' : 'on'} ${seen.probes} times, for 3.5 s`).not.toBeNull();
      expect(seen.staleAfterBound, `B ingested as if triage were ${enabled ? 'off' : 'on'} more than 2 s after the switch (last ${seen.lastStale - switched} ms after)`).toBe(0);
      expect(seen.flapped).toBe(0);
    }
  }, 30_000);

  it('a model learned from corrections made through A decides the very next reply ingested through B (triage/model-cache.ts, one triage_models.version)', async () => {
    const { a, b, db } = set;
    const t = await makeWorkspace(db, { triage: true });
    const ingest = async (server: Server, body_text: string) => {
      const res = await api(server, 'POST', '/api/replies', inbound({ body_text }), t.headers);
      expect(res.status).toBe(201);
      return ((await res.json()) as Answer<Triaged>).data;
    };
    const learned = async () => ((await (await api(a, 'GET', '/api/triage', undefined, t.headers)).json()) as Answer<{ learned_examples: number }>).data.learned_examples;
    const categories = ((await (await api(a, 'GET', '/api/categories', undefined, t.headers)).json()) as Answer<{ id: string; name: string }[]>).data;
    const res = await api(a, 'POST', '/api/categories', { name: 'Partnership', color: '#8b5cf6' }, t.headers);
    expect(res.status).toBe(201);
    const partnership = ((await res.json()) as Answer<{ id: string }>).data;

    // A first model (one correction, nothing about partnerships), used by both instances
    const first = await ingest(b, 'Thanks for the note, we will circulate it internally and revert.');
    const other = categories.find((c) => c.name === 'Referral' && c.id !== first.category_id) ?? categories.find((c) => c.name === 'Interested')!;
    expect((await api(a, 'PATCH', `/api/replies/${first.id}`, { category_id: other.id }, t.headers)).status).toBe(200);
    expect(await until(async () => (await learned()) === 1, 15_000, 100), 'the first correction was never learned').toBe(true);
    const probe = 'Our agency would like a reseller partnership with you, who do I talk to?';
    for (const server of [a, b]) expect((await ingest(server, probe)).category_id).not.toBe(partnership.id);

    // five corrections through A: a worker learns them, and the model's version moves on
    const corrections = [
      'We run an agency and would like to discuss a reseller partnership with you.',
      'Could our agency become a reseller partner? We have clients who need this.',
      'Interested in a partnership: we resell tools like yours to our agency clients.',
      'Our agency wants a reseller partnership agreement, who should I talk to?',
      'Partnership question: do you have a reseller programme for agencies?',
    ];
    for (const text of corrections) {
      const reply = await ingest(a, text);
      expect((await api(a, 'PATCH', `/api/replies/${reply.id}`, { category_id: partnership.id }, t.headers)).status).toBe(200);
    }
    expect(await until(async () => (await learned()) === 6, 15_000, 100), 'the corrections were never learned').toBe(true);
    // no bound to wait out: each decision reads the version with the workspace's settings
    for (const server of [b, a]) {
      const fresh = await ingest(server, probe);
      expect(fresh.category_id, server === b ? 'B decided with the model it had cached' : 'A decided with the model it had cached').toBe(partnership.id);
      expect(fresh.triage).toMatchObject({ source: 'workspace', category_id: partnership.id });
    }
  }, 60_000);
});
