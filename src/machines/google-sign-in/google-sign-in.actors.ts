/**
 * Google sign-in bound to its service, the session and the browser: the consent page is opened by leaving the app
 * (`location.assign`); a signed-in answer signs the session in and opens the account's (new) workspace; the code step
 * is the sign-in page's. Deps from the page: the session actor and the router's navigate.
 */
import { fromPromise } from 'xstate';
import { googleSignInMachine, GOOGLE_CODE_NEEDED } from './google-sign-in.machine';
import type { SessionActorRef } from '../session/session.machine';
import { defineFlow } from '../shared/flow';
import { continueGoogleSignIn, linkGoogleAccount, startGoogleSignIn } from '../../services/google-sign-in.service';
import { href } from '../../paths';

export interface GoogleSignInDeps {
  session: Pick<SessionActorRef, 'send'>;
  navigate(path: string): void;
}

export const googleSignInFlow = defineFlow({
  name: 'google-sign-in',
  bind: (deps: () => GoogleSignInDeps) =>
    googleSignInMachine.provide({
      actors: {
        startGoogle: fromPromise(({ signal }) => startGoogleSignIn(signal)),
        continueGoogle: fromPromise(({ input, signal }) => continueGoogleSignIn(input, signal)),
        linkGoogle: fromPromise(({ input, signal }) => linkGoogleAccount(input, signal)),
      },
      actions: {
        goTo: (_, url) => window.location.assign(url),
        signedIn: (_, answer) => {
          if (answer.step !== 'signedIn') return;
          deps().session.send({ type: 'SIGNED_IN', token: answer.token, account: answer.account });
          deps().navigate(answer.workspaceId ? href.apps(answer.workspaceId) : href.home());
        },
        codeNeeded: (_, answer) => {
          if (answer.step !== 'twoFactor') return;
          deps().session.send({
            type: 'CODE_NEEDED',
            challengeToken: answer.challengeToken,
            notice: GOOGLE_CODE_NEEDED,
          });
          deps().navigate(href.signIn());
        },
      },
    }),
});
