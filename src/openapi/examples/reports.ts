// Examples of the reports (tag Reports): openapi/examples/index.ts.
import { CATEGORY_ID, one, type OperationExamples, single } from './samples.ts';

const days = ['2026-11-23', '2026-11-24', '2026-11-25'];

export const REPORT_EXAMPLES: Record<string, OperationExamples> = {
  listReportReplies: {
    ok: {
      200: one(
        'Three days of replies in Berlin',
        single({
          from: days[0],
          to: days[2],
          tz: 'Europe/Berlin',
          group_by: 'day',
          totals: {
            received: 9,
            positive: 4,
            handled: 6,
            by_category: [
              { category_id: CATEGORY_ID, name: 'Interested', count: 4 },
              { category_id: null, name: 'Uncategorised', count: 5 },
            ],
            first_response_seconds: { median: 5400, p90: 14_400, count: 4 },
          },
          series: [
            { period: days[0], received: 3, positive: 1, by_category: { [CATEGORY_ID]: 1, none: 2 } },
            { period: days[1], received: 4, positive: 2, by_category: { [CATEGORY_ID]: 2, none: 2 } },
            { period: days[2], received: 2, positive: 1, by_category: { [CATEGORY_ID]: 1, none: 1 } },
          ],
        }),
      ),
    },
    errors: { 400: ['from and to may be at most 400 days apart', 'Unknown time zone: Mars/Olympus (use an IANA name such as Europe/Berlin)'] },
  },
};
