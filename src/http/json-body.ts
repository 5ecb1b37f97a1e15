// What a request may carry, checked before any handler sees it:
//
// - A JSON body nests at most MAX_JSON_DEPTH levels. Checked on the text, before JSON.parse:
//   a body nested thousands deep would otherwise overflow the stack in every later walk (the
//   NUL check, the idempotency hash, JSON.stringify of the answer), or be stored and then fail
//   every read of it.
// - Text (body, query string; keys too) holds no NUL and no lone surrogate (validation.ts
//   valueProblem), and no number beyond a double. Path parameters are ids (http/path-ids.ts).
// - A URL (the request target as sent) is at most MAX_URL_LENGTH characters: 414 otherwise
//   (app.ts). It leaves room for the headers in Node's 16 KiB limit on a request's head.
// - A route that declares no body takes none: a body it would ignore is refused, as an unknown
//   query parameter is, rather than silently dropped. An empty body and `{}` carry nothing and
//   pass. Where a route's body has only optional fields, a missing or empty body is `{}`.
// This is the app's only JSON parser: a plugin with a parser of its own would skip the limit.
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Errors } from '../errors.ts';
import { valueProblem } from './validation.ts';

export const MAX_JSON_DEPTH = 32;
export const MAX_URL_LENGTH = 8192;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** True when JSON text opens more than `max` objects and arrays inside each other. */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > max) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}

/** A body whose every field is optional (a send's `{message?}`) may be left out: it is `{}`. */
const allOptional = (request: FastifyRequest) => {
  const schema = request.routeOptions.schema?.body as { type?: string; required?: string[] } | undefined;
  return schema?.type === 'object' && !schema.required?.length;
};

const isEmptyObject = (v: unknown) => v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0;

/** A parsed body other than `{}`; for GET, which Fastify does not parse, any body bytes at all. */
function carriesBody(body: unknown, headers: IncomingHttpHeaders): boolean {
  if (body !== undefined) return !isEmptyObject(body);
  const length = headers['content-length'];
  return (length !== undefined && length !== '0') || headers['transfer-encoding'] !== undefined;
}

export function registerRequestChecks(app: FastifyInstance) {
  // Fastify's own parser (with its __proto__ and constructor poisoning checks), behind the depth limit.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string; // parseAs: 'string'
    if (text === '' && allOptional(request)) return done(null, {});
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) return done(Errors.JsonTooDeep(MAX_JSON_DEPTH), undefined);
    void parseJson(request, text, done); // answers through done; typed as maybe a promise
  });

  // A callback hook: it never waits, and an async hook costs every request a promise.
  // The query parameters a route declares. A name it does not know is refused, never dropped:
  // a misspelt filter (`clinet_id`) must not widen a list to the whole workspace. Routes hidden
  // from the API document (the docs UI's assets, /healthz) and unmatched ones are not checked.
  const declared = new WeakMap<object, string[]>();
  const knownQuery = (request: FastifyRequest): string[] | null => {
    const schema = request.routeOptions.schema as { hide?: boolean; querystring?: { properties?: Record<string, unknown> } } | undefined;
    if (request.is404 || schema?.hide) return null;
    if (!schema?.querystring) return [];
    let names = declared.get(schema.querystring);
    if (!names) declared.set(schema.querystring, (names = Object.keys(schema.querystring.properties ?? {})));
    return names;
  };

  app.addHook('preValidation', (request, _reply, done) => {
    if (request.body === undefined && allOptional(request)) request.body = {};
    const body = request.body;
    if (!request.routeOptions.schema?.body && !request.is404 && carriesBody(body, request.headers)) return done(Errors.BodyNotAccepted());
    const problem = valueProblem(body);
    if (problem) return done(Errors.BadValue('request body', problem));
    const query = request.query as Record<string, unknown>;
    for (const name in query) {
      const p = valueProblem(name) ?? valueProblem(query[name]);
      if (p) return done(Errors.BadValue(`query parameter ${JSON.stringify(name)}`, p));
      const known = knownQuery(request);
      if (known && !known.includes(name)) return done(Errors.UnknownQueryParameter(name, known));
    }
    done();
  });
}
