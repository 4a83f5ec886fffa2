/** The adjust-update flow bound to the Adjust service, the snackbars and the integrations reads. */
import { fromPromise } from 'xstate';
import { adjustUpdateMachine } from './adjust-update.machine';
import { defineFlow } from '../shared/flow';
import { showNotice } from '../shared/notice.actors';
import { saveEventsFile, updatePartnerLink } from '../../services/adjust.service';
import { integrationsKey } from '../../services/integrations.queries';
import { queryClient } from '../../queryClient';
import { liveCheckStatusMachine } from '../check-status/check-status.actors';

export const liveAdjustUpdateMachine = adjustUpdateMachine.provide({
  actors: {
    updatePartnerLink: fromPromise(({ input, signal }) => updatePartnerLink(input.appId, input.partnerLink, signal)),
    saveEventsFile: fromPromise(({ input, signal }) =>
      saveEventsFile(input.appId, input.file, input.removeEvents, signal),
    ),
    checkStatus: liveCheckStatusMachine,
  },
  actions: {
    notify: showNotice,
    changed: (_, { appId }) => void queryClient.invalidateQueries({ queryKey: integrationsKey(appId) }),
    logError: (_, { error }) => console.error('[adjust update]', error),
  },
});

export const adjustUpdateFlow = defineFlow({ name: 'adjust-update', bind: () => liveAdjustUpdateMachine });
