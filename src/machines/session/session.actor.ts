/** The session machine bound to the real services, and the React context every view reads it from. */
import { fromPromise } from 'xstate';
import { createActorContext } from '@xstate/react';
import { sessionMachine } from './session.machine';
import { fetchMe, signIn, signOut } from '../../services/session.service';
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
  actions: { storeToken: (_, params: { token: string | null }) => setToken(params.token) },
});

export const Session = createActorContext(liveSessionMachine);
