// What the dashboard's route files share: the small body schemas, the hidden flag (they are not
// in the OpenAPI document), the answer envelope and the signed-in session of a request.
import { type TSchema, Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { Errors } from '../errors.ts';
import { single } from '../http/schemas.ts';

export const Email = Type.String({ minLength: 1, maxLength: 320 });
export const Token = Type.String({ minLength: 1, maxLength: 200 });
export const body = <T extends Record<string, TSchema>>(props: T) => Type.Object(props, { additionalProperties: false });
export const hidden = { hide: true } as const;
export const ok = <T extends TSchema>(data: T, status = 200) => ({ [status]: single(data) });

/** The request's dashboard session: 401 without one. */
export function sessionOf(request: FastifyRequest) {
  const s = request.principal?.session;
  if (!s) throw Errors.NotSignedIn();
  return s;
}
