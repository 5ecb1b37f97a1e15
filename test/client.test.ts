// @replydesk/client (clients/typescript) against a real server: the app listening on a free
// port over a SQLite file, the webhook worker delivering to a real HTTP receiver. Every
// operation of the OpenAPI document is called once through the client; each kind of error,
// a 429 and its retry, paging through 250 replies, and a delivery verified with verifyWebhook.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Replydesk, ReplydeskError, verifyWebhook, WebhookVerificationError } from '../clients/typescript/src/index.ts';
import { buildApp } from '../src/app.ts';
import { OAuthClients } from '../src/mailboxes/oauth.ts';
import { type OidcProvider, startOidcProvider } from './oidc.ts';
import type { Db } from '../src/db/connect.ts';
import { Worker } from '../src/jobs/queue.ts';
import { deliveryHandler } from '../src/webhooks/deliver.ts';
import { DELIVER_JOB } from '../src/webhooks/events.ts';
import { MAIL_SEND_JOB } from '../src/mail/service.ts';
import { mailSendHandler } from '../src/mail/transport.ts';
import { inbound, makeWorkspace, openDb } from './helpers.ts';
import { eventually, startReceiver } from './receiver.ts';
import { startSmtp, type SmtpPeer } from './smtp.ts';

const SECRET_KEY = Buffer.alloc(32, 18);
/** The rate-limit window of this server: short, so a 429's Retry-After is seconds, not a minute. */
const WINDOW_MS = 4_000;

