/** The active-source switch bound to the integrations service, the snackbars and the integrations reads. */
import { activeSourceMachine, type ActivateRequest } from './active-source.machine';
import { defineFlow } from '../shared/flow';
import { mutation } from '../shared/confirm-mutation.machine';
import { showNotice } from '../shared/notice.actors';
import { setActivePlugin } from '../../services/integrations.service';
import { integrationsKey } from '../../services/integrations.queries';
import { queryClient } from '../../queryClient';

export const liveActiveSourceMachine = activeSourceMachine.provide({
  actors: {
    activate: mutation(({ appId, pluginId }: ActivateRequest, signal) => setActivePlugin(appId, pluginId, signal)),
  },
  actions: {
    notify: showNotice,
    changed: (_, { appId }) => void queryClient.invalidateQueries({ queryKey: integrationsKey(appId) }),
    logError: (_, { error }) => console.error('[active source]', error),
  },
});

export const activeSourceFlow = defineFlow({ name: 'active-source', bind: () => liveActiveSourceMachine });
