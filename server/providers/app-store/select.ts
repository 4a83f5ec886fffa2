/**
 * Which app store provider the server uses: `APP_STORE=live` → the real stores (live.ts; `APP_STORE_COUNTRY`, default
 * `us`, picks the storefront); anything else → the embedded sandbox catalogue (sandbox.ts).
 */
import type { AppStoreProvider } from './provider';
import { sandboxAppStore } from './sandbox';
import { liveAppStore, realClients } from './live';

export function appStoreFromEnv(env: NodeJS.ProcessEnv): AppStoreProvider {
  if ((env.APP_STORE ?? '').toLowerCase() === 'live')
    return liveAppStore(realClients((env.APP_STORE_COUNTRY ?? 'us').toLowerCase()));
  return sandboxAppStore();
}
