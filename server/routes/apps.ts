/** Apps: read one, and the enabled switch 'Show on Questboard App' (SPEC §4, §7 POST /app/enable/{appId}). */
import * as t from 'io-ts';
import { defineRoute, access } from '../http/define-route';
import { App, EnableAppRequest, EnableAppResponse } from '../../src/contracts/apps';
import { AppParams } from '../../src/contracts/codecs';
import { loadApp, setAppEnabled } from '../domain/apps';
import { notFound } from '../http/errors';

export const appRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/app/:appId',
    access: access.app('viewer'),
    params: AppParams,
    response: t.exact(t.type({ success: t.boolean, data: App })),
    handler: async ({ params, ctx }) => {
      const app = await loadApp(ctx.db, params.appId);
      if (!app) throw notFound('App');
      return { success: true, data: app };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/api/app/enable/:appId',
    access: access.app('editor'),
    params: AppParams,
    body: EnableAppRequest,
    response: EnableAppResponse,
    handler: async ({ params, body, ctx }) => ({ success: true, data: { enabled: await setAppEnabled(ctx.db, params.appId, body.enabled) } }),
  }),
];
