/**
 * Event detail and revenue settings calls (contract: src/contracts/revenue-settings.ts). The save and delete are
 * invoked by the revenue-settings flow (src/machines/revenue-settings), which invalidates the integrations reads after
 * each success; the detail is read by revenue-settings.queries.ts.
 */
import { call } from './http';
import { revenueSettingsEndpoints as api, type RevenueSettingsBody } from '../contracts/revenue-settings';

export const fetchEventDetail = (appId: string, eventId: string, signal?: AbortSignal) =>
  call(api.eventDetail, { params: { appId, eventId }, signal });
export const saveRevenueSettings = (appId: string, eventId: string, body: RevenueSettingsBody, signal?: AbortSignal) =>
  call(api.save, { params: { appId, eventId }, body, signal });
export const deleteRevenueSettings = (appId: string, eventId: string, signal?: AbortSignal) =>
  call(api.remove, { params: { appId, eventId }, signal });
