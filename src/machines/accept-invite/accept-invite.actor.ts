/**
 * The accept-invite machine bound to the team service and to the session: on success the session is signed in
 * with the new token and the joined workspace opens.
 */
import { fromPromise, type ActorRefFrom } from 'xstate';
import { acceptInviteMachine, joinedWorkspaceId } from './accept-invite.machine';
import { acceptInvite, previewInvite } from '../../services/team.service';
import { setToken } from '../../services/token';
import type { liveSessionMachine } from '../session/session.actor';
import { href } from '../../routes';

export interface AcceptInviteDeps {
  session: ActorRefFrom<typeof liveSessionMachine>;
  navigate(path: string): void;
}

export function bindAcceptInvite({ session, navigate }: AcceptInviteDeps) {
  return acceptInviteMachine.provide({
    actors: {
      loadInvite: fromPromise(({ input, signal }) => previewInvite(input.token, signal)),
      acceptInvite: fromPromise(({ input: { token, ...form }, signal }) => acceptInvite(token, form, signal)),
    },
    actions: {
      joined: (_, { token, account, workspaceName }) => {
        const workspaceId = joinedWorkspaceId(account, workspaceName);
        const path = workspaceId ? href.apps(workspaceId) : href.home();
        if (session.getSnapshot().matches('signedOut')) {
          session.send({ type: 'SIGNED_IN', token, account });
          navigate(path);
          return;
        }
        // Someone else was signed in in this browser: start afresh as the invited account.
        setToken(token);
        window.location.assign(path);
      },
    },
  });
}
