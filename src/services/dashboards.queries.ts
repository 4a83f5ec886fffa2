/** React Query reads of dashboards: the dashboards of an app (the dashboard flow refreshes them after a change). */
import { useServerQuery } from '../queryClient';
import { listDashboards } from './dashboards.service';

export const dashboardsKey = (appId: string) => ['dashboards', appId] as const;

/** The dashboards of an app, Game health first (the first read makes it for an app with data). */
export function useDashboards(appId: string | undefined, enabled = true) {
  return useServerQuery({
    queryKey: dashboardsKey(appId ?? ''),
    queryFn: ({ signal }) => listDashboards(appId!, signal),
    enabled: !!appId && enabled,
  });
}
