/**
 * The React Query read of the team list (docs/architecture.md §House rules 4: a plain read of no lifecycle). The team flow
 * invalidates `teamQueryKey(workspaceId)` after each change.
 */
import { useServerQuery } from '../queryClient';
import { fetchTeam } from './team.service';

export const teamQueryKey = (workspaceId: string) => ['team', workspaceId] as const;

/** The team of a workspace (members first, then pending invites). `success: false` is surfaced as a query error. */
export function useTeam(workspaceId: string) {
  return useServerQuery({
    queryKey: teamQueryKey(workspaceId),
    queryFn: async ({ signal }) => {
      const answer = await fetchTeam(workspaceId, signal);
      if (!answer.success) throw new Error('The team could not be loaded.');
      return answer.accounts;
    },
  });
}
