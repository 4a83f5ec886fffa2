/** The App Settings General form bound to the app-settings service; a save refreshes the session (apps, navigation). */
import { fromPromise } from 'xstate';
import { appGeneralMachine } from './app-general.machine';
import type { SessionActorRef } from '../session/session.machine';
import { defineFlow } from '../shared/flow';
import { showNotice } from '../shared/notice.actors';
import { updateAppGeneral } from '../../services/app-settings.service';

export interface AppGeneralDeps {
  session: Pick<SessionActorRef, 'send'>;
}

export const appGeneralFlow = defineFlow({
  name: 'app-general',
  bind: (deps: () => AppGeneralDeps) =>
    appGeneralMachine.provide({
      actors: {
        // The icon the machine holds is the picked File (IconFile is the part of it the machine reads).
        updateGeneral: fromPromise(({ input, signal }) =>
          updateAppGeneral({ ...input, icon: input.icon as File | null }, signal),
        ),
      },
      actions: {
        notify: showNotice,
        saved: () => deps().session.send({ type: 'REFRESH' }),
      },
    }),
});
