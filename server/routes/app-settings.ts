/**
 * App Settings routes (contract: src/contracts/app-settings.ts): the General tab's save (editors and admins; the
 * server refuses a viewer with SPEC §6's words). Rules: server/domain/app-settings.ts.
 */
import { defineRoute } from '../http/define-route';
import { access } from '../http/access';
import { appSettingsEndpoints } from '../../src/contracts/app-settings';
import { updateAppGeneral } from '../domain/app-settings';

export const appSettingsRoutes = [
  defineRoute(appSettingsEndpoints.updateGeneral, {
    access: access.app('editor'),
    handler: async ({ params, body, ctx }) => ({ success: true, data: await updateAppGeneral(ctx, params.appId, body) }),
  }),
];
