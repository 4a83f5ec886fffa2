/**
 * React Query read of the event detail (docs/integrations.md §Screens and routes: the event's parameters with data type and sample, and its revenue
 * settings). Under the integrations key, so the revenue-settings flow's invalidation reloads it.
 */
import { useServerQuery } from '../queryClient';
import { fetchEventDetail } from './revenue-settings.service';
import { integrationsKey } from './integrations.queries';

export const eventDetailKey = (appId: string, eventId: string) =>
  [...integrationsKey(appId), 'event', eventId] as const;

export function useEventDetail(appId: string, eventId: string) {
  return useServerQuery({
    queryKey: eventDetailKey(appId, eventId),
    queryFn: async ({ signal }) => {
      const { event, parameters } = await fetchEventDetail(appId, eventId, signal);
      return { event, parameters };
    },
  });
}
