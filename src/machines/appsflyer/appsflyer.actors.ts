/** The AppsFlyer tab's flow bound to the postbacks and integrations services, the snackbars and the integrations reads. */
import { fromPromise } from 'xstate';
import { appsflyerMachine } from './appsflyer.machine';
import { liveCheckStatusMachine } from '../check-status/check-status.actors';
import { defineFlow } from '../shared/flow';
import { mutation } from '../shared/confirm-mutation.machine';
import { showNotice } from '../shared/notice.actors';
import { enableAppsFlyer } from '../../services/postbacks.service';
import { disconnectPlugin } from '../../services/integrations.service';
import { integrationsKey } from '../../services/integrations.queries';
import { queryClient } from '../../queryClient';

export const liveAppsflyerMachine = appsflyerMachine.provide({
  actors: {
    enablePlugin: fromPromise(({ input, signal }) => enableAppsFlyer(input.appId, signal)),
    checkStatus: liveCheckStatusMachine,
    disconnect: mutation(({ pluginId }: { pluginId: string }, signal) => disconnectPlugin(pluginId, signal)),
  },
  actions: {
    notify: showNotice,
    changed: (_, { appId }) => void queryClient.invalidateQueries({ queryKey: integrationsKey(appId) }),
    logError: (_, { error }) => console.error('[appsflyer]', error),
  },
});

export const appsflyerFlow = defineFlow({ name: 'appsflyer', bind: () => liveAppsflyerMachine });
