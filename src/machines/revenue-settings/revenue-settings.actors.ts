/** The Revenue Settings dialog bound to the revenue-settings service, the snackbars and the integrations reads. */
import { fromPromise } from 'xstate';
import { revenueSettingsMachine } from './revenue-settings.machine';
import { defineFlow } from '../shared/flow';
import { showNotice } from '../shared/notice.actors';
import { deleteRevenueSettings, saveRevenueSettings } from '../../services/revenue-settings.service';
import { integrationsKey } from '../../services/integrations.queries';
import { queryClient } from '../../queryClient';

export const liveRevenueSettingsMachine = revenueSettingsMachine.provide({
  actors: {
    saveRevenueSettings: fromPromise(({ input, signal }) =>
      saveRevenueSettings(input.appId, input.eventId, input.settings, signal),
    ),
    deleteRevenueSettings: fromPromise(({ input, signal }) =>
      deleteRevenueSettings(input.appId, input.eventId, signal),
    ),
  },
  actions: {
    notify: showNotice,
    changed: (_, { appId }) => void queryClient.invalidateQueries({ queryKey: integrationsKey(appId) }),
    logError: (_, { error }) => console.error('[revenue settings]', error),
  },
});

export const revenueSettingsFlow = defineFlow({ name: 'revenue-settings', bind: () => liveRevenueSettingsMachine });
