/**
 * React Query reads of the App Settings Events and Acquisition Links tabs and of the documentation pages
 * (docs/architecture.md §House rules 4). The deeplink-edit flow invalidates `deeplinksKey(appId)` after a save.
 */
import { useServerQuery } from '../queryClient';
import { isSupportedDeeplinkPlatform } from '../contracts/deeplinks';
import { fetchDeeplinks, fetchEventSchemas, fetchGuideValues } from './app-links.service';

export const eventSchemasKey = (appId: string, search: string) =>
  ['app-links', appId, 'event-schemas', search] as const;
export const deeplinksKey = (appId: string) => ['app-links', appId, 'deeplinks'] as const;
export const guideValuesKey = (workspaceId: string, appId: string) =>
  ['app-links', appId, 'guide-values', workspaceId] as const;

/** The Events tab's rows for the (already debounced) search text; the previous rows stay while the next load. */
export function useEventSchemas(appId: string, search: string) {
  return useServerQuery({
    queryKey: eventSchemasKey(appId, search),
    queryFn: ({ signal }) => fetchEventSchemas(appId, search, signal),
    placeholderData: (previous) => previous,
  });
}

/** The app's acquisition links; a link of a platform Questboard does not support is logged (docs/app-settings.md §Entities). */
export function useDeeplinks(appId: string) {
  return useServerQuery({
    queryKey: deeplinksKey(appId),
    queryFn: async ({ signal }) => {
      const { deepLinks } = await fetchDeeplinks(appId, signal);
      for (const link of deepLinks) {
        if (!isSupportedDeeplinkPlatform(link.platform))
          console.warn(`[deeplinks] unsupported platform "${link.platform}" of link ${link.id}`);
      }
      return deepLinks;
    },
  });
}

/**
 * The app's own values for a guide; only asked when the reader is signed in and names an app. A refusal (not a
 * member) is no error for the page: it keeps its placeholders, so the query does not retry.
 */
export function useGuideValues(workspaceId: string | null, appId: string | null, enabled: boolean) {
  return useServerQuery({
    queryKey: guideValuesKey(workspaceId ?? '', appId ?? ''),
    enabled: enabled && !!workspaceId && !!appId,
    retry: false,
    queryFn: async ({ signal }) => (await fetchGuideValues(workspaceId!, appId!, signal)).values,
  });
}
