/** The account page's two-factor sign-in bound to the two-factor service, the snackbars and the session (refreshed on a change). */
import { fromPromise } from 'xstate';
import { twoFactorMachine } from './two-factor.machine';
import type { SessionActorRef } from '../session/session.machine';
import { defineFlow } from '../shared/flow';
import { showNotice } from '../shared/notice.actors';
import {
  confirmTwoFactor,
  disableTwoFactor,
  fetchTwoFactorStatus,
  startTwoFactorEnrolment,
} from '../../services/two-factor.service';

export interface TwoFactorDeps {
  session: Pick<SessionActorRef, 'send'>;
}

export const twoFactorFlow = defineFlow({
  name: 'two-factor',
  bind: (deps: () => TwoFactorDeps) =>
    twoFactorMachine.provide({
      actors: {
        loadStatus: fromPromise(({ signal }) => fetchTwoFactorStatus(signal)),
        startEnrolment: fromPromise(({ signal }) => startTwoFactorEnrolment(signal)),
        confirmEnrolment: fromPromise(({ input, signal }) => confirmTwoFactor(input.otp, signal)),
        disableTwoFactor: fromPromise(({ input, signal }) => disableTwoFactor(input, signal)),
      },
      actions: { notify: showNotice, changed: () => deps().session.send({ type: 'REFRESH' }) },
    }),
});
