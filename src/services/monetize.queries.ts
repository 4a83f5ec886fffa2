/**
 * React Query reads of Monetize (docs/architecture.md §House rules 4): the app's campaign, its event source's events, and the
 * "Beyond" audience estimate for (already debounced) conditions. The monetize flows invalidate `monetizeKey(appId)`
 * after each change.
 */
import { keepPreviousData } from '@tanstack/react-query';
import { useServerQuery } from '../queryClient';
import type { TargetCondition } from '../contracts/monetize';
import { fetchCampaign, fetchEstimate, fetchMonetizeEvents } from './monetize.service';

export const monetizeKey = (appId: string) => ['monetize', appId] as const;
export const campaignKey = (appId: string) => [...monetizeKey(appId), 'campaign'] as const;

/** The app's campaign, or null when it has none. */
export function useCampaign(appId: string) {
  return useServerQuery({
    queryKey: campaignKey(appId),
    queryFn: async ({ signal }) => {
      const answer = await fetchCampaign(appId, signal);
      if (!answer.success) throw new Error(answer.reason ?? 'The Monetize campaign could not be loaded.');
      return answer.data ?? null;
    },
  });
}

/** The event source an event condition picks from, and its events. */
export function useMonetizeEvents(appId: string) {
  return useServerQuery({
    queryKey: [...monetizeKey(appId), 'events'],
    queryFn: async ({ signal }) => fetchMonetizeEvents(appId, signal),
  });
}

/** Players matching `conditions` over the last 30 days (the caller debounces the conditions). */
export function useAudienceEstimate(appId: string, conditions: TargetCondition[] | null) {
  return useServerQuery({
    queryKey: [...monetizeKey(appId), 'estimate', JSON.stringify(conditions)],
    enabled: conditions !== null,
    queryFn: ({ signal }) => fetchEstimate(appId, conditions ?? [], signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
