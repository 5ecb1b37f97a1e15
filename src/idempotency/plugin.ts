// Idempotency-Key on every POST under /api, with Stripe's semantics (docs/mail.md):
//
//  - The first request with a key inserts the key's row (state in_progress) before its handler
//    runs. The row's primary key (workspace_id, key) is the lock: a concurrent request with the
//    same key cannot insert it and gets 409 at once, so two requests with one key never both
//    execute. Nothing waits on a database lock.
//  - When the handler has answered, the status and body are stored (state done). A later
//    request with the same key and the same request (method, path, canonical JSON body) within
//    24 hours gets that answer again, with `Idempotent-Replayed: true`, without running.
//  - The same key with a different request gets 422: a key names one request.
//  - Requests refused before the handler ran (bad key, bad body, rate limit) store nothing.
//    5xx and 429 answers are not stored either: the row is deleted, so the client's retry with
//    the same key runs again, as it should after a transient failure.
//  - A process that dies mid-request leaves its row in_progress; after LOCK_TIMEOUT_MS another
//    request with the key takes it over. The domain guards (a reply is sent once, ingestion
//    dedupes by message_id) keep such a re-run harmless where it matters.
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/connect.ts';
import * as q from './queries.ts';
import { Errors } from '../errors.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
export const KEY_TTL_MS = 24 * 3_600_000;
export const LOCK_TIMEOUT_MS = 60_000;
const SWEEP_PROBABILITY = 0.01;

const KEY_SHAPE = /^[\x21-\x7e]{1,255}$/;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when this request holds an Idempotency-Key row and must settle it. */
    idempotency: { workspaceId: string; key: string } | null;
  }
}

/** JSON with object keys sorted, so `{a,b}` and `{b,a}` are one request. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value as object)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function requestHash(request: FastifyRequest): string {
  return crypto
    .createHash('sha256')
    .update(`${request.method}\n${request.url}\n${canonicalJson(request.body ?? null)}`)
    .digest('hex');
}

const isStored = (status: number) => status < 500 && status !== 429;

async function idempotency(app: FastifyInstance, opts: { db: Db }) {
  const db = opts.db;
  app.decorateRequest('idempotency', null);

  // Shown in the OpenAPI document of every POST under /api.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.includes('POST') || !route.url.startsWith('/api/')) return;
    route.schema ??= {};
    // a copy: a headers schema the route shares with others is left as it was
    const given = (route.schema.headers ?? { type: 'object', properties: {} }) as { properties?: Record<string, unknown> };
    route.schema.headers = {
      ...given,
      properties: {
        ...given.properties,
        [IDEMPOTENCY_HEADER]: {
          type: 'string',
          maxLength: 255,
          description: 'Makes the request safe to retry: the same key with the same body within 24 hours returns the first answer (with Idempotent-Replayed: true) instead of running again.',
        },
      },
    };
  });

  // Both hooks take a callback so that the requests without a key, nearly all of them, pass
  // without the promise and microtask trip an async hook costs; the rest run as before.
  app.addHook('preHandler', (request, reply, done) => {
    if (request.method !== 'POST' || !request.principal || request.is404) return done();
    const given = request.headers[IDEMPOTENCY_HEADER];
    if (given === undefined) return done();
    claim(request, reply, given).then(() => done(), done);
  });

  // onSend sees every answer the handler (or the error handler) produced, before it leaves:
  // the stored result is in place by the time the client could retry.
  app.addHook('onSend', (request, reply, payload, done) => {
    const held = request.idempotency;
    if (!held) return done(null, payload);
    request.idempotency = null;
    settle(held, reply, payload).then(() => done(null, payload), done);
  });

  async function claim(request: FastifyRequest, reply: FastifyReply, given: string | string[]) {
    if (typeof given !== 'string' || !KEY_SHAPE.test(given)) throw Errors.InvalidIdempotencyKey();
    const workspaceId = request.workspaceId;
    const hash = requestHash(request);

    for (let round = 0; round < 3; round++) {
      const now = new Date();
      const nowIso = now.toISOString();
      const held = { workspaceId, key: given };
      // The key's row is claimed in a write of its own, committed before the handler runs:
      // the row is the lock a second request with the key sees.
      const claimed = await db.write(async (trx) => {
        if (await q.insertKey(trx, { ...held, method: request.method, path: request.url, requestHash: hash, at: nowIso })) return null;
        return (await q.findKey(trx, held)) ?? 'gone';
      });
      if (claimed === null) {
        request.idempotency = held;
        // Expired keys are swept now and then by the requests that add keys, through the
        // created_at index: no scheduler to run, and the table stays about a day deep.
        if (Math.random() < SWEEP_PROBABILITY) await db.write((trx) => q.sweepKeys(trx, new Date(now.getTime() - KEY_TTL_MS).toISOString()));
        return;
      }
      if (claimed === 'gone') continue;
      const row = claimed;
      if (new Date(row.created_at).getTime() < now.getTime() - KEY_TTL_MS) {
        // Expired: forget it and try again as a new key.
        await db.write((trx) => q.deleteExpiredKey(trx, { ...held, createdAt: row.created_at }));
        continue;
      }
      if (row.request_hash !== hash) throw Errors.IdempotencyKeyReused();
      if (row.state === 'done') {
        return reply
          .code(row.response_status ?? 200)
          .header(REPLAYED_HEADER, 'true')
          .header('content-type', 'application/json; charset=utf-8')
          .send(row.response_body ?? '');
      }
      if (new Date(row.locked_at).getTime() > now.getTime() - LOCK_TIMEOUT_MS) throw Errors.IdempotencyKeyInProgress();
      // Abandoned by a process that died mid-request: take it over, if no one else just did.
      if (await db.write((trx) => q.takeOverKey(trx, { ...held, lockedAt: row.locked_at, at: nowIso }))) {
        request.idempotency = held;
        return;
      }
      throw Errors.IdempotencyKeyInProgress();
    }
    throw Errors.IdempotencyKeyInProgress();
  }

  async function settle(held: { workspaceId: string; key: string }, reply: FastifyReply, payload: unknown) {
    if (isStored(reply.statusCode) && (typeof payload === 'string' || payload === undefined || payload === null)) {
      await db.write((trx) => q.completeKey(trx, { ...held, status: reply.statusCode, body: (payload as string | null) ?? '' }));
    } else {
      await db.write((trx) => q.deleteKey(trx, held));
    }
  }
}

export const idempotencyPlugin = fp(idempotency, { name: 'replydesk-idempotency' });
