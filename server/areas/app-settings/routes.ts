/**
 * App Settings routes (contract: src/contracts/app-settings.ts): the General tab's save (editors and admins; the
 * server refuses a viewer with the words (docs/app-settings.md §Roles)) and the API keys update (the whole app object; editors and admins).
 * Rules: server/areas/app-settings/app-settings.ts and server/areas/apps/api-keys.ts.
 */
import { defineRoute } from '../../http/define-route';
import { access } from '../../http/access';
import { appSettingsEndpoints } from '../../../src/contracts/app-settings';
import { updateAppGeneral } from './app-settings';
import { updateApiKeys } from '../apps/index';
import { loadApp } from '../apps/index';

export const appSettingsRoutes = [
  defineRoute(appSettingsEndpoints.updateGeneral, {
    access: access.app('editor'),
    handler: async ({ params, body, ctx }) => ({
      success: true,
      data: await updateAppGeneral(ctx, params.appId, body),
    }),
  }),
  defineRoute(appSettingsEndpoints.updateApiKeys, {
    access: access.app('editor'),
    handler: async ({ params, body, ctx }) => {
      const { createdKey } = await updateApiKeys(ctx, params.appId, body);
      return { success: true, data: await loadApp(ctx, params.appId), ...(createdKey ? { createdKey } : {}) };
    },
  }),
];
