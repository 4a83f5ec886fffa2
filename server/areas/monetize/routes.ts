/**
 * Monetize routes (contract: src/contracts/monetize.ts; rules: server/areas/monetize/monetize.ts). per docs/monetize.md §API endpoints write paths
 * carry no app id in the path, so they are signed-in routes whose app (from the body, or the campaign) is authorized
 * by the domain; the app-scoped reads are checked by defineRoute, then for allowMonetize by the domain.
 */
import { defineRoute } from '../../http/define-route';
import { access } from '../../http/access';
import { monetizeEndpoints } from '../../../src/contracts/monetize';
import {
  authorize,
  campaignOf,
  createCampaign,
  estimateAudience,
  eventSourceOf,
  removeCampaign,
  updateCampaign,
} from './monetize';

export const monetizeRoutes = [
  defineRoute(monetizeEndpoints.get, {
    access: access.app('viewer'),
    handler: async ({ params, caller, ctx }) => {
      await authorize(ctx, caller, params.appId, 'viewer');
      return { success: true, data: await campaignOf(ctx, params.appId) };
    },
  }),
  defineRoute(monetizeEndpoints.events, {
    access: access.app('viewer'),
    handler: async ({ params, caller, ctx }) => {
      await authorize(ctx, caller, params.appId, 'viewer');
      const { source, events } = await eventSourceOf(ctx, params.appId);
      return { success: true, source, events };
    },
  }),
  defineRoute(monetizeEndpoints.estimate, {
    access: access.app('viewer'),
    handler: async ({ params, body, caller, ctx }) => {
      await authorize(ctx, caller, params.appId, 'viewer');
      return estimateAudience(ctx, params.appId, body.targetConditions);
    },
  }),
  defineRoute(monetizeEndpoints.create, {
    access: access.signedIn,
    handler: async ({ body, caller, ctx }) => ({ success: true, data: await createCampaign(ctx, caller, body) }),
  }),
  defineRoute(monetizeEndpoints.update, {
    access: access.signedIn,
    handler: async ({ body, caller, ctx }) => ({ success: true, data: await updateCampaign(ctx, caller, body) }),
  }),
  defineRoute(monetizeEndpoints.remove, {
    access: access.signedIn,
    handler: async ({ params, caller, ctx }) => {
      await removeCampaign(ctx, caller, params.id);
      return { success: true, data: null };
    },
  }),
];
