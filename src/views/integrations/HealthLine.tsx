/**
 * The integration health line (docs/integrations.md "Beyond the peers"): Waiting / Receiving / Degraded / Broken, when the source
 * last saw data, and the causes in words. On each source's tab (HealthLine) and as a row of the Overview (HealthCell).
 */
import { HEALTH_LABELS, type HealthStatus, type SourceHealth } from '../../contracts/firebase';
import type { Plugin } from '../../contracts/plugin';
import { useIntegrationHealth } from '../../services/firebase.queries';
import { fromNow, useNow } from '../analyze/time';

const TONES: Record<HealthStatus, string> = {
  waiting: 'bg-slate-100 text-slate-800 ring-slate-500/30',
  receiving: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30',
  degraded: 'bg-amber-50 text-amber-900 ring-amber-600/40',
  broken: 'bg-rose-50 text-rose-800 ring-rose-600/30',
};

/** A revision of the plugins that changes when a status, operation or data range does (the health is asked again). */
export const healthRevision = (plugins: readonly Plugin[]) =>
  plugins.map((p) => `${p.id}:${p.connected}:${(p.inProgress ?? []).join(',')}:${p.dataRange?.end ?? ''}`).join('|');

function lastSeenText(line: SourceHealth, now: number) {
  return line.lastSeenAt
    ? `last seen ${fromNow(new Date(line.lastSeenAt).toISOString(), now)}`
    : 'nothing received yet';
}

function Badge({ status }: { status: HealthStatus }) {
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${TONES[status]}`}>
      {HEALTH_LABELS[status]}
    </span>
  );
}

/** The line on a source's tab. */
export function HealthLine({ appId, plugin, plugins }: { appId: string; plugin: Plugin; plugins: readonly Plugin[] }) {
  const health = useIntegrationHealth(appId, healthRevision(plugins));
  const now = useNow();
  const line = health.data?.find((h) => h.pluginId === plugin.id);
  return (
    <section
      aria-label="Health"
      data-testid="health-line"
      className="rounded-2xl bg-white px-5 py-4 shadow-sm ring-1 ring-slate-200"
    >
      {health.isPending ? (
        <p className="text-sm text-slate-600">Checking health…</p>
      ) : health.isError || !line ? (
        <p className="text-sm text-slate-600">Health could not be checked.</p>
      ) : (
        <>
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <span className="font-semibold text-slate-900">Health</span>
            <Badge status={line.status} />
            <span>{lastSeenText(line, now)}</span>
          </p>
          {line.findings.length > 0 && (
            <ul className="mt-2 list-inside list-disc space-y-1 text-sm text-slate-800">
              {line.findings.map((f) => (
                <li key={f.check}>{f.message}</li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

/** One source's cell of the Overview's Health row. */
export function HealthCell({ line }: { line: SourceHealth | undefined }) {
  const now = useNow();
  if (!line) return <span className="text-slate-500">–</span>;
  return (
    <span
      className="inline-flex flex-col items-center gap-1"
      title={line.findings.map((f) => f.message).join('\n') || undefined}
    >
      <Badge status={line.status} />
      <span className="text-xs text-slate-600">{lastSeenText(line, now)}</span>
      {line.findings[0] && <span className="max-w-48 text-xs text-slate-700">{line.findings[0].message}</span>}
    </span>
  );
}

/** The Overview's health lines, by source. */
export function useHealthBySource(appId: string, plugins: readonly Plugin[]) {
  const health = useIntegrationHealth(appId, healthRevision(plugins));
  return new Map((health.data ?? []).map((line) => [line.source, line]));
}
