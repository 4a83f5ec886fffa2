/**
 * Integrations area routes (contract: src/contracts/integrations.ts; rules: server/areas/integrations/integrations.ts). Reads are
 * for every member; changes for editors; adding a service-account credential for admins (docs/integrations.md §Roles), and saving a
 * connection with one is refused for non-admins by the domain. The workspace's credentials are managed here too
 * (server/areas/integrations/credentials.ts).
 */
import { defineRoute } from '../../http/define-route';
import { access } from '../../http/access';
import { integrationsEndpoints as api } from '../../../src/contracts/integrations';
import {
  activePluginOf,
  listPluginEvents,
  addProductCredential,
  addServiceAccount,
  setActivePlugin,
  connectPlugin,
  createPlugin,
  deletePlugin,
  disconnectPlugin,
  getPlugin,
  listCredentials,
  listPlugins,
  pluginFeed,
  setDailyProcess,
  setSilentHours,
  startProcessing,
  estimateProcessing,
  updatePlugin,
} from './integrations';
import { oauthCallback, sandboxConsentPage, startOAuth } from './oauth';
import { credentialEndpoints as creds } from '../../../src/contracts/credentials';
import { listManagedCredentials, refreshCredential, renameCredential, revokeCredential } from './credentials';
import { html } from '../../http/html-answer';
import { queryJobEndpoints as queryJobs } from '../../../src/contracts/query-jobs';
import { cancelQueryJob, listQueryJobs } from './query-jobs';

const ok = { success: true } as const;

export const integrationsRoutes = [
  defineRoute(api.plugin, {
    access: access.plugin('viewer'),
    handler: ({ ctx, params }) => getPlugin(ctx, params.pluginId),
  }),
  defineRoute(api.update, {
    access: access.plugin('editor'),
    handler: async ({ ctx, params, body, membership }) => {
      await updatePlugin(ctx, params.pluginId, membership.role, body);
      return ok;
    },
  }),
  defineRoute(api.list, {
    access: access.app('viewer'),
    handler: async ({ ctx, params }) => ({
      success: true,
      plugins: await listPlugins(ctx, params.appId),
      activePluginId: await activePluginOf(ctx, params.appId),
    }),
  }),
  defineRoute(api.create, {
    access: access.app('editor'),
    handler: async ({ ctx, params, body, membership }) => ({
      success: true,
      plugin: await createPlugin(ctx, params.appId, membership.role, body),
    }),
  }),
  defineRoute(api.connect, {
    access: access.plugin('editor'),
    handler: async ({ ctx, params }) => (await connectPlugin(ctx, params.pluginId), ok),
  }),
  defineRoute(api.disconnect, {
    access: access.plugin('editor'),
    handler: async ({ ctx, params }) => (await disconnectPlugin(ctx, params.pluginId), ok),
  }),
  defineRoute(api.remove, {
    access: access.plugin('editor'),
    handler: async ({ ctx, params }) => (await deletePlugin(ctx, params.pluginId), ok),
  }),
  defineRoute(api.dailyProcess, {
    access: access.plugin('editor'),
    handler: async ({ ctx, params, body }) => (await setDailyProcess(ctx, params.pluginId, body.dailyProcess), ok),
  }),
  // A source's silence threshold (docs/notifications.md §Silent sources): an editor's, like its other settings.
  defineRoute(api.silentHours, {
    access: access.plugin('editor'),
    handler: async ({ ctx, params, body }) => (await setSilentHours(ctx, params.pluginId, body.silentHours), ok),
  }),
  defineRoute(api.process, {
    access: access.plugin('editor'),
    handler: async ({ ctx, params, body }) => ({
      success: true,
      jobId: await startProcessing(ctx, params.pluginId, body.start, body.end),
    }),
  }),
  // The job history (docs/integrations.md §Job history, §Roles): every member reads it; cancelling a running job and
  // Process Data's estimate are an editor's, like processing itself.
  defineRoute(queryJobs.list, {
    access: access.app('viewer'),
    handler: ({ ctx, params, query }) => listQueryJobs(ctx, params.appId, query.cursor),
  }),
  defineRoute(queryJobs.cancel, {
    access: access.app('editor'),
    handler: ({ ctx, params }) => cancelQueryJob(ctx, params.appId, params.jobId),
  }),
  defineRoute(queryJobs.estimate, {
    access: access.plugin('editor'),
    handler: ({ ctx, params, body }) => estimateProcessing(ctx, params.pluginId, body.start, body.end),
  }),
  defineRoute(api.feed, {
    access: access.plugin('viewer'),
    handler: async ({ ctx, params }) => ({ success: true, feed: await pluginFeed(ctx, params.pluginId) }),
  }),
  defineRoute(api.credentials, {
    access: access.app('viewer'),
    handler: async ({ ctx, params }) => ({ success: true, ...(await listCredentials(ctx, params.appId)) }),
  }),
  defineRoute(api.addProductCredential, {
    access: access.app('admin'),
    handler: async ({ ctx, params, caller }) => ({
      success: true,
      credential: await addProductCredential(ctx, params.appId, caller.accountId),
    }),
  }),
  defineRoute(api.addServiceAccount, {
    access: access.app('admin'),
    handler: async ({ ctx, params, body, caller }) => ({
      success: true,
      credential: await addServiceAccount(ctx, params.appId, caller.accountId, body.key),
    }),
  }),
  // The workspace's credentials (docs/integrations.md §Credentials, §Roles): every member reads them; Refresh only
  // checks one (editors too); renaming and revoking change what every app of the workspace uses (admins).
  defineRoute(creds.list, {
    access: access.workspace('viewer'),
    handler: ({ ctx, params }) => listManagedCredentials(ctx, params.workspaceId),
  }),
  defineRoute(creds.rename, {
    access: access.workspace('admin'),
    handler: ({ ctx, params, body }) => renameCredential(ctx, params.workspaceId, params.credentialId, body.name),
  }),
  defineRoute(creds.refresh, {
    access: access.workspace('editor'),
    handler: ({ ctx, params }) => refreshCredential(ctx, params.workspaceId, params.credentialId),
  }),
  defineRoute(creds.revoke, {
    access: access.workspace('admin'),
    handler: ({ ctx, params }) => revokeCredential(ctx, params.workspaceId, params.credentialId),
  }),
  defineRoute(api.events, {
    access: access.plugin('viewer'),
    handler: async ({ ctx, params, query }) => ({
      success: true,
      events: await listPluginEvents(ctx, params.pluginId, query.search),
    }),
  }),
  defineRoute(api.activePlugin, {
    access: access.app('editor'),
    handler: async ({ ctx, params, body }) => (await setActivePlugin(ctx, params.appId, body.pluginId), ok),
  }),
  defineRoute(api.oauthStart, {
    access: access.app('editor'),
    handler: async ({ ctx, params, body, caller, reply }) => {
      const { url, setCookie } = await startOAuth(ctx, params.appId, caller.accountId, body.returnTo);
      reply.header('set-cookie', setCookie); // binds the sign-in to this browser (the callback checks it)
      return { success: true, url };
    },
  }),
  // The sealed state in the query, and for the callback the cookie of the browser that started it, are the authorization
  // (the browser arrives here without our token).
  defineRoute(api.oauthConsent, {
    access: access.public,
    handler: async ({ ctx, query }) => html(await sandboxConsentPage(ctx, query.state)),
  }),
  defineRoute(api.oauthCallback, {
    access: access.public,
    handler: async ({ ctx, query, req }) =>
      html(await oauthCallback(ctx, query.state, query.code, query.error, req.headers.cookie)),
  }),
];
