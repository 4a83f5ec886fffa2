/**
 * Adjust routes (contract: src/contracts/adjust.ts; rules: server/areas/integrations/adjust/adjust.ts). Members read the partner link and
 * events file; editors connect, update the link and save a new events file (docs/postbacks.md §Roles: Connect and Update sit behind
 * the permission guard).
 */
import { defineRoute } from '../../../http/define-route';
import { access } from '../../../http/access';
import { adjustEndpoints as api } from '../../../../src/contracts/adjust';
import { connectAdjust, getAdjust, saveAdjustEventsFile, updatePartnerLink } from './adjust';

export const adjustRoutes = [
  defineRoute(api.get, { access: access.app('viewer'), handler: ({ ctx, params }) => getAdjust(ctx, params.appId) }),
  defineRoute(api.connect, {
    access: access.app('editor'),
    handler: ({ ctx, params, body }) => connectAdjust(ctx, params.appId, body.partnerLink, body.file),
  }),
  defineRoute(api.saveEventsFile, {
    access: access.app('editor'),
    handler: ({ ctx, params, query, body }) =>
      saveAdjustEventsFile(ctx, params.appId, body.file, query.removeEvents === 'true'),
  }),
  defineRoute(api.updatePartnerLink, {
    access: access.app('editor'),
    handler: async ({ ctx, params, body }) => {
      await updatePartnerLink(ctx, params.appId, body.partnerLink);
      return { success: true };
    },
  }),
];
