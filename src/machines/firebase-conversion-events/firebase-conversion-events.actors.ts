/** The conversion events flow bound to the Firebase service and the integrations reads; failures go to the console only (docs/integrations.md §Messages). */
import { fromPromise } from 'xstate';
import { firebaseConversionEventsMachine } from './firebase-conversion-events.machine';
import { defineFlow } from '../shared/flow';
import { disableConversionEvents, enableConversionEvents } from '../../services/firebase.service';
import { integrationsKey } from '../../services/integrations.queries';
import { queryClient } from '../../queryClient';

export const liveFirebaseConversionEventsMachine = firebaseConversionEventsMachine.provide({
  actors: {
    saveConversionEvents: fromPromise(({ input, signal }) =>
      (input.action === 'enable' ? enableConversionEvents : disableConversionEvents)(
        input.pluginId,
        input.appId,
        input.eventNames,
        signal,
      ),
    ),
  },
  actions: {
    changed: (_, { appId }) => void queryClient.invalidateQueries({ queryKey: integrationsKey(appId) }),
    logError: (_, { error }) => console.error('[firebase conversion events]', error),
  },
});

export const firebaseConversionEventsFlow = defineFlow({
  name: 'firebase-conversion-events',
  bind: () => liveFirebaseConversionEventsMachine,
});
