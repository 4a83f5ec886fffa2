/**
 * The flow panel's store: fed by the XState inspection observer of every root actor, it keeps each root actor
 * (machine, current state value, status, masked context, invoked children) and the last events sent to any actor of
 * those systems, masked and timestamped. Immutable snapshots for React's useSyncExternalStore; never throws into
 * XState (an inspector problem must not break the app).
 */
import type { AnyActorRef, AnyStateMachine, InspectionEvent, StateValue } from 'xstate';
import { mask } from './mask';

export type ActorStatus = 'created' | 'active' | 'done' | 'error' | 'stopped';

export interface ActorEntry {
  sessionId: string;
  machineId: string;
  /** The machine, for the diagram; undefined for root actors that are not state machines. */
  machine: AnyStateMachine | undefined;
  status: ActorStatus;
  value: StateValue | null;
  /** Masked. */
  context: unknown;
  children: { id: string; status: string }[];
  /** Masked error of an actor that failed. */
  error: unknown;
  updatedAt: number;
}

export interface EventEntry {
  seq: number;
  at: number;
  rootSessionId: string;
  /** "session" for the root actor, "session › signIn" for an actor it invoked. */
  target: string;
  /** Who sent it, when another actor did. */
  source: string | undefined;
  type: string;
  /** The event without its type, masked. */
  payload: unknown;
}

export interface InspectorState {
  /** Root actors in the order they appeared. */
  actors: readonly ActorEntry[];
  /** Oldest first, at most `maxEvents`. */
  events: readonly EventEntry[];
}

export interface InspectorStore {
  /** The inspection observer: pass as `inspect` when creating a root actor. */
  observe(event: InspectionEvent): void;
  getState: () => InspectorState;
  subscribe: (listener: () => void) => () => void;
  /** Root actors not stopped, for replaying them to an inspector attached later. */
  liveActorRefs(): AnyActorRef[];
}

export interface InspectorStoreOptions {
  maxEvents?: number;
  /** Stopped root actors kept (marked stopped) before the oldest are removed. */
  maxStopped?: number;
  now?: () => number;
}

/** The fields of XState's actor implementation the inspector reads. */
interface ActorInternals {
  id: string;
  sessionId: string;
  _parent?: unknown;
  logic?: unknown;
  getSnapshot(): unknown;
}

const isMachine = (logic: unknown): logic is AnyStateMachine =>
  typeof logic === 'object' && logic !== null && 'root' in logic && 'config' in logic;

const ENDED: ReadonlySet<string> = new Set(['done', 'error', 'stopped']);

export function createInspectorStore(options: InspectorStoreOptions = {}): InspectorStore {
  const { maxEvents = 50, maxStopped = 10, now = Date.now } = options;
  let state: InspectorState = { actors: [], events: [] };
  const refs = new Map<string, AnyActorRef>();
  const listeners = new Set<() => void>();
  let seq = 0;

  const commit = (next: InspectorState) => {
    state = next;
    for (const listener of listeners) listener();
  };

  const machineIdOf = (actor: ActorInternals) => (isMachine(actor.logic) ? actor.logic.id : actor.id);
  const entryOf = (sessionId: string) => state.actors.find((entry) => entry.sessionId === sessionId);

  const upsert = (actor: ActorInternals, change: Partial<ActorEntry>) => {
    const existing = entryOf(actor.sessionId);
    const entry: ActorEntry = existing
      ? { ...existing, ...change, updatedAt: now() }
      : {
          sessionId: actor.sessionId,
          machineId: machineIdOf(actor),
          machine: isMachine(actor.logic) ? actor.logic : undefined,
          status: 'created',
          value: null,
          context: undefined,
          children: [],
          error: undefined,
          ...change,
          updatedAt: now(),
        };
    let actors = existing ? state.actors.map((item) => (item === existing ? entry : item)) : [...state.actors, entry];
    const stopped = actors.filter((item) => item.status === 'stopped');
    if (stopped.length > maxStopped) {
      const drop = new Set(stopped.slice(0, stopped.length - maxStopped));
      actors = actors.filter((item) => !drop.has(item));
    }
    commit({ ...state, actors });
  };

  const onSnapshot = (actor: ActorInternals, snapshot: unknown) => {
    const s = (snapshot ?? {}) as {
      status?: ActorStatus;
      value?: StateValue;
      context?: unknown;
      children?: Record<string, AnyActorRef>;
      error?: unknown;
    };
    const status = s.status ?? 'active';
    if (ENDED.has(status)) refs.delete(actor.sessionId);
    else refs.set(actor.sessionId, actor as unknown as AnyActorRef);
    upsert(actor, {
      status,
      value: s.value ?? null,
      context: mask(s.context),
      error: status === 'error' ? mask(s.error) : undefined,
      children: Object.entries(s.children ?? {}).map(([id, child]) => ({
        id,
        status: (child?.getSnapshot() as { status?: string } | undefined)?.status ?? 'active',
      })),
    });
  };

  const label = (actor: ActorInternals, rootId: string) => {
    const root = entryOf(rootId)?.machineId ?? rootId;
    return actor.sessionId === rootId ? root : `${root} › ${actor.id}`;
  };

  const onEvent = (
    target: ActorInternals,
    source: ActorInternals | undefined,
    rootId: string,
    event: { type: string },
  ) => {
    const { type, ...payload } = event;
    seq += 1;
    const entry: EventEntry = {
      seq,
      at: now(),
      rootSessionId: rootId,
      target: label(target, rootId),
      source: source ? label(source, rootId) : undefined,
      type: String(type),
      payload: mask(payload),
    };
    commit({ ...state, events: [...state.events, entry].slice(-maxEvents) });
  };

  return {
    observe(event) {
      try {
        const actor = event.actorRef as unknown as ActorInternals;
        const isRoot = actor.sessionId === event.rootId && !actor._parent;
        switch (event.type) {
          case '@xstate.actor':
            if (isRoot) {
              refs.set(actor.sessionId, actor as unknown as AnyActorRef);
              upsert(actor, {});
            }
            break;
          case '@xstate.snapshot':
            if (isRoot) onSnapshot(actor, event.snapshot);
            break;
          case '@xstate.event':
            onEvent(actor, event.sourceRef as unknown as ActorInternals | undefined, event.rootId, event.event);
            break;
        }
      } catch (error) {
        console.warn('Flow inspector: an inspection event could not be recorded', error);
      }
    },
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    liveActorRefs: () => [...refs.values()],
  };
}
