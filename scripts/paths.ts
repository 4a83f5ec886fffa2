/**
 * `npm run paths -- <flow>`: a machine's paths as the browser tests run them (docs/engineering/machine-paths.md).
 *
 *   npm run paths -- team                 every path of the flow's browser table (tests/e2e/model-paths): one block
 *                                         per test, named as Playwright names it, each step's event (and how its
 *                                         call is answered: ✓ real server, refused = `success: false`, 500) and the
 *                                         state the page must then show; shortest paths and declared journeys alike
 *   npm run paths -- team --mermaid       the statechart (Mermaid stateDiagram-v2) with the browser's transitions
 *                                         marked ✓ (covered) or ✗ (not), covered states in the `covered` class
 *   npm run paths -- --coverage           for every machine: states and transitions covered by the model tier
 *                                         (runs `vitest --project model` with PATHS_COVERAGE_FILE, ~1 min) and by the
 *                                         browser tables; `--coverage --no-model` skips the model tier's run
 *   npm run paths -- --list               the flows (folders of src/machines) and whether each has a browser table
 *
 * <flow> is the machine's folder under src/machines (team, report-builder, add-app …), or a table's `flow` name.
 * Exit code 1 when a flow is unknown, or (with --coverage) when a machine has no browser table or a state the
 * browser never reaches.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, EventObject } from 'xstate';
import { toMermaid } from './export-machines';
import { flowTables } from '../tests/e2e/model-paths/tables';
import { flowPaths, isTableOf, tableProblems, type FlowTable, type Ui } from '../tests/e2e/model-paths/driver';
import {
  coverPath,
  emptyCoverage,
  percent,
  stateIdsOf,
  transitionsOf,
  type Coverage,
} from '../tests/model/path-coverage';

const root = path.resolve(import.meta.dirname, '..');

interface Flow {
  /** The folder under src/machines (shared machines: the file's name). */
  name: string;
  file: string;
  machine: AnyStateMachine;
  table?: FlowTable<Ui>;
}

const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === 'object' &&
  value !== null &&
  'root' in value &&
  'config' in value &&
  typeof (value as AnyStateMachine).transition === 'function';

function machineFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return machineFiles(full);
    return entry.name.endsWith('.machine.ts') ? [full] : [];
  });
}

async function loadFlows(): Promise<Flow[]> {
  const flows: Flow[] = [];
  for (const file of machineFiles(path.join(root, 'src/machines')).sort()) {
    const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const machine of Object.values(module).filter(isMachine)) {
      const name = path.basename(file, '.machine.ts');
      flows.push({
        name,
        file: path.relative(root, file),
        machine,
        table: flowTables.find((table) => isTableOf(table, machine)),
      });
    }
  }
  return flows;
}

const shortEvent = (type: string) =>
  type.replace(/^xstate\.(done|error)\.actor\./, (_, kind: string) => (kind === 'done' ? 'done:' : 'error:'));
const atomicIds = (state: AnyMachineSnapshot) =>
  (state._nodes as AnyStateNode[])
    .filter((node) => node.type === 'atomic' || node.type === 'final')
    .map((node) => node.id);

function labelOf(table: FlowTable<Ui>, event: EventObject) {
  return table.events[event.type]?.label?.(event as never) ?? shortEvent(event.type);
}

/** The payload of an event, short: what distinguishes one fixture of a type from another. */
function payloadOf(event: EventObject) {
  const { type: _type, actorId: _actorId, ...rest } = event as EventObject & { actorId?: string };
  if (!Object.keys(rest).length) return '';
  const text = JSON.stringify(rest, (_, value: unknown) =>
    value instanceof Error ? `Error(${value.message})` : value,
  );
  return text.length > 110 ? ` ${text.slice(0, 107)}…` : ` ${text}`;
}

