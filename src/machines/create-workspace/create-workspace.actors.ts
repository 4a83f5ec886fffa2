/**
 * The create-workspace flow bound to the workspace service and the snackbars. Deps from the page: the session
 * actor (refreshed so the new workspace is among its organisations) and what the modal does once it is created.
 */
import { fromPromise } from 'xstate';
import { createWorkspaceMachine } from './create-workspace.machine';
import type { SessionActorRef } from '../session/session.machine';
import { defineFlow } from '../shared/flow';
import { showNotice } from '../shared/notice.actors';
import { createWorkspace } from '../../services/workspace.service';

export interface CreateWorkspaceDeps {
  session: Pick<SessionActorRef, 'send'>;
  /** The modal closes and opens the workspace once the session lists it. */
  created(id: string): void;
}

export const createWorkspaceFlow = defineFlow({
  name: 'create-workspace',
  bind: (deps: () => CreateWorkspaceDeps) =>
    createWorkspaceMachine.provide({
      actors: {
        // The icon the machine holds is the picked File (IconFile is the part of it the machine reads).
        createWorkspace: fromPromise(({ input, signal }) =>
          createWorkspace({ ...input, icon: input.icon as File | null }, signal),
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
