/**
 * The embedded app store provider (the default): searches and resolves the generated sandbox catalogue
 * (sandbox-catalogue.ts), offline and deterministic. A store URL whose id contains `unreachable` simulates a store
 * that cannot be reached (cant_load_data), so every docs/apps.md §Messages lookup outcome can be tried by hand.
 */
import { parseStoreUrl } from '../../../src/contracts/apps';
import { buildCatalogue, toSearchResult, type CatalogueApp } from './sandbox-catalogue';
import { SEARCH_LIMIT, type AppStoreProvider } from './provider';

export function sandboxAppStore(catalogue: readonly CatalogueApp[] = buildCatalogue()): AppStoreProvider {
  const byStoreId = new Map(catalogue.map((app) => [`${app.platform}:${app.storeId.toLowerCase()}`, app]));
  return {
    catalogue: 'sandbox',
    async search(platform, query) {
      const needle = query.trim().toLowerCase();
      if (!needle) return [];
      const matches = catalogue.filter(
        (app) =>
          app.platform === platform &&
          (app.title.toLowerCase().includes(needle) || app.developer.toLowerCase().includes(needle)),
      );
      // Titles that start with the query first, then by title.
      const rank = (app: CatalogueApp) =>
        app.title.toLowerCase().startsWith(needle) ? 0 : app.title.toLowerCase().includes(needle) ? 1 : 2;
      return matches
        .sort((a, b) => rank(a) - rank(b) || a.title.localeCompare(b.title))
        .slice(0, SEARCH_LIMIT)
        .map(toSearchResult);
    },
    async lookup(url) {
      const parsed = parseStoreUrl(url);
      if (!parsed) return { ok: false, reason: 'invalid_url' };
      if (parsed.storeId.toLowerCase().includes('unreachable')) return { ok: false, reason: 'cant_load_data' };
      const app = byStoreId.get(`${parsed.platform}:${parsed.storeId.toLowerCase()}`);
      return app ? { ok: true, app: toSearchResult(app) } : { ok: false, reason: 'cant_get_app_data' };
    },
  };
}
