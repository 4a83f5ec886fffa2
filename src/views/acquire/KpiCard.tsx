/**
 * KPI tracking on the Target tab ("beyond the peers"): the target KPI's actual value for the players acquired through
 * quests, "not mature yet" until its cohorts are old enough (the rule: src/contracts/acquire.ts KpiTracking), then
 * on track or below target.
 */
import { useMemo } from 'react';
import type { KpiTracking, KpiVerdict } from '../../contracts/acquire';
import { useAcquireKpi } from '../../services/acquire.queries';
import { KPI_LABELS } from './kpiLabels';
import { LazyReportChart } from '../analyze/results/LazyReportChart';
import { useChartMarkers } from '../activity/useChartMarkers';

const CHART_COLUMNS = [
  { id: 'day', label: 'Day' },
  { id: 'players', label: 'Players acquired' },
];

/**
 * Players acquired per day, with the days something that moves numbers happened marked on the x axis (the Analyze
 * chart and its markers: docs/activity.md §Chart markers).
 */
function KpiChart({ daily }: { daily: NonNullable<KpiTracking['daily']> }) {
  const rows = useMemo(() => daily.map((d) => ({ day: d.day, players: d.players })), [daily]);
  const xs = useMemo(() => daily.map((d) => d.day), [daily]);
  const changes = useChartMarkers(xs);
  return (
    <div className="mt-4">
      <LazyReportChart
        rows={rows}
        columns={CHART_COLUMNS}
        fileName="kpi_players_acquired"
        height={220}
        markers={changes.markers}
        markerLink={changes.link}
      />
    </div>
  );
}

const VERDICTS: Record<KpiVerdict, { text: string; tone: string }> = {
  no_data: { text: 'No data yet', tone: 'bg-slate-100 text-slate-700 ring-slate-300' },
  not_mature: { text: 'Not mature yet', tone: 'bg-amber-50 text-amber-800 ring-amber-200' },
  on_track: { text: 'On track', tone: 'bg-emerald-50 text-emerald-800 ring-emerald-200' },
  below_target: { text: 'Below target', tone: 'bg-rose-50 text-rose-800 ring-rose-200' },
  not_tracked: { text: 'Not tracked from postbacks', tone: 'bg-slate-100 text-slate-700 ring-slate-300' },
};

export function KpiCard({ appId }: { appId: string }) {
  const kpi = useAcquireKpi(appId);
  if (kpi.isPending) return null;
  if (kpi.isError) return <p className="text-sm text-slate-600">KPI tracking could not be loaded.</p>;
  const { data } = kpi;
  const verdict = VERDICTS[data.verdict];
  return (
    <section aria-labelledby="kpi-tracking" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="kpi-tracking" className="text-base font-semibold text-slate-900">
          KPI tracking: {KPI_LABELS[data.kpi]}
        </h2>
        <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ${verdict.tone}`}>
          {verdict.text}
        </span>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-slate-600">Actual</dt>
          <dd className="font-semibold text-slate-900">{data.value === null ? '—' : data.value}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Target</dt>
          <dd className="font-semibold text-slate-900">{data.target}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Players acquired</dt>
          <dd className="font-semibold text-slate-900">{data.players}</dd>
        </div>
        <div>
          <dt className="text-slate-600">In mature cohorts</dt>
          <dd className="font-semibold text-slate-900">{data.maturePlayers}</dd>
        </div>
      </dl>
      {data.matureOn && (
        <p className="mt-2 text-xs text-slate-600">
          The first cohort is mature on {data.matureOn} (the KPI's window plus 3 days of late data).
        </p>
      )}
      {data.daily && data.daily.length > 0 && <KpiChart daily={data.daily} />}
    </section>
  );
}
