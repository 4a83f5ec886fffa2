/**
 * App store provider (docs/apps.md §Screens and routes add app, §Entities App search result, §API endpoints GET /app/search and app details by store URL, §Messages
 * search errors): the interface the apps domain reaches as `ctx.providers.appStore`, like the analytics engines.
 *
 *  - sandbox (default, sandbox.ts): an offline, deterministic catalogue of a few hundred believable apps on both
 *    platforms with icons drawn in code; labelled "Sandbox catalogue" in the add-app modal.
 *  - live (APP_STORE=live, live.ts): Apple's iTunes Search / Lookup API and Google Play through google-play-scraper.
 *
 * A lookup answers an outcome, never throws for a store-level problem: `invalid_url` (not a store listing URL),
 * `cant_load_data` (the store could not be reached or answered an error), `cant_get_app_data` (the store answered
 * but holds no such app). Search throws when the store fails; the route answers 503 and the SPA says search_failed.
 */
import type { AppSearchResult, Catalogue, LookupError } from '../../../src/contracts/apps';
import type { Platform } from '../../../src/contracts/codecs';

export type LookupOutcome = { ok: true; app: AppSearchResult } | { ok: false; reason: LookupError };

export interface AppStoreProvider {
  readonly catalogue: Catalogue;
  /** Up to SEARCH_LIMIT apps whose title or developer matches the query (case-insensitive). */
  search(platform: Platform, query: string): Promise<AppSearchResult[]>;
  /** One listing by its store URL. */
  lookup(url: string): Promise<LookupOutcome>;
}

export const SEARCH_LIMIT = 20;

/** The error a provider throws when the store cannot answer a search (network, 5xx, timeout). */
export class StoreUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreUnavailableError';
  }
}
