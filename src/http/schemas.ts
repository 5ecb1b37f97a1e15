// Shared TypeBox pieces: envelopes, pagination, error body.
import { type TSchema, Type } from '@sinclair/typebox';

export const ErrorBody = Type.Object({ data: Type.Null(), error: Type.String() }, { $id: 'ErrorBody', description: 'Every error: data is null, error names the problem.' });
export const ErrorRef = Type.Ref('ErrorBody');

export const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

export const Pagination = Type.Object({
  total: Type.Integer(),
  limit: Type.Integer(),
  offset: Type.Integer(),
  hasMore: Type.Boolean(),
  next_cursor: Type.Optional(Nullable(Type.String({ description: 'The cursor of the next page (lists that page by cursor), or null on the last page.' }))),
});

export const MAX_LIMIT = 100;

export const PageQuery = {
  limit: Type.Optional(Type.Integer({ minimum: 1, default: 20, description: `Items per page; above ${MAX_LIMIT} is clamped to ${MAX_LIMIT}.`, examples: [50] })),
  offset: Type.Optional(Type.Integer({ minimum: 0, default: 0, description: 'Items skipped.', examples: [0] })),
};

export const single = <T extends TSchema>(data: T) => Type.Object({ data });
export const list = <T extends TSchema>(item: T) => Type.Object({ data: Type.Array(item), pagination: Pagination });

export const errorResponses = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, ErrorRef]));

export function page(limit: number | undefined, offset: number | undefined) {
  return { limit: Math.min(limit ?? 20, MAX_LIMIT), offset: offset ?? 0 };
}

export function pagination(total: number, limit: number, offset: number) {
  return { total, limit, offset, hasMore: offset + limit < total };
}

/** An id names something in the workspace or is the route's 404, whatever its length (http/path-ids.ts). */
export const PathId = Type.String();
export const IdParams = Type.Object({ id: PathId });
