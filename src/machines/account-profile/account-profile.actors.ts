/** The name form bound to the account service, the snackbars and the session (which re-reads the account). */
import { fromPromise } from 'xstate';
import { accountProfileMachine } from './account-profile.machine';
import type { SessionActorRef } from '../session/session.machine';
import { defineFlow } from '../shared/flow';
import { showNotice } from '../shared/notice.actors';
import { saveProfile } from '../../services/account.service';

export interface AccountProfileDeps {
  session: Pick<SessionActorRef, 'send'>;
}

export const accountProfileFlow = defineFlow({
  name: 'account-profile',
  bind: (deps: () => AccountProfileDeps) =>
    accountProfileMachine.provide({
      actors: { saveProfile: fromPromise(({ input, signal }) => saveProfile(input, signal)) },
      actions: { notify: showNotice, saved: () => deps().session.send({ type: 'REFRESH' }) },
    }),
});
