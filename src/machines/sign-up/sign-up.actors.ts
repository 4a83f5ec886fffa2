/**
 * The sign-up flow bound to the sign-up service and the session: a confirmed link signs the session in with the new
 * account and opens its workspace. Deps from the page: the session actor and the router's navigate.
 */
import { fromPromise } from 'xstate';
import { signUpMachine } from './sign-up.machine';
import type { SessionActorRef } from '../session/session.machine';
import { defineFlow } from '../shared/flow';
import { confirmSignUp, fetchSignUpStatus, requestSignUp } from '../../services/sign-up.service';
import { href } from '../../paths';

export interface SignUpDeps {
  session: Pick<SessionActorRef, 'send'>;
  navigate(path: string): void;
}

export const signUpFlow = defineFlow({
  name: 'sign-up',
  bind: (deps: () => SignUpDeps) =>
    signUpMachine.provide({
      actors: {
        loadStatus: fromPromise(({ signal }) => fetchSignUpStatus(signal)),
        requestSignUp: fromPromise(({ input, signal }) => requestSignUp(input, signal)),
        confirmSignUp: fromPromise(({ input, signal }) => confirmSignUp(input.token, signal)),
      },
      actions: {
        signedIn: (_, { token, account, workspaceId }) => {
          deps().session.send({ type: 'SIGNED_IN', token, account });
          deps().navigate(href.apps(workspaceId));
        },
      },
    }),
});
