/** The daily-process switch bound to the integrations service, the snackbars and the integrations reads. */
import { fromPromise } from 'xstate';
import { dailyProcessMachine } from './daily-process.machine';
import { defineFlow } from '../shared/flow';
import { showNotice } from '../shared/notice.actors';
import { setDailyProcess } from '../../services/integrations.service';
import { integrationsKey } from '../../services/integrations.queries';
import { queryClient } from '../../queryClient';

export const liveDailyProcessMachine = dailyProcessMachine.provide({
  actors: {
    saveDailyProcess: fromPromise(({ input, signal }) => setDailyProcess(input.pluginId, input.value, signal)),
  },
  actions: {
    notify: showNotice,
    saved: (_, { appId }) => void queryClient.invalidateQueries({ queryKey: integrationsKey(appId) }),
    logError: (_, { error }) => console.error('[daily process]', error),
  },
});

export const dailyProcessFlow = defineFlow({ name: 'daily-process', bind: () => liveDailyProcessMachine });
