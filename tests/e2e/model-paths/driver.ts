/**
 * Model-based browser tests: a flow's machine paths (xstate/graph, the design card's `@xstate/graph` API in its
 * maintained home) driven through the real UI in Chromium against the real server.
 *
 * A flow declares one `FlowTable`: its machine, the traversals that produce paths (shortest paths to every state
 * of the page's projection, plus a few simple paths through important journeys), and a table that maps
 *   - every EVENT type the machine handles to a page-object action (`act`), and, for the outcome of a call
 *     (`xstate.done.actor.<id>` / `xstate.error.actor.<id>`), to a real outcome: `outcome()` holds the call's request
 *     from the step that starts it (so the in-flight state can be seen) and then lets the real server answer, or
 *     answers it with a 500 or a `success: false` body (Playwright `page.route`);
 *   - every atomic STATE node to an assertion in the page, given the state the machine predicts there.
 * `pathTests(table)` registers one Playwright test per de-duplicated path, named after its events; after each step
 * every active state's assertion runs. `tableProblems(table)` names the states and events without an entry (and
 * entries no path uses); the spec fails on any. A new path through a machine becomes a new browser test by itself.
 */
import { expect, test, type Page, type Request, type Route } from '@playwright/test';
import { initialTransition, transition, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate';
import { getShortestPaths, getSimplePaths, getStateNodes, type StatePath } from 'xstate/graph';

export type Path = StatePath<AnyMachineSnapshot, EventObject>;

/** What a test's page knows: the page and the flow's own data (throwaway accounts, reports…). */
export interface Ui {
  page: Page;
}

/** One event's entry; `TEvent` is the machine's event of that type (a table types its payload where it reads it). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface EventEntry<TUi extends Ui, TEvent extends EventObject = any> {
  /** Runs before the PREVIOUS step's action: e.g. hold the request that step sends. */
  arrange?: (ui: TUi, event: TEvent) => Promise<void>;
  /** The user's action, or the call's outcome coming in; `before` is the state the event is sent in. */
  act: (ui: TUi, event: TEvent, before: AnyMachineSnapshot) => Promise<void>;
  /** A short name of this event in test names (default: its type). */
  label?: (event: TEvent) => string;
}

/** Asserts that the page shows the predicted state; `via` is the event that led there (xstate.init at the start). */
export type StateCheck<TUi extends Ui> = (ui: TUi, state: AnyMachineSnapshot, via: EventObject) => Promise<void>;
/** `always`-only states are never at rest: they need no assertion, but must say so. */
export const TRANSIENT = 'transient' as const;

export interface Traversal<TUi extends Ui> {
  name: string;
  input: unknown;
  /** Opens the page: the `xstate.init` step. */
  open: (ui: TUi) => Promise<void>;
  /** The event set (payload fixtures) of this traversal; for a journey, its events in order. */
  events: readonly EventObject[];
  /** Shortest paths to every state of the projection, simple paths (to `toState`), or one journey as written. */
  kind: 'shortest' | 'simple' | 'journey';
  filterEvents?: (state: AnyMachineSnapshot, event: EventObject) => boolean;
  toState?: (state: AnyMachineSnapshot) => boolean;
}

export interface FlowTable<TUi extends Ui> {
  flow: string;
  machine: AnyStateMachine;
  /** The page's projection of a snapshot: states the UI cannot tell apart share a key (keeps the graph small). */
  serialize: (state: AnyMachineSnapshot) => string;
  /** Signs in and makes the throwaway data the path's events need; runs at the start of every test. */
  setup: (page: Page, events: readonly EventObject[]) => Promise<TUi>;
  traversals: readonly Traversal<TUi>[];
  events: Record<string, EventEntry<TUi>>;
  states: Record<string, StateCheck<TUi> | typeof TRANSIENT>;
  /** Removes what the test made that could outlive it (e.g. reports its runs saved). */
  teardown?: (ui: TUi) => Promise<void>;
  /** A path's test timeout (long journeys on a busy 2-core machine). */
  timeout?: number;
}

/**
 * Whether `table` is the table of `machine`: its machine itself, or the same chart with some placeholders provided
 * (`machine.provide({ guards })`: a guard the page decides, such as "a token is stored", read from a traversal's input).
 */
