/**
 * The React Query read of an app's catalogue (docs/architecture.md §House rules 4). The catalogue-item flow invalidates
 * `catalogueKey(appId)` after each change.
 */
import { useServerQuery } from '../queryClient';
import { fetchCatalogue } from './catalogue.service';

export const catalogueKey = (appId: string) => ['catalogue', appId] as const;

export function useCatalogue(appId: string) {
  return useServerQuery({
    queryKey: catalogueKey(appId),
    queryFn: async ({ signal }) => {
      const answer = await fetchCatalogue(appId, signal);
      if (!answer.success) throw new Error('The catalogue could not be loaded.');
      return answer.data;
    },
  });
}
