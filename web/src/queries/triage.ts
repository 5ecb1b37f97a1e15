// Triage's settings (GET /api/triage), shown and saved on Settings → Triage.
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api.ts';
import type { TriageSettings } from '../types.ts';

export const triageKeys = { settings: ['triage'] as const };

export const triageSettingsQuery = queryOptions({
  queryKey: triageKeys.settings,
  queryFn: () => api.get<TriageSettings>('/api/triage'),
});
