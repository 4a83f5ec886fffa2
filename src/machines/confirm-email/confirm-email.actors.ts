/**
 * The e-mail change link bound to the service and the session: once the address changed, a signed-in session reads
 * its account again (the page may be open signed out, or signed in as anyone). Deps from the page: the session actor.
 */
import { fromPromise } from 'xstate';
import { confirmEmailMachine } from './confirm-email.machine';
import type { SessionActorRef } from '../session/session.machine';
import { defineFlow } from '../shared/flow';
import { confirmEmailChange } from '../../services/email-change.service';

export interface ConfirmEmailDeps {
  session: Pick<SessionActorRef, 'send'>;
}

export const confirmEmailFlow = defineFlow({
  name: 'confirm-email',
  bind: (deps: () => ConfirmEmailDeps) =>
    confirmEmailMachine.provide({
      actors: { confirmEmail: fromPromise(({ input, signal }) => confirmEmailChange(input.token, signal)) },
      actions: {
        // Ignored unless signed in.
        changed: () => deps().session.send({ type: 'REFRESH' }),
      },
    }),
});
