/**
 * CMS routes (contract: src/contracts/cms.ts): read the app's store-listing details (any member) and save them
 * (editors and admins; viewers refused with the words (docs/app-settings.md §Roles)). Rules: server/areas/app-settings/cms/cms.ts.
 */
import { defineRoute } from '../../../http/define-route';
import { access } from '../../../http/access';
import { cmsEndpoints, DETAILS_UPDATED, NO_DETAILS_FOUND } from '../../../../src/contracts/cms';
import { getCmsDetails, updateCmsDetails } from './cms';

export const cmsRoutes = [
  defineRoute(cmsEndpoints.getDetails, {
    access: access.app('viewer'),
    handler: async ({ params, ctx }) => {
      const data = await getCmsDetails(ctx, params.appId);
      return data ? { success: true, data } : { success: true, data: null, message: NO_DETAILS_FOUND };
    },
  }),
  defineRoute(cmsEndpoints.updateDetails, {
    access: access.app('editor'),
    handler: async ({ params, body, ctx }) => {
      await updateCmsDetails(ctx, params.appId, body);
      return { success: true, message: DETAILS_UPDATED };
    },
  }),
];
