/** The Target tab's flow bound to the acquire service, the snackbars, the acquire queries and the router. */
import { fromPromise } from 'xstate';
import { acquireSettingsMachine } from './acquire-settings.machine';
import { defineFlow } from '../shared/flow';
import { showNotice } from '../shared/notice.actors';
import { fetchSettings, saveSettings } from '../../services/acquire.service';
import { acquireQueryKey } from '../../services/acquire.queries';
import { queryClient } from '../../queryClient';

export interface AcquireSettingsDeps {
  navigate(to: string): void;
}

export const acquireSettingsFlow = defineFlow({
  name: 'acquire-settings',
  bind: (deps: () => AcquireSettingsDeps) =>
    acquireSettingsMachine.provide({
      actors: {
        loadSettings: fromPromise(({ input, signal }) => fetchSettings(input.appId, signal)),
        saveSettings: fromPromise(({ input, signal }) => saveSettings(input.appId, input.body, signal)),
      },
      actions: {
        notify: showNotice,
        navigate: (_, { to }) => deps().navigate(to),
        settingsChanged: (_, { appId }) => {
          void queryClient.invalidateQueries({ queryKey: acquireQueryKey(appId) });
        },
      },
    }),
});
