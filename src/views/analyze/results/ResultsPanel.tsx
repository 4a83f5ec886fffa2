/**
 * The results of a report run (docs/analyze.md §Screens and routes Report builder: "Results grid with Export As menu … A line chart follows
 * the grid"): the title with the Export As menu, the grid, then the chart, which is loaded only now that a result
 * is on screen. An empty result says 'No rows match this report.' and shows neither grid nor chart.
 *
 * Self-contained: it takes the rows as they arrive (cells may be single-value objects) and the ordered columns with
 * their labels and formats; the report builder embeds it (lazily) once a run has a result. Exports get the columns
 * (headed by their labels, dates typed from the catalogue) and the raw values.
 */
import { memo, useMemo } from 'react';
import type { ResultRow } from '../../../lib/report-rows';
import { ResultsGrid } from './ResultsGrid';
import { LazyReportChart } from './LazyReportChart';
import { ExportMenu } from './ExportMenu';
import type { ResultColumn } from './result-columns';
import { cellText, unwrapCell } from '../../../lib/report-rows';
import { useChartMarkers } from '../../activity/useChartMarkers';
import { chartResult, pivotResult, type ResultShape } from './result-shape';
import type { ChartType, GridLayout } from '../../../contracts/analyze';

export const NO_ROWS_MESSAGE = 'No rows match this report.';

export interface ResultsPanelProps {
  /** The report title (heading, Google spreadsheet title, chart file names). */
  title: string;
  /** Result rows as they arrive. */
  rows: ResultRow[];
  /** The columns in display order: the group-by column first, then the metrics. */
  columns: readonly ResultColumn[];
  /** The report's row limit (docs/analyze.md §Rules and limits: 1 to 10,000): a result this long shows the limit notice. */
  limit: number;
  /** Overrides the configured Google OAuth client id (null: Google Sheets disabled). */
  googleClientId?: string | null;
  /** docs/analyze.md §Breakdown, compare and chart types: the result's breakdown and compare, how to draw it. Default: none, a line chart. */
  shape?: ResultShape;
  chartType?: ChartType;
  gridLayout?: GridLayout;
}

const fileBase = (title: string) =>
  title
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60) || 'report';

export const ResultsPanel = memo(function ResultsPanel({
  title,
  rows,
  columns,
  limit,
  googleClientId,
  shape,
  chartType = 'line',
  gridLayout = 'long',
}: ResultsPanelProps) {
  const pivot = gridLayout === 'pivot' && !!shape?.breakdown;
  const grid = useMemo(
    () => (pivot && shape ? pivotResult(rows, columns, shape) : { rows, columns }),
    [pivot, shape, rows, columns],
  );
  const chart = useMemo(
    () => (shape ? chartResult(rows, columns, shape) : { rows, columns, dashed: {} }),
    [shape, rows, columns],
  );
  const ids = useMemo(() => grid.columns.map((column) => column.id), [grid.columns]);
  // The chart's x values, for the activity markers of their days (docs/activity.md §Chart markers).
  const xs = useMemo(
    () => (columns[0] ? rows.map((row) => cellText(unwrapCell(row[columns[0]!.id]))) : []),
    [rows, columns],
  );
  const changes = useChartMarkers(xs);
  return (
    <div className="space-y-4" data-testid="results-panel">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-base font-semibold text-slate-900">Results</h2>
        <ExportMenu title={title} rows={grid.rows} columns={grid.columns} googleClientId={googleClientId} />
      </div>
      {rows.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center text-sm text-slate-600">
          {NO_ROWS_MESSAGE}
        </div>
      ) : (
        <>
          {/* A new column set is a new grid: sorting and paging start over. */}
          <ResultsGrid
            key={ids.join('\u0000')}
            rows={grid.rows}
            columns={grid.columns}
            limit={limit}
            reachedLimit={limit > 0 && rows.length >= limit}
          />
          {chartType !== 'table' && (
            <LazyReportChart
              rows={chart.rows}
              columns={chart.columns}
              chartType={chartType}
              dashed={chart.dashed}
              fileName={`${fileBase(title)}_chart`}
              markers={changes.markers}
              markerLink={changes.link}
            />
          )}
        </>
      )}
    </div>
  );
});

export default ResultsPanel;
