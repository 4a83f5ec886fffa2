/**
 * The React Query client for plain reads (lists); machines invalidate its queries after mutations. The queries bind
 * it through useServerQuery (no provider), so React Query loads with the first area that reads a list, never with
 * the sign-in or apps page (docs/architecture.md §Performance).
 */
import {
  QueryClient,
  useQuery,
  type DefaultError,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import { onForgetServerData } from './server-cache';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
});
onForgetServerData(() => queryClient.clear());

/** useQuery on the shared client. */
export function useServerQuery<
  TQueryFnData = unknown,
  TError = DefaultError,
  TData = TQueryFnData,
  TQueryKey extends QueryKey = QueryKey,
>(options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>): UseQueryResult<TData, TError> {
  return useQuery(options, queryClient);
}
