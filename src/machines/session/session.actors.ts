/**
 * The session flow bound to the auth service, the token store and the http layer's 401 signal (a refused token while
 * signed in sends EXPIRED). src/views/flows/session.tsx provides its actor to the views.
 */
import { fromPromise } from 'xstate';
import { sessionMachine } from './session.machine';
import { defineFlow } from '../shared/flow';
import { fetchMe, revokeToken, signIn, signOut } from '../../services/auth.service';
import { getToken, setToken } from '../../services/token';
import { onUnauthorized } from '../../services/http';

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

export const sessionFlow = defineFlow({
  name: 'session',
  bind: () => liveSessionMachine,
  attach: (actor) => onUnauthorized(() => actor.send({ type: 'EXPIRED' })),
});
