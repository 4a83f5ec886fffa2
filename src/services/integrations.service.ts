/**
 * Integrations calls (contract: src/contracts/integrations.ts `integrationsEndpoints`). Mutations are invoked by the
 * integrations flows (src/machines/plugin-lifecycle, process-data, daily-process, configure-connection), which
 * invalidate the reads of integrations.queries.ts after each success.
 */
import { queryJobEndpoints as queryJobs } from '../contracts/query-jobs';
import { call } from './http';
import {
  integrationsEndpoints as api,
  isPluginFailure,
  type CreatePluginRequest,
  type GetPluginResponse,
  type PluginFailure,
  type ServiceAccountKey,
  type UpdatePluginRequest,
} from '../contracts/integrations';

export const fetchPlugins = (appId: string, signal?: AbortSignal) => call(api.list, { params: { appId }, signal });

/** docs/integrations.md §API endpoints: on failure the client yields {success:false, reason}. */
export async function fetchPlugin(pluginId: string, signal?: AbortSignal): Promise<GetPluginResponse> {
  try {
    return await call(api.plugin, { params: { pluginId }, signal });
  } catch (error) {
    const failure: PluginFailure = { success: false, reason: error instanceof Error ? error.message : String(error) };
    return failure;
  }
}
export { isPluginFailure };

export const fetchFeed = (pluginId: string, signal?: AbortSignal) => call(api.feed, { params: { pluginId }, signal });
export const fetchCredentials = (appId: string, signal?: AbortSignal) =>
  call(api.credentials, { params: { appId }, signal });

export const createPlugin = (appId: string, body: CreatePluginRequest, signal?: AbortSignal) =>
  call(api.create, { params: { appId }, body, signal });
export const updatePlugin = (pluginId: string, body: UpdatePluginRequest, signal?: AbortSignal) =>
  call(api.update, { params: { pluginId }, body, signal });
export const connectPlugin = (pluginId: string, signal?: AbortSignal) =>
  call(api.connect, { params: { pluginId }, signal });
export const disconnectPlugin = (pluginId: string, signal?: AbortSignal) =>
  call(api.disconnect, { params: { pluginId }, signal });
export const deletePlugin = (pluginId: string, signal?: AbortSignal) =>
  call(api.remove, { params: { pluginId }, signal });
export const setDailyProcess = (pluginId: string, dailyProcess: boolean, signal?: AbortSignal) =>
  call(api.dailyProcess, { params: { pluginId }, body: { dailyProcess }, signal });
/** A source's own silence threshold, or null for the default of its kind (docs/notifications.md §Silent sources). */
export const setSilentHours = (pluginId: string, silentHours: number | null, signal?: AbortSignal) =>
  call(api.silentHours, { params: { pluginId }, body: { silentHours }, signal });
export const startProcessing = (pluginId: string, range: { start: string; end: string }, signal?: AbortSignal) =>
  call(api.process, { params: { pluginId }, body: range, signal });
/** The job history (docs/integrations.md §Job history). */
export const estimateProcessing = (pluginId: string, range: { start: string; end: string }, signal?: AbortSignal) =>
  call(queryJobs.estimate, { params: { pluginId }, body: range, signal });
export const listQueryJobs = (appId: string, cursor: string | null, signal?: AbortSignal) =>
  call(queryJobs.list, { params: { appId }, query: cursor ? { cursor } : {}, signal });
export const cancelQueryJob = (appId: string, jobId: string, signal?: AbortSignal) =>
  call(queryJobs.cancel, { params: { appId, jobId }, signal });
export const addProductCredential = (appId: string, signal?: AbortSignal) =>
  call(api.addProductCredential, { params: { appId }, signal });
export const addServiceAccount = (appId: string, key: ServiceAccountKey, signal?: AbortSignal) =>
  call(api.addServiceAccount, { params: { appId }, body: { key }, signal });
export const startOAuth = (appId: string, returnTo: string, signal?: AbortSignal) =>
  call(api.oauthStart, { params: { appId }, body: { returnTo }, signal });
export const setActivePlugin = (appId: string, pluginId: string, signal?: AbortSignal) =>
  call(api.activePlugin, { params: { appId }, body: { pluginId }, signal });
export const fetchPluginEvents = (pluginId: string, search: string, signal?: AbortSignal) =>
  call(api.events, { params: { pluginId }, query: search ? { search } : {}, signal });
