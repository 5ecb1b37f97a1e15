// GET /api/reports/replies (docs/api.md "Reports").
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Db } from '../db/connect.ts';
import { errorResponses, Nullable, single } from '../http/schemas.ts';
import { MAX_RANGE_DAYS } from './periods.ts';
import { repliesReport } from './service.ts';

const DATE = '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$';

export const ReportQuery = Type.Object(
  {
    from: Type.Optional(Type.String({ pattern: DATE, description: 'The first day (YYYY-MM-DD) of the time zone; default 29 days before `to`', examples: ['2026-11-01'] })),
    to: Type.Optional(Type.String({ pattern: DATE, description: `The last day, included; default today. At most ${MAX_RANGE_DAYS} days after \`from\``, examples: ['2026-11-30'] })),
    group_by: Type.Optional(Type.Union([Type.Literal('day'), Type.Literal('week'), Type.Literal('month')], { description: 'The periods of `series` (default day); a week begins on Monday' })),
    tz: Type.Optional(Type.String({ maxLength: 100, description: 'An IANA time zone whose days the range and periods are (default UTC)', examples: ['Europe/Berlin'] })),
    client_id: Type.Optional(Type.String({ maxLength: 200 })),
    connection_id: Type.Optional(Type.String({ maxLength: 200 })),
    assignee_id: Type.Optional(Type.String({ maxLength: 200, description: 'A member, or `none` for unassigned replies' })),
  },
  { additionalProperties: false },
);

const Count = Type.Integer({ minimum: 0 });
export const RepliesReport = Type.Object(
  {
    from: Type.String(),
    to: Type.String(),
    tz: Type.String(),
    group_by: Type.String(),
    totals: Type.Object({
      received: Count,
      positive: Type.Integer({ minimum: 0, description: 'Received replies whose category is positive' }),
      handled: Type.Integer({ minimum: 0, description: 'Received replies now sent or archived' }),
      by_category: Type.Array(Type.Object({ category_id: Nullable(Type.String()), name: Type.String(), count: Count })),
      first_response_seconds: Type.Object({
        median: Nullable(Type.Integer()),
        p90: Nullable(Type.Integer()),
        count: Type.Integer({ minimum: 0, description: 'Replies answered through Replydesk that the figures are of' }),
      }),
    }),
    series: Type.Array(
      Type.Object({
        period: Type.String({ description: 'The first day of the period (a week: its Monday; a month: its 1st)' }),
        received: Count,
        positive: Count,
        by_category: Type.Record(Type.String(), Count, { description: 'Counts by category id; `none` for replies without a category' }),
      }),
    ),
  },
  { additionalProperties: false },
);

export const reportRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/reports/replies',
    {
      config: { permission: 'replies:read' },
      schema: {
        tags: ['Reports'],
        summary: 'Replies received in a range of days: totals, by category, positive, handled, time to first answer, and a series by period',
        description:
          'Counts the replies `GET /api/replies` lists for the same filters with `received_after` and `received_before` at the first and last instants of the range in `tz`. A range over 400 days, `from` after `to` or an unknown time zone is 400.',
        querystring: ReportQuery,
        response: { 200: single(RepliesReport), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => ({ data: await repliesReport(db, request.workspaceId, request.query) }),
  );
};
