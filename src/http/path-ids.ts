// Ids in paths (docs/api.md "Basics"): an id that names nothing in the workspace is the
// route's own 404 (`Reply not found`, `Contact not found`, …) whatever its length or
// characters, up to the URL length the server takes at all (MAX_URL_LENGTH, json-body.ts).
//
// Every id this service makes is a UUID (db/ids.ts isId), so an id of any other shape names
// nothing: it is answered here, before the handler, and never reaches a query (PostgreSQL
// refuses a NUL in a text parameter with an error, not an empty result). An id of the right
// shape goes on to the handler, which answers the same 404 when the workspace holds nothing by
// that id. The check runs after the body is validated, as the handler's own 404 does, so an
// id of either kind meets a bad body with the same 400.
//
// Which 404 is a rule over the route's path, like the operationIds (openapi.ts): the segment
// before each `:param` names its resource. A route whose segment is not in the table fails at
// start-up, so a new route cannot answer a generic 404 by accident.
import type { FastifyInstance } from 'fastify';
import { DashboardErrors } from '../errors.ts';
import { isId } from '../db/ids.ts';
import { type AppError, Errors } from '../errors.ts';
import { valueProblem } from './validation.ts';

const NOT_FOUND: Record<string, () => AppError> = {
  replies: Errors.ReplyNotFound,
  contacts: Errors.ContactNotFound,
  categories: Errors.CategoryNotFound,
  clients: Errors.ClientNotFound,
  connections: Errors.ConnectionNotFound,
  attachments: Errors.AttachmentNotFound,
  outgoing: Errors.OutgoingNotFound,
  webhooks: Errors.WebhookNotFound,
  deliveries: Errors.DeliveryNotFound,
  keys: Errors.NotFound,
  members: DashboardErrors.MemberNotFound,
};

/** `/api/replies/:id/outgoing/:outgoingId/retry` → [['id', ReplyNotFound], ['outgoingId', OutgoingNotFound]] */
export function pathIds(url: string): [string, () => AppError][] {
  const segments = url.split('/');
  return segments.flatMap((s, i) => {
    if (!s.startsWith(':')) return [];
    const resource = segments[i - 1] ?? '';
    const notFound = NOT_FOUND[resource];
    if (!notFound) throw new Error(`${url}: no 404 for an id under /${resource}/ (add the resource to NOT_FOUND in http/path-ids.ts)`);
    return [[s.slice(1), notFound]];
  });
}

export function registerPathIds(app: FastifyInstance) {
  const idsOf = new Map<string, [string, () => AppError][]>();
  app.addHook('onRoute', (route) => {
    if (route.url.includes('/:')) idsOf.set(route.url, pathIds(route.url));
  });

  // A callback hook: it never waits. Registered before the Idempotency-Key's, so a key is
  // never claimed for a path that names nothing.
  app.addHook('preHandler', (request, _reply, done) => {
    const params = request.params as Record<string, unknown>;
    const ids = request.is404 ? undefined : idsOf.get(request.routeOptions.url ?? '');
    if (ids) {
      for (const [name, notFound] of ids) if (!isId(params[name])) return done(notFound());
      return done();
    }
    // other parameters (the docs' wildcard) hold text, never NUL or a lone surrogate
    const problem = valueProblem(params);
    done(problem ? Errors.BadValue('URL path', problem) : undefined);
  });
}