describe('@replydesk/client against a running server (sqlite)', () => {
  let app: FastifyInstance;
  let db: Db;
  let worker: Worker;
  let smtp: SmtpPeer;
  let baseUrl: string;
  let provider: OidcProvider;
  /** `METHOD /route/:param` → the statuses the server answered, whoever asked. */
  const answered = new Map<string, number[]>();

  beforeAll(async () => {
    db = await openDb('sqlite');
    provider = await startOidcProvider();
    const google = {
      id: 'google' as const,
      label: 'Google',
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      issuer: provider.issuer,
      scopes: ['openid', 'email'],
      authorizationParams: {},
      imap: { host: '127.0.0.1', port: 1, tls: 'none' as const },
      smtp: { host: '127.0.0.1', port: 1, tls: 'none' as const },
    };
    app = await buildApp({
      checkResponses: true,
      db,
      webhooks: { secretKey: SECRET_KEY, allowPrivateNetworks: true },
      rateLimitWindowMs: WINDOW_MS,
      oauth: { providers: { google }, clients: new OAuthClients({ google }) },
    });
    app.addHook('onResponse', (request, reply, done) => {
      const key = `${request.method} ${request.routeOptions.url ?? '?'}`;
      answered.set(key, [...(answered.get(key) ?? []), reply.statusCode]);
      done();
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    smtp = await startSmtp();
    worker = new Worker(
      db,
      {
        [DELIVER_JOB]: deliveryHandler({ db, secretKey: SECRET_KEY, allowPrivateNetworks: true, retrySchedule: [0.2, 0.2], timeoutMs: 2_000 }),
        [MAIL_SEND_JOB]: mailSendHandler(db, { smtpUrl: smtp.url, retrySchedule: [0, 0] }),
      },
      { pollMs: 50 },
    );
    worker.start();
  });
  afterAll(async () => {
    await provider?.stop();
    await worker?.stop();
    await app?.close();
    await smtp?.close();
    await db?.close();
  });

  async function newClient(opts: Parameters<typeof makeWorkspace>[1] = {}, clientOptions: Partial<ConstructorParameters<typeof Replydesk>[0]> = {}) {
    const ws = await makeWorkspace(db, opts);
    const calls: { method: string; url: string; status: number; idempotencyKey: string | undefined }[] = [];
    const client = new Replydesk({
      baseUrl,
      apiKey: ws.key,
      // the global fetch, watched: which requests the client made
      fetch: async (input, init) => {
        const res = await fetch(input, init);
        const headers = init?.headers as Record<string, string>;
        calls.push({ method: init?.method ?? 'GET', url: input instanceof Request ? input.url : String(input), status: res.status, idempotencyKey: headers['idempotency-key'] });
        return res;
      },
      ...clientOptions,
    });
    return { ws, client, calls };
  }

  const failure = (promise: PromiseLike<unknown>) =>
    Promise.resolve(promise).then(
      () => {
        throw new Error('expected a ReplydeskError');
      },
      (err: unknown) => {
        expect(err).toBeInstanceOf(ReplydeskError);
        const e = err as ReplydeskError;
        return { status: e.status, message: e.message, requestId: e.details.requestId, retryAfter: e.details.retryAfter };
      },
    );

  it('calls every operation of the OpenAPI document once, with typed answers', async () => {
    const { ws, client, calls } = await newClient();
    const receiver = await startReceiver();
    try {
      const category = await client.categories.create({ name: 'Interested', color: '#22c55e', is_positive: true });
      const customer = await client.clients.create({ name: 'Acme Outbound', service_description: 'Cold email for SaaS' });
      const mailbox = await client.connections.create({ name: 'Sam', email: 'sam@outreach.example.org' });
      expect((await client.categories.list()).data.map((c) => c.name)).toEqual(['Interested']);
      expect((await client.clients.list({ limit: 5 })).data[0]!.id).toBe(customer.id);
      expect((await client.connections.list()).pagination.total).toBe(1);
      expect((await client.connections.get(mailbox.id)).sync).toMatchObject({ state: 'pending', skipped: 0 });
      expect((await client.connections.update(mailbox.id, { name: 'Sam R.' })).name).toBe('Sam R.');
      expect(await client.connections.listSkipped(mailbox.id)).toEqual([]);
      // where to send the person (test/oauth.test.ts follows it through); a provider not configured is a typed 400
      expect((await client.connections.startOAuth({ provider: 'google' })).authorization_url).toMatch(new RegExp(`^${provider.authorizationEndpoint}\\?`));
      await expect(client.connections.startOAuth({ provider: 'microsoft' })).rejects.toMatchObject({
        status: 400,
        message: expect.stringMatching(/^Connect Microsoft is not configured on this server/),
      });
      const oldBox = await client.connections.create({ name: 'Old box', email: 'old@outreach.example.org' });
      expect(await client.connections.delete(oldBox.id)).toBeUndefined();
      const spare = await client.categories.create({ name: 'Spare' });
      expect((await client.categories.update(spare.id, { name: 'Maybe later', is_positive: false })).name).toBe('Maybe later');
      expect(await client.categories.delete(spare.id)).toBeUndefined();
      const former = await client.clients.create({ name: 'Former client' });
      expect((await client.clients.update(former.id, { service_description: 'Paused' })).service_description).toBe('Paused');
      expect(await client.clients.delete(former.id)).toBeUndefined();

      const endpoint = await client.webhooks.create({ url: receiver.url, events: ['*'], description: 'CRM sync' });
      expect(endpoint.secret).toMatch(/^whsec_/);

      const reply = await client.replies.create({ ...inbound(), client_id: customer.id, connection_id: mailbox.id });
      const other = await client.replies.create(inbound());
      expect(reply.status).toBe('pending');
      expect((await client.replies.get(reply.id)).client?.name).toBe('Acme Outbound');
      // an attachment, as the mailbox sync stores one
      const attachmentId = '0190f5a4-6b7c-7d8e-9f0a-1b2c3d4e5f6a';
      await db.write((trx) =>
        trx
          .insertInto('reply_attachments')
          .values({
            id: attachmentId,
            workspace_id: ws.workspace.id,
            reply_id: reply.id,
            position: 0,
            filename: 'a.txt',
            content_type: 'text/plain',
            size: 5,
            content_id: null,
            content: Buffer.from('hello'),
            skipped_reason: null,
            created_at: new Date().toISOString(),
          })
          .execute(),
      );
      await client.replies.getAttachment(reply.id, attachmentId);
      expect(calls.at(-1)).toMatchObject({ method: 'GET', status: 200 });
      const page = await client.replies.list({ status: 'pending', limit: 10 });
      expect(page.data.map((r) => r.id)).toEqual([other.id, reply.id]);

      const note = await client.replies.createNote(reply.id, { body: 'Call before answering.' });
      expect(note.author).toMatchObject({ type: 'api_key', name: expect.any(String) });
      expect(await client.members.list()).toEqual([]);
      const updated = await client.replies.update(reply.id, { category_id: category.id, ai_response: 'Hi Ada, here is our pricing.' });
      expect(updated).toMatchObject({ status: 'ready', category_id: category.id });
      expect(await client.replies.bulkUpdate({ ids: [other.id], status: 'archived' })).toEqual({ updated: 1, ids: [other.id] });
      const forwarded = await client.replies.forward(reply.id, { to: ['closer@agency.example.com'], message: 'Hot lead' });
      expect(forwarded.forwarded_to).toEqual(['closer@agency.example.com']);
      // the SMTP server refuses the answer for good; once it would take it, the mail is retried
      smtp.refuse.data = () => ({ code: 550, message: 'No such user here' });
      const sent = await client.replies.send(reply.id);
      expect(sent).toMatchObject({ success: true, status: 'sent', sent_response: 'Hi Ada, here is our pricing.' });
      const failed = await eventually(async () => (await client.replies.get(reply.id)).outgoing.find((o) => o.kind === 'send' && o.status === 'failed'));
      smtp.refuse.data = undefined;
      expect(await client.replies.retryOutgoing(reply.id, failed.id)).toMatchObject({ id: failed.id, status: 'queued' });
      // send later, then take it back
      const later = await client.replies.send(other.id, { message: 'Next week', send_at: new Date(Date.now() + 3_600_000).toISOString() });
      expect(later).toMatchObject({ sent_at: null, status: 'archived', outgoing: { status: 'scheduled' } });
      expect(await client.replies.cancelOutgoing(other.id, later.outgoing.id)).toMatchObject({ id: later.outgoing.id, status: 'cancelled' });

      const contacts = await client.contacts.list({ q: 'lovelace' });
      expect(contacts.data.length).toBe(2);
      expect((await client.contacts.get(reply.contact_id)).replies.map((r) => r.id)).toEqual([reply.id]);
      expect((await client.contacts.update(reply.contact_id, { do_not_contact: true })).do_not_contact).toBe(true);
      expect((await client.contacts.update(reply.contact_id, { do_not_contact: false })).do_not_contact).toBe(false);
      expect(await client.retention.update({ days: 365 })).toEqual({ days: 365 });
      expect(await client.retention.get()).toEqual({ days: 365 });
      expect(await client.retention.update({ days: null })).toEqual({ days: null });
      // erasing a person: their replies and contact go; the answer is empty
      const leaving = await client.replies.create(inbound({ from_email: `leaving.${process.pid}@prospect.example` }));
      expect(await client.contacts.erase(leaving.contact_id, { erase: 'true' })).toBeUndefined();
      await expect(client.contacts.get(leaving.contact_id)).rejects.toMatchObject({ status: 404 });
      expect((await client.triage.update({ sender_name: 'Sam Carter' })).sender_name).toBe('Sam Carter');
      expect((await client.triage.get()).model.configured).toBe(false);
      const report = await client.reports.listReplies({ from: '2020-01-01', to: '2020-01-07', group_by: 'week', tz: 'Europe/Berlin' });
      expect(report.series.map((s) => s.period)).toEqual(['2019-12-30', '2020-01-06']);
      expect((await client.replies.listTemplates(reply.id)).at(-1)).toMatchObject({ category_id: null, name: 'Plain reply', text: expect.stringContaining('Sam Carter') });

      expect((await client.webhooks.list()).data.map((e) => e.id)).toEqual([endpoint.id]);
      expect((await client.webhooks.get(endpoint.id)).description).toBe('CRM sync');
      expect((await client.webhooks.update(endpoint.id, { description: 'CRM' })).description).toBe('CRM');
      const test = await client.webhooks.test(endpoint.id);
      const delivered = await eventually(async () => {
        const { data } = await client.webhooks.listDeliveries(endpoint.id, { status: 'succeeded' });
        return data.find((d) => d.id === test.delivery_id);
      });
      expect(delivered.event_type).toBe('webhook.test');
      expect(await client.webhooks.retryDelivery(endpoint.id, test.delivery_id)).toEqual({ delivery_id: test.delivery_id, event_id: test.event_id });
      expect((await client.webhooks.recover(endpoint.id, { since: '2026-01-01T00:00:00Z' })).requeued).toBe(0);
      const rotated = await client.webhooks.rotateSecret(endpoint.id);
      expect(rotated.secret).not.toBe(endpoint.secret);
      expect(await client.webhooks.delete(endpoint.id)).toBeUndefined();

      // every POST carried an Idempotency-Key of its own
      const posts = calls.filter((c) => c.method === 'POST');
      expect(posts.every((c) => c.idempotencyKey)).toBe(true);
      expect(new Set(posts.map((c) => c.idempotencyKey)).size).toBe(posts.length);
    } finally {
      await receiver.close();
    }

    // every operation the server documents answered a 2xx to the client
    const doc = (await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`));
    expect(documented.length).toBeGreaterThanOrEqual(30);
    expect(documented.filter((op) => !(answered.get(op) ?? []).some((s) => s >= 200 && s < 300))).toEqual([]);
  });

  it("turns each kind of error into a ReplydeskError with its status and the server's message", async () => {
    const { client } = await newClient();
    const reply = await client.replies.create(inbound());

    const unknownKey = new Replydesk({ baseUrl, apiKey: 'rdk_not_a_key' });
    expect(await failure(unknownKey.replies.list())).toMatchObject({ status: 401, message: 'Invalid API key', requestId: expect.any(String) });

    const { client: readOnly } = await newClient({ permissions: ['replies:read'] });
    expect(await failure(readOnly.replies.update(reply.id, { status: 'archived' }))).toMatchObject({ status: 403, message: 'This API key lacks the replies:write permission' });

    expect(await failure(client.replies.get('0190f5a2-7c3e-7d1a-9b2e-4f6a8c0d1e2f'))).toMatchObject({ status: 404, message: 'Reply not found' });
    expect(await failure(client.contacts.get('nobody'))).toMatchObject({ status: 404, message: 'Contact not found' });

    expect(await failure(client.replies.update(reply.id, { category_id: 'no-such-category' }))).toMatchObject({ status: 400, message: 'Invalid category_id' });
    expect(await failure(client.replies.forward(reply.id, { to: [] }))).toMatchObject({ status: 400, message: 'At least one recipient email is required' });
    expect(await failure(client.replies.forward(reply.id, { to: ['closer@'] }))).toMatchObject({ status: 400, message: 'Invalid email address: closer@' });

    await client.replies.send(reply.id, { message: 'Thanks, Ada.' });
    expect(await failure(client.replies.send(reply.id, { message: 'Thanks again.' }))).toMatchObject({ status: 409, message: 'This reply was already sent' });
    // nothing changed by the refusals
    expect(await client.replies.get(reply.id)).toMatchObject({ status: 'sent', sent_response: 'Thanks, Ada.', category_id: null });
  });

  it('waits out a 429 for its Retry-After and retries with the same Idempotency-Key; past its bounds it throws', async () => {
    const { client, calls } = await newClient({ rateLimit: 1 });
    await client.categories.list(); // the window's one request
    const created = await client.categories.create({ name: 'Later' });
    expect(created.name).toBe('Later');
    const [refused, retried] = calls.slice(-2);
    expect([refused!.status, retried!.status]).toEqual([429, 201]);
    expect(retried!.idempotencyKey).toBe(refused!.idempotencyKey);
    expect(answered.get('POST /api/categories')).toContain(429);

    // the window holds one request again: the next one is refused, and not retried
    const impatient = new Replydesk({ baseUrl, apiKey: (await makeWorkspace(db, { rateLimit: 1 })).key, maxRetries: 0 });
    await impatient.categories.list();
    const error = await failure(impatient.categories.list());
    expect(error).toMatchObject({ status: 429, message: expect.stringMatching(/^Rate limit of 1 requests per 4 seconds exceeded; retry in \d+ seconds$/) });
    expect(error.retryAfter).toBeGreaterThan(0);
    // a Retry-After longer than the client waits for is thrown at once
    const brief = new Replydesk({ baseUrl, apiKey: (await makeWorkspace(db, { rateLimit: 1 })).key, maxRetryDelayMs: 500 });
    await brief.categories.list();
    expect(await failure(brief.categories.list())).toMatchObject({ status: 429 });
  }, 30_000);

  it('pages through 250 replies with for await, by cursor, newest first', async () => {
    const { client, calls } = await newClient();
    const created: string[] = [];
    for (let i = 0; i < 25; i++) {
      const batch = await Promise.all(Array.from({ length: 10 }, () => client.replies.create(inbound())));
      created.push(...batch.map((r) => r.id));
    }
    const archived = await client.replies.create(inbound());
    await client.replies.update(archived.id, { status: 'archived' });

    const before = calls.length;
    const seen: { id: string; received_at: string }[] = [];
    for await (const reply of client.replies.list({ status: 'pending', limit: 100 })) seen.push(reply);
    expect(seen.length).toBe(250);
    expect(new Set(seen.map((r) => r.id))).toEqual(new Set(created));
    expect(seen.map((r) => r.received_at)).toEqual(
      seen
        .map((r) => r.received_at)
        .sort()
        .reverse(),
    );
    const pages = calls.slice(before);
    expect(pages.map((c) => new URL(c.url).searchParams.has('cursor'))).toEqual([false, true, true]);

    // a list without cursors (categories) pages by offset
    for (let i = 0; i < 23; i++) await client.categories.create({ name: `Category ${i}` });
    const names: string[] = [];
    for await (const category of client.categories.list({ limit: 10 })) names.push(category.name);
    expect(names).toEqual(Array.from({ length: 23 }, (_, i) => `Category ${i}`));
    expect(calls.slice(-3).map((c) => new URL(c.url).searchParams.get('offset'))).toEqual([null, '10', '20']);
  }, 60_000);

  it('verifies a real delivery with verifyWebhook, through a secret rotation; a tampered, stale or foreign one is refused', async () => {
    const { client } = await newClient();
    const receiver = await startReceiver();
    try {
      const endpoint = await client.webhooks.create({ url: receiver.url, events: ['reply.received'] });
      const reply = await client.replies.create(inbound());
      await receiver.waitFor(1);
      const first = receiver.received[0]!;
      const event = await verifyWebhook(first.body, first.headers, endpoint.secret);
      expect(event.type).toBe('reply.received');
      if (event.type === 'reply.received') expect(event.data.id).toBe(reply.id);
      // the Fetch API's Headers and a byte body work too
      expect((await verifyWebhook(new TextEncoder().encode(first.body), new Headers(first.headers), endpoint.secret)).type).toBe('reply.received');

      const refused = (p: Promise<unknown>) => expect(p).rejects.toBeInstanceOf(WebhookVerificationError);
      await refused(verifyWebhook(first.body.replace(reply.id, '0190f5a2-7c3e-7d1a-9b2e-4f6a8c0d1e2f'), first.headers, endpoint.secret));
      await refused(verifyWebhook(first.body, first.headers, 'whsec_' + Buffer.alloc(24, 1).toString('base64')));
      await refused(verifyWebhook(first.body, first.headers, endpoint.secret, { now: new Date(Date.now() + 10 * 60_000) }));
      await refused(verifyWebhook(first.body, { ...first.headers, 'webhook-signature': undefined }, endpoint.secret));

      // during a rotation a delivery verifies with either secret
      const rotated = await client.webhooks.rotateSecret(endpoint.id);
      await client.replies.create(inbound());
      await receiver.waitFor(2);
      const second = receiver.received[1]!;
      expect(second.headers['webhook-signature']!.split(' ')).toHaveLength(2);
      expect((await verifyWebhook(second.body, second.headers, rotated.secret)).type).toBe('reply.received');
      expect((await verifyWebhook(second.body, second.headers, endpoint.secret)).type).toBe('reply.received');
    } finally {
      await receiver.close();
    }
  });
});

describe('@replydesk/client query parameters', () => {
  it('sends scalars as text and a list comma-separated; an object is refused before any request, naming the parameter', async () => {
    const urls: string[] = [];
    const client = new Replydesk({
      baseUrl: 'http://127.0.0.1:9',
      apiKey: 'rd_test',
      fetch: async (input) => {
        urls.push(input instanceof Request ? input.url : String(input));
        return new Response(JSON.stringify({ data: [], pagination: { total: 0, limit: 50, offset: 0, hasMore: false, next_cursor: null } }), { headers: { 'content-type': 'application/json' } });
      },
    });
    await client.request('listReplies', 'GET', '/api/replies', { query: { status: ['pending', 'ready'], limit: 20, snoozed: false, q: undefined } });
    expect(new URL(urls[0]!).search).toBe('?status=pending%2Cready&limit=20&snoozed=false');
    await expect(client.request('listReplies', 'GET', '/api/replies', { query: { received_after: new Date(0) } })).rejects.toThrow(/query parameter received_after must be/);
    await expect(client.request('listReplies', 'GET', '/api/replies', { query: { status: { pending: true } } })).rejects.toThrow(/query parameter status must be/);
    expect(urls).toHaveLength(1);
  });
});
