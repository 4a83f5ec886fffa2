/** The workspace security flow bound to the workspace service; a save refreshes the session. */
import { fromPromise } from 'xstate';
import { workspaceSecurityMachine } from './workspace-security.machine';
import type { SessionActorRef } from '../session/session.machine';
import { defineFlow } from '../shared/flow';
import { showNotice } from '../shared/notice.actors';
import { setWorkspaceSecurity, workspaceSecurity } from '../../services/workspace.service';

export interface WorkspaceSecurityDeps {
  session: Pick<SessionActorRef, 'send'>;
}

export const workspaceSecurityFlow = defineFlow({
  name: 'workspace-security',
  bind: (deps: () => WorkspaceSecurityDeps) =>
    workspaceSecurityMachine.provide({
      actors: {
        loadSecurity: fromPromise(({ input, signal }) => workspaceSecurity(input.workspaceId, signal)),
        saveSecurity: fromPromise(({ input }) => setWorkspaceSecurity(input.workspaceId, input.requireTwoFactor)),
      },
      actions: {
        notify: showNotice,
        saved: () => deps().session.send({ type: 'REFRESH' }),
      },
    }),
});
