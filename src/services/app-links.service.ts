/**
 * Calls of the App Settings Events and Acquisition Links tabs and of the documentation pages (contracts:
 * src/contracts/event-schemas.ts, deeplinks.ts, documentation.ts). The reads back app-links.queries.ts; the deeplink
 * update is invoked only by the deeplink-edit flow's actors.
 */
import { call } from './http';
import { deeplinkEndpoints } from '../contracts/deeplinks';
import { eventSchemaEndpoints } from '../contracts/event-schemas';
import { documentationEndpoints } from '../contracts/documentation';
import type { UpdateDeeplinkRequest } from '../contracts/integrations';

export const fetchEventSchemas = (appId: string, search: string, signal?: AbortSignal) =>
  call(eventSchemaEndpoints.list, { params: { appId }, query: search ? { search } : {}, signal });

export const fetchDeeplinks = (appId: string, signal?: AbortSignal) =>
  call(deeplinkEndpoints.list, { params: { appId }, signal });

/** docs/app-settings.md §API endpoints update deeplink: the deeplink id and the deeplink object with its new url → {success}. */
export const updateDeeplink = (appId: string, body: UpdateDeeplinkRequest, signal?: AbortSignal) =>
  call(deeplinkEndpoints.update, { params: { appId }, body, signal });

export const fetchGuideValues = (workspaceId: string, appId: string, signal?: AbortSignal) =>
  call(documentationEndpoints.values, { params: { appId }, query: { workspaceId }, signal });
