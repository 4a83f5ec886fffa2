/**
 * Postbacks area routes (contract: src/contracts/postbacks.ts; rules: server/areas/postbacks/postbacks.ts). The partner's
 * postback endpoint is public: its secret in the URL is the authorization. Members read the log and the summary; Check
 * Status (an action: viewers are view-only) and the postback URL (it holds the secret) are for editors
 * and admins.
 */
import { defineRoute } from '../../http/define-route';
import { access } from '../../http/access';
import { postbackEndpoints as api } from '../../../src/contracts/postbacks';
import {
  checkPostbackStatus,
  postbackFields,
  postbackLog,
  postbackSummary,
  postbackUrl,
  receivePostback,
} from './postbacks';
import { exportPostbackLog, listPostbackLog } from './log';

export const postbackRoutes = [
  defineRoute(api.receiveGet, {
    access: access.public,
    handler: async ({ ctx, params, query }) => ({
      success: true,
      outcome: await receivePostback(ctx, { ...params, fields: postbackFields(query, undefined) }),
    }),
  }),
  defineRoute(api.receivePost, {
    access: access.public,
    handler: async ({ ctx, params, query, body }) => ({
      success: true,
      outcome: await receivePostback(ctx, { ...params, fields: postbackFields(query, body) }),
    }),
  }),
  defineRoute(api.status, {
    access: access.plugin('editor'),
    handler: ({ ctx, params }) => checkPostbackStatus(ctx, params.pluginId),
  }),
  defineRoute(api.url, {
    access: access.app('editor'),
    handler: async ({ ctx, params }) => ({ success: true, url: await postbackUrl(ctx, params.appId, params.source) }),
  }),
  defineRoute(api.log, {
    access: access.app('viewer'),
    handler: async ({ ctx, params }) => ({
      success: true,
      entries: await postbackLog(ctx, params.appId, params.source),
    }),
  }),
  defineRoute(api.summary, {
    access: access.app('viewer'),
    handler: async ({ ctx, params }) => ({
      success: true,
      ...(await postbackSummary(ctx, params.appId, params.source)),
    }),
  }),
  // The log page and its CSV: read, like the log card, by every member of the app.
  defineRoute(api.entries, {
    access: access.app('viewer'),
    handler: ({ ctx, params, query }) => listPostbackLog(ctx, params.appId, params.source, query),
  }),
  defineRoute(api.exportEntries, {
    access: access.app('viewer'),
    handler: ({ ctx, params, query }) => exportPostbackLog(ctx, params.appId, params.source, query),
  }),
];
