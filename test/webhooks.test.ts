import crypto from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/connect.ts';
import { Worker } from '../src/jobs/queue.ts';
import { deliveryHandler } from '../src/webhooks/deliver.ts';
import { DELIVER_JOB, publishEvents } from '../src/webhooks/events.ts';
import { DIALECTS, inbound, makeApp, makeWorkspace } from './helpers.ts';
import { eventually, sleep, startReceiver } from './receiver.ts';

// One key for every run, so jobs left in a shared PostgreSQL database by an earlier run still decrypt.
const SECRET_KEY = Buffer.alloc(32, 7);
const TIMEOUT_MS = 500;

for (const dialect of DIALECTS) {
  describe(`webhooks (${dialect})`, () => {
    let ctx: Awaited<ReturnType<typeof makeApp>>;
    let db: Db;
    let worker: Worker;

    beforeAll(async () => {
      ctx = await makeApp(dialect, { webhooks: { secretKey: SECRET_KEY, allowPrivateNetworks: true } });
      db = ctx.db;
      // A short schedule: three attempts 300 ms apart.
      worker = new Worker(db, { [DELIVER_JOB]: deliveryHandler({ db, secretKey: SECRET_KEY, allowPrivateNetworks: true, retrySchedule: [0.3, 0.3], timeoutMs: TIMEOUT_MS }) }, { pollMs: 50 });
      worker.start();
    });
    afterAll(async () => {
      await worker.stop();
      await ctx.close();
    });

    async function setup(events: string[] = ['*'], answer?: Parameters<typeof startReceiver>[0]) {
      const ws = await makeWorkspace(db);
      const receiver = await startReceiver(answer);
      const res = await ctx.app.inject({ method: 'POST', url: '/api/webhooks', headers: ws.headers, payload: { url: receiver.url, events, description: 'CRM sync' } });
      expect(res.statusCode).toBe(201);
      const endpoint = res.json().data;
      return { ws, receiver, endpoint, secret: endpoint.secret as string };
    }

    const ingest = (headers: Record<string, string>, body = inbound()) => ctx.app.inject({ method: 'POST', url: '/api/replies', headers, payload: body });
    const deliveries = async (headers: Record<string, string>, endpointId: string) => (await ctx.app.inject({ method: 'GET', url: `/api/webhooks/${endpointId}/deliveries`, headers })).json();

    it('every delivery is signed and verifies with the standardwebhooks verifier; a tampered body or a stale timestamp does not', async () => {
      const { ws, receiver, secret } = await setup(['reply.received', 'contact.created']);
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
      const res = await ingest(ws.headers);
      expect(res.statusCode).toBe(201);
      await receiver.waitFor(2);
      const verifier = new Webhook(secret);
      const types = receiver.received.map((r) => {
        const payload = verifier.verify(r.body, r.headers) as { type: string; timestamp: string; data: { id: string } };
        expect(Object.keys(payload).sort()).toEqual(['data', 'timestamp', 'type']);
        expect(r.headers['webhook-id']).toMatch(/^msg_/);
        expect(r.headers['content-type']).toBe('application/json');
        return payload.type;
      });
      expect(types.sort()).toEqual(['contact.created', 'reply.received']);
      const reply = receiver.received.find((r) => JSON.parse(r.body).type === 'reply.received')!;
      expect(JSON.parse(reply.body).data.id).toBe(res.json().data.id);
      const event = await db.read.selectFrom('events').select(['id', 'payload']).where('id', '=', reply.headers['webhook-id']!).executeTakeFirstOrThrow();
      expect(event.payload).toBe(reply.body);

      expect(() => verifier.verify(reply.body.replace('pricing', 'PRICING'), reply.headers)).toThrow();
      const stale = new Date(Date.now() - 10 * 60_000);
      const staleHeaders = {
        'webhook-id': reply.headers['webhook-id']!,
        'webhook-timestamp': String(Math.floor(stale.getTime() / 1000)),
        'webhook-signature': verifier.sign(reply.headers['webhook-id']!, stale, reply.body),
      };
      expect(() => verifier.verify(reply.body, staleHeaders)).toThrow(/too old/);
      expect(() => new Webhook(`whsec_${crypto.randomBytes(32).toString('base64')}`).verify(reply.body, reply.headers)).toThrow();
      await receiver.close();
    });

    it('an endpoint gets only the events it subscribed to', async () => {
      const { ws, receiver } = await setup(['reply.updated']);
      const created = (await ingest(ws.headers)).json().data;
      await ctx.app.inject({ method: 'PATCH', url: `/api/replies/${created.id}`, headers: ws.headers, payload: { status: 'archived' } });
      await receiver.waitFor(1);
      await sleep(200);
      expect(receiver.received.map((r) => JSON.parse(r.body).type)).toEqual(['reply.updated']);
      const data = JSON.parse(receiver.received[0]!.body).data;
      expect(data.changes.status).toEqual({ previous: 'pending', current: 'archived' });
      await receiver.close();
    });

    it('a workspace without endpoints stores no event, delivery or job; a rolled-back change gets no delivery', async () => {
      const ws = await makeWorkspace(db);
      await ingest(ws.headers);
      const count = async (table: 'events' | 'webhook_deliveries' | 'jobs') =>
        Number(
          (
            await db.read
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('workspace_id', '=', ws.workspace.id)
              .executeTakeFirstOrThrow()
          ).n,
        );
      expect(await count('events')).toBe(0);
      expect(await count('webhook_deliveries')).toBe(0);
      expect(await count('jobs')).toBe(0);

      const { ws: ws2, receiver } = await setup();
      await db
        .write(async (trx) => {
          await publishEvents(trx, ws2.workspace.id, [{ type: 'reply.sent', data: { id: 'x' } }]);
          throw new Error('rollback');
        })
        .catch(() => {});
      const rows = await db.read.selectFrom('webhook_deliveries').select('id').where('workspace_id', '=', ws2.workspace.id).execute();
      expect(rows).toHaveLength(0);
      await receiver.close();
    });

    it('a 500 is retried with the same webhook-id, and the log shows both attempts', async () => {
      const { ws, receiver, endpoint, secret } = await setup(['reply.received'], (_r, n) => ({ status: n === 1 ? 500 : 200 }));
      await ingest(ws.headers);
      await receiver.waitFor(2);
      const [first, second] = receiver.received;
      expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
      new Webhook(secret).verify(second!.body, second!.headers);
      const log = await eventually(async () => {
        const l = await deliveries(ws.headers, endpoint.id);
        return l.data[0]?.status === 'succeeded' && l;
      });
      expect(log.data[0]).toMatchObject({ event_type: 'reply.received', attempts: 2, last_status_code: 200, next_attempt_at: null });
      expect(log.data[0].attempt_log.map((a: { status_code: number }) => a.status_code)).toEqual([500, 200]);
      expect(log.data[0].attempt_log[0].error).toBe('HTTP 500');
      expect(typeof log.data[0].attempt_log[0].duration_ms).toBe('number');
      expect(log.data[0].attempt_log[0].response_body).toBe('ok');
      await receiver.close();
    });

    it('a timeout is retried with the same webhook-id', async () => {
      const { ws, receiver, endpoint } = await setup(['reply.received'], (_r, n) => (n === 1 ? { hang: true } : { status: 204 }));
      await ingest(ws.headers);
      await receiver.waitFor(2);
      expect(receiver.received[1]!.headers['webhook-id']).toBe(receiver.received[0]!.headers['webhook-id']);
      const log = await eventually(async () => {
        const l = await deliveries(ws.headers, endpoint.id);
        return l.data[0]?.status === 'succeeded' && l;
      });
      expect(log.data[0].attempt_log[0]).toMatchObject({ status_code: null, error: `timed out after ${TIMEOUT_MS} ms` });
      expect(log.data[0].attempt_log[1]).toMatchObject({ status_code: 204, error: null });
      await receiver.close();
    });

    it('a delivery that never succeeds fails after the last scheduled attempt; a manual retry and recovery send it again', async () => {
      const { ws, receiver, endpoint } = await setup(['reply.received'], () => ({ status: 500 }));
      await ingest(ws.headers);
      await ingest(ws.headers);
      const failed = await eventually(async () => {
        const l = await deliveries(ws.headers, endpoint.id);
        return l.data.length === 2 && l.data.every((d: { status: string }) => d.status === 'failed') && l;
      });
      expect(failed.data[0].attempts).toBe(3);
      expect(receiver.received).toHaveLength(6);
      const since = new Date(Date.now() - 60_000).toISOString();

      receiver.setAnswer(() => ({ status: 200 }));
      const one = failed.data[0];
      const retry = await ctx.app.inject({ method: 'POST', url: `/api/webhooks/${endpoint.id}/deliveries/${one.id}/retry`, headers: ws.headers });
      expect(retry.statusCode).toBe(202);
      await receiver.waitFor(7);
      expect(receiver.received[6]!.headers['webhook-id']).toBe(one.event_id);

      const recover = await ctx.app.inject({ method: 'POST', url: `/api/webhooks/${endpoint.id}/recover`, headers: ws.headers, payload: { since } });
      expect(recover.statusCode).toBe(202);
      expect(recover.json().data.requeued).toBe(1);
      await receiver.waitFor(8);
      const after = await eventually(async () => {
        const l = await deliveries(ws.headers, endpoint.id);
        return l.data.every((d: { status: string }) => d.status === 'succeeded') && l;
      });
      expect(after.data).toHaveLength(2);
      await receiver.close();
    });

    it('a manual retry of a delivery waiting for its next attempt sends it now, once', async () => {
      const { ws, receiver, endpoint } = await setup(['reply.received'], (_r, n) => ({ status: n === 1 ? 500 : 200 }));
      await ingest(ws.headers);
      const waiting = await eventually(async () => {
        const l = await deliveries(ws.headers, endpoint.id);
        return l.data[0]?.attempts === 1 && l.data[0];
      });
      // As if the schedule had the next attempt hours away.
      const later = new Date(Date.now() + 3600_000).toISOString();
      const row = await db.read.selectFrom('webhook_deliveries').select('job_id').where('id', '=', waiting.id).executeTakeFirstOrThrow();
      await db.write((t) => t.updateTable('jobs').set({ run_at: later }).where('id', '=', row.job_id!).execute());
      await sleep(400);
      expect(receiver.received).toHaveLength(1);
      const retry = await ctx.app.inject({ method: 'POST', url: `/api/webhooks/${endpoint.id}/deliveries/${waiting.id}/retry`, headers: ws.headers });
      expect(retry.statusCode).toBe(202);
      await receiver.waitFor(2);
      const done = await eventually(async () => {
        const l = await deliveries(ws.headers, endpoint.id);
        return l.data[0]?.status === 'succeeded' && l.data[0];
      });
      expect(done.attempts).toBe(2);
      await sleep(300);
      expect(receiver.received).toHaveLength(2);
      const failed = await ctx.app.inject({ method: 'GET', url: `/api/webhooks/${endpoint.id}/deliveries?status=failed`, headers: ws.headers });
      expect(failed.json().pagination.total).toBe(0);
      const bad = await ctx.app.inject({ method: 'GET', url: `/api/webhooks/${endpoint.id}/deliveries?status=lost`, headers: ws.headers });
      expect(bad.json()).toEqual({ data: null, error: 'status must be one of pending, succeeded, failed' });
      await receiver.close();
    });

    it('Retry-After on a 429 sets the next attempt', async () => {
      const { ws, receiver, endpoint } = await setup(['reply.received'], (_r, n) => (n === 1 ? { status: 429, headers: { 'retry-after': '2' } } : { status: 200 }));
      await ingest(ws.headers);
      await receiver.waitFor(1);
      const pending = await eventually(async () => {
        const l = await deliveries(ws.headers, endpoint.id);
        return l.data[0]?.attempts === 1 && l.data[0];
      });
      const gap = new Date(pending.next_attempt_at).getTime() - new Date(pending.attempt_log[0].at).getTime();
      expect(gap).toBeGreaterThanOrEqual(1990);
      expect(gap).toBeLessThanOrEqual(2010);
      await receiver.waitFor(2, 5000);
      expect(receiver.received[1]!.at - receiver.received[0]!.at).toBeGreaterThanOrEqual(1900);
      await receiver.close();
    });

    it('after a rotation both secrets sign for a day: two v1 signatures, each verifies', async () => {
      const { ws, receiver, endpoint, secret: oldSecret } = await setup();
      const rotated = await ctx.app.inject({ method: 'POST', url: `/api/webhooks/${endpoint.id}/rotate-secret`, headers: ws.headers });
      expect(rotated.statusCode).toBe(200);
      const newSecret = rotated.json().data.secret;
      expect(newSecret).not.toBe(oldSecret);
      expect(new Date(rotated.json().data.secret_rotated_until).getTime() - Date.now()).toBeGreaterThan(23.9 * 3600_000);
      const test = await ctx.app.inject({ method: 'POST', url: `/api/webhooks/${endpoint.id}/test`, headers: ws.headers });
      expect(test.statusCode).toBe(202);
      await receiver.waitFor(1);
      const r = receiver.received[0]!;
      const signatures = r.headers['webhook-signature']!.split(' ');
      expect(signatures).toHaveLength(2);
      expect(signatures.every((s) => s.startsWith('v1,'))).toBe(true);
      expect(JSON.parse(r.body).type).toBe('webhook.test');
      expect(r.headers['webhook-id']).toBe(test.json().data.event_id);
      // Each secret verifies the whole header, and each v1 entry belongs to exactly one secret.
      for (const [i, secret] of [oldSecret, newSecret].entries()) {
        new Webhook(secret).verify(r.body, r.headers);
        const matching = signatures.filter((sig) => {
          try {
            new Webhook(secret).verify(r.body, { ...r.headers, 'webhook-signature': sig });
            return true;
          } catch {
            return false;
          }
        });
        expect(matching, `secret ${i}`).toHaveLength(1);
      }
      await receiver.close();
    });

    it('a 410 disables the endpoint at once, visibly; later events are not queued for it', async () => {
      const { ws, receiver, endpoint } = await setup(['reply.received'], () => ({ status: 410 }));
      await ingest(ws.headers);
      const disabled = await eventually(async () => {
        const e = (await ctx.app.inject({ method: 'GET', url: `/api/webhooks/${endpoint.id}`, headers: ws.headers })).json().data;
        return !e.enabled && e;
      });
      expect(disabled.disabled_reason).toMatch(/410/);
      expect(disabled.disabled_at).toBeTruthy();
      expect(receiver.received).toHaveLength(1);
      await ingest(ws.headers);
      expect((await deliveries(ws.headers, endpoint.id)).pagination.total).toBe(1);
      const test = await ctx.app.inject({ method: 'POST', url: `/api/webhooks/${endpoint.id}/test`, headers: ws.headers });
      expect(test.statusCode).toBe(409);

      const enabled = await ctx.app.inject({ method: 'PATCH', url: `/api/webhooks/${endpoint.id}`, headers: ws.headers, payload: { enabled: true } });
      expect(enabled.json().data).toMatchObject({ enabled: true, disabled_reason: null, disabled_at: null });
      await receiver.close();
    });

    it('an endpoint failing continuously for 5 days is disabled and says why', async () => {
      const { ws, receiver, endpoint } = await setup(['reply.received'], () => ({ status: 502 }));
      const sixDaysAgo = new Date(Date.now() - 6 * 24 * 3600_000).toISOString();
      await db.write((t) => t.updateTable('webhook_endpoints').set({ failing_since: sixDaysAgo }).where('id', '=', endpoint.id).execute());
      await ingest(ws.headers);
      const disabled = await eventually(async () => {
        const e = (await ctx.app.inject({ method: 'GET', url: `/api/webhooks/${endpoint.id}`, headers: ws.headers })).json().data;
        return !e.enabled && e;
      });
      expect(disabled.disabled_reason).toContain(sixDaysAgo);
      expect(disabled.failing_since).toBe(sixDaysAgo);
      await receiver.close();
    });

    it('a success ends a failure streak', async () => {
      const { ws, receiver, endpoint } = await setup(['reply.received'], (_r, n) => ({ status: n === 1 ? 500 : 200 }));
      await ingest(ws.headers);
      await receiver.waitFor(1);
      await eventually(async () => (await ctx.app.inject({ method: 'GET', url: `/api/webhooks/${endpoint.id}`, headers: ws.headers })).json().data.failing_since);
      await receiver.waitFor(2);
      await eventually(async () => (await ctx.app.inject({ method: 'GET', url: `/api/webhooks/${endpoint.id}`, headers: ws.headers })).json().data.failing_since === null);
      await receiver.close();
    });

    it('a redirect is not followed: the 3xx is a failed attempt and its target gets nothing', async () => {
      const target = await startReceiver();
      const { ws, receiver, endpoint } = await setup(['reply.received'], () => ({ status: 302, headers: { location: target.url } }));
      await ingest(ws.headers);
      await receiver.waitFor(1);
      const log = await eventually(async () => {
        const l = await deliveries(ws.headers, endpoint.id);
        return l.data[0]?.attempts >= 1 && l.data[0];
      });
      expect(log.attempt_log[0]).toMatchObject({ status_code: 302, error: 'redirect (302) not followed' });
      await sleep(100);
      expect(target.received).toHaveLength(0);
      await receiver.close();
      await target.close();
    });

    it('manages endpoints: the secret is shown once, lists use the envelope, PATCH changes url/events/description, DELETE answers 204', async () => {
      const { ws, receiver, endpoint } = await setup(['reply.received']);
      expect(endpoint).toMatchObject({ url: receiver.url, events: ['reply.received'], description: 'CRM sync', enabled: true, disabled_reason: null });
      const one = (await ctx.app.inject({ method: 'GET', url: `/api/webhooks/${endpoint.id}`, headers: ws.headers })).json();
      expect(one.data.secret).toBeUndefined();
      expect(JSON.stringify(one)).not.toContain('whsec_');
      const all = (await ctx.app.inject({ method: 'GET', url: '/api/webhooks', headers: ws.headers })).json();
      expect(all.pagination).toMatchObject({ total: 1, limit: 20, offset: 0, hasMore: false });
      expect(all.data[0].secret).toBeUndefined();
      const stored = await db.read.selectFrom('webhook_endpoints').select('secret_enc').where('id', '=', endpoint.id).executeTakeFirstOrThrow();
      expect(stored.secret_enc).not.toContain(endpoint.secret.slice(6, 20));

      const patched = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/webhooks/${endpoint.id}`,
        headers: ws.headers,
        payload: { url: 'https://hooks.example.com/in', events: ['*'], description: 'All' },
      });
      expect(patched.json().data).toMatchObject({ url: 'https://hooks.example.com/in', events: ['*'], description: 'All' });
      const empty = await ctx.app.inject({ method: 'PATCH', url: `/api/webhooks/${endpoint.id}`, headers: ws.headers, payload: {} });
      expect(empty.statusCode).toBe(400);
      const del = await ctx.app.inject({ method: 'DELETE', url: `/api/webhooks/${endpoint.id}`, headers: ws.headers });
      expect(del.statusCode).toBe(204);
      expect((await ctx.app.inject({ method: 'GET', url: `/api/webhooks/${endpoint.id}`, headers: ws.headers })).json()).toEqual({ data: null, error: 'Webhook endpoint not found' });
      await receiver.close();
    });

    it('refuses a bad url or unknown event names with 400 and the allowed list', async () => {
      const ws = await makeWorkspace(db);
      const post = (payload: Record<string, unknown>) => ctx.app.inject({ method: 'POST', url: '/api/webhooks', headers: ws.headers, payload });
      for (const url of ['not a url', '/relative/path', 'ftp://example.com/x', 'javascript:alert(1)']) {
        const res = await post({ url, events: ['reply.received'] });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ data: null, error: 'Invalid webhook url: must be an absolute http:// or https:// URL' });
      }
      const bad = await post({ url: 'https://example.com/hook', events: ['reply.received', 'reply.deleted'] });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toBe(
        'Unknown event type(s): reply.deleted. Allowed: reply.received, reply.updated, reply.assigned, reply.note_added, reply.sent, reply.forwarded, contact.created, contact.updated, contact.erased, *',
      );
      expect((await post({ url: 'https://example.com/hook', events: [] })).json().error).toBe('events must have at least 1 item');
      expect((await post({ url: 'https://example.com/hook' })).json().error).toBe('events is required');
      expect((await post({ url: 'https://example.com/hook', events: ['*'], secret: 'x' })).json().error).toBe('Unknown field in request body: secret');
    });

    it('a key without webhooks:manage gets 403; a key of workspace B gets 404 on every route of an endpoint of workspace A', async () => {
      const { ws, receiver, endpoint } = await setup();
      const reader = await makeWorkspace(db, { permissions: ['replies:read'] });
      const forbidden = await ctx.app.inject({ method: 'GET', url: '/api/webhooks', headers: reader.headers });
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toEqual({ data: null, error: 'This API key lacks the webhooks:manage permission' });

      const test = (await ctx.app.inject({ method: 'POST', url: `/api/webhooks/${endpoint.id}/test`, headers: ws.headers })).json().data;
      const other = await makeWorkspace(db);
      const routes: [string, string, unknown?][] = [
        ['GET', `/api/webhooks/${endpoint.id}`],
        ['PATCH', `/api/webhooks/${endpoint.id}`, { description: 'x' }],
        ['DELETE', `/api/webhooks/${endpoint.id}`],
        ['POST', `/api/webhooks/${endpoint.id}/rotate-secret`],
        ['GET', `/api/webhooks/${endpoint.id}/deliveries`],
        ['POST', `/api/webhooks/${endpoint.id}/deliveries/${test.delivery_id}/retry`],
        ['POST', `/api/webhooks/${endpoint.id}/recover`, { since: '2020-01-01T00:00:00Z' }],
        ['POST', `/api/webhooks/${endpoint.id}/test`],
      ];
      for (const [method, url, payload] of routes) {
        const res = await ctx.app.inject({ method: method as 'GET', url, headers: other.headers, ...(payload ? { payload } : {}) });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json()).toEqual({ data: null, error: 'Webhook endpoint not found' });
      }
      expect((await ctx.app.inject({ method: 'GET', url: '/api/webhooks', headers: other.headers })).json().data).toEqual([]);
      const missing = await ctx.app.inject({ method: 'POST', url: `/api/webhooks/${endpoint.id}/deliveries/${crypto.randomUUID()}/retry`, headers: ws.headers });
      expect(missing.json()).toEqual({ data: null, error: 'Delivery not found' });
      await receiver.close();
    });
  });
}
