/** The session machine bound to the real services, and the React context every view reads it from. */
import { fromPromise } from 'xstate';
import { createActorContext } from '@xstate/react';
import { sessionMachine } from './session.machine';
import { fetchMe, revokeToken, signIn, signOut } from '../../services/auth.service';
import { getToken, setToken } from '../../services/token';

export const liveSessionMachine = sessionMachine.provide({
  actors: {
    loadAccount: fromPromise(({ signal }) => fetchMe(signal)),
    signIn: fromPromise(({ input, signal }: { input: { email: string; password: string }; signal: AbortSignal }) => signIn(input, signal)),
    signOut: fromPromise(async ({ signal }) => {
      await signOut(signal);
    }),
  },
  guards: { hasToken: () => getToken() !== null },
  actions: {
    storeToken: (_, { token }: { token: string | null }) => {
      const previous = getToken();
      setToken(token);
      // Replaced by another account's session (an invitation accepted while signed in): revoke the old token on the
      // server too. Best effort: a token the server already refused needs nothing more.
      if (token && previous && previous !== token) revokeToken(previous).catch(() => {});
    },
  },
});

export const Session = createActorContext(liveSessionMachine);
