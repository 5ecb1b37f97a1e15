// GET /metrics (issue 36 item 5; docs/deploy.md "Metrics"): 404 without METRICS_TOKEN, the
// bearer token with it, Prometheus' text format with request durations by route pattern and the
// database's jobs, webhook deliveries, outgoing mail and mailboxes read at scrape time.
// The gauges count across workspaces, so the file has a database of its own (private-db.ts): no
// other file's jobs or mailboxes move them while a test reads them before and after a change.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register as globalRegistry } from 'prom-client';
import { ConfigError, loadConfig } from '../src/config/index.ts';
import type { Db } from '../src/db/connect.ts';
import { DIALECTS, inbound, makeApp, makeWorkspace, subscribeToAllEvents } from './helpers.ts';
import { openPrivateDatabase } from './private-db.ts';

const TOKEN = crypto.randomBytes(24).toString('hex');
const bearer = { authorization: `Bearer ${TOKEN}` };

/** Every sample of `name` in a text-format answer whose labels include `labels`, summed; undefined when none. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  let total: number | undefined;
  for (const line of text.split('\n')) {
    const m = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) total = (total ?? 0) + Number(m[3]);
  }
  return total;
}

describe('METRICS_TOKEN', () => {
  it('is read from the environment: unset or empty means no /metrics, a short or spaced token is refused at start', () => {
    expect(loadConfig({}).metricsToken).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: '' }).metricsToken).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
    for (const bad of ['short', 'sixteen chars with spaces']) {
      expect(() => loadConfig({ METRICS_TOKEN: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ METRICS_TOKEN: bad })).toThrow(/METRICS_TOKEN: expected at least 16/);
    }
  });
});

for (const dialect of DIALECTS) {
  describe(`GET /metrics (${dialect})`, () => {
    let ctx: Awaited<ReturnType<typeof makeApp>>;
    let plain: Awaited<ReturnType<typeof makeApp>>;
    let db: Db;
    beforeAll(async () => {
      ({ db } = await openPrivateDatabase(dialect, 'metrics'));
      ctx = await makeApp(dialect, { db, metricsToken: TOKEN });
      plain = await makeApp(dialect, { db });
    });
    afterAll(async () => {
      await plain.close();
      await ctx.close();
      await db.close();
    });

    const scrape = async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: bearer });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      return res.body;
    };

    it('without METRICS_TOKEN answers 404 Not found to everyone, with a key, a bearer or nothing, and times nothing', async () => {
      const ws = await makeWorkspace(ctx.db);
      for (const headers of [{}, bearer, ws.headers]) {
        const metrics = await plain.app.inject({ method: 'GET', url: '/metrics', headers });
        expect(metrics.statusCode).toBe(404);
        expect(metrics.json()).toEqual({ data: null, error: 'Not found' });
      }
    });

    it('asks for the token: 401 in the envelope without it, with a wrong one, another scheme or an API key', async () => {
      const ws = await makeWorkspace(ctx.db);
      const wrong = [{}, { authorization: `Bearer ${TOKEN.slice(0, -1)}x` }, { authorization: `Bearer ${TOKEN}x` }, { authorization: 'Bearer ' }, { authorization: `Basic ${TOKEN}` }, ws.headers];
      for (const headers of wrong) {
        const res = await ctx.app.inject({ method: 'GET', url: '/metrics', headers });
        expect(res.statusCode, JSON.stringify(headers)).toBe(401);
        expect(res.json()).toEqual({ data: null, error: 'Invalid metrics token' });
      }
      const lower = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `bearer ${TOKEN}` } });
      expect(lower.statusCode).toBe(200);
    });

    it('answers the text format, outside the API: not in the OpenAPI document, no rate-limit headers', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: bearer });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
      expect(res.body).toMatch(/^# HELP http_request_duration_seconds /m);
      // Node's own, in this app's registry and not in prom-client's global one
      expect(sample(res.body, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
      expect(sample(res.body, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
      expect(sample(res.body, 'process_resident_memory_bytes')).toBeGreaterThan(0);
      expect(await globalRegistry.metrics()).not.toMatch(/http_request_duration_seconds/);
      const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
      expect(Object.keys(doc.paths)).not.toContain('/metrics');
      expect(Object.keys(doc.paths)).toContain('/api/replies/{id}');
    });

    it('times requests by route pattern and status, never by URL; a request no route matches is unmatched', async () => {
      const ws = await makeWorkspace(ctx.db);
      const created = await ctx.app.inject({ method: 'POST', url: '/api/replies', headers: ws.headers, payload: inbound() });
      const id = created.json().data.id as string;
      const route = { method: 'GET', route: '/api/replies/:id', status_code: '200' };
      const before = sample(await scrape(), 'http_request_duration_seconds_count', route) ?? 0;
      for (let i = 0; i < 3; i++) expect((await ctx.app.inject({ method: 'GET', url: `/api/replies/${id}`, headers: ws.headers })).statusCode).toBe(200);
      await ctx.app.inject({ method: 'GET', url: `/no/such/${id}`, headers: ws.headers });
      const text = await scrape();
      expect(sample(text, 'http_request_duration_seconds_count', route)).toBe(before + 3);
      expect(sample(text, 'http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(before + 3);
      expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: 'unmatched', status_code: '404' })).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'http_request_duration_seconds_count', { method: 'POST', route: '/api/replies', status_code: '201' })).toBeGreaterThanOrEqual(1);
      expect(text).not.toContain(id);
      // another app in the same process keeps its own registry: requests to it are not counted here
      await plain.app.inject({ method: 'GET', url: `/api/replies/${id}`, headers: ws.headers });
      expect(sample(await scrape(), 'http_request_duration_seconds_count', route)).toBe(before + 3);
    });

    it('counts jobs by kind and state and webhook deliveries by status from the database', async () => {
      const ws = await makeWorkspace(ctx.db);
      await subscribeToAllEvents(ctx.app, ws.headers);
      const before = await scrape();
      const jobs = sample(before, 'replydesk_jobs', { kind: 'webhook.deliver', state: 'queued' }) ?? 0;
      const pending = sample(before, 'replydesk_webhook_deliveries', { status: 'pending' })!;
      expect(pending).toBeDefined();
      expect(sample(before, 'replydesk_webhook_deliveries', { status: 'failed' })).toBeDefined();
      expect((await ctx.app.inject({ method: 'POST', url: '/api/replies', headers: ws.headers, payload: inbound() })).statusCode).toBe(201);
      const after = await scrape();
      // reply.received, contact.created…: one delivery and one job per event
      const events = sample(after, 'replydesk_webhook_deliveries', { status: 'pending' })! - pending;
      expect(events).toBeGreaterThanOrEqual(1);
      expect(sample(after, 'replydesk_jobs', { kind: 'webhook.deliver', state: 'queued' })).toBe(jobs + events);
      expect(sample(after, 'replydesk_jobs', { kind: 'webhook.deliver', state: 'failed' })).toBeDefined();
    });

    it('counts outgoing mail by kind and status from the database', async () => {
      const ws = await makeWorkspace(ctx.db);
      const reply = (await ctx.app.inject({ method: 'POST', url: '/api/replies', headers: ws.headers, payload: inbound() })).json().data;
      const queued = { kind: 'send', status: 'queued' };
      const before = await scrape();
      const mail = sample(before, 'replydesk_outgoing_mail', queued)!;
      expect(mail).toBeDefined();
      const jobs = sample(before, 'replydesk_jobs', { kind: 'mail.send', state: 'queued' }) ?? 0;
      const sent = await ctx.app.inject({ method: 'POST', url: `/api/replies/${reply.id}/send`, headers: ws.headers, payload: { message: 'Here is our pricing.' } });
      expect(sent.statusCode, sent.body).toBeLessThan(300);
      const after = await scrape();
      expect(sample(after, 'replydesk_outgoing_mail', queued)).toBe(mail + 1);
      expect(sample(after, 'replydesk_jobs', { kind: 'mail.send', state: 'queued' })).toBe(jobs + 1);
    });

    it('counts mailboxes by sync state, and the lag of the oldest sync among those not paused', async () => {
      const ws = await makeWorkspace(ctx.db);
      const before = await scrape();
      const states = Object.fromEntries(['pending', 'active', 'error', 'paused'].map((s) => [s, sample(before, 'replydesk_mailboxes', { state: s })]));
      expect(Object.values(states).every((n) => n !== undefined)).toBe(true);
      const ago = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();
      const mailbox = (sync: { sync_state: 'pending' | 'active' | 'error'; last_synced_at: string | null; paused?: boolean; imap?: boolean }) => ({
        id: crypto.randomUUID(),
        workspace_id: ws.workspace.id,
        name: 'Box',
        email: `${crypto.randomUUID()}@agency.example`,
        created_at: ago(60),
        imap_host: sync.imap === false ? null : 'imap.agency.example',
        imap_port: 993,
        imap_tls: 'implicit' as const,
        imap_username: 'box',
        sync_state: sync.sync_state,
        last_synced_at: sync.last_synced_at,
        paused: ctx.db.dialect === 'postgres' ? Boolean(sync.paused) : sync.paused ? 1 : 0,
      });
      await ctx.db.write((trx) =>
        trx
          .insertInto('connections')
          .values([
            mailbox({ sync_state: 'active', last_synced_at: ago(5) }),
            mailbox({ sync_state: 'error', last_synced_at: ago(600) }),
            mailbox({ sync_state: 'error', last_synced_at: null }),
            // paused: it lags by design, so it neither counts as active nor in the lag
            mailbox({ sync_state: 'active', last_synced_at: '2020-01-01T00:00:00.000Z', paused: true }),
            // no IMAP: nothing to sync
            mailbox({ sync_state: 'pending', last_synced_at: null, imap: false }),
          ])
          .execute(),
      );
      const after = await scrape();
      expect(sample(after, 'replydesk_mailboxes', { state: 'active' })).toBe(states.active! + 1);
      expect(sample(after, 'replydesk_mailboxes', { state: 'error' })).toBe(states.error! + 2);
      expect(sample(after, 'replydesk_mailboxes', { state: 'paused' })).toBe(states.paused! + 1);
      expect(sample(after, 'replydesk_mailboxes', { state: 'pending' })).toBe(states.pending!);
      const lag = sample(after, 'replydesk_mailbox_sync_lag_seconds')!;
      // the error one synced 600 s ago; not the paused one of 2020, not the active one of 5 s ago
      expect(lag).toBeGreaterThanOrEqual(600);
      expect(lag).toBeLessThan(700);
    });
  });
}
