/**
 * Postbacks and AppsFlyer calls (contract: src/contracts/postbacks.ts). Mutations and the status check are invoked by
 * the appsflyer and check-status flows; the reads are React Query hooks in postbacks.queries.ts.
 */
import { call } from './http';
import { appsflyerEndpoints, postbackEndpoints as api, type PostbackLogQuery } from '../contracts/postbacks';

export const checkPluginStatus = (pluginId: string, signal?: AbortSignal) =>
  call(api.status, { params: { pluginId }, signal });
export const fetchPostbackUrl = (appId: string, source: string, signal?: AbortSignal) =>
  call(api.url, { params: { appId, source }, signal });
export const fetchPostbackLog = (appId: string, source: string, signal?: AbortSignal) =>
  call(api.log, { params: { appId, source }, signal });
/** A page of the postback log page (filters and cursor). */
export const listPostbackLog = (appId: string, source: string, query: PostbackLogQuery, signal?: AbortSignal) =>
  call(api.entries, { params: { appId, source }, query, signal });
/** Every entry the filters match, up to the export's limit (the CSV). */
export const exportPostbackLog = (appId: string, source: string, query: PostbackLogQuery, signal?: AbortSignal) =>
  call(api.exportEntries, { params: { appId, source }, query, signal });
export const fetchPostbackSummary = (appId: string, source: string, signal?: AbortSignal) =>
  call(api.summary, { params: { appId, source }, signal });
export const enableAppsFlyer = (appId: string, signal?: AbortSignal) =>
  call(appsflyerEndpoints.enable, { params: { appId }, signal });
export const createTestLink = (appId: string, advertisingId: string, signal?: AbortSignal) =>
  call(appsflyerEndpoints.testLink, { params: { appId }, body: { advertisingId }, signal });
