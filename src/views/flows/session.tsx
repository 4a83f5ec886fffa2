/**
 * The session actor for every view: `<Session.Provider>` (in main.tsx) holds the session flow's actor from
 * useFlowActor; `Session.useSelector(select…)` and `Session.useActorRef()` read it anywhere below.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { sessionFlow } from '../../machines/session/session.actors';
import type { SessionActorRef, SessionSnapshot } from '../../machines/session/session.machine';
import { useFlowActor } from './useFlowActor';

const SessionContext = createContext<SessionActorRef | null>(null);

function Provider({ children }: { children: ReactNode }) {
  const actor = useFlowActor(sessionFlow, undefined, { key: 'session' });
  return <SessionContext.Provider value={actor}>{children}</SessionContext.Provider>;
}

function useActorRef(): SessionActorRef {
  const actor = useContext(SessionContext);
  if (!actor) throw new Error('Session.useActorRef() needs <Session.Provider> above it.');
  return actor;
}

function useSessionSelector<T>(selector: (snapshot: SessionSnapshot) => T, compare?: (a: T, b: T) => boolean): T {
  return useSelector(useActorRef(), selector, compare);
}

export const Session = { Provider, useActorRef, useSelector: useSessionSelector };
