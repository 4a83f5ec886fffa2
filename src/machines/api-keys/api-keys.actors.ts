/** The API Keys tab bound to the app-settings service; a change refreshes the session (the app's keys everywhere). */
import { apiKeysMachine } from './api-keys.machine';
import type { SessionActorRef } from '../session/session.machine';
import { defineFlow } from '../shared/flow';
import { mutation } from '../shared/confirm-mutation.machine';
import { showNotice } from '../shared/notice.actors';
import { updateApiKeys } from '../../services/app-settings.service';

export interface ApiKeysDeps {
  session: Pick<SessionActorRef, 'send'>;
}

export const apiKeysFlow = defineFlow({
  name: 'api-keys',
  bind: (deps: () => ApiKeysDeps) =>
    apiKeysMachine.provide({
      actors: {
        createKey: mutation((app, signal) => updateApiKeys(app.id, app, signal)),
        terminateKey: mutation((app, signal) => updateApiKeys(app.id, app, signal)),
      },
      actions: {
        notify: showNotice,
        saved: () => deps().session.send({ type: 'REFRESH' }),
      },
    }),
});
