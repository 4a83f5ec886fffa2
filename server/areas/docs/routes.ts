/**
 * Documentation routes (contract: src/contracts/documentation.ts): the app values a guide fills in, for any member of
 * the app's workspace. Rules: server/areas/docs/documentation.ts.
 */
import { defineRoute } from '../../http/define-route';
import { access } from '../../http/access';
import { documentationEndpoints } from '../../../src/contracts/documentation';
import { guideValues } from './documentation';

export const documentationRoutes = [
  defineRoute(documentationEndpoints.values, {
    access: access.app('viewer'),
    handler: async ({ params, query, ctx, membership }) => ({
      success: true,
      values: await guideValues(ctx, query.workspaceId, params.appId, membership.role),
    }),
  }),
];
