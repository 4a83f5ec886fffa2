/**
 * The add-app flow bound to the apps service and the snackbars. Deps from the page: the session actor (refreshed so
 * the new app is among the workspace's apps) and what the page does once the app exists (open it).
 */
import { fromPromise } from 'xstate';
import { addAppMachine } from './add-app.machine';
import type { SessionActorRef } from '../session/session.machine';
import { defineFlow } from '../shared/flow';
import { showNotice } from '../shared/notice.actors';
import { createApp, lookupStoreApp, searchStoreApps } from '../../services/apps.service';

export interface AddAppDeps {
  session: Pick<SessionActorRef, 'send'>;
  created(id: string): void;
}

export const addAppFlow = defineFlow({
  name: 'add-app',
  bind: (deps: () => AddAppDeps) =>
    addAppMachine.provide({
      actors: {
        search: fromPromise(({ input, signal }) => searchStoreApps(input.platform, input.query, signal)),
        lookup: fromPromise(({ input, signal }) => lookupStoreApp(input.url, signal)),
        // The icon the machine holds is the picked File (IconFile is the part of it the machine reads).
        createApp: fromPromise(({ input, signal }) =>
          createApp(
            { workspaceId: input.workspaceId, listing: input.listing, image: input.icon as File | null },
            signal,
          ),
        ),
      },
      actions: {
        notify: showNotice,
        created: (_, { id }) => {
          deps().session.send({ type: 'REFRESH' });
          deps().created(id);
        },
      },
    }),
});
