/** CMS app details calls (contract: src/contracts/cms.ts). Used only by the machines' actors. */
import { call } from './http';
import { cmsEndpoints, type CmsDetailsUpdate } from '../contracts/cms';

/** The app's store-listing details (data null: 'No details found for this app.'). */
export const getCmsDetails = (appId: string, signal?: AbortSignal) =>
  call(cmsEndpoints.getDetails, { params: { appId }, signal });

/** docs/app-settings.md §API endpoints update CMS details: multipart `data`, the new `screenshots` (filling the null slots in order), `backgroundImage`. */
export const updateCmsDetails = (
  input: { appId: string; data: CmsDetailsUpdate; screenshots: readonly File[]; backgroundImage: File | null },
  signal?: AbortSignal,
) =>
  call(cmsEndpoints.updateDetails, {
    params: { appId: input.appId },
    form: { data: input.data, screenshots: input.screenshots, backgroundImage: input.backgroundImage },
    signal,
  });
