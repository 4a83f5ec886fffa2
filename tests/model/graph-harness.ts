/**
 * Shared pieces of the model-based path tests (docs/architecture.md §Testing tiers: xstate/graph shortest and simple paths
 * with payload fixtures for every event, including `xstate.done.actor.<id>` / `xstate.error.actor.<id>`).
 *
 *  - `defineModel(machine, fixtures)`: the fixtures are KEYED BY EVENT TYPE and typed from the machine, so a new
 *    event in a machine's union, or a new invoke id in its `types.children`, does not compile until it has a
 *    fixture (the done event's output is typed from the child's logic). At run time it checks that every event
 *    type any state handles (delayed `xstate.after.*` events included) has a fixture and no fixture is stale.
 *    tests/model/coverage.test.ts fails when a machine of src/machines has no `defineModel` in a test.
 *  - Traversal (`shortestPaths`, `simplePaths`, `pathOf` …) runs the pure transition function: actions are not
 *    executed, invoked actors never settle, so a path moves only through the explicit done/error events.
 *  - `live(machine, …)` and `replay` drive a real actor with spied actions (`spyActions`) and actors that never
 *    settle (`pendingForever`, `pendingMutation`), checking every event is handled where it is sent.
 *
 * `createTestModel` refuses machines that invoke actors ("Invocations on test machines are not supported"), and
 * every machine here invokes its service calls, so the harness builds the same `TestModel` directly.
 * Paths of xstate/graph start with an `xstate.init` step and `steps[i].state` is the state after `steps[i].event`.
 */
import { expect, vi, type Mock } from 'vitest';
import {
  createActor,
  fromPromise,
  initialTransition,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type DoneActorEvent,
  type ErrorActorEvent,
  type EventFrom,
  type EventObject,
  type InputFrom,
  type OutputFrom,
  type SnapshotFrom,
  type StateMachine,
} from 'xstate';
import {
  getShortestPaths,
  getSimplePaths,
  getStateNodes,
  serializeSnapshot,
  TestModel,
  type StatePath,
  type TestPath,
} from 'xstate/graph';
import fs from 'node:fs';
import { ApiError, ContractError } from '../../src/services/http';
import { coverPath, coverStep, emptyCoverage, type Coverage } from './path-coverage';
import { confirmMutation, type MutationAnswer } from '../../src/machines/shared/confirm-mutation.machine';

// ---------------------------------------------------------------------------------------------------------------
// Fixtures keyed by event type

type OneOrMore<E> = E | readonly [E, ...E[]];
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ChildrenOf<M> =
  M extends StateMachine<any, any, infer C, any, any, any, any, any, any, any, any, any, any, any, any> ? C : never;
type ChildId<M> = keyof ChildrenOf<M> & string;
type OutputOfChild<M, K extends ChildId<M>> = OutputFrom<NonNullable<ChildrenOf<M>[K]>>;

/** One fixture (or several payloads) for every event of the machine's union. */
type UserFixtures<M extends AnyStateMachine> = { [K in EventFrom<M>['type']]: OneOrMore<EventFrom<M, K>> };
/** The done event of every invoked child whose output is a value (a callback actor has none), and every error event. */
type DoneFixtures<M> = {
  [K in ChildId<M> as undefined extends OutputOfChild<M, K> ? never : `xstate.done.actor.${K}`]: OneOrMore<
    DoneActorEvent<OutputOfChild<M, K>, K>
  >;
} & {
  [K in ChildId<M> as undefined extends OutputOfChild<M, K> ? `xstate.done.actor.${K}` : never]?: OneOrMore<
    DoneActorEvent<OutputOfChild<M, K>, K>
  >;
};
type ErrorFixtures<M> = { [K in ChildId<M> as `xstate.error.actor.${K}`]: OneOrMore<ErrorActorEvent<unknown, K>> };
/** Delayed transitions are not in the machine's types: the run-time check asks for them. */
type DelayFixtures = { [K in `xstate.after.${string}`]?: OneOrMore<EventObject> };

