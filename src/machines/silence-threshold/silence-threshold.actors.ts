/** The silence threshold flow bound to the integrations service, the snackbars and the integrations reads. */
import { fromPromise } from 'xstate';
import { silenceThresholdMachine } from './silence-threshold.machine';
import { defineFlow } from '../shared/flow';
import { showNotice } from '../shared/notice.actors';
import { setSilentHours } from '../../services/integrations.service';
import { integrationsKey } from '../../services/integrations.queries';
import { queryClient } from '../../queryClient';

export const liveSilenceThresholdMachine = silenceThresholdMachine.provide({
  actors: {
    saveSilentHours: fromPromise(({ input, signal }) => setSilentHours(input.pluginId, input.silentHours, signal)),
  },
  actions: {
    notify: showNotice,
    saved: (_, { appId }) => void queryClient.invalidateQueries({ queryKey: integrationsKey(appId) }),
    logError: (_, { error }) => console.error('[silence threshold]', error),
  },
});

export const silenceThresholdFlow = defineFlow({ name: 'silence-threshold', bind: () => liveSilenceThresholdMachine });
