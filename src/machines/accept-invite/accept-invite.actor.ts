/**
 * The accept-invite machine bound to the team service and to the session: on success the session is signed in
 * with the new token (replacing the session of anyone else signed in in this browser, without a reload) and the
 * joined workspace opens.
 */
import { fromPromise, type ActorRefFrom } from 'xstate';
import { acceptInviteMachine, joinedWorkspaceId } from './accept-invite.machine';
import { acceptInvite, previewInvite } from '../../services/team.service';
import type { liveSessionMachine } from '../session/session.actor';
import { href } from '../../paths';

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
      // Signed out, or signed in as someone else: the session machine takes the new token and account either way.
      joined: (_, { token, account, workspaceId: invited }) => {
        const workspaceId = joinedWorkspaceId(account, invited);
        session.send({ type: 'SIGNED_IN', token, account });
        navigate(workspaceId ? href.apps(workspaceId) : href.home());
      },
    },
  });
}
