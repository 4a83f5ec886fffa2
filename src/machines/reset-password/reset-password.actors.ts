/**
 * The reset-password flow bound to the account service and the session: once the new password is set, the session
 * takes the new token (every other session was ended by the server) and home opens. Deps from the page: the session
 * actor and the router's navigate.
 */
import { fromPromise } from 'xstate';
import { resetPasswordMachine } from './reset-password.machine';
import type { SessionActorRef } from '../session/session.machine';
import { defineFlow } from '../shared/flow';
import { previewResetLink, resetPassword } from '../../services/account.service';
import { href } from '../../paths';
import { isChallenge } from '../../contracts/auth';

export interface ResetPasswordDeps {
  session: Pick<SessionActorRef, 'send'>;
  navigate(path: string): void;
}

export const resetPasswordFlow = defineFlow({
  name: 'reset-password',
  bind: (deps: () => ResetPasswordDeps) =>
    resetPasswordMachine.provide({
      actors: {
        loadLink: fromPromise(({ input, signal }) => previewResetLink(input.token, signal)),
        resetPassword: fromPromise(({ input, signal }) => resetPassword(input.token, input.password, signal)),
      },
      actions: {
        signedIn: (_, answer) => {
          if (isChallenge(answer)) {
            deps().session.send({ type: 'CODE_NEEDED', challengeToken: answer.challengeToken });
            deps().navigate(href.signIn());
            return;
          }
          deps().session.send({ type: 'SIGNED_IN', token: answer.token, account: answer.account });
          deps().navigate(href.home());
        },
      },
    }),
});
