/** React Query reads of funnels: the saved funnels of an app (refreshed by the funnel-builder flow) and its event names. */
import { useServerQuery } from '../queryClient';
import { funnelEventNames, listFunnels } from './funnels.service';

export const savedFunnelsKey = (appId: string) => ['funnels', appId] as const;

/** The saved funnels of an app, newest first. */
export function useSavedFunnels(appId: string | undefined, enabled = true) {
  return useServerQuery({
    queryKey: savedFunnelsKey(appId ?? ''),
    queryFn: ({ signal }) => listFunnels(appId!, signal),
    enabled: !!appId && enabled,
  });
}

/** The app's event names, for the step pickers. */
export function useFunnelEventNames(appId: string | undefined) {
  return useServerQuery({
    queryKey: ['funnels', appId ?? '', 'events'] as const,
    queryFn: ({ signal }) => funnelEventNames(appId!, signal),
    enabled: !!appId,
  });
}
