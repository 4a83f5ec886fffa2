/**
 * Firebase conversion events and the integration health line (contract: src/contracts/firebase.ts; rules:
 * server/areas/integrations/firebase/firebase.ts, server/areas/integrations/health.ts). Members read; editors enable and disable events.
 */
import { defineRoute } from '../../../http/define-route';
import { access } from '../../../http/access';
import { firebaseEndpoints as api } from '../../../../src/contracts/firebase';
import { listConversionEvents, setConversionEvents } from './firebase';
import { integrationHealth } from '../health';

const ok = { success: true } as const;

export const firebaseRoutes = [
  defineRoute(api.events, {
    access: access.plugin('viewer'),
    handler: async ({ ctx, params }) => ({ success: true, events: await listConversionEvents(ctx, params.pluginId) }),
  }),
  defineRoute(api.enable, {
    access: access.plugin('editor'),
    handler: async ({ ctx, params, body }) => (
      await setConversionEvents(ctx, params.pluginId, body.appId, body.eventNames, true),
      ok
    ),
  }),
  defineRoute(api.disable, {
    access: access.plugin('editor'),
    handler: async ({ ctx, params, body }) => (
      await setConversionEvents(ctx, params.pluginId, body.appId, body.eventNames, false),
      ok
    ),
  }),
  defineRoute(api.health, {
    access: access.app('viewer'),
    handler: async ({ ctx, params }) => ({ success: true, sources: await integrationHealth(ctx, params.appId) }),
  }),
];
