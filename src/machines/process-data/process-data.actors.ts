/** The process-data flow bound to the integrations service, the snackbars and the integrations reads. */
import { fromPromise } from 'xstate';
import { processDataMachine } from './process-data.machine';
import { defineFlow } from '../shared/flow';
import { showNotice } from '../shared/notice.actors';
import { estimateProcessing, startProcessing } from '../../services/integrations.service';
import { integrationsKey } from '../../services/integrations.queries';
import { queryClient } from '../../queryClient';

export const liveProcessDataMachine = processDataMachine.provide({
  actors: {
    estimateProcessing: fromPromise(({ input, signal }) =>
      estimateProcessing(input.pluginId, { start: input.start, end: input.end }, signal),
    ),
    startProcessing: fromPromise(({ input, signal }) =>
      startProcessing(input.pluginId, { start: input.start, end: input.end }, signal),
    ),
  },
  actions: {
    notify: showNotice,
    started: (_, { appId }) => void queryClient.invalidateQueries({ queryKey: integrationsKey(appId) }),
    logError: (_, { error }) => console.error('[process data]', error),
  },
});

export const processDataFlow = defineFlow({ name: 'process-data', bind: () => liveProcessDataMachine });
