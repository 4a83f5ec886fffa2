/** The plugin lifecycle flow bound to the integrations service, the snackbars and the integrations reads. */
import { pluginLifecycleMachine, type PluginActionRequest } from './plugin-lifecycle.machine';
import { defineFlow } from '../shared/flow';
import { mutation } from '../shared/confirm-mutation.machine';
import { showNotice } from '../shared/notice.actors';
import { connectPlugin, deletePlugin, disconnectPlugin } from '../../services/integrations.service';
import { integrationsKey } from '../../services/integrations.queries';
import { queryClient } from '../../queryClient';

const calls = { connect: connectPlugin, disconnect: disconnectPlugin, delete: deletePlugin };

export const livePluginLifecycleMachine = pluginLifecycleMachine.provide({
  actors: {
    pluginAction: mutation(({ action, pluginId }: PluginActionRequest, signal) => calls[action](pluginId, signal)),
  },
  actions: {
    notify: showNotice,
    changed: (_, { appId }) => {
      void queryClient.invalidateQueries({ queryKey: integrationsKey(appId) });
    },
    logError: (_, { error }) => console.error('[plugin]', error),
  },
});

export const pluginLifecycleFlow = defineFlow({ name: 'plugin-lifecycle', bind: () => livePluginLifecycleMachine });
