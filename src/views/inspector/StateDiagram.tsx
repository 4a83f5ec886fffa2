/**
 * A machine's statechart as nested boxes (from machine.root, see src/inspector/statechart.ts) with the active
 * state nodes highlighted and marked aria-current. Initial states carry "→", final "◉", parallel regions "∥".
 */
import { useMemo } from 'react';
import type { AnyStateMachine, StateValue } from 'xstate';
import { activePaths, statechartOf, type ChartNode } from '../../inspector/statechart';

const marker: Partial<Record<ChartNode['type'], string>> = { final: '◉', parallel: '∥', history: 'H' };

function NodeBox({ node, active }: { node: ChartNode; active: Set<string> }) {
  const on = active.has(node.path);
  return (
    <li
      aria-current={on ? 'true' : undefined}
      data-state-path={node.path}
      className={`rounded border px-2 py-1 ${on ? 'border-amber-500 bg-amber-50' : 'border-slate-300 bg-white'}`}
    >
      <span className={`text-xs ${on ? 'font-semibold text-slate-900' : 'text-slate-700'}`}>
        {node.initial && <span aria-label="initial state">→ </span>}
        {node.key}
        {marker[node.type] && <span className="ml-1 text-slate-600">{marker[node.type]}</span>}
        {on && <span className="sr-only"> (current)</span>}
      </span>
      {(node.invokes.length > 0 || node.events.length > 0) && (
        <span className="block text-[11px] leading-4 text-slate-600">
          {node.invokes.length > 0 && <>invokes {node.invokes.join(', ')}</>}
          {node.invokes.length > 0 && node.events.length > 0 && ' · '}
          {node.events.length > 0 && <>on {node.events.join(', ')}</>}
        </span>
      )}
      {node.children.length > 0 && (
        <NodeList nodes={node.children} active={active} parallel={node.type === 'parallel'} />
      )}
    </li>
  );
}

function NodeList({ nodes, active, parallel }: { nodes: ChartNode[]; active: Set<string>; parallel: boolean }) {
  return (
    <ul className={`mt-1 flex flex-wrap gap-1 ${parallel ? 'border-l-2 border-dashed border-slate-400 pl-1' : ''}`}>
      {nodes.map((child) => (
        <NodeBox key={child.path} node={child} active={active} />
      ))}
    </ul>
  );
}

export function StateDiagram({
  machine,
  value,
  label,
}: {
  machine: AnyStateMachine;
  value: StateValue | null;
  label: string;
}) {
  const chart = useMemo(() => statechartOf(machine), [machine]);
  const active = useMemo(() => activePaths(value), [value]);
  return (
    <div role="group" aria-label={label} className="text-slate-900">
      {(chart.events.length > 0 || chart.invokes.length > 0) && (
        <p className="text-[11px] leading-4 text-slate-600">
          {chart.invokes.length > 0 && <>invokes {chart.invokes.join(', ')} · </>}
          {chart.events.length > 0 && <>in any state: on {chart.events.join(', ')}</>}
        </p>
      )}
      <NodeList nodes={chart.children} active={active} parallel={chart.type === 'parallel'} />
    </div>
  );
}
