/**
 * React Query reads of the Firebase tab and the health line. Both sit under `integrationsKey(appId)`, so every
 * integrations flow's invalidation refreshes them; `revision` (the plugins' statuses and operations) is part of the
 * key, so the health line and the events follow a deployment or a processing job as it ends.
 */
import { useServerQuery } from '../queryClient';
import { integrationsKey } from './integrations.queries';
import { fetchConversionEvents, fetchIntegrationHealth } from './firebase.service';

export const conversionEventsKey = (appId: string, pluginId: string, revision: string) =>
  [...integrationsKey(appId), 'conversion-events', pluginId, revision] as const;
export const healthKey = (appId: string, revision: string) => [...integrationsKey(appId), 'health', revision] as const;

export function useConversionEvents(appId: string, pluginId: string, revision: string) {
  return useServerQuery({
    queryKey: conversionEventsKey(appId, pluginId, revision),
    queryFn: async ({ signal }) => (await fetchConversionEvents(pluginId, signal)).events,
    placeholderData: (previous) => previous,
  });
}

export function useIntegrationHealth(appId: string, revision: string) {
  return useServerQuery({
    queryKey: healthKey(appId, revision),
    queryFn: async ({ signal }) => (await fetchIntegrationHealth(appId, signal)).sources,
    placeholderData: (previous) => previous,
  });
}
