/** The deeplink-edit flow bound to the app-links service, the snackbars and the acquisition links read. */
import { fromPromise } from 'xstate';
import { deeplinkEditMachine } from './deeplink-edit.machine';
import { defineFlow } from '../shared/flow';
import { showNotice } from '../shared/notice.actors';
import { updateDeeplink } from '../../services/app-links.service';
import { deeplinksKey } from '../../services/app-links.queries';
import { queryClient } from '../../queryClient';

export const deeplinkEditFlow = defineFlow({
  name: 'deeplink-edit',
  bind: () =>
    deeplinkEditMachine.provide({
      actors: {
        updateDeeplink: fromPromise(({ input, signal }) => updateDeeplink(input.appId, input.request, signal)),
      },
      actions: {
        notify: showNotice,
        saved: (_, { appId }) => {
          void queryClient.invalidateQueries({ queryKey: deeplinksKey(appId) });
        },
      },
    }),
});
