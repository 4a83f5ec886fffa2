/**
 * Apps calls (contract: src/contracts/apps.ts): store search, details by store URL, create app (multipart `data`,
 * `image`, `organisationId`) and the 'Show on Questboard App' switch. Used only by the machines' actors.
 */
import { call } from './http';
import { appsEndpoints, listingStoreId, type AppSearchResult, type NewAppData } from '../contracts/apps';
import type { Platform } from '../contracts/codecs';

export const searchStoreApps = (platform: Platform, query: string, signal?: AbortSignal) =>
  call(appsEndpoints.search, { query: { platform, query }, signal });

export const lookupStoreApp = (url: string, signal?: AbortSignal) =>
  call(appsEndpoints.lookup, { query: { url: url.trim() }, signal });

/** The `data` part from a reviewed listing (docs/apps.md §Entities App fields of its platform). */
export function newAppData(listing: AppSearchResult): NewAppData {
  const common = {
    appName: listing.title.trim(),
    platform: listing.platform,
    ...(listing.developer ? { developer: listing.developer } : {}),
    ...(listing.description ? { description: listing.description } : {}),
  };
  return listing.platform === 'android'
    ? { ...common, googlePackageName: listingStoreId(listing), ...(listing.url ? { googleStoreUrl: listing.url } : {}) }
    : {
        ...common,
        appleBundleId: listingStoreId(listing),
        ...(listing.applePackageName ? { applePackageName: listing.applePackageName } : {}),
        ...(listing.url ? { appleStoreUrl: listing.url } : {}),
      };
}

/** The listing's own icon (imageBase64) as a file, when it has one. */
export function listingIcon(listing: AppSearchResult): Blob | null {
  if (!listing.imageBase64) return null;
  const bytes = Uint8Array.from(atob(listing.imageBase64), (c) => c.charCodeAt(0));
  const type = listing.icon?.match(/^data:(image\/[a-z]+);/)?.[1] ?? 'image/png';
  return new Blob([bytes], { type });
}

export const createApp = (
  input: { workspaceId: string; listing: AppSearchResult; image: Blob | null },
  signal?: AbortSignal,
) =>
  call(appsEndpoints.create, {
    params: { workspaceId: input.workspaceId },
    form: {
      data: newAppData(input.listing),
      organisationId: input.workspaceId,
      image: input.image ?? listingIcon(input.listing),
    },
    signal,
  });

export const setAppEnabled = (appId: string, enabled: boolean, signal?: AbortSignal) =>
  call(appsEndpoints.enable, { params: { appId }, body: { enabled }, signal });
