// The OpenAPI document as a product: what @fastify/swagger builds from the routes' TypeBox
// schemas, finished here in one place so route files carry only their schemas and a summary.
//
// - operationIds follow one naming rule from the method and the path (operationIdFor), so a
//   route added anywhere gets a stable, readable name without anyone choosing one; a route
//   may still set `schema.operationId`, and OPERATION_ID_OVERRIDES names the few the rule
//   cannot (an action on a whole collection).
// - Examples come from openapi/examples/ (index.ts), keyed by operationId.
// - The permission an operation needs (route config) is shown in its description and as
//   `x-replydesk-permission`; its 403 example names it.
// - `webhooks` (OpenAPI 3.1) holds one entry per event type (webhooks/event-schemas.ts).
// - `servers` is the request's own origin or PUBLIC_URL, added per request (documentFor).
import type { SwaggerOptions } from '@fastify/swagger';
import type { FastifyRequest } from 'fastify';
import { EVENT_DATA, eventPayload } from '../webhooks/event-schemas.ts';
import type { EventType } from '../webhooks/events.ts';
import { defaultErrors, EVENT_EXAMPLES, type Examples, OPERATION_EXAMPLES } from './examples/index.ts';
import { CURRENT_API_VERSION } from '../http/versioning.ts';

/** The licence of the API description (and of the generated clients built from it). */
export const API_LICENSE = { name: 'MIT', identifier: 'MIT' };

/** Operations the naming rule cannot name well: actions on a whole collection. */
const OPERATION_ID_OVERRIDES: Record<string, string> = {
  'POST /api/replies/bulk': 'bulkUpdateReplies',
  'POST /api/connections/oauth': 'startConnectionOAuth',
  // singletons (the workspace's triage and retention settings), not collections to list
  'GET /api/triage': 'getTriage',
  'GET /api/retention': 'getRetention',
  'DELETE /api/contacts/:id': 'eraseContact', // it cannot be undone: the name says what it does
};

const pascal = (s: string) =>
  s
    .split(/[-_]/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
const singular = (noun: string) => (noun.endsWith('ies') ? `${noun.slice(0, -3)}y` : noun.endsWith('s') ? noun.slice(0, -1) : noun);
const isParam = (segment: string) => segment.startsWith(':') || segment.startsWith('{');

/**
 * The operationId of a route, from its method and path (`/api/<nouns and ids>[/<action>]`):
 *
 *   GET    /api/replies                  listReplies       GET    /api/replies/:id   getReply
 *   POST   /api/replies                  createReply       PATCH  /api/replies/:id   updateReply
 *   DELETE /api/webhooks/:id             deleteWebhook     PUT    /api/things/:id    replaceThing
 *   POST   /api/replies/:id/send         sendReply         (an action: verb + noun)
 *   POST   /api/webhooks/:id/rotate-secret                 rotateWebhookSecret (verb, noun, rest)
 *   GET    /api/webhooks/:id/deliveries  listWebhookDeliveries (nested nouns, parents singular)
 *   POST   /api/webhooks/:id/deliveries/:deliveryId/retry  retryWebhookDelivery
 *
 * A last segment after an id under POST is an action, unless it is plural (ends in s): then
 * it is a nested collection and the POST creates in it.
 */
export function operationIdFor(method: string, url: string): string {
  const m = method.toUpperCase();
  // the app's routes say :id, the document's paths {id}
  const override = OPERATION_ID_OVERRIDES[`${m} ${url.replace(/\{(\w+)\}/g, ':$1')}`];
  if (override) return override;
  const segments = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean);
  const last = segments.at(-1) ?? '';
  const action = m === 'POST' && segments.length > 1 && !isParam(last) && !last.endsWith('s') ? segments.pop()! : null;
  const item = isParam(segments.at(-1) ?? '');
  const nouns = segments.filter((s) => !isParam(s));
  // every noun followed by an id is one thing; the last is a collection only when listed
  const plural = !item && (action !== null || m === 'GET');
  const phrase = nouns.map((n, i) => pascal(i < nouns.length - 1 || !plural ? singular(n) : n)).join('');
  if (action) {
    const [verb = '', ...rest] = action.split('-');
    return `${verb}${phrase}${pascal(rest.join('-'))}`;
  }
  const verb = m === 'GET' ? (item ? 'get' : 'list') : m === 'POST' ? 'create' : m === 'PATCH' ? 'update' : m === 'PUT' ? 'replace' : m === 'DELETE' ? 'delete' : m.toLowerCase();
  return `${verb}${phrase}`;
}

/**
 * Where the typed client puts an operation: `client[group][name]`. The group is the path's
 * first noun (`/api/replies/…` → replies); the name is the operationId without that noun
 * (listReplies → list, getReply → get, rotateWebhookSecret → rotateSecret).
 */
