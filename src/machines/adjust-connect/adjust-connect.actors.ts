/** The adjust-connect flow bound to the Adjust service, the snackbars and the integrations reads. */
import { fromPromise } from 'xstate';
import { adjustConnectMachine } from './adjust-connect.machine';
import { defineFlow } from '../shared/flow';
import { showNotice } from '../shared/notice.actors';
import { connectAdjust } from '../../services/adjust.service';
import { integrationsKey } from '../../services/integrations.queries';
import { queryClient } from '../../queryClient';

export const liveAdjustConnectMachine = adjustConnectMachine.provide({
  actors: {
    connectAdjust: fromPromise(({ input, signal }) =>
      connectAdjust(input.appId, input.partnerLink, input.file, signal),
    ),
  },
  actions: {
    notify: showNotice,
    connected: (_, { appId }) => void queryClient.invalidateQueries({ queryKey: integrationsKey(appId) }),
    logError: (_, { error }) => console.error('[adjust connect]', error),
  },
});

export const adjustConnectFlow = defineFlow({ name: 'adjust-connect', bind: () => liveAdjustConnectMachine });
