/** AppsFlyer area routes (contract: src/contracts/postbacks.ts appsflyerEndpoints; rules: server/domain/appsflyer.ts). */
import { defineRoute } from '../http/define-route';
import { access } from '../http/access';
import { appsflyerEndpoints } from '../../src/contracts/postbacks';
import { enableAppsFlyer } from '../domain/appsflyer';

export const appsflyerRoutes = [
  defineRoute(appsflyerEndpoints.enable, {
    access: access.app('editor'),
    handler: async ({ ctx, params }) => ({ success: true, plugin: await enableAppsFlyer(ctx, params.appId) }),
  }),
];
