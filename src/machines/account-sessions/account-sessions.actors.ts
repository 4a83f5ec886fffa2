/** The sessions list bound to the account service and the snackbars. */
import { fromPromise } from 'xstate';
import { accountSessionsMachine } from './account-sessions.machine';
import { defineFlow } from '../shared/flow';
import { showNotice } from '../shared/notice.actors';
import { fetchSessions, signOutOtherSessions, signOutSession } from '../../services/account.service';

export const accountSessionsFlow = defineFlow({
  name: 'account-sessions',
  bind: () =>
    accountSessionsMachine.provide({
      actors: {
        loadSessions: fromPromise(({ signal }) => fetchSessions(signal)),
        signOut: fromPromise(({ input, signal }) => signOutSession(input.sessionId, signal)),
        signOutOthers: fromPromise(({ signal }) => signOutOtherSessions(signal)),
      },
      actions: { notify: showNotice },
    }),
});
