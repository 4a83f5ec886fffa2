/** The account page's e-mail change bound to the e-mail change service and the snackbars. */
import { fromPromise } from 'xstate';
import { emailChangeMachine } from './email-change.machine';
import { defineFlow } from '../shared/flow';
import { showNotice } from '../shared/notice.actors';
import { cancelEmailChange, fetchEmailChange, requestEmailChange } from '../../services/email-change.service';

export const emailChangeFlow = defineFlow({
  name: 'email-change',
  bind: () =>
    emailChangeMachine.provide({
      actors: {
        loadEmailChange: fromPromise(({ signal }) => fetchEmailChange(signal)),
        requestChange: fromPromise(({ input, signal }) => requestEmailChange(input, signal)),
        cancelChange: fromPromise(({ signal }) => cancelEmailChange(signal)),
      },
      actions: { notify: showNotice },
    }),
});
