/**
 * React Query reads of the integrations page (docs/architecture.md §House rules 4): an app's plugins (polled while an operation is in
 * progress, so Connecting... / Processing Data end by themselves), a plugin's feed, the workspace's credentials.
 * The integrations flows invalidate `integrationsKey(appId)` after each change.
 */
import { useServerQuery } from '../queryClient';
import { fetchCredentials, fetchFeed, fetchPluginEvents, fetchPlugins } from './integrations.service';

export const integrationsKey = (appId: string) => ['integrations', appId] as const;
export const pluginsKey = (appId: string) => [...integrationsKey(appId), 'plugins'] as const;
export const feedKey = (appId: string, pluginId: string) => [...integrationsKey(appId), 'feed', pluginId] as const;
export const credentialsKey = (appId: string) => [...integrationsKey(appId), 'credentials'] as const;

/** How often a page with an operation in progress asks again. */
export const IN_PROGRESS_POLL_MS = 1500;

export function usePlugins(appId: string) {
  return useServerQuery({
    queryKey: pluginsKey(appId),
    queryFn: async ({ signal }) => {
      const answer = await fetchPlugins(appId, signal);
      return { plugins: answer.plugins, activePluginId: answer.activePluginId ?? null };
    },
    refetchInterval: (query) =>
      query.state.data?.plugins.some((p) => (p.inProgress ?? []).length > 0) ? IN_PROGRESS_POLL_MS : false,
  });
}

export function useFeed(appId: string, pluginId: string | null, polling: boolean) {
  return useServerQuery({
    queryKey: feedKey(appId, pluginId ?? ''),
    enabled: !!pluginId,
    queryFn: async ({ signal }) => (await fetchFeed(pluginId!, signal)).feed,
    refetchInterval: polling ? IN_PROGRESS_POLL_MS : false,
  });
}

export function useCredentials(appId: string, enabled = true) {
  return useServerQuery({
    queryKey: credentialsKey(appId),
    enabled,
    queryFn: ({ signal }) => fetchCredentials(appId, signal),
  });
}

export const eventsKey = (appId: string, pluginId: string, search: string) =>
  [...integrationsKey(appId), 'events', pluginId, search] as const;

/** The Events table's rows (docs/integrations.md §Screens and routes), for the (already debounced) search text. */
export function usePluginEvents(appId: string, pluginId: string, search: string) {
  return useServerQuery({
    queryKey: eventsKey(appId, pluginId, search),
    queryFn: async ({ signal }) => (await fetchPluginEvents(pluginId, search, signal)).events,
    placeholderData: (previous) => previous,
  });
}
