/** React Query reads of retention cohorts: the saved cohort tables of an app (the cohort-builder flow refreshes them). */
import { useServerQuery } from '../queryClient';
import { listCohorts } from './cohorts.service';

export const savedCohortsKey = (appId: string) => ['cohorts', appId] as const;

/** The saved cohort tables of an app, newest first. */
export function useSavedCohorts(appId: string | undefined, enabled = true) {
  return useServerQuery({
    queryKey: savedCohortsKey(appId ?? ''),
    queryFn: ({ signal }) => listCohorts(appId!, signal),
    enabled: !!appId && enabled,
  });
}
