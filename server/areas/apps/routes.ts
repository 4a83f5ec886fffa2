/**
 * Apps area routes (contract: src/contracts/apps.ts): read one, the 'Show on Questboard App' switch (editors and
 * admins), store search and details by store URL (any signed-in user: they read the public stores, not a
 * workspace), and create app into a workspace (editors and admins). Rules: server/areas/apps/apps.ts.
 */
import { defineRoute } from '../../http/define-route';
import { access } from '../../http/access';
import { appsEndpoints } from '../../../src/contracts/apps';
import { createApp, loadApp, lookupStore, searchStore, setAppEnabled } from './apps';

export const appRoutes = [
  defineRoute(appsEndpoints.get, {
    access: access.app('viewer'),
    handler: async ({ params, ctx }) => ({ success: true, data: await loadApp(ctx, params.appId) }),
  }),
  defineRoute(appsEndpoints.enable, {
    access: access.app('editor'),
    handler: async ({ params, body, ctx }) => ({
      success: true,
      data: { enabled: await setAppEnabled(ctx, params.appId, body.enabled) },
    }),
  }),
  defineRoute(appsEndpoints.search, {
    access: access.signedIn,
    handler: async ({ query, ctx }) => searchStore(ctx, query.platform, query.query),
  }),
  defineRoute(appsEndpoints.lookup, {
    access: access.signedIn,
    handler: async ({ query, ctx }) => lookupStore(ctx, query.url),
  }),
  defineRoute(appsEndpoints.create, {
    access: access.workspace('editor'),
    status: 201,
    handler: async ({ params, body, ctx }) => {
      const id = await createApp(ctx, params.workspaceId, body);
      return { success: true, message: 'App created successfully.', data: { id } };
    },
  }),
];
