/**
 * The React Query read of one object's history (docs/activity.md §API endpoints `objectType` + `objectId`): a plain
 * read of no lifecycle for the places an object is shown (a quest's editor, a report's status line). `version`
 * (e.g. the object's last change time) makes a new change read again.
 */
import { useQuery } from '@tanstack/react-query';
import { listActivity } from './activity.service';

export const activityQueryKey = (workspaceId: string) => ['activity', workspaceId] as const;

export function useObjectHistory(workspaceId: string, objectType: string, objectId: string | null, version: string | null = null) {
  return useQuery({
    queryKey: [...activityQueryKey(workspaceId), objectType, objectId, version] as const,
    enabled: objectId !== null && workspaceId !== '',
    queryFn: async ({ signal }) => (await listActivity(workspaceId, { objectType, objectId: objectId! }, signal)).entries,
  });
}
