/**
 * Shared pieces of the model-based path tests (ARCHITECTURE "Testing tiers": xstate/graph shortest and simple paths
 * with payload fixtures for every event, including `xstate.done.actor.<id>` / `xstate.error.actor.<id>`).
 *
 * Machines are provided with actors that never settle, so a path moves only through the explicit done/error
 * events of its fixtures; graph traversal runs the pure transition function (actions are not executed), and
 * `replay` then drives a live actor through the same path with spied actions, checking it lands on the same
 * state after every step.
 *
 * `createTestModel` refuses machines that invoke actors ("Invocations on test machines are not supported"), and
 * every machine here invokes its service calls, so the harness builds the same `TestModel` directly.
 * Paths of xstate/graph start with an `xstate.init` step and `steps[i].state` is the state after `steps[i].event`.
 */
import { expect } from 'vitest';
import { createActor, fromPromise, initialTransition, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate';
import { getShortestPaths, getSimplePaths, getStateNodes, serializeSnapshot, TestModel, type StatePath, type TestPath } from 'xstate/graph';
import { ApiError, ContractError } from '../../src/services/http';

/** A promise actor that never resolves nor rejects: its outcome is whatever done/error event a path sends. */
export const pendingForever = <TOutput, TInput>() => fromPromise<TOutput, TInput>(() => new Promise<TOutput>(() => {}));

export const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
export const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });

/** The errors a service call can throw (src/services/http.ts), for `failed` fixtures. */
export const apiError = (status: number, message: string, code?: string) => new ApiError(status, message, code);
export const contractError = (path: string) => new ContractError(path, ['success is required']);

/** Paths are typed loosely (any machine's snapshot) so one harness serves every machine. */
export type Path = StatePath<AnyMachineSnapshot, EventObject>;
export interface ExploreOptions {
  input?: unknown;
  filterEvents?: (snapshot: AnyMachineSnapshot, event: EventObject) => boolean;
  toState?: (snapshot: AnyMachineSnapshot) => boolean;
}

/**
 * The initial snapshot, given explicitly to every traversal: getPathsFromEvents builds its default start without
 * the machine's input, which leaves a machine whose context reads its input in an error snapshot.
 */
function startOf(machine: AnyStateMachine, input: unknown): AnyMachineSnapshot {
  const [snapshot] = initialTransition(machine, input);
  expect(snapshot.status, 'the machine starts').toBe('active');
  return snapshot;
}

/** Shortest paths from the initial state to every distinct state (or to those `toState` accepts). */
export function shortestPaths(machine: AnyStateMachine, events: readonly EventObject[], options: ExploreOptions = {}): Path[] {
  return getShortestPaths(machine, { events, fromState: startOf(machine, options.input), ...options });
}

/** Every path without a repeated state (keep the event list small: their number grows fast). */
export function simplePaths(machine: AnyStateMachine, events: readonly EventObject[], options: ExploreOptions = {}): Path[] {
  return getSimplePaths(machine, { events, fromState: startOf(machine, options.input), ...options });
}

/** Ids of every state node of the machine (the root excluded), e.g. `team.inviteDialog.open.failed`. */
export const stateNodeIds = (machine: AnyStateMachine) => getStateNodes(machine.root).map((node) => node.id);

/** Ids of the state nodes active in at least one of the paths' end states. */
export function reachedStateNodeIds(paths: readonly Path[]) {
  const reached = new Set<string>();
  for (const path of paths) for (const node of path.state._nodes) reached.add(node.id);
  return reached;
}

/** The event types of a path without the leading `xstate.init`: `eventTypes(p)[i]` led to `p.steps[i + 1].state`. */
export const eventTypes = (path: Path) =>
  path.steps.map((step) => step.event.type).filter((type) => type !== 'xstate.init');

/** The shortest of the paths `toState` accepts (there is one per distinct context, so several may reach a state). */
export function shortestPathTo(machine: AnyStateMachine, events: readonly EventObject[], options: ExploreOptions & Required<Pick<ExploreOptions, 'toState'>>) {
  const paths = shortestPaths(machine, events, options);
  expect(paths.length, 'the target state is reachable').toBeGreaterThan(0);
  return paths.reduce((best, path) => (path.weight < best.weight ? path : best));
}

const testModelOf = (machine: AnyStateMachine) =>
  new TestModel<AnyMachineSnapshot, EventObject, unknown>(machine, { serializeState: (snapshot) => serializeSnapshot(snapshot) });

/** The one path the events take from the initial state (fails when an event is not accepted where it is sent). */
export function pathOf(machine: AnyStateMachine, events: readonly EventObject[], input?: unknown) {
  const [path] = testModelOf(machine).getPathsFromEvents([...events], { input, fromState: startOf(machine, input) });
  if (!path) throw new Error('the events do not form a path');
  for (const [index, step] of path.steps.entries()) {
    if (index > 0) expect(path.steps[index - 1]!.state.can(step.event), `event ${index} (${step.event.type}) is handled`).toBe(true);
  }
  return path;
}

/**
 * Drive a live actor of `live` (the machine provided with never-settling actors and spied actions) through a test
 * path of `createTestModel`, checking after every step that the actor is in the state the model predicted.
 */
export async function replay(live: AnyStateMachine, path: TestPath<AnyMachineSnapshot, EventObject>, input?: unknown) {
  const actor = createActor(live, { input }).start();
  const send = (step: { event: EventObject }) => {
    actor.send(step.event);
  };
  const types = new Set(path.steps.map((step) => step.event.type).filter((type) => type !== 'xstate.init'));
  await path.test({
    events: Object.fromEntries([...types].map((type) => [type, send])),
    states: { '*': (state) => expect(actor.getSnapshot().value).toEqual(state.value) },
  });
  return actor;
}
