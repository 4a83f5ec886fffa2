/**
 * The accept-invite flow bound to the team service and to the session: on success the session is signed in with
 * the new token (replacing the session of anyone else signed in in this browser, without a reload) and the joined
 * workspace opens. Deps from the page: the session actor and the router's navigate.
 */
import { fromPromise } from 'xstate';
import { acceptInviteMachine, joinedWorkspaceId } from './accept-invite.machine';
import { INVITE_JOINED_CODE_NEEDED, type SessionActorRef } from '../session/session.machine';
import { defineFlow } from '../shared/flow';
import { acceptInvite, previewInvite } from '../../services/team.service';
import { href } from '../../paths';
import { isChallenge } from '../../contracts/auth';

export interface AcceptInviteDeps {
  session: Pick<SessionActorRef, 'send'>;
  navigate(path: string): void;
}

export const acceptInviteFlow = defineFlow({
  name: 'accept-invite',
  bind: (deps: () => AcceptInviteDeps) =>
    acceptInviteMachine.provide({
      actors: {
        loadInvite: fromPromise(({ input, signal }) => previewInvite(input.token, signal)),
        acceptInvite: fromPromise(({ input: { token, ...form }, signal }) => acceptInvite(token, form, signal)),
      },
      actions: {
        // Signed out, or signed in as someone else: the session machine takes the new token and account either way.
        // An account with two-factor sign-in has joined, and its code is asked for before it is signed in.
        joined: (_, { workspaceId: invited, ...answer }) => {
          if (isChallenge(answer)) {
            deps().session.send({
              type: 'CODE_NEEDED',
              challengeToken: answer.challengeToken,
              notice: INVITE_JOINED_CODE_NEEDED,
            });
            deps().navigate(href.signIn());
            return;
          }
          const workspaceId = joinedWorkspaceId(answer.account, invited);
          deps().session.send({ type: 'SIGNED_IN', token: answer.token, account: answer.account });
          deps().navigate(workspaceId ? href.apps(workspaceId) : href.home());
        },
      },
    }),
});
