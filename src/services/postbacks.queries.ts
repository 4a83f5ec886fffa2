/**
 * React Query reads of the attribution tabs: the app's postback URL for a source (editors), its postback log and its
 * summary (events received, last event, conversion events). Under integrationsKey(appId), so every integrations flow's
 * reload (Check Status, enable, disconnect) refreshes them too.
 */
import { useServerQuery } from '../queryClient';
import { fetchPostbackLog, fetchPostbackSummary, fetchPostbackUrl } from './postbacks.service';
import { integrationsKey } from './integrations.queries';

export const postbacksKey = (appId: string, source: string) =>
  [...integrationsKey(appId), 'postbacks', source] as const;

export function usePostbackUrl(appId: string, source: string, enabled: boolean) {
  return useServerQuery({
    queryKey: [...postbacksKey(appId, source), 'url'],
    enabled,
    queryFn: async ({ signal }) => (await fetchPostbackUrl(appId, source, signal)).url,
    staleTime: Infinity,
  });
}

export function usePostbackLog(appId: string, source: string) {
  return useServerQuery({
    queryKey: [...postbacksKey(appId, source), 'log'],
    queryFn: async ({ signal }) => (await fetchPostbackLog(appId, source, signal)).entries,
  });
}

export function usePostbackSummary(appId: string, source: string) {
  return useServerQuery({
    queryKey: [...postbacksKey(appId, source), 'summary'],
    queryFn: ({ signal }) => fetchPostbackSummary(appId, source, signal),
  });
}
