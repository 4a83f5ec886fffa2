/** Catalogue calls (contract: src/contracts/catalogue.ts). Reads are used by catalogue.queries.ts, changes by the catalogue-item flow. */
import { call } from './http';
import { catalogueEndpoints, type CatalogueItemInput } from '../contracts/catalogue';

export const fetchCatalogue = (appId: string, signal?: AbortSignal) =>
  call(catalogueEndpoints.list, { params: { appId }, signal });

/** Adds the item (itemId null) or replaces the item's fields. */
export const saveCatalogueItem = (
  input: { appId: string; itemId: string | null; item: CatalogueItemInput },
  signal?: AbortSignal,
) =>
  input.itemId
    ? call(catalogueEndpoints.update, {
        params: { appId: input.appId, itemId: input.itemId },
        body: input.item,
        signal,
      })
    : call(catalogueEndpoints.create, { params: { appId: input.appId }, body: input.item, signal });

export const removeCatalogueItem = (input: { appId: string; itemId: string }, signal?: AbortSignal) =>
  call(catalogueEndpoints.remove, { params: { appId: input.appId, itemId: input.itemId }, signal });
