/**
 * The statechart of a machine as a plain tree for the flow panel's diagram (nested boxes), read from `machine.root`,
 * and which of its nodes a state value makes active. Nodes are identified by their path of keys ("signedIn.ready"),
 * which custom state ids do not change.
 */
import type { AnyStateMachine, AnyStateNode, StateValue } from 'xstate';

export interface ChartNode {
  /** Dot-joined path of state keys from the root; '' for the root. */
  path: string;
  key: string;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  /** The parent's initial state. */
  initial: boolean;
  /** Ids of the actors this state invokes. */
  invokes: string[];
  /** Event types this state handles itself (not inherited), `xstate.*` internals left out. */
  events: string[];
  children: ChartNode[];
}

function toChartNode(node: AnyStateNode, initialKey: string | undefined): ChartNode {
  const ownInitial = typeof node.config.initial === 'string' ? node.config.initial : undefined;
  return {
    path: node.path.join('.'),
    key: node.key,
    type: node.type,
    initial: initialKey !== undefined && node.key === initialKey,
    invokes: node.invoke.map((invoke) => invoke.id),
    events: [...new Set(node.ownEvents.map(String))].filter((type) => !type.startsWith('xstate.')),
    children: (Object.values(node.states) as AnyStateNode[]).map((child) => toChartNode(child, ownInitial)),
  };
}

/** The machine's state nodes as a tree, root first. */
export function statechartOf(machine: AnyStateMachine): ChartNode {
  return toChartNode(machine.root, undefined);
}

/** Paths of the active state nodes for a state value ('' is the root, always active). */
export function activePaths(value: StateValue | null | undefined): Set<string> {
  const active = new Set<string>(['']);
  const walk = (current: StateValue, prefix: string) => {
    if (typeof current === 'string') {
      active.add(prefix + current);
      return;
    }
    for (const [key, child] of Object.entries(current)) {
      active.add(prefix + key);
      if (child !== undefined) walk(child, `${prefix}${key}.`);
    }
  };
  if (value !== null && value !== undefined) walk(value, '');
  return active;
}

/** "signedIn.ready", or every active leaf ("p.a.x, p.b.y") when regions run in parallel. */
export function describeStateValue(value: StateValue | null | undefined): string {
  if (value === null || value === undefined) return '—';
  const leaves: string[] = [];
  const walk = (current: StateValue, prefix: string) => {
    if (typeof current === 'string') return void leaves.push(prefix + current);
    const entries = Object.entries(current);
    if (entries.length === 0 && prefix) leaves.push(prefix.slice(0, -1));
    for (const [key, child] of entries) {
      if (child === undefined) leaves.push(prefix + key);
      else walk(child, `${prefix}${key}.`);
    }
  };
  walk(value, '');
  return leaves.join(', ');
}
