/**
 * React Query read of the Adjust tab (docs/architecture.md §House rules 4): the app's partner link and events file. It sits under the
 * integrations key, so the flows' `integrationsKey(appId)` invalidation reloads it with the plugins.
 */
import { useServerQuery } from '../queryClient';
import { fetchAdjust } from './adjust.service';
import { integrationsKey } from './integrations.queries';

export const adjustKey = (appId: string) => [...integrationsKey(appId), 'adjust'] as const;

export function useAdjust(appId: string, enabled: boolean) {
  return useServerQuery({ queryKey: adjustKey(appId), enabled, queryFn: ({ signal }) => fetchAdjust(appId, signal) });
}