export type EventFixtures<M extends AnyStateMachine> = UserFixtures<M> &
  DoneFixtures<M> &
  ErrorFixtures<M> &
  DelayFixtures;

export interface Model<M extends AnyStateMachine> {
  machine: M;
  fixtures: EventFixtures<M>;
  /** Every fixture, flattened: the event set of a traversal. */
  events: EventObject[];
}

/** Every event type some state node of the machine handles (its own events, done/error of its invokes, delays). */
export function handledEventTypes(machine: AnyStateMachine): Set<string> {
  const types = new Set<string>();
  for (const node of [machine.root, ...getStateNodes(machine.root)]) {
    for (const type of node.ownEvents)
      if (type && type !== '*' && !type.startsWith('xstate.done.state.')) types.add(type);
  }
  return types;
}

/** The machine with its fixtures; throws (failing the test file) when a handled event has none or a fixture is stale. */
export function defineModel<M extends AnyStateMachine>(machine: M, fixtures: EventFixtures<M>): Model<M> {
  const entries = Object.entries(fixtures as Record<string, OneOrMore<EventObject> | undefined>).filter(
    (entry): entry is [string, OneOrMore<EventObject>] => entry[1] !== undefined,
  );
  const events = entries.flatMap(([, value]) =>
    Array.isArray(value) ? [...(value as EventObject[])] : [value as EventObject],
  );
  for (const [key, value] of entries) {
    for (const event of Array.isArray(value) ? (value as EventObject[]) : [value as EventObject]) {
      if (event.type !== key) throw new Error(`${machine.id}: the fixture under '${key}' is a '${event.type}' event`);
    }
  }
  const handled = handledEventTypes(machine);
  const keys = new Set(entries.map(([key]) => key));
  const missing = [...handled].filter((type) => !keys.has(type));
  if (missing.length) throw new Error(`${machine.id}: no fixture for the handled events ${missing.join(', ')}`);
  const stale = [...keys].filter((type) => !handled.has(type));
  if (stale.length) throw new Error(`${machine.id}: fixtures for events no state handles: ${stale.join(', ')}`);
  return { machine, fixtures, events };
}

/** The first (or `index`th) fixture of an event type. */
export function fixture<M extends AnyStateMachine, K extends keyof EventFixtures<M> & string>(
  model: Model<M>,
  type: K,
  index = 0,
): EventObject {
  const value = (model.fixtures as Record<string, OneOrMore<EventObject> | undefined>)[type];
  const event = Array.isArray(value)
    ? (value as EventObject[])[index]
    : index === 0
      ? (value as EventObject | undefined)
      : undefined;
  if (!event) throw new Error(`no fixture ${type}[${index}]`);
  return event;
}

// ---------------------------------------------------------------------------------------------------------------
// Outcomes of invoked actors

/** A promise actor that never resolves nor rejects: its outcome is whatever done/error event a path sends. */
export const pendingForever = <TOutput, TInput>() => fromPromise<TOutput, TInput>(() => new Promise<TOutput>(() => {}));

/** The shared confirm → mutate child whose call never settles (a parent's live test decides its outcome). */
export const pendingMutation = <TRequest, TAnswer extends MutationAnswer>() =>
  confirmMutation<TRequest, TAnswer>().provide({ actors: { mutate: pendingForever() } });

export const done = <const TId extends string, TOutput>(id: TId, output: TOutput): DoneActorEvent<TOutput, TId> => ({
  type: `xstate.done.actor.${id}`,
  output,
  actorId: id,
});
export const failed = <const TId extends string>(id: TId, error: unknown): ErrorActorEvent<unknown, TId> => ({
  type: `xstate.error.actor.${id}`,
  error,
  actorId: id,
});
export const after = <const TType extends `xstate.after.${string}`>(type: TType) => ({ type });

/** The errors a service call can throw (src/services/http.ts), for `failed` fixtures. */
export const apiError = (status: number, message: string, code?: string, fields?: string[]) =>
  new ApiError(status, message, code, fields);
export const contractError = (path: string) => new ContractError(path, ['success is required']);
/** What our server answers for a crash (server/app.ts): 500 with code `internal`. */
export const serverCrash = () => apiError(500, 'Something went wrong. Please try again later.', 'internal');

