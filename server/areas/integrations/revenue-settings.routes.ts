/**
 * Event detail and revenue settings routes (contract: src/contracts/revenue-settings.ts; rules:
 * server/areas/integrations/revenue-settings.ts). Every member reads an event's detail; editors save and delete its settings.
 */
import { defineRoute } from '../../http/define-route';
import { access } from '../../http/access';
import { revenueSettingsEndpoints as api } from '../../../src/contracts/revenue-settings';
import { deleteRevenueSettings, eventDetail, saveRevenueSettings } from './revenue-settings';

const ok = { success: true } as const;

export const revenueSettingsRoutes = [
  defineRoute(api.eventDetail, {
    access: access.app('viewer'),
    handler: async ({ ctx, params }) => ({ success: true, ...(await eventDetail(ctx, params.appId, params.eventId)) }),
  }),
  defineRoute(api.save, {
    access: access.app('editor'),
    handler: async ({ ctx, params, body, caller }) => (
      await saveRevenueSettings(ctx, params.appId, params.eventId, caller.accountId, body),
      ok
    ),
  }),
  defineRoute(api.remove, {
    access: access.app('editor'),
    handler: async ({ ctx, params }) => (await deleteRevenueSettings(ctx, params.appId, params.eventId), ok),
  }),
];
