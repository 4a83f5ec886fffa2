/** The forgot-password flow bound to the account service. */
import { fromPromise } from 'xstate';
import { forgotPasswordMachine } from './forgot-password.machine';
import { defineFlow } from '../shared/flow';
import { requestPasswordReset } from '../../services/account.service';

export const forgotPasswordFlow = defineFlow({
  name: 'forgot-password',
  bind: () =>
    forgotPasswordMachine.provide({
      actors: { requestLink: fromPromise(({ input, signal }) => requestPasswordReset(input.email, signal)) },
    }),
});