export function clientNameFor(operationId: string, url: string): { group: string; name: string } {
  const noun = url.replace(/^\/api\//, '').split('/')[0] ?? '';
  const group = noun.replace(/[-_](\w)/g, (_m, c: string) => c.toUpperCase());
  for (const form of [pascal(noun), pascal(singular(noun))]) {
    const at = operationId.indexOf(form);
    if (at > 0) return { group, name: operationId.slice(0, at) + operationId.slice(at + form.length) };
  }
  return { group, name: operationId };
}

const TAGS = [
  { name: 'Replies', description: 'Replies received to outreach emails: list and search, read, triage (status, category, draft, snooze), send the answer, forward.' },
  { name: 'Members', description: "The workspace's people: whom a reply can be assigned to (`assignee_id`)." },
  { name: 'Contacts', description: 'The people who replied, found or created by their address when a reply arrives.' },
  { name: 'Categories', description: 'How replies are sorted (Interested, Not interested, …); `is_positive` marks the good news.' },
  { name: 'Clients', description: 'The businesses the outreach is done for; drafts draw on their service description.' },
  { name: 'Connections', description: 'The mailboxes replies arrive in and answers leave from.' },
  { name: 'Webhooks', description: 'Endpoints that receive events (see `webhooks`), their delivery log, retries and secrets.' },
];

const SUCCESS_TEXT: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted: queued, done in the background',
  204: 'Done; no body',
};
const ERROR_TEXT: Record<string, string> = {
  400: 'Bad request: a parameter or the body is invalid; nothing changed',
  401: 'The API key is missing or invalid',
  403: 'The API key lacks the permission this operation needs',
  404: 'No such resource in this workspace',
  409: "Conflicts with the resource's state, or a request with this Idempotency-Key is still running",
  412: 'The resource changed since the version If-Match names: read it again',
  413: 'The body is over 1 MiB',
  415: 'The body is not JSON',
  422: 'This Idempotency-Key was used for a different request',
  429: 'Too many requests: wait Retry-After seconds',
};

interface Media {
  schema?: unknown;
  examples?: Examples;
}
interface Operation {
  operationId?: string;
  description?: string;
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { description: string; content?: Record<string, Media>; headers?: Record<string, unknown> }>;
  'x-replydesk-permission'?: string;
}
interface Document {
  openapi: string;
  info: Record<string, unknown>;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
  [key: string]: unknown;
}

const ERROR_REF = { $ref: '#/components/schemas/ErrorBody' };

function errorExamples(messages: string[]): Examples {
  const out: Examples = {};
  for (const message of new Set(messages)) {
    const base =
      message
        .replace(/[^A-Za-z0-9]+/g, ' ')
        .trim()
        .split(' ')
        .slice(0, 6)
        .map((w, i) => (i ? pascal(w.toLowerCase()) : w.toLowerCase()))
        .join('') || 'error';
    let name = base;
    for (let n = 2; name in out; n++) name = `${base}${n}`;
    out[name] = { summary: message, value: { data: null, error: message } };
  }
  return out;
}

/** Fills in each operation: response texts, examples, the idempotency answers of a POST. */
function finishOperation(url: string, method: string, op: Operation) {
  const examples = OPERATION_EXAMPLES[op.operationId ?? ''];
  const defaults = defaultErrors({ method: method.toUpperCase(), url: url.replace(/\{(\w+)\}/g, ':$1'), permission: op['x-replydesk-permission'] });
  const json = op.requestBody?.content['application/json'];
  if (json && examples?.body) json.examples = examples.body;

  if (method === 'post') {
    // every POST honours Idempotency-Key (idempotency/plugin.ts), and so can answer these
    for (const code of ['400', '409', '422']) op.responses[code] ??= { description: '', content: { 'application/json': { schema: ERROR_REF } } };
  }
  for (const [code, response] of Object.entries(op.responses)) {
    const media = response.content?.['application/json'];
    if (code.startsWith('2')) {
      response.description = SUCCESS_TEXT[code] ?? response.description;
      if (code === '204') delete response.content;
      else if (media && examples?.ok[Number(code)]) media.examples = examples.ok[Number(code)];
    } else if (code.startsWith('4')) {
      response.description = ERROR_TEXT[code] ?? response.description;
      const messages = [...(examples?.errors?.[Number(code)] ?? []), ...(defaults[Number(code)] ?? [])];
      if (media && messages.length) media.examples = errorExamples(messages);
      if (code === '429') {
        response.headers = {
          'Retry-After': { description: 'Seconds until the rate-limit window resets.', schema: { type: 'integer' } },
          'X-RateLimit-Limit': { description: 'Requests per minute of the workspace.', schema: { type: 'integer' } },
          'X-RateLimit-Remaining': { description: 'Requests left in this window.', schema: { type: 'integer' } },
          'X-RateLimit-Reset': { description: 'Seconds until the window resets.', schema: { type: 'integer' } },
        };
      }
    }
  }
}

