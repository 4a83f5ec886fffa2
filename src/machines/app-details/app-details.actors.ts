/** The Details form bound to the CMS service (src/services/cms.service.ts). */
import { fromPromise } from 'xstate';
import { appDetailsMachine } from './app-details.machine';
import { defineFlow } from '../shared/flow';
import { showNotice } from '../shared/notice.actors';
import { getCmsDetails, updateCmsDetails } from '../../services/cms.service';

export const appDetailsFlow = defineFlow({
  name: 'app-details',
  bind: () =>
    appDetailsMachine.provide({
      actors: {
        loadDetails: fromPromise(({ input, signal }) => getCmsDetails(input.appId, signal)),
        // The image files the machine holds are the recompressed Files of the image slots.
        saveDetails: fromPromise(({ input, signal }) =>
          updateCmsDetails(
            {
              ...input,
              screenshots: input.screenshots as File[],
              backgroundImage: input.backgroundImage as File | null,
            },
            signal,
          ),
        ),
      },
      actions: { notify: showNotice },
    }),
});
