/**
 * Forgetting the cached server data of the previous account (sign-out, another account signed in) without loading
 * the cache itself: the React Query client registers here when it loads (src/queryClient.ts); before that there is
 * nothing to forget.
 */
const forgetters = new Set<() => void>();

export function onForgetServerData(forget: () => void): void {
  forgetters.add(forget);
}

export function forgetServerData(): void {
  for (const forget of forgetters) forget();
}
