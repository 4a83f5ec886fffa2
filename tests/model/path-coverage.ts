/**
 * What a set of paths covers of a machine: its state nodes and its transitions (docs/engineering/machine-paths.md).
 *
 * A transition is one transition definition of the chart: a state node, the event it handles there (its own events,
 * `xstate.done.actor.<id>` / `xstate.error.actor.<id>` of its invokes, `xstate.after.*` delays) and, when several
 * definitions handle the same event (guards), its position among them. A step covers the definitions the machine
 * really selects for that event in that snapshot (`machine.getTransitionData`, guards evaluated). Eventless
 * (`always`) transitions are not counted: no path sends them.
 *
 * Used by the model tier's harness (tests/model/graph-harness.ts records the paths it computes and replays when
 * PATHS_COVERAGE_FILE is set) and by `npm run paths` (scripts/paths.ts), for the browser tables too.
 * No test framework import: plain functions over xstate.
 */
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, EventObject } from 'xstate';
import { getStateNodes } from 'xstate/graph';

export interface TransitionInfo {
  /** `<source state id> <event type>#<n>` */
  key: string;
  source: string;
  event: string;
  /** Target state ids (empty for a targetless transition: actions only, or a context change). */
  targets: string[];
  guard?: string;
}

const guardName = (guard: unknown) =>
  guard ? (typeof guard === 'string' ? guard : ((guard as { type?: string }).type ?? 'guard')) : undefined;

/** Every event-driven transition definition of the machine. */
export function transitionsOf(machine: AnyStateMachine): TransitionInfo[] {
  const all: TransitionInfo[] = [];
  for (const node of [machine.root, ...getStateNodes(machine.root)] as AnyStateNode[]) {
    for (const [event, definitions] of node.transitions) {
      if (!event || event === '*') continue;
      definitions.forEach((definition, n) => {
        all.push({
          key: `${node.id} ${event}#${n}`,
          source: node.id,
          event,
          targets: (definition.target ?? []).map((target) => target.id),
          guard: guardName(definition.guard),
        });
      });
    }
  }
  return all;
}

/** Every state node id (the root left out), e.g. `team.inviteDialog.open.failed`. */
export const stateIdsOf = (machine: AnyStateMachine) => getStateNodes(machine.root).map((node) => node.id);

type Definition = ReturnType<AnyStateMachine['getTransitionData']>[number];

function selectedTransitions(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: EventObject): Definition[] {
  try {
    return machine.getTransitionData(snapshot as never, event as never) ?? [];
  } catch {
    return [];
  }
}

const keyOf = (definition: Definition) => {
  const source = definition.source as AnyStateNode;
  const n = (source.transitions.get(definition.eventType) ?? []).indexOf(definition);
  return `${source.id} ${definition.eventType}#${Math.max(n, 0)}`;
};

/** The keys of the transitions `event` takes in `snapshot` (none when it is not handled there). */
export const takenTransitions = (
  machine: AnyStateMachine,
  snapshot: AnyMachineSnapshot,
  event: EventObject,
): string[] => selectedTransitions(machine, snapshot, event).map(keyOf);

/**
 * The state nodes a step into `node` enters: the node, its ancestors, and (compound or parallel) its initial
 * descendants. Transient (`always`) states are entered and left in one step, never at rest in a snapshot: this is
 * how they count as reached.
 */
function entered(node: AnyStateNode, into: Set<string>, rootId: string) {
  for (let up: AnyStateNode | undefined = node; up && up.id !== rootId; up = up.parent) into.add(up.id);
  const down = (n: AnyStateNode) => {
    into.add(n.id);
    const children = Object.values(n.states) as AnyStateNode[];
    if (n.type === 'parallel') children.forEach(down);
    else if (n.type === 'compound') {
      const initial = n.initial?.target?.[0] as AnyStateNode | undefined;
      if (initial) down(initial);
    }
  };
  if (node.id !== rootId) down(node);
}

export interface Coverage {
  states: Set<string>;
  transitions: Set<string>;
}

export const emptyCoverage = (): Coverage => ({ states: new Set(), transitions: new Set() });

/** Adds one step: the snapshot it leaves, the event, the snapshot it reaches. */
export function coverStep(
  machine: AnyStateMachine,
  coverage: Coverage,
  before: AnyMachineSnapshot | undefined,
  event: EventObject,
  after: AnyMachineSnapshot,
) {
  for (const node of after._nodes as AnyStateNode[]) if (node.id !== machine.id) coverage.states.add(node.id);
  if (!before) {
    // The start: the machine enters its initial states (a transient one among them is left at once).
    for (const child of [machine.root.initial?.target?.[0]].filter(Boolean) as AnyStateNode[])
      entered(child, coverage.states, machine.id);
    return;
  }
  for (const definition of selectedTransitions(machine, before, event)) {
    coverage.transitions.add(keyOf(definition));
    for (const target of (definition.target ?? []) as AnyStateNode[]) entered(target, coverage.states, machine.id);
  }
}

/** Adds a path (xstate/graph: steps[0] is `xstate.init`, steps[i].state is the state after steps[i].event). */
export function coverPath(
  machine: AnyStateMachine,
  coverage: Coverage,
  steps: ReadonlyArray<{ event: EventObject; state: AnyMachineSnapshot }>,
) {
  steps.forEach((step, i) =>
    coverStep(machine, coverage, i === 0 ? undefined : steps[i - 1]!.state, step.event, step.state),
  );
}

export const percent = (part: number, whole: number) =>
  whole === 0 ? '100 %' : `${Math.floor((100 * part) / whole)} %`;
