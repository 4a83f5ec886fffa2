/**
 * Catalogue routes (contract: src/contracts/catalogue.ts): every member of the app's workspace reads the items;
 * editors and admins add, edit and remove them (viewers refused with the words (docs/app-settings.md §Roles)). Rules: server/areas/app-settings/catalogue/catalogue.ts.
 */
import { defineRoute } from '../../../http/define-route';
import { access } from '../../../http/access';
import { catalogueEndpoints, ITEM_ADDED, ITEM_REMOVED, ITEM_UPDATED } from '../../../../src/contracts/catalogue';
import { createCatalogueItem, listCatalogue, removeCatalogueItem, updateCatalogueItem } from './catalogue';

export const catalogueRoutes = [
  defineRoute(catalogueEndpoints.list, {
    access: access.app('viewer'),
    handler: async ({ params, ctx }) => ({ success: true, data: await listCatalogue(ctx, params.appId) }),
  }),
  defineRoute(catalogueEndpoints.create, {
    access: access.app('editor'),
    handler: async ({ params, body, ctx }) => ({
      success: true,
      data: await createCatalogueItem(ctx, params.appId, body),
      message: ITEM_ADDED,
    }),
  }),
  defineRoute(catalogueEndpoints.update, {
    access: access.app('editor'),
    handler: async ({ params, body, ctx }) => ({
      success: true,
      data: await updateCatalogueItem(ctx, params.appId, params.itemId, body),
      message: ITEM_UPDATED,
    }),
  }),
  defineRoute(catalogueEndpoints.remove, {
    access: access.app('editor'),
    handler: async ({ params, ctx }) => {
      await removeCatalogueItem(ctx, params.appId, params.itemId);
      return { success: true, message: ITEM_REMOVED };
    },
  }),
];
