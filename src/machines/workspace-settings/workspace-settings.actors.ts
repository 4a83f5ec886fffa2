/** The workspace settings form bound to the workspace service; a save refreshes the session (header selector). */
import { fromPromise } from 'xstate';
import { workspaceSettingsMachine } from './workspace-settings.machine';
import type { SessionActorRef } from '../session/session.machine';
import { defineFlow } from '../shared/flow';
import { showNotice } from '../shared/notice.actors';
import { updateWorkspace } from '../../services/workspace.service';

export interface WorkspaceSettingsDeps {
  session: Pick<SessionActorRef, 'send'>;
}

export const workspaceSettingsFlow = defineFlow({
  name: 'workspace-settings',
  bind: (deps: () => WorkspaceSettingsDeps) =>
    workspaceSettingsMachine.provide({
      actors: {
        // The icon the machine holds is the picked File (IconFile is the part of it the machine reads).
        updateWorkspace: fromPromise(({ input, signal }) =>
          updateWorkspace({ ...input, icon: input.icon as File | null }, signal),
        ),
      },
      actions: {
        notify: showNotice,
        saved: () => deps().session.send({ type: 'REFRESH' }),
      },
    }),
});
