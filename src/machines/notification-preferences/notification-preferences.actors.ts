/** The notification settings' flow bound to the preference calls (src/services/notifications.service.ts). */
import { fromPromise } from 'xstate';
import { notificationPreferencesMachine } from './notification-preferences.machine';
import { defineFlow } from '../shared/flow';
import { alertPreferences, setAlertPreference } from '../../services/notifications.service';

export const notificationPreferencesFlow = defineFlow({
  name: 'notification-preferences',
  bind: () =>
    notificationPreferencesMachine.provide({
      actors: {
        loadPreferences: fromPromise(({ input, signal }) => alertPreferences(input.workspaceId, signal)),
        savePreference: fromPromise(({ input }) => setAlertPreference(input.workspaceId, input.preference)),
      },
    }),
});
