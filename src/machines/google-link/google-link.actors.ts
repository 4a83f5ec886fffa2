/** The account page's Google sign-in bound to its service and the snackbars. */
import { fromPromise } from 'xstate';
import { googleLinkMachine } from './google-link.machine';
import { defineFlow } from '../shared/flow';
import { showNotice } from '../shared/notice.actors';
import { fetchGoogleLink, unlinkGoogleAccount } from '../../services/google-sign-in.service';

export const googleLinkFlow = defineFlow({
  name: 'google-link',
  bind: () =>
    googleLinkMachine.provide({
      actors: {
        loadGoogleLink: fromPromise(({ signal }) => fetchGoogleLink(signal)),
        unlinkGoogle: fromPromise(({ signal }) => unlinkGoogleAccount(signal)),
      },
      actions: { notify: showNotice },
    }),
});