/** `{$ref: 'ReplyDetail'}` (TypeBox) → `{$ref: '#/components/schemas/ReplyDetail'}`, symbols dropped. */
function toDocumentSchema(schema: unknown): unknown {
  return JSON.parse(JSON.stringify(schema), (key, value: unknown) => (key === '$ref' && typeof value === 'string' && !value.startsWith('#') ? `#/components/schemas/${value}` : value));
}

const WEBHOOK_HEADERS = [
  { name: 'webhook-id', description: 'The event id (`msg_…`), the same on every retry: drop duplicates by it.', example: 'msg_0190f5a35a6b7c7d9e8f9a0b1c2d3e4f' },
  { name: 'webhook-timestamp', description: 'Unix seconds when this attempt was signed; refuse one more than 5 minutes away.', example: '1795167733' },
  {
    name: 'webhook-signature',
    description: '`v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">`, keyed with the secret after `whsec_` (base64-decoded); two space-separated entries during a secret rotation.',
    example: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  },
];

function webhooksSection(): Record<string, unknown> {
  const section: Record<string, unknown> = {};
  for (const [type, event] of Object.entries(EVENT_DATA) as [EventType, (typeof EVENT_DATA)[EventType]][]) {
    section[type] = {
      post: {
        operationId: `${type.replace(/[.-](\w)/g, (_m, c: string) => c.toUpperCase())}Event`,
        summary: event.summary,
        description: `${event.description}\n\nDelivered as a POST to every enabled endpoint subscribed to \`${type}\` (or \`*\`), signed per Standard Webhooks; verify it with the client's \`verifyWebhook\`.`,
        tags: ['Webhooks'],
        security: [],
        parameters: WEBHOOK_HEADERS.map(({ name, description, example }) => ({ name, in: 'header', required: true, description, schema: { type: 'string' }, example })),
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: toDocumentSchema(eventPayload(type)),
              examples: {
                [type.replace(/[.-](\w)/g, (_m, c: string) => c.toUpperCase())]: { summary: event.summary, value: { type, timestamp: '2026-11-20T09:42:13.204Z', data: EVENT_EXAMPLES[type] } },
              },
            },
          },
        },
        responses: {
          '200': { description: 'Received. Any 2xx answer within the timeout ends the delivery.' },
          '400': { description: 'Refused. Any other answer, or none within the timeout, is retried on the schedule (docs/webhooks.md, Retries); an endpoint failing for days is disabled.' },
        },
      },
    };
  }
  return section;
}

/** @fastify/swagger's options: the document's head, the naming rule, and the finishing pass. */
export function swaggerOptions(): SwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Replydesk API',
        version: CURRENT_API_VERSION,
        description:
          'Replies to outreach email and the contacts who sent them. Every /api request carries `Authorization: Bearer <API key>`; ' +
          `a request may pin a version with the \`Replydesk-Version\` header (current: ${CURRENT_API_VERSION}). ` +
          'Every error is `{"data": null, "error": "<message>"}`. Every POST accepts an `Idempotency-Key`. The typed TypeScript client is `@replydesk/client`.',
        license: API_LICENSE,
      },
      tags: TAGS,
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'An API key: rdk_…' } } },
      security: [{ bearer: [] }],
    },
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
    transform: ({ schema, url, route }) => {
      if (!schema || schema.hide) return { schema, url };
      const method = [route.method].flat()[0] ?? 'GET';
      const permission = route.config?.permission;
      const given = schema as { operationId?: string; description?: string };
      const description = [given.description, permission && `Needs the \`${permission}\` permission.`].filter(Boolean).join('\n\n');
      return {
        url,
        schema: {
          ...schema,
          operationId: given.operationId ?? operationIdFor(method, url),
          ...(description ? { description } : {}),
          ...(permission ? { 'x-replydesk-permission': permission } : {}),
        } as typeof schema,
      };
    },
    transformObject: (documentObject) => {
      const doc = (documentObject as unknown as { openapiObject: Document }).openapiObject;
      for (const [url, ops] of Object.entries(doc.paths)) for (const [method, op] of Object.entries(ops)) finishOperation(url, method, op);
      doc.webhooks = webhooksSection();
      return doc as never;
    },
  };
}

/** A host header this safe is echoed into `servers`; anything else falls back to PUBLIC_URL's default. */
const SANE_HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/**
 * The document for one request: `servers` is PUBLIC_URL when it is configured, else the origin
 * the request was made to, so the document works as served wherever that is. `localhost` is
 * written as 127.0.0.1 (the default HOST): a document pointing at "localhost" reads as a
 * placeholder to linters and code generators, the loopback address does not.
 */
export function documentFor(document: object, request: FastifyRequest, publicUrl: string | null, fallbackUrl: string) {
  const host = request.host.replace(/^localhost(?=:|$)/i, '127.0.0.1');
  const url = publicUrl ?? (SANE_HOST.test(host) ? `${request.protocol}://${host}` : fallbackUrl);
  const { openapi, info, ...rest } = document as Record<string, unknown>;
  return { openapi, info, servers: [{ url, description: 'This Replydesk server' }], ...rest };
}
