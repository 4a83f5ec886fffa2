/**
 * Funnel calls (contract: src/contracts/funnels.ts `funnelEndpoints`, docs/analyze.md §Funnels). Run, drop-off, open
 * and save are invoked by the funnel-builder flow; the saved funnels and the app's event names are React Query reads
 * (funnels.queries.ts), the list refreshed by the flow after a save.
 */
import { call } from './http';
import {
  funnelEndpoints,
  type FunnelDropoffRequest,
  type FunnelQuestion,
  type SaveFunnelRequest,
} from '../contracts/funnels';

export const runFunnel = (appId: string, question: FunnelQuestion, signal?: AbortSignal) =>
  call(funnelEndpoints.run, { params: { appId }, body: { question }, signal });

export const funnelDropoff = (appId: string, body: FunnelDropoffRequest, signal?: AbortSignal) =>
  call(funnelEndpoints.dropoff, { params: { appId }, body, signal });

export const funnelEventNames = async (appId: string, signal?: AbortSignal) =>
  (await call(funnelEndpoints.events, { params: { appId }, signal })).event_names;

export const openFunnel = async (appId: string, funnelId: string, signal?: AbortSignal) =>
  (await call(funnelEndpoints.get, { params: { appId, funnelId }, signal })).funnel;

export const listFunnels = async (appId: string, signal?: AbortSignal) =>
  (await call(funnelEndpoints.list, { params: { appId }, signal })).funnels;

export const saveFunnel = async (appId: string, body: SaveFunnelRequest, signal?: AbortSignal) =>
  (await call(funnelEndpoints.save, { params: { appId }, body, signal })).funnel;

export const deleteFunnel = (appId: string, funnelId: string, signal?: AbortSignal) =>
  call(funnelEndpoints.remove, { params: { appId, funnelId }, signal });
