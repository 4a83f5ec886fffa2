/**
 * The one hook that gives a view a flow's actor (docs/architecture.md §House rules 3):
 *
 *   const actor = useFlowActor(teamFlow, { workspaceId }, { key: workspaceId });
 *
 * It creates the actor from the flow's bound machine (`<flow>.actors.ts`) with the inspector's options
 * (`actorOptions()`, src/inspector.ts), or hands back the live actor of the same flow and key. Every actor lives in
 * one registry here, counted by the mounted components that hold it:
 *  - it starts when the first holder mounts, and stops on the next tick after the last one unmounts, unless another
 *    component has rendered it and not mounted yet (effects may run a frame after the render) — so StrictMode's
 *    remount, or a route change that mounts another page over the same key, keeps it running;
 *  - an actor whose key follows its state (`flow.keyOf`) is found under its new key: the report builder's new report
 *    becomes `app:id` on its first save, and the page of /analyze/report/{id} gets the same actor with its results
 *    instead of loading the report again (docs/architecture.md §Layers: the URL changes without a reload);
 *  - without a `key`, each mounted component has its own actor (a render that never mounts starts nothing).
 * `deps` are read by the flow's actions when they run (the latest render's values).
 */
import { useEffect, useState } from 'react';
import { createActor, type Actor, type AnyStateMachine, type InputFrom } from 'xstate';
import { actorOptions } from '../../inspector';
import type { Flow } from '../../machines/shared/flow';

interface Entry {
  flow: Flow<AnyStateMachine, unknown>;
  key: string;
  actor: Actor<AnyStateMachine>;
  deps: { current: unknown };
  /** The mounted components holding it. */
  holders: Set<string>;
  /** Components that rendered it and have not mounted yet. */
  pending: Set<string>;
  started: boolean;
  detach: (() => void) | null;
  stopTimer: ReturnType<typeof setTimeout> | null;
}

const entries = new Set<Entry>();
let instances = 0;

/** How long an actor created by a render that never mounted (an interrupted render) is kept before it is dropped. */
const UNMOUNTED_GRACE_MS = 5000;

const keyNow = (entry: Entry) =>
  entry.started && entry.flow.keyOf ? entry.flow.keyOf(entry.actor.getSnapshot()) : entry.key;

function find(flow: Flow<AnyStateMachine, unknown>, key: string): Entry | undefined {
  let found: Entry | undefined;
  for (const entry of entries) {
    if (entry.flow !== flow || keyNow(entry) !== key) continue;
    // A held actor wins over one on its way out (a deleted report's builder turning 'new' again).
    if (!found || (entry.holders.size > 0 && found.holders.size === 0)) found = entry;
  }
  return found;
}

function stop(entry: Entry) {
  entries.delete(entry);
  if (!entry.started) return;
  entry.detach?.();
  entry.actor.stop();
}

function scheduleStop(entry: Entry, delay: number) {
  if (entry.stopTimer !== null) clearTimeout(entry.stopTimer);
  entry.stopTimer = setTimeout(() => {
    entry.stopTimer = null;
    if (entry.holders.size > 0) return;
    // A component rendered it and has not mounted yet: wait for it as for a new actor (a render that never mounts
    // is dropped then).
    if (entry.pending.size > 0) {
      entry.pending.clear();
      scheduleStop(entry, UNMOUNTED_GRACE_MS);
      return;
    }
    stop(entry);
  }, delay);
}

function create(flow: Flow<AnyStateMachine, unknown>, key: string, input: unknown, deps: unknown): Entry {
  const holder = { current: deps };
  const machine = flow.bind(() => holder.current);
  const actor = createActor(machine, { ...actorOptions(), input });
  const entry: Entry = {
    flow,
    key,
    actor,
    deps: holder,
    holders: new Set(),
    pending: new Set(),
    started: false,
    detach: null,
    stopTimer: null,
  };
  entries.add(entry);
  scheduleStop(entry, UNMOUNTED_GRACE_MS);
  return entry;
}

function hold(entry: Entry, instance: string) {
  entry.pending.delete(instance);
  entry.holders.add(instance);
  if (entry.stopTimer !== null) {
    clearTimeout(entry.stopTimer);
    entry.stopTimer = null;
  }
  if (!entry.started) {
    entry.started = true;
    entry.actor.start();
    entry.detach = entry.flow.attach?.(entry.actor) ?? null;
  }
}

function release(entry: Entry, instance: string) {
  entry.holders.delete(instance);
  if (entry.holders.size === 0) scheduleStop(entry, 0);
}

export interface FlowActorOptions<TDeps> {
  /** Shares one actor among the components asking with the same key (and keeps it across a remount). */
  key?: string;
  deps?: TDeps;
}

type OptionsArgs<TDeps> = undefined extends TDeps
  ? [options?: FlowActorOptions<TDeps>]
  : [options: FlowActorOptions<TDeps> & { deps: TDeps }];

/**
 * The flow's live actor for this key. `input` is read only when the actor is created (a function is called then,
 * for inputs that read storage).
 */
export function useFlowActor<TMachine extends AnyStateMachine, TDeps = undefined>(
  flow: Flow<TMachine, TDeps>,
  input: InputFrom<TMachine> | (() => InputFrom<TMachine>),
  ...[options]: OptionsArgs<TDeps>
): Actor<TMachine> {
  const [instance] = useState(() => `#${++instances}`);
  const anyFlow = flow as unknown as Flow<AnyStateMachine, unknown>;
  const key = options?.key ?? instance;
  let entry = find(anyFlow, key);
  if (!entry || entry.actor.getSnapshot().status === 'stopped') {
    entry = create(anyFlow, key, typeof input === 'function' ? (input as () => unknown)() : input, options?.deps);
  } else {
    entry.deps.current = options?.deps;
  }
  if (!entry.holders.has(instance)) entry.pending.add(instance);
  const current = entry;

  useEffect(() => {
    hold(current, instance);
    return () => release(current, instance);
  }, [current, instance]);

  return current.actor as Actor<TMachine>;
}
