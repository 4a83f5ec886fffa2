/**
 * Adjust calls (contract: src/contracts/adjust.ts `adjustEndpoints`). Mutations are invoked by the adjust-connect and
 * adjust-update flows, which invalidate the integrations reads (integrations.queries.ts) after each success.
 */
import { call } from './http';
import { adjustEndpoints as api } from '../contracts/adjust';

export const fetchAdjust = (appId: string, signal?: AbortSignal) => call(api.get, { params: { appId }, signal });
export const connectAdjust = (appId: string, partnerLink: string, file: File, signal?: AbortSignal) =>
  call(api.connect, { params: { appId }, form: { partnerLink, file }, signal });
export const saveEventsFile = (appId: string, file: File, removeEvents: boolean, signal?: AbortSignal) =>
  call(api.saveEventsFile, {
    params: { appId },
    query: removeEvents ? { removeEvents: 'true' } : {},
    form: { file },
    signal,
  });
export const updatePartnerLink = (appId: string, partnerLink: string, signal?: AbortSignal) =>
  call(api.updatePartnerLink, { params: { appId }, body: { partnerLink }, signal });
