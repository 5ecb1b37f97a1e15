// Answers checked against the schemas their routes document, for the test suite (buildApp's
// `checkResponses`). In production the schemas only document: answers are built field by
// field by the services' mappers and written by JSON.stringify, and the replies list is JSON
// text built by hand (replies/list-page.ts). Here every JSON answer, from any route and of any
// status, is parsed back and validated against the schema its route declares for that status,
// with every object closed (a field the schema does not name is an error too), so an answer
// that drifts from docs/api.md and the OpenAPI document fails the test that made it.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ValidateFunction } from 'ajv';
import { makeAjv } from './validation.ts';

type Schema = Record<string, unknown>;

/**
 * A copy of `schema` in which every object without a rule for other properties takes none. An
 * intersection of objects (`allOf`, TypeBox's Intersect) becomes the one object it describes
 * first, its `$ref`s resolved in `shared`: closed one by one, its parts would refuse each
 * other's fields.
 */
function closed(schema: unknown, shared: Map<string, Schema>): unknown {
  if (Array.isArray(schema)) return schema.map((s) => closed(s, shared));
  if (!schema || typeof schema !== 'object') return schema;
  let source = schema as Schema;
  if (Array.isArray(source.allOf)) {
    const parts = (source.allOf as Schema[]).map((p) => (typeof p.$ref === 'string' ? (shared.get(p.$ref) ?? p) : p));
    if (parts.every((p) => p.type === 'object' && p.properties)) {
      const { allOf: _, ...rest } = source;
      source = {
        ...rest,
        type: 'object',
        properties: Object.assign({}, ...parts.map((p) => p.properties)),
        required: parts.flatMap((p) => (p.required as string[] | undefined) ?? []),
      };
    }
  }
  const copy: Schema = {};
  for (const [k, v] of Object.entries(source)) copy[k] = k === 'enum' || k === 'const' || k === 'default' || k === 'examples' ? v : closed(v, shared);
  if (copy.type === 'object' && copy.properties && copy.additionalProperties === undefined) copy.additionalProperties = false;
  return copy;
}

/** The schema a route declares for a status: the status itself, its class (`2xx`), or `default`. */
function declared(request: FastifyRequest, status: number): unknown {
  const response = (request.routeOptions.schema as { response?: Record<string, unknown> } | undefined)?.response;
  if (!response) return undefined;
  return response[status] ?? response[`${Math.floor(status / 100)}xx`] ?? response.default;
}

export class ResponseMismatch extends Error {}

export function registerResponseCheck(app: FastifyInstance) {
  const ajv = makeAjv(false);
  let shared: Map<string, Schema> | null = null;
  const compiled = new WeakMap<object, ValidateFunction>();
  const validatorFor = (schema: object) => {
    if (!shared) {
      shared = new Map(Object.values(app.getSchemas() as Record<string, Schema>).map((s) => [String(s.$id), s]));
      for (const s of shared.values()) ajv.addSchema(closed(s, shared) as object);
    }
    let validate = compiled.get(schema);
    if (!validate) compiled.set(schema, (validate = ajv.compile(closed(schema, shared) as object)));
    return validate;
  };

  app.addHook('onSend', (request, reply, payload, done) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (typeof payload !== 'string' || !type.startsWith('application/json')) return done(null, payload);
    const schema = declared(request, reply.statusCode);
    if (!schema || typeof schema !== 'object') return done(null, payload);
    const validate = validatorFor(schema);
    if (validate(JSON.parse(payload))) return done(null, payload);
    const problems = (validate.errors ?? []).map(
      (e) => `${e.instancePath || '/'} ${e.message ?? e.keyword}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`,
    );
    const mismatch = new ResponseMismatch(`${request.method} ${request.routeOptions.url} answered ${reply.statusCode} with a body its schema does not describe: ${problems.join('; ')}`);
    // the answer becomes a 500 (the error handler hides its message), so the reason is printed
    console.error(mismatch.message);
    done(mismatch);
  });
}
