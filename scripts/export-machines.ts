/**
 * `npm run machines:export`: writes every machine of src/machines as JSON (its definition, for the Stately
 * visualizer) and as a Mermaid state diagram into machines-export/ (or the folder given as the first argument).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { getStateNodes } from 'xstate/graph';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.resolve(process.argv[2] ?? path.join(root, 'machines-export'));

function findMachineFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return findMachineFiles(full);
    return entry.name.endsWith('.machine.ts') ? [full] : [];
  });
}

const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === 'object' &&
  value !== null &&
  'root' in value &&
  'config' in value &&
  typeof (value as AnyStateMachine).transition === 'function';

const label = (node: AnyStateNode) => node.id.replace(/\./g, '_').replace(/[^A-Za-z0-9_]/g, '_');
const shortEvent = (eventType: string) =>
  eventType.replace(/^xstate\.(done|error)\.actor\./, (_m, kind: string) => `${kind}: `);

/** Covered parts of a machine to mark in the diagram: state ids, and transition keys `<state id> <event>#<n>`. */
export interface MermaidMarks {
  states: ReadonlySet<string>;
  transitions: ReadonlySet<string>;
}

/**
 * Mermaid stateDiagram-v2 of a machine: nested states as composite states, every transition with its event. With
 * `marks` (`npm run paths -- <flow> --mermaid`), a covered transition's label ends in ✓ and an uncovered one's in
 * ✗, targetless transitions are listed as notes, and covered states are drawn in the `covered` class.
 */
export function toMermaid(machine: AnyStateMachine, marks?: MermaidMarks): string {
  const lines = ['stateDiagram-v2'];
  const walk = (node: AnyStateNode, indent: string) => {
    const children = Object.values(node.states) as AnyStateNode[];
    if (node.initial && children.length) {
      const initialKey = node.config.initial as string | undefined;
      const initial = initialKey ? node.states[initialKey] : undefined;
      if (initial) lines.push(`${indent}[*] --> ${label(initial)}`);
    }
    for (const child of children) {
      const grand = Object.values(child.states);
      if (grand.length) {
        lines.push(`${indent}state ${label(child)} {`);
        walk(child, indent + '  ');
        lines.push(`${indent}}`);
      } else {
        lines.push(`${indent}state "${child.key}" as ${label(child)}`);
      }
      if (child.type === 'final') lines.push(`${indent}${label(child)} --> [*]`);
    }
  };
  walk(machine.root, '  ');
  const guardOf = (guard: unknown) =>
    guard ? ` [${typeof guard === 'string' ? guard : ((guard as { type?: string }).type ?? 'guard')}]` : '';
  const mark = (node: AnyStateNode, eventType: string, definition: unknown) => {
    if (!marks || !eventType) return '';
    const n = (node.transitions.get(eventType) ?? []).indexOf(definition as never);
    return marks.transitions.has(`${node.id} ${eventType}#${n}`) ? ' ✓' : ' ✗';
  };
  const visit = (node: AnyStateNode) => {
    const edges = [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
    for (const transition of edges) {
      const event = transition.eventType ? shortEvent(transition.eventType) : 'always';
      const suffix = mark(node, transition.eventType, transition);
      for (const target of transition.target ?? []) {
        lines.push(`  ${label(node)} --> ${label(target)}: ${event}${guardOf(transition.guard)}${suffix}`);
      }
      if (marks && !transition.target?.length && node !== machine.root) {
        lines.push(`  note right of ${label(node)}: ${event}${guardOf(transition.guard)} (stays)${suffix}`);
      }
      if (marks && !transition.target?.length && node === machine.root)
        lines.push(`  %% on ${event}${guardOf(transition.guard)} (machine-wide, stays)${suffix}`);
    }
    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child);
  };
  visit(machine.root);
  if (marks) {
    lines.push('  classDef covered fill:#d7f5dd,stroke:#1a7f37');
    const covered = (getStateNodes(machine.root) as AnyStateNode[]).filter((node) => marks.states.has(node.id));
    if (covered.length) lines.push(`  class ${covered.map(label).join(',')} covered`);
  }
  return lines.join('\n') + '\n';
}

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  const files = findMachineFiles(path.join(root, 'src/machines')).sort();
  let count = 0;
  for (const file of files) {
    const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const machine of Object.values(module).filter(isMachine)) {
      const id = machine.id;
      fs.writeFileSync(path.join(outDir, `${id}.json`), JSON.stringify(machine.definition, null, 2));
      fs.writeFileSync(path.join(outDir, `${id}.mmd`), toMermaid(machine));
      console.log(`${path.relative(root, file)} → ${id}.json, ${id}.mmd`);
      count++;
    }
  }
  console.log(`${count} machines exported to ${path.relative(process.cwd(), outDir) || '.'}`);
  if (count === 0) process.exit(1);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
