/**
 * The App Settings Events and Acquisition Links tabs' routes (contracts: src/contracts/event-schemas.ts,
 * src/contracts/deeplinks.ts): every member reads; editors and admins update a link's url. Rules:
 * server/areas/integrations/event-schemas.ts and server/areas/apps/deeplinks/deeplinks.ts.
 */
import { defineRoute } from '../../../http/define-route';
import { access } from '../../../http/access';
import { deeplinkEndpoints } from '../../../../src/contracts/deeplinks';
import { eventSchemaEndpoints } from '../../../../src/contracts/event-schemas';
import { listDeeplinks, updateDeeplink } from './deeplinks';
import { appEventSchemas } from '../../integrations/index';

export const appLinksRoutes = [
  defineRoute(eventSchemaEndpoints.list, {
    access: access.app('viewer'),
    handler: async ({ params, query, ctx }) => ({
      success: true,
      ...(await appEventSchemas(ctx, params.appId, query.search)),
    }),
  }),
  defineRoute(deeplinkEndpoints.list, {
    access: access.app('viewer'),
    handler: async ({ params, ctx }) => ({ success: true, deepLinks: await listDeeplinks(ctx, params.appId) }),
  }),
  defineRoute(deeplinkEndpoints.update, {
    access: access.app('editor'),
    handler: async ({ params, body, ctx }) => {
      await updateDeeplink(ctx, params.appId, body);
      return { success: true };
    },
  }),
];