function printPaths(flow: Flow) {
  const table = flow.table;
  console.log(`${flow.name}: ${flow.file} (machine '${flow.machine.id}')`);
  if (!table) {
    console.log('\n  No browser table yet: see docs/engineering/machine-paths.md, section 3 "The browser table".');
    console.log(`  States: ${stateIdsOf(flow.machine).join(', ')}`);
    console.log(`  Events: ${[...new Set(transitionsOf(flow.machine).map((t) => t.event))].sort().join(', ')}`);
    return;
  }
  const paths = flowPaths(table);
  console.log(`browser table: tests/e2e/model-paths (flow '${table.flow}'), ${paths.length} tests\n`);
  for (const traversal of table.traversals) {
    const mine = paths.filter((p) => p.traversal === traversal);
    const kind =
      traversal.kind === 'journey' ? 'journey (declared, as written)' : `${traversal.kind} paths from xstate/graph`;
    console.log(`■ ${traversal.name}: ${kind}, input ${JSON.stringify(traversal.input)}`);
    if (!mine.length)
      console.log('  (every path of it is the start of a longer one, or a duplicate: no test of its own)');
    for (const named of mine) {
      console.log(`  ▸ ${named.name}`);
      named.path.steps.forEach((step, i) => {
        const event = i === 0 ? 'open' : `${labelOf(table, step.event)}${payloadOf(step.event)}`;
        console.log(`     ${String(i).padStart(2)}. ${event}\n         ⇒ ${atomicIds(step.state).join(' + ')}`);
      });
    }
    console.log('');
  }
  const problems = tableProblems(table, paths);
  console.log(
    problems.length
      ? `Table problems (the completeness test fails):\n  ${problems.join('\n  ')}`
      : 'Table complete: every state and event has an entry and is on a path.',
  );
  const coverage = browserCoverage(table);
  const transitions = transitionsOf(flow.machine);
  const states = stateIdsOf(flow.machine);
  console.log(
    `Browser coverage: states ${count(coverage.states, states)}, transitions ${count(
      coverage.transitions,
      transitions.map((t) => t.key),
    )}` +
      uncovered(
        coverage.transitions,
        transitions.map((t) => t.key),
        'transitions never taken',
      ),
  );
}

function browserCoverage(table: FlowTable<Ui>): Coverage {
  const coverage = emptyCoverage();
  for (const named of flowPaths(table)) coverPath(table.machine, coverage, named.path.steps);
  return coverage;
}

const covered = (have: ReadonlySet<string>, all: readonly string[]) => all.filter((id) => have.has(id)).length;
const count = (have: ReadonlySet<string>, all: readonly string[]) =>
  `${covered(have, all)}/${all.length} (${percent(covered(have, all), all.length)})`;
const uncovered = (have: ReadonlySet<string>, all: readonly string[], what: string) => {
  const missing = all.filter((id) => !have.has(id));
  return missing.length ? `\n  ${what}:\n    ${missing.join('\n    ')}` : '';
};

/** Runs the model tier with PATHS_COVERAGE_FILE and reads what its harness recorded, per machine id. */
function modelCoverage(): Map<string, Coverage> | undefined {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'paths-')), 'model.jsonl');
  fs.writeFileSync(file, '');
  console.error('running the model tier (npx vitest run --project model) to record its paths…');
  const run = spawnSync('npx', ['vitest', 'run', '--project', 'model', '--reporter=dot'], {
    cwd: root,
    env: { ...process.env, PATHS_COVERAGE_FILE: file },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (run.status !== 0)
    console.error(`the model tier failed (exit ${run.status}): its coverage below is what it recorded before`);
  const byMachine = new Map<string, Coverage>();
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line) continue;
    const { machine, states, transitions } = JSON.parse(line) as {
      machine: string;
      states: string[];
      transitions: string[];
    };
    const coverage = byMachine.get(machine) ?? emptyCoverage();
    for (const id of states) coverage.states.add(id);
    for (const key of transitions) coverage.transitions.add(key);
    byMachine.set(machine, coverage);
  }
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  return byMachine;
}

