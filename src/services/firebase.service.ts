/**
 * Firebase conversion events and the integration health line (contract: src/contracts/firebase.ts). Enable / disable
 * are invoked by the firebase-conversion-events flow, which invalidates the integrations reads after each answer.
 */
import { call } from './http';
import { firebaseEndpoints as api } from '../contracts/firebase';

export const fetchConversionEvents = (pluginId: string, signal?: AbortSignal) =>
  call(api.events, { params: { pluginId }, signal });
export const enableConversionEvents = (pluginId: string, appId: string, eventNames: string[], signal?: AbortSignal) =>
  call(api.enable, { params: { pluginId }, body: { eventNames, appId }, signal });
export const disableConversionEvents = (pluginId: string, appId: string, eventNames: string[], signal?: AbortSignal) =>
  call(api.disable, { params: { pluginId }, body: { eventNames, appId }, signal });
export const fetchIntegrationHealth = (appId: string, signal?: AbortSignal) =>
  call(api.health, { params: { appId }, signal });
