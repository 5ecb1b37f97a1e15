// The Reports page's data (GET /api/reports/replies, docs/api.md "Reports"): one report for the
// view's range and filters, and one per client and per mailbox for their positive rates.
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api.ts';
import type { Answer } from '../types.ts';

export type RepliesReport = Answer<'/api/reports/replies', 'get'>;
export interface ReportView {
  from: string;
  to: string;
  group_by: 'day' | 'week' | 'month';
  tz: string;
  client_id?: string;
  connection_id?: string;
}

export const reportKeys = { all: ['reports'] as const };

export const reportQuery = (view: ReportView) =>
  queryOptions({
    queryKey: [...reportKeys.all, view] as const,
    queryFn: ({ signal }) => api.get<RepliesReport>('/api/reports/replies', { ...view }, signal),
    staleTime: 60_000,
  });
