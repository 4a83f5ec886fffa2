/** The visibility switch bound to the apps service; a change refreshes the session's workspaces (deps.session). */
import { fromPromise } from 'xstate';
import { appVisibilityMachine } from './app-visibility.machine';
import type { SessionActorRef } from '../session/session.machine';
import { defineFlow } from '../shared/flow';
import { showNotice } from '../shared/notice.actors';
import { setAppEnabled } from '../../services/apps.service';

export interface AppVisibilityDeps {
  session: Pick<SessionActorRef, 'send'>;
}

export const appVisibilityFlow = defineFlow({
  name: 'app-visibility',
  bind: (deps: () => AppVisibilityDeps) =>
    appVisibilityMachine.provide({
      actors: { setEnabled: fromPromise(({ input, signal }) => setAppEnabled(input.appId, input.enabled, signal)) },
      actions: {
        notify: showNotice,
        changed: () => deps().session.send({ type: 'REFRESH' }),
      },
    }),
});
