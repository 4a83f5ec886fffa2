/** Apps area routes: read one, and the 'Show on Questboard App' switch (contract: src/contracts/apps.ts). */
import { defineRoute } from '../http/define-route';
import { access } from '../http/access';
import { appsEndpoints } from '../../src/contracts/apps';
import { loadApp, setAppEnabled } from '../domain/apps';

export const appRoutes = [
  defineRoute(appsEndpoints.get, {
    access: access.app('viewer'),
    handler: async ({ params, ctx }) => ({ success: true, data: await loadApp(ctx, params.appId) }),
  }),
  defineRoute(appsEndpoints.enable, {
    access: access.app('editor'),
    handler: async ({ params, body, ctx }) => ({ success: true, data: { enabled: await setAppEnabled(ctx, params.appId, body.enabled) } }),
  }),
];