export const isTableOf = (table: { machine: AnyStateMachine }, machine: AnyStateMachine) =>
  table.machine === machine || table.machine.config === machine.config;

// ---------------------------------------------------------------------------------------------------------------
// Outcomes of calls: hold the request, then answer

type Answer = 'server' | 'abort' | { status: number; json: unknown };
interface Gate {
  release: (answer: Answer) => void;
  answered: Promise<void>;
  /** Removes the handler once its request is answered, so the next gate of the same URL is the only one left. */
  unroute: () => Promise<void>;
}
const gates = new WeakMap<Page, Map<string, Gate>>();
const gatesOf = (page: Page) => {
  let map = gates.get(page);
  if (!map) gates.set(page, (map = new Map()));
  return map;
};

/**
 * Holds the `method` requests to a URL matching `url` until `releaseRequest` answers them: the call the next step
 * sends (and its repeat, when a view re-mounts and asks again), so the in-flight state stays to be seen.
 */
async function holdRequest(page: Page, key: string, url: RegExp, method: string) {
  let release!: (answer: Answer) => void;
  const decided = new Promise<Answer>((resolve) => (release = resolve));
  let answeredResolve!: () => void;
  const answered = new Promise<void>((resolve) => (answeredResolve = resolve));
  // Requests that come before the first answer is given all get it (the call and its repeat when a view re-mounts,
  // or a page slow to send it after the release); later ones go to the server.
  let settled = false;
  const handler = async (route: Route, request: Request) => {
    if (settled || request.method() !== method) return route.fallback();
    const answer = await decided;
    try {
      if (answer === 'server') await route.continue();
      else if (answer === 'abort') await route.abort();
      else
        await route.fulfill({
          status: answer.status,
          contentType: 'application/json',
          body: JSON.stringify(answer.json),
        });
    } catch {
      // The page went away while the request was held (the end of a test): nothing to answer.
    } finally {
      settled = true;
      answeredResolve();
    }
  };
  // Never unrouted while a request waits (unroute would let it through); once answered the handler falls back, and
  // once its request is answered it is removed (a stale handler of the same URL must never see the next gate's call).
  await page.route(url, handler);
  gatesOf(page).set(key, { release, answered, unroute: () => page.unroute(url, handler) });
}

async function releaseRequest(page: Page, key: string, answer: Answer) {
  const gate = gatesOf(page).get(key);
  if (!gate) throw new Error(`no request held for ${key}: the step before this outcome did not arrange it`);
  gatesOf(page).delete(key);
  gate.release(answer);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`the page never sent the held request ${key}`)), 20_000)),
  );
  await Promise.race([gate.answered, late]).finally(() => clearTimeout(timer));
  await gate.unroute();
}

/** A call's outcome events, as the machine receives them (their payload decides the answer the route gives). */
export const doneEvent = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output, actorId: id });
export const crashEvent = (id: string) => ({ type: `xstate.error.actor.${id}`, error: new Error('500'), actorId: id });

/** The common answers of our API for a failed call. */
export const answers = {
  server: 'server' as Answer,
  crash: {
    status: 500,
    json: { success: false, message: 'Something went wrong. Please try again later.', code: 'internal' },
  } as Answer,
  refused: (message?: string): Answer => ({
    status: 200,
    json: message === undefined ? { success: false } : { success: false, message },
  }),
};

/**
 * The outcome of a call as an event entry: the request (method + URL pattern) is held from the step before, and the
 * event's payload decides the answer: the real server's, a crash (500) or a refusal (`success: false`).
 */
