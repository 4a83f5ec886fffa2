/**
 * Where the results show. The results grid, chart and exports (src/views/analyze/results/ResultsPanel.tsx) are built
 * separately and loaded lazily, only once a result is on screen; until that module exists a plain table of the first
 * rows stands in. `import.meta.glob` finds the module at build time when it is there, so no code changes are needed
 * when it lands.
 */
import { lazy, memo, Suspense, type ComponentType } from 'react';
import { cellValue, type ChartType, type GridLayout, type ReportRow } from '../../../contracts/analyze';
import type { ResultShape } from '../../../machines/report-builder/report-builder.selectors';
import { formatCell, type ResultColumn } from '../results/result-columns';
import { Spinner } from '../../ui/Spinner';

export interface ResultsPanelProps {
  title: string;
  rows: ReportRow[];
  /** The columns in display order, with their labels and formats. */
  columns: readonly ResultColumn[];
  limit: number;
  /** docs/analyze.md §Breakdown, compare and chart types. */
  shape?: ResultShape;
  chartType?: ChartType;
  gridLayout?: GridLayout;
}
type ResultsPanelModule = {
  ResultsPanel?: ComponentType<ResultsPanelProps>;
  default?: ComponentType<ResultsPanelProps>;
};

const panelModules = import.meta.glob<ResultsPanelModule>('../results/ResultsPanel.tsx');
const loadPanel = Object.values(panelModules)[0];
const LazyResultsPanel = loadPanel
  ? lazy(async () => {
      const module = await loadPanel();
      const Panel = module.ResultsPanel ?? module.default ?? FallbackTable;
      return { default: Panel };
    })
  : null;

export const ResultsSection = memo(function ResultsSection(props: ResultsPanelProps) {
  if (!LazyResultsPanel) return <FallbackTable {...props} />;
  return (
    <Suspense
      fallback={
        <div className="flex h-64 items-center justify-center rounded-xl bg-white text-indigo-600 shadow-sm ring-1 ring-slate-200">
          <Spinner className="size-6" label="Loading results" />
        </div>
      }
    >
      <LazyResultsPanel {...props} />
    </Suspense>
  );
});

const PREVIEW_ROWS = 100;

/** A plain, accessible table of the first rows (stand-in for the results grid). */
export function FallbackTable({ title, rows, columns, limit }: ResultsPanelProps) {
  const cols: readonly ResultColumn[] =
    columns.length > 0 ? columns : Object.keys(rows[0] ?? {}).map((id) => ({ id, label: id }));
  return (
    <section aria-label="Report results" className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
        <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
        <p className="text-xs text-slate-500">
          {rows.length.toLocaleString('en-US')} rows
          {rows.length >= limit && limit > 0 ? ` · reached the limit of ${limit.toLocaleString('en-US')}` : ''}
        </p>
      </div>
      {rows.length === 0 ? (
        <p className="px-4 py-10 text-center text-sm text-slate-500">The report returned no rows for these settings.</p>
      ) : (
        <div className="max-h-[32rem] overflow-auto">
          <table className="min-w-full text-left text-sm">
            <thead className="sticky top-0 bg-slate-50 text-xs font-semibold text-slate-600 uppercase">
              <tr>
                {cols.map((c) => (
                  <th key={c.id} scope="col" title={c.id} className="px-4 py-2 whitespace-nowrap">
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.slice(0, PREVIEW_ROWS).map((row, i) => (
                <tr key={i} className="hover:bg-slate-50">
                  {cols.map((c) => (
                    <td key={c.id} className="px-4 py-1.5 whitespace-nowrap text-slate-700 tabular-nums">
                      {formatCell(c, cellValue(row[c.id]))}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          {rows.length > PREVIEW_ROWS && (
            <p className="border-t border-slate-100 px-4 py-2 text-xs text-slate-500">
              Showing the first {PREVIEW_ROWS} rows.
            </p>
          )}
        </div>
      )}
    </section>
  );
}
