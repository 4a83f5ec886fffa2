/** One live (or stopped) root actor in the flow panel: machine id, status, current state, diagram, context. */
import type { ActorEntry } from '../../inspector/store';
import { describeStateValue } from '../../inspector/statechart';
import { StateDiagram } from './StateDiagram';
import { asJson } from './format';

const statusTone: Record<string, string> = {
  active: 'bg-emerald-100 text-emerald-900',
  created: 'bg-slate-100 text-slate-800',
  done: 'bg-sky-100 text-sky-900',
  error: 'bg-rose-100 text-rose-900',
  stopped: 'bg-slate-200 text-slate-800',
};

export function ActorCard({ actor }: { actor: ActorEntry }) {
  const headingId = `flow-actor-${actor.sessionId.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  const context = asJson(actor.context);
  const error = asJson(actor.error);
  return (
    <li
      aria-labelledby={headingId}
      data-machine-id={actor.machineId}
      className={`rounded-lg border border-slate-200 p-2 ${actor.status === 'stopped' ? 'opacity-80' : ''}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h4 id={headingId} className="font-mono text-sm font-semibold text-slate-900">
          {actor.machineId}
        </h4>
        <span className={`rounded px-1.5 text-xs ${statusTone[actor.status] ?? statusTone.created}`}>
          {actor.status}
        </span>
        <span className="text-xs text-slate-700">
          state:{' '}
          <span className="font-mono" data-testid="flow-state-value">
            {describeStateValue(actor.value)}
          </span>
        </span>
      </div>
      {actor.children.length > 0 && (
        <p className="mt-1 text-xs text-slate-700">
          running: {actor.children.map((child) => `${child.id} (${child.status})`).join(', ')}
        </p>
      )}
      {actor.machine ? (
        <div className="mt-2">
          <StateDiagram machine={actor.machine} value={actor.value} label={`${actor.machineId} statechart`} />
        </div>
      ) : (
        <p className="mt-1 text-xs text-slate-700">Not a state machine: no diagram.</p>
      )}
      {error && (
        <pre className="mt-2 whitespace-pre-wrap break-all rounded bg-rose-50 p-1 text-xs text-rose-900">{error}</pre>
      )}
      {context && (
        <details className="mt-2">
          <summary className="text-xs text-slate-700">Context (masked)</summary>
          <pre className="whitespace-pre-wrap break-all rounded bg-slate-50 p-1 text-xs text-slate-900">{context}</pre>
        </details>
      )}
    </li>
  );
}