function printCoverage(flows: Flow[], withModel: boolean) {
  const model = withModel ? modelCoverage() : undefined;
  const rows = flows.map((flow) => {
    const states = stateIdsOf(flow.machine);
    const transitions = transitionsOf(flow.machine).map((t) => t.key);
    const m = model?.get(flow.machine.id);
    const b = flow.table ? browserCoverage(flow.table) : undefined;
    return {
      flow,
      states,
      transitions,
      b,
      cells: [
        flow.name,
        String(states.length),
        String(transitions.length),
        model ? (m ? count(m.states, states) : '0') : '-',
        model ? (m ? count(m.transitions, transitions) : '0') : '-',
        b ? count(b.states, states) : 'no table',
        b ? count(b.transitions, transitions) : 'no table',
      ],
    };
  });
  const head = [
    'machine',
    'states',
    'transitions',
    'model: states',
    'model: transitions',
    'browser: states',
    'browser: transitions',
  ];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r.cells[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row.cells));
  const sum = (pick: (r: (typeof rows)[number]) => number) => rows.reduce((total, r) => total + pick(r), 0);
  const allStates = sum((r) => r.states.length);
  const allTransitions = sum((r) => r.transitions.length);
  const bStates = sum((r) => (r.b ? covered(r.b.states, r.states) : 0));
  const bTransitions = sum((r) => (r.b ? covered(r.b.transitions, r.transitions) : 0));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  const modelTotal = (pick: (c: Coverage, r: (typeof rows)[number]) => number) =>
    sum((r) => {
      const m = model?.get(r.flow.machine.id);
      return m ? pick(m, r) : 0;
    });
  console.log(
    line([
      `${rows.length} machines, ${rows.filter((r) => r.b).length} with a browser table`,
      String(allStates),
      String(allTransitions),
      model
        ? `${percent(
            modelTotal((c, r) => covered(c.states, r.states)),
            allStates,
          )}`
        : '-',
      model
        ? `${percent(
            modelTotal((c, r) => covered(c.transitions, r.transitions)),
            allTransitions,
          )}`
        : '-',
      percent(bStates, allStates),
      percent(bTransitions, allTransitions),
    ]),
  );
  const missingTables = rows.filter((r) => !r.b).map((r) => r.flow.name);
  const unreached = rows.filter((r) => r.b && covered(r.b.states, r.states) < r.states.length);
  if (missingTables.length)
    console.log(`\nMachines without a browser table (${missingTables.length}): ${missingTables.join(', ')}`);
  for (const r of unreached)
    console.log(
      `\n${r.flow.name}: states the browser never reaches:${uncovered(r.b!.states, r.states, '').replace(/^\n  :/, '')}`,
    );
  console.log(
    '\nStates: every state node (compound ones too). Transitions: every event-driven transition definition of the chart.',
  );
  return missingTables.length === 0 && unreached.length === 0;
}

async function main(argv: string[]) {
  const flags = new Set(argv.filter((a) => a.startsWith('--')));
  const names = argv.filter((a) => !a.startsWith('--'));
  const flows = await loadFlows();
  const duplicates = flows.map((f) => f.machine.id).filter((id, i, all) => all.indexOf(id) !== i);
  if (duplicates.length)
    throw new Error(`machine ids must be unique for the model tier's coverage: ${duplicates.join(', ')}`);
  if (flags.has('--list')) {
    for (const flow of flows)
      console.log(
        `${flow.name.padEnd(28)} ${flow.table ? `table '${flow.table.flow}', ${flowPaths(flow.table).length} tests` : 'no browser table'}`,
      );
    return 0;
  }
  if (flags.has('--coverage')) return printCoverage(flows, !flags.has('--no-model')) ? 0 : 1;
  if (names.length !== 1) {
    console.error('usage: npm run paths -- <flow> [--mermaid] | --coverage [--no-model] | --list');
    return 2;
  }
  const wanted = names[0]!;
  const flow = flows.find((f) => f.name === wanted || f.table?.flow === wanted || f.machine.id === wanted);
  if (!flow) {
    console.error(`unknown flow '${wanted}'; flows: ${flows.map((f) => f.name).join(', ')}`);
    return 1;
  }
  if (flags.has('--mermaid')) {
    const coverage = flow.table ? browserCoverage(flow.table) : emptyCoverage();
    process.stdout.write(
      `%% ${flow.name}: ${flow.table ? 'browser paths' : 'no browser table'}; ✓ covered, ✗ not covered\n`,
    );
    process.stdout.write(toMermaid(flow.machine, coverage));
    return 0;
  }
  printPaths(flow);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exit(await main(process.argv.slice(2)));