// ---------------------------------------------------------------------------------------------------------------
// Coverage: with PATHS_COVERAGE_FILE set (`npm run paths -- --coverage`), every path this harness computes or
// replays, and every event a live actor takes, is added to that file (JSON lines, one per machine and process).

const coverageFile = process.env.PATHS_COVERAGE_FILE;
function appendCoverage(machine: AnyStateMachine, add: (coverage: Coverage) => void) {
  if (!coverageFile) return;
  const coverage = emptyCoverage();
  add(coverage);
  fs.appendFileSync(
    coverageFile,
    JSON.stringify({ machine: machine.id, states: [...coverage.states], transitions: [...coverage.transitions] }) +
      '\n',
  );
}
function recorded<P extends { steps: ReadonlyArray<{ event: EventObject; state: AnyMachineSnapshot }> }>(
  machine: AnyStateMachine,
  paths: P[],
): P[] {
  appendCoverage(machine, (coverage) => {
    for (const path of paths) coverPath(machine, coverage, path.steps);
  });
  return paths;
}
function recordStep(
  machine: AnyStateMachine,
  before: AnyMachineSnapshot,
  event: EventObject,
  after: AnyMachineSnapshot,
) {
  appendCoverage(machine, (coverage) => coverStep(machine, coverage, before, event, after));
}

/**
 * xstate/graph's own traversals, recorded for `npm run paths -- --coverage` like the helpers below (for tests that
 * pass their own options: a start without input, their own serializer).
 */
export const recordedShortestPaths: typeof getShortestPaths = (machine, options) =>
  recorded(machine as unknown as AnyStateMachine, getShortestPaths(machine, options) as never);
export const recordedSimplePaths: typeof getSimplePaths = (machine, options) =>
  recorded(machine as unknown as AnyStateMachine, getSimplePaths(machine, options) as never);

// ---------------------------------------------------------------------------------------------------------------
// Traversal

