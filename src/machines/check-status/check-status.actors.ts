/**
 * The check-status flow bound to the postbacks service, the snackbars and the integrations reads. The AppsFlyer tab's
 * machine invokes `liveCheckStatusMachine` as its `checkStatus` child; the Adjust tab can do the same (and provide
 * `reloadEventSchemas` with its own reload).
 */
import { fromPromise } from 'xstate';
import { checkStatusMachine } from './check-status.machine';
import { defineFlow } from '../shared/flow';
import { showNotice } from '../shared/notice.actors';
import { checkPluginStatus } from '../../services/postbacks.service';
import { integrationsKey } from '../../services/integrations.queries';
import { queryClient } from '../../queryClient';

const reload = (appId: string) => void queryClient.invalidateQueries({ queryKey: integrationsKey(appId) });

export const liveCheckStatusMachine = checkStatusMachine.provide({
  actors: {
    checkPluginStatus: fromPromise(({ input, signal }) => checkPluginStatus(input.pluginId, signal)),
  },
  actions: {
    notify: showNotice,
    reloadPlugins: (_, { appId }) => reload(appId),
    reloadEventSchemas: (_, { appId }) => reload(appId),
    logError: (_, { error }) => console.error('[check status]', error),
  },
});

export const checkStatusFlow = defineFlow({ name: 'check-status', bind: () => liveCheckStatusMachine });
