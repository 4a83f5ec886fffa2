/**
 * Monetize calls (contract: src/contracts/monetize.ts `monetizeEndpoints`). Mutations are invoked by the
 * monetize-toggle and monetize-form flows, which invalidate `monetizeKey` (monetize.queries.ts) after each success.
 */
import { call } from './http';
import {
  monetizeEndpoints,
  type MonetizeCampaign,
  type MonetizeCampaignInput,
  type TargetCondition,
} from '../contracts/monetize';

export const fetchCampaign = (appId: string, signal?: AbortSignal) =>
  call(monetizeEndpoints.get, { params: { appId }, signal });
export const fetchMonetizeEvents = (appId: string, signal?: AbortSignal) =>
  call(monetizeEndpoints.events, { params: { appId }, signal });
export const fetchEstimate = (appId: string, targetConditions: TargetCondition[], signal?: AbortSignal) =>
  call(monetizeEndpoints.estimate, { params: { appId }, body: { targetConditions }, signal });

export const createCampaign = (campaign: MonetizeCampaignInput, signal?: AbortSignal) =>
  call(monetizeEndpoints.create, { body: campaign, signal });
export const updateCampaign = (campaign: MonetizeCampaign, signal?: AbortSignal) =>
  call(monetizeEndpoints.update, { body: campaign, signal });
export const removeCampaign = (id: string, signal?: AbortSignal) =>
  call(monetizeEndpoints.remove, { params: { id }, signal });
