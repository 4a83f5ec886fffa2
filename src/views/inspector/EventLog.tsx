/** The last events sent to the inspected actors, newest first, with their masked payloads. */
import type { EventEntry } from '../../inspector/store';
import { asJson, clockTime } from './format';

/** Payloads up to this many lines are shown open; longer ones fold. */
const SHORT = 8;

export function EventLog({ events }: { events: readonly EventEntry[] }) {
  if (events.length === 0) return <p className="text-xs text-slate-700">No events yet.</p>;
  return (
    <ol aria-label="Last events, newest first" className="space-y-1">
      {[...events].reverse().map((event) => {
        const payload = asJson(event.payload);
        return (
          <li key={event.seq} className="rounded border border-slate-200 px-2 py-1 text-xs text-slate-900">
            <div className="flex flex-wrap gap-x-2">
              <time dateTime={new Date(event.at).toISOString()} className="font-mono text-slate-700">
                {clockTime(event.at)}
              </time>
              <span className="font-mono font-semibold">{event.type}</span>
              <span className="text-slate-700">
                → {event.target}
                {event.source && <> (from {event.source})</>}
              </span>
            </div>
            {payload && payload.split('\n').length <= SHORT ? (
              <pre className="mt-0.5 whitespace-pre-wrap break-all text-slate-800">{payload}</pre>
            ) : (
              payload && (
                <details className="mt-0.5">
                  <summary className="text-slate-700">Payload (masked)</summary>
                  <pre className="whitespace-pre-wrap break-all text-slate-800">{payload}</pre>
                </details>
              )
            )}
          </li>
        );
      })}
    </ol>
  );
}
