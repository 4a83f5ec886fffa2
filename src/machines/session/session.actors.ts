/** The session flow bound to the auth service and the token store (src/views/flows/session.tsx provides it to views). */
import { fromPromise } from 'xstate';
import { sessionMachine } from './session.machine';
import { defineFlow } from '../shared/flow';
import { fetchMe, revokeToken, signIn, signOut } from '../../services/auth.service';
import { getToken, setToken } from '../../services/token';

export const liveSessionMachine = sessionMachine.provide({
  actors: {
    loadAccount: fromPromise(({ signal }) => fetchMe(signal)),
    signIn: fromPromise(({ input, signal }) => signIn(input, signal)),
    signOut: fromPromise(async ({ signal }) => {
      await signOut(signal);
    }),
  },
  guards: { hasToken: () => getToken() !== null },
  actions: {
    storeToken: (_, { token }) => {
      const previous = getToken();
      setToken(token);
      // Replaced by another account's session (an invitation accepted while signed in): revoke the old token on the
      // server too. Best effort: a token the server already refused needs nothing more.
      if (token && previous && previous !== token) revokeToken(previous).catch(() => {});
    },
  },
});

export const sessionFlow = defineFlow({ name: 'session', bind: () => liveSessionMachine });