/** Paths are typed loosely (any machine's snapshot) so one harness serves every machine. */
export type Path = StatePath<AnyMachineSnapshot, EventObject>;
export interface ExploreOptions {
  input?: unknown;
  filterEvents?: (snapshot: AnyMachineSnapshot, event: EventObject) => boolean;
  toState?: (snapshot: AnyMachineSnapshot) => boolean;
  fromState?: AnyMachineSnapshot;
  serializeState?: (snapshot: AnyMachineSnapshot) => string;
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

/** Shortest paths from the initial state (or `fromState`) to every distinct state (or to those `toState` accepts). */
export function shortestPaths(
  machine: AnyStateMachine,
  events: readonly EventObject[],
  options: ExploreOptions = {},
): Path[] {
  return recorded(
    machine,
    getShortestPaths(machine, { events, fromState: options.fromState ?? startOf(machine, options.input), ...options }),
  );
}

/** Every path without a repeated state (keep the event list small: their number grows fast). */
export function simplePaths(
  machine: AnyStateMachine,
  events: readonly EventObject[],
  options: ExploreOptions = {},
): Path[] {
  return recorded(
    machine,
    getSimplePaths(machine, { events, fromState: options.fromState ?? startOf(machine, options.input), ...options }),
  );
}

/** Ids of every state node of the machine (the root excluded), e.g. `team.inviteDialog.open.failed`. */
export const stateNodeIds = (machine: AnyStateMachine) => getStateNodes(machine.root).map((node) => node.id);

/** Ids of the state nodes active in at least one of the paths' end states. */
export function reachedStateNodeIds(paths: readonly Path[]) {
  const reached = new Set<string>();
  for (const path of paths) for (const node of path.state._nodes) reached.add(node.id);
  return reached;
}

/** State nodes no path reaches, leaving out transient ones (`always` only: never at rest). */
export function unreachedStateNodeIds(
  machine: AnyStateMachine,
  paths: readonly Path[],
  transient: readonly string[] = [],
) {
  const reached = reachedStateNodeIds(paths);
  return stateNodeIds(machine).filter((id) => !reached.has(id) && !transient.includes(id));
}

/** The event types of a path without the leading `xstate.init`: `eventTypes(p)[i]` led to `p.steps[i + 1].state`. */
export const eventTypes = (path: Path) =>
  path.steps.map((step) => step.event.type).filter((type) => type !== 'xstate.init');

/** The events of a path without the leading `xstate.init`. */
export const pathEvents = (path: Path) =>
  path.steps.map((step) => step.event).filter((event) => event.type !== 'xstate.init');

/** The shortest of the paths `toState` accepts (there is one per distinct context, so several may reach a state). */
export function shortestPathTo(
  machine: AnyStateMachine,
  events: readonly EventObject[],
  options: ExploreOptions & Required<Pick<ExploreOptions, 'toState'>>,
) {
  const paths = shortestPaths(machine, events, options);
  expect(paths.length, 'the target state is reachable').toBeGreaterThan(0);
  return paths.reduce((best, path) => (path.weight < best.weight ? path : best));
}

const testModelOf = (machine: AnyStateMachine) =>
  new TestModel<AnyMachineSnapshot, EventObject, unknown>(machine, {
    serializeState: (snapshot) => serializeSnapshot(snapshot),
  });

/** The one path the events take from the initial state (fails when an event is not accepted where it is sent). */
export function pathOf(machine: AnyStateMachine, events: readonly EventObject[], input?: unknown) {
  const [path] = testModelOf(machine).getPathsFromEvents([...events], { input, fromState: startOf(machine, input) });
  if (!path) throw new Error('the events do not form a path');
  recorded(machine, [path]);
  for (const [index, step] of path.steps.entries()) {
    if (index > 0)
      expect(path.steps[index - 1]!.state.can(step.event), `event ${index} (${step.event.type}) is handled`).toBe(true);
  }
  return path;
}

// ---------------------------------------------------------------------------------------------------------------
// Live actors with spies

export type Spies<TName extends string> = Record<TName, Mock>;

/** The machine with the named actions replaced by spies that record their params (or nothing, for plain actions). */
export function spyActions<M extends AnyStateMachine, const TName extends string>(machine: M, names: readonly TName[]) {
  const spies = Object.fromEntries(names.map((name) => [name, vi.fn()])) as Spies<TName>;
  const actions = Object.fromEntries(names.map((name) => [name, (_: unknown, params: unknown) => spies[name](params)]));
  return { machine: machine.provide({ actions } as never) as M, spies };
}

/**
 * A started actor of the machine (provide never-settling actors first) with the named actions spied. `send` sends
 * events one after the other, each checked to be handled in the state it meets, and returns the snapshot.
 */
export function live<M extends AnyStateMachine, const TName extends string>(
  machine: M,
  options: { input?: InputFrom<M>; spies?: readonly TName[] } = {},
) {
  const { machine: spied, spies } = spyActions(machine, options.spies ?? []);
  const actor = createActor(spied, { input: options.input } as never);
  actor.start();
  const send = (...events: ReadonlyArray<EventFrom<M> | EventObject>): SnapshotFrom<M> => {
    for (const event of events) {
      const before = actor.getSnapshot() as AnyMachineSnapshot;
      expect(before.can(event), `${event.type} is handled in ${JSON.stringify(before.value)}`).toBe(true);
      actor.send(event as never);
      recordStep(spied, before, event, actor.getSnapshot() as AnyMachineSnapshot);
    }
    return actor.getSnapshot() as SnapshotFrom<M>;
  };
  /** The messages the spied `notify` action showed, in order. */
  const notices = () =>
    ((spies as Partial<Spies<string>>).notify?.mock.calls ?? []).map(
      ([notice]) => (notice as { message: string }).message,
    );
  return { actor, spies, send, notices };
}

/**
 * Drive a live actor of `machine` (provided with never-settling actors and spied actions) through a test path,
 * checking after every step that the actor is in the state the model predicted.
 */
export async function replay(
  machine: AnyStateMachine,
  path: TestPath<AnyMachineSnapshot, EventObject>,
  input?: unknown,
) {
  const actor = createActor(machine, { input }).start();
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
