/**
 * The report chart, loaded only when a result is shown (docs/architecture.md "Speed"): the chart's code (visx, d3,
 * react-spring) is its own chunk, fetched the first time this component renders. A skeleton of the chart's
 * height holds the place meanwhile, so the page does not jump. The chart also renders a beat after the grid
 * (a deferred value): drawing thousands of points never delays the grid's first paint.
 */
import { lazy, Suspense, useDeferredValue, useMemo } from 'react';
import type { ReportChartProps } from './ReportChart';

const loadChart = () => import('./ReportChart');
const ReportChart = lazy(loadChart);

/**
 * Starts fetching the chart's code before any result is here (a dashboard: while its tiles ask for their data), so
 * code and data arrive side by side instead of one after the other. The module is fetched once either way.
 */
export function preloadReportChart(): void {
  void loadChart().catch(() => {}); // a failed fetch is retried, and shown, when the chart renders
}

/** Same height as the chart (docs/analyze.md §Rules and limits: 500) plus its header and legend. */
export function ChartSkeleton({ height = 500, label = 'Report chart' }: { height?: number; label?: string }) {
  return (
    <section aria-label={label} aria-busy="true" className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
        <div className="h-4 w-16 animate-pulse rounded bg-slate-200" />
        <div className="h-6 w-40 animate-pulse rounded bg-slate-100" />
      </div>
      <div className="p-4" style={{ height }}>
        <div className="h-full w-full animate-pulse rounded-xl bg-slate-100" />
      </div>
      <div className="flex gap-2 px-4 pb-4">
        <div className="h-6 w-24 animate-pulse rounded-full bg-slate-100" />
        <div className="h-6 w-24 animate-pulse rounded-full bg-slate-100" />
      </div>
      <span className="sr-only">Loading chart</span>
    </section>
  );
}

export function LazyReportChart(props: ReportChartProps) {
  const { rows, columns } = props;
  // Rows and columns are deferred together so the chart never pairs new columns with old rows.
  const result = useMemo(() => ({ rows, columns }), [rows, columns]);
  const deferred = useDeferredValue(result, null);
  if (deferred === null) return <ChartSkeleton height={props.height} label={props.label} />;
  return (
    <Suspense fallback={<ChartSkeleton height={props.height} label={props.label} />}>
      <ReportChart {...props} rows={deferred.rows} columns={deferred.columns} />
    </Suspense>
  );
}
