/**
 * The React Query read of one object's history (docs/activity.md §API endpoints `objectType` + `objectId`): a plain
 * read of no lifecycle for the places an object is shown (a quest's editor, a report's status line). `version`
 * (e.g. the object's last change time) makes a new change read again.
 */
import { useServerQuery } from '../queryClient';
import type { ActivityVerb } from '../contracts/activity';
import { exportActivity, listActivity } from './activity.service';

export const activityQueryKey = (workspaceId: string) => ['activity', workspaceId] as const;

export function useObjectHistory(
  workspaceId: string,
  objectType: string,
  objectId: string | null,
  version: string | null = null,
) {
  return useServerQuery({
    queryKey: [...activityQueryKey(workspaceId), objectType, objectId, version] as const,
    enabled: objectId !== null && workspaceId !== '',
    queryFn: async ({ signal }) =>
      (await listActivity(workspaceId, { objectType, objectId: objectId! }, signal)).entries,
  });
}

/**
 * One page (the newest 50) of an object's history, with only one verb (`verb`) or without it (`exceptVerb`): a
 * quest's History reads its step completions apart from its other changes, so they never crowd those out.
 */
export function useObjectHistoryPage(
  workspaceId: string,
  objectType: string,
  objectId: string,
  filter: { verb?: ActivityVerb; exceptVerb?: ActivityVerb },
  enabled = true,
) {
  return useServerQuery({
    queryKey: [...activityQueryKey(workspaceId), objectType, objectId, filter] as const,
    enabled: enabled && workspaceId !== '',
    queryFn: async ({ signal }) => listActivity(workspaceId, { objectType, objectId, ...filter }, signal),
  });
}

/** The app's log between two days (the chart markers' source), without step completions: up to the export's limit, newest first. */
export function useAppActivity(workspaceId: string, appId: string, range: { from: string; to: string } | null) {
  return useServerQuery({
    queryKey: [...activityQueryKey(workspaceId), 'app', appId, range?.from ?? null, range?.to ?? null] as const,
    enabled: range !== null && workspaceId !== '' && appId !== '',
    queryFn: async ({ signal }) =>
      (
        await exportActivity(
          workspaceId,
          // Players' step completions mark nothing and would fill the export's limit on a busy app.
          { app: appId, from: range!.from, to: range!.to, exceptVerb: 'quest.step_completed' },
          signal,
        )
      ).entries,
  });
}
