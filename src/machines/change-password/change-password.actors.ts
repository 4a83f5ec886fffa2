/** The password change bound to the account service and the snackbars; `changed` asks the page to re-read sessions. */
import { fromPromise } from 'xstate';
import { changePasswordMachine } from './change-password.machine';
import { defineFlow } from '../shared/flow';
import { showNotice } from '../shared/notice.actors';
import { changePassword } from '../../services/account.service';

export interface ChangePasswordDeps {
  changed(): void;
}

export const changePasswordFlow = defineFlow({
  name: 'change-password',
  bind: (deps: () => ChangePasswordDeps) =>
    changePasswordMachine.provide({
      actors: { changePassword: fromPromise(({ input, signal }) => changePassword(input, signal)) },
      actions: { notify: showNotice, changed: () => deps().changed() },
    }),
});
