/**
 * The session flow bound to the auth service, the token store, the snackbars and the http layer's signals: a refused
 * token while signed in sends EXPIRED; a 403/404 for a workspace sends ACCESS_REFUSED; the window regaining focus
 * (or the tab becoming visible) sends FOCUSED. src/views/flows/session.tsx provides its actor to the views.
 */
import { fromPromise } from 'xstate';
import { sessionMachine } from './session.machine';
import { defineFlow } from '../shared/flow';
import { fetchMe, revokeToken, signIn, signInWithCode, signOut } from '../../services/auth.service';
import { getToken, setToken } from '../../services/token';
import { onAccessRefused, onUnauthorized } from '../../services/http';
import { showNotice } from '../shared/notice.actors';

export const liveSessionMachine = sessionMachine.provide({
  actors: {
    loadAccount: fromPromise(({ signal }) => fetchMe(signal)),
    signIn: fromPromise(({ input, signal }) => signIn(input, signal)),
    signInWithCode: fromPromise(({ input, signal }) => signInWithCode(input, signal)),
    signOut: fromPromise(async ({ signal }) => {
      await signOut(signal);
    }),
  },
  guards: { hasToken: () => getToken() !== null },
  actions: {
    notify: showNotice,
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
  attach: (actor) => {
    const detachUnauthorized = onUnauthorized(() => actor.send({ type: 'EXPIRED' }));
    const detachRefused = onAccessRefused(() => actor.send({ type: 'ACCESS_REFUSED' }));
    const focused = () => {
      if (typeof document === 'undefined' || document.visibilityState !== 'hidden') actor.send({ type: 'FOCUSED' });
    };
    const hasWindow = typeof window !== 'undefined' && typeof window.addEventListener === 'function';
    if (hasWindow) {
      window.addEventListener('focus', focused);
      document.addEventListener('visibilitychange', focused);
    }
    return () => {
      detachUnauthorized();
      detachRefused();
      if (hasWindow) {
        window.removeEventListener('focus', focused);
        document.removeEventListener('visibilitychange', focused);
      }
    };
  },
});
