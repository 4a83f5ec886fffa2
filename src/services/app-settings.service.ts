/** App Settings calls (contract: src/contracts/app-settings.ts). Used only by the machines' actors. */
import { call } from './http';
import {
  appSettingsEndpoints,
  normalizeGeneral,
  type AppGeneralData,
  type ApiKeysUpdate,
} from '../contracts/app-settings';

/** docs/app-settings.md §API endpoints update app general: multipart `data` (the General fields, hidden ones cleared) and the optional `image`. */
export const updateAppGeneral = (
  input: { appId: string; data: AppGeneralData; icon: File | null },
  signal?: AbortSignal,
) =>
  call(appSettingsEndpoints.updateGeneral, {
    params: { appId: input.appId },
    form: { data: normalizeGeneral(input.data), image: input.icon },
    signal,
  });

/** docs/app-settings.md §API endpoints update API keys: the whole app object (the server reads its id and apiKeys). */
export const updateApiKeys = (appId: string, app: ApiKeysUpdate, signal?: AbortSignal) =>
  call(appSettingsEndpoints.updateApiKeys, { params: { appId }, body: app, signal });
