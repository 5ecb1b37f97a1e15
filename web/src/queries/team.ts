// The team's inbox (docs/api.md "The team's inbox"): the people a reply can be assigned to
// (GET /api/members). Their key sits under memberKeys' root, so Settings → Members' changes (an
// invitation accepted, a role, a removal) refresh the pickers and filters too.
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api.ts';
import type { TeamMember } from '../types.ts';
import { memberKeys } from './settings.ts';

export const teamKeys = {
  members: () => [...memberKeys.all, 'team'] as const,
};

/** Everyone a reply can be assigned to, by address (not paged: a workspace has a team, not a crowd). */
export const membersQuery = queryOptions({
  queryKey: teamKeys.members(),
  queryFn: ({ signal }) => api.get<TeamMember[]>('/api/members', undefined, signal),
  staleTime: 5 * 60_000,
});