export function outcome<TUi extends Ui>(
  request: { method: string; url: RegExp },
  answer: (event: EventObject) => Answer,
  label?: (event: EventObject) => string,
): EventEntry<TUi> {
  const key = `${request.method} ${request.url.source}`;
  return {
    arrange: (ui) => holdRequest(ui.page, key, request.url, request.method),
    act: (ui, event) => releaseRequest(ui.page, key, answer(event)),
    label,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Paths

/** Every event type some state node handles (its own, done/error of its invokes), like the model tier's harness. */
export function handledEventTypes(machine: AnyStateMachine): string[] {
  const types = new Set<string>();
  for (const node of [machine.root, ...getStateNodes(machine.root)]) {
    for (const type of node.ownEvents)
      if (type && type !== '*' && !type.startsWith('xstate.done.state.')) types.add(type);
  }
  return [...types].sort();
}

const atomicNodes = (machine: AnyStateMachine) =>
  getStateNodes(machine.root).filter((node) => node.type === 'atomic' || node.type === 'final');

/** A journey's one path, step by step through the pure transition function (each event must be handled where sent). */
function journey(
  machine: AnyStateMachine,
  fromState: AnyMachineSnapshot,
  traversal: { name: string; events: readonly EventObject[] },
): Path {
  const steps: Path['steps'] = [{ event: { type: 'xstate.init' }, state: fromState }];
  let state = fromState;
  for (const event of traversal.events) {
    if (!state.can(event))
      throw new Error(`journey '${traversal.name}': ${event.type} is not handled in ${JSON.stringify(state.value)}`);
    [state] = transition(machine, state, event);
    steps.push({ event, state });
  }
  return { state, steps, weight: steps.length };
}

const eventKey = (event: EventObject) =>
  JSON.stringify(event, (_, value: unknown) => (value instanceof Error ? `Error(${value.message})` : value));

export interface NamedPath<TUi extends Ui> {
  name: string;
  traversal: Traversal<TUi>;
  path: Path;
}

/** The paths of every traversal, without duplicates and without paths that are the start of a longer one. */
export function flowPaths<TUi extends Ui>(table: FlowTable<TUi>): NamedPath<TUi>[] {
  const all: NamedPath<TUi>[] = [];
  for (const traversal of table.traversals) {
    const [fromState] = initialTransition(table.machine, traversal.input);
    const options = {
      events: traversal.events,
      fromState,
      filterEvents: traversal.filterEvents,
      toState: traversal.toState,
      serializeState: (state: AnyMachineSnapshot) => table.serialize(state),
    };
    const found =
      traversal.kind === 'journey'
        ? []
        : ((traversal.kind === 'shortest'
            ? getShortestPaths(table.machine, options)
            : getSimplePaths(table.machine, options)) as Path[]);
    const eventLists =
      traversal.kind === 'journey'
        ? [traversal.events]
        : found.map((path) => path.steps.slice(1).map((step) => step.event));
    // The graph keeps one snapshot per projection key, so a found path's steps may carry another path's context:
    // each path is replayed to get the snapshots it really goes through (checking each event is handled there).
    for (const events of eventLists)
      all.push({ name: '', traversal, path: journey(table.machine, fromState, { name: traversal.name, events }) });
  }
  const keyOf = (p: NamedPath<TUi>) => [p.traversal.name, ...p.path.steps.slice(1).map((step) => eventKey(step.event))];
  const keys = all.map(keyOf);
  const isPrefix = (a: string[], b: string[]) => a.length < b.length && a.every((part, i) => part === b[i]);
  const seen = new Set<string>();
  const kept = all.filter((_, i) => {
    const key = keys[i]!.join('\u0000');
    if (seen.has(key) || keys.some((other, j) => j !== i && isPrefix(keys[i]!, other))) return false;
    seen.add(key);
    return true;
  });
  const names = new Map<string, number>();
  return kept.map((p) => {
    const events = p.path.steps.slice(1).map((step) => labelOf(table, step.event));
    const base = `${table.flow} › ${p.traversal.name}: ${events.length ? events.join(' → ') : '(opens)'}`;
    const n = (names.get(base) ?? 0) + 1;
    names.set(base, n);
    return { ...p, name: n === 1 ? base : `${base} #${n}` };
  });
}

function labelOf<TUi extends Ui>(table: FlowTable<TUi>, event: EventObject) {
  const entry = table.events[event.type];
  return (
    entry?.label?.(event) ??
    event.type.replace(/^xstate\.(done|error)\.actor\./, (_, kind: string) => (kind === 'done' ? 'done:' : 'error:'))
  );
}

/** Table problems: states and events without an entry, entries for nothing, and states or events no path visits. */
export function tableProblems<TUi extends Ui>(
  table: FlowTable<TUi>,
  paths: readonly NamedPath<TUi>[] = flowPaths(table),
): string[] {
  const problems: string[] = [];
  const stateIds = atomicNodes(table.machine).map((node) => node.id);
  const eventTypes = handledEventTypes(table.machine);
  for (const id of stateIds) if (!(id in table.states)) problems.push(`state ${id} has no entry`);
  for (const type of eventTypes) if (!(type in table.events)) problems.push(`event ${type} has no entry`);
  for (const id of Object.keys(table.states))
    if (!stateIds.includes(id)) problems.push(`state entry ${id} names no atomic state`);
  for (const type of Object.keys(table.events))
    if (!eventTypes.includes(type)) problems.push(`event entry ${type} names no handled event`);
  for (const node of atomicNodes(table.machine)) {
    if (table.states[node.id] === TRANSIENT && !node.always?.length)
      problems.push(`state ${node.id} is marked transient but has no always transition`);
  }
  const visited = new Set<string>();
  const used = new Set<string>();
  for (const { path } of paths) {
    for (const step of path.steps) {
      for (const node of step.state._nodes) visited.add(node.id);
      used.add(step.event.type);
    }
  }
  for (const id of stateIds)
    if (table.states[id] !== TRANSIENT && !visited.has(id)) problems.push(`state ${id} is on no path`);
  for (const type of eventTypes) if (!used.has(type)) problems.push(`event ${type} is on no path`);
  return problems;
}

// ---------------------------------------------------------------------------------------------------------------
// Running a path in the browser

async function checkState<TUi extends Ui>(table: FlowTable<TUi>, ui: TUi, state: AnyMachineSnapshot, via: EventObject) {
  for (const node of state._nodes) {
    if (node.type !== 'atomic' && node.type !== 'final') continue;
    const check = table.states[node.id];
    if (check === undefined) throw new Error(`state ${node.id} has no entry in the ${table.flow} table`);
    if (check === TRANSIENT) throw new Error(`state ${node.id} is marked transient but the path rests in it`);
    await check(ui, state, via);
  }
}

export async function runPath<TUi extends Ui>(table: FlowTable<TUi>, page: Page, named: NamedPath<TUi>) {
  const steps = named.path.steps;
  const ui = await table.setup(
    page,
    steps.map((step) => step.event),
  );
  // A path that ends while a call is under way: hold that call too, so the in-flight state stays to be seen.
  const last = steps.at(-1)!.state;
  const pending = table.traversals
    .flatMap((traversal) => traversal.events)
    .find((event) => table.events[event.type]?.arrange && last.can(event));
  try {
    for (const [index, step] of steps.entries()) {
      const next = steps[index + 1] ?? (pending ? { event: pending } : undefined);
      const title = index === 0 ? `open (${named.traversal.name})` : labelOf(table, step.event);
      await test.step(`${title} ⇒ ${JSON.stringify(step.state.value)}`, async () => {
        if (next) await table.events[next.event.type]?.arrange?.(ui, next.event);
        if (index === 0) await named.traversal.open(ui);
        else await table.events[step.event.type]!.act(ui, step.event, steps[index - 1]!.state);
        await checkState(table, ui, step.state, step.event);
      });
    }
  } finally {
    // A request still held (a path ending in flight) is aborted: the page closes cleanly and nothing is written.
    const held = gatesOf(page);
    for (const key of held.keys()) held.get(key)!.release('abort');
    held.clear();
    await table.teardown?.(ui);
  }
}

/** Registers one Playwright test per path of the flow, and one that checks the table is complete. */
export function pathTests<TUi extends Ui>(table: FlowTable<TUi>) {
  const paths = flowPaths(table);
  test.describe(`${table.flow} machine paths in the browser`, () => {
    // One worker runs a flow's paths in order, on one server (the flows may share its data).
    test.describe.configure({ mode: 'default' });
    test('the table has an entry for every state and event, and every one is on a path', () => {
      expect(tableProblems(table, paths)).toEqual([]);
      expect(paths.length).toBeGreaterThan(0);
    });
    for (const named of paths) {
      test(named.name, async ({ page }) => {
        if (table.timeout) test.setTimeout(table.timeout);
        await runPath(table, page, named);
      });
    }
  });
}
