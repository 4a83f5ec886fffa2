/**
 * The report's line chart (docs/analyze.md §Screens and routes "A line chart follows the grid", §Rules and limits chart): @visx/xychart, 500 px high, the
 * first column on the x axis and the other columns as series; percent series (ratio metrics, see result-columns.ts)
 * ×100 shown as percent with 2 decimals (on their own right-hand axis when other series share the chart, see
 * chart-model.ts); the main y axis rounded; a tooltip; a legend whose entries show or hide a series; PNG and SVG
 * export. Series are named by their metric labels; the column ids stay available in the legend's tooltips and to
 * screen readers.
 *
 * This module is heavy (visx, d3, react-spring): load it through LazyReportChart, never import it directly.
 */
import { useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import {
  AreaSeries,
  Axis,
  BarGroup,
  BarSeries,
  BarStack,
  DataContext,
  LineSeries,
  Tooltip,
  XYChart,
  buildChartTheme,
} from '@visx/xychart';
import { CHART_TYPE_LABELS, type ChartType } from '../../../contracts/analyze';
import type { ResultRow } from '../../../lib/report-rows';
import { downloadBlob } from '../../../lib/exports';
import { notify } from '../../../services/notify';
import { buildChartModel, chartSeries, formatSeriesValue, SERIES_COLORS, type ChartDatum } from './chart-model';
import { hasOwnLabel, isPercentColumn, type ResultColumn } from './result-columns';
import { pngBlob, serializeChartSvg, svgBlob } from './chart-export';
import { Link } from 'wouter';
import type { ChartMarker } from '../../activity/chart-markers';

export const CHART_HEIGHT = 500;
export const CHART_EXPORT_FAILED = 'Failed to export the chart.';

const theme = buildChartTheme({
  backgroundColor: '#ffffff',
  colors: SERIES_COLORS,
  gridColor: '#e2e8f0',
  gridColorDark: '#94a3b8',
  tickLength: 4,
  svgLabelSmall: { fill: '#475569', fontSize: 11 },
  svgLabelBig: { fill: '#334155', fontSize: 12 },
});

export interface ReportChartProps {
  /** Result rows as they arrive (cells may be single-value objects). */
  rows: ResultRow[];
  /** The columns: the first is the x axis, the others are series. */
  columns: readonly ResultColumn[];
  /** Base name of the exported files (`.png`, `.svg`). */
  fileName?: string;
  height?: number;
  /** Days on which something that moves numbers happened (docs/activity.md §Chart markers): drawn on the x axis, never a series. */
  markers?: readonly ChartMarker[];
  /** Where a marker's day links to (the activity log filtered to that day). */
  markerLink?: (day: string) => string;
  /** The chart's name (its region's label and heading) where a page shows more than one: default "Report chart" / "Chart". */
  label?: string;
  /** docs/analyze.md §Breakdown, compare and chart types: line (default), bar, stacked bar or area. */
  chartType?: Exclude<ChartType, 'table'>;
  /** Series drawn as dashed lines in the colour of another series (compare: a metric's previous period). */
  dashed?: Readonly<Record<string, string>>;
}

function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) =>
      setWidth(Math.floor(entry?.contentRect.width ?? element.clientWidth)),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

const xOf = (d: ChartDatum) => d.x;
const NO_SERIES: string[] = [];
const NO_DASHED: Readonly<Record<string, string>> = {};

/** Horizontal grid lines exactly at the main axis' ticks (visx's Grid picks its own tick values). */
function RowLines({ ticks }: { ticks: number[] }) {
  const { yScale, margin, innerWidth } = useContext(DataContext);
  if (!yScale || !margin || !innerWidth) return null;
  return (
    <g aria-hidden="true">
      {ticks.map((tick) => {
        const y = Number(yScale(tick));
        if (!Number.isFinite(y)) return null;
        return (
          <line
            key={tick}
            x1={margin.left}
            x2={margin.left + innerWidth}
            y1={y}
            y2={y}
            stroke="#e2e8f0"
            strokeWidth={1}
          />
        );
      })}
    </g>
  );
}
/** Small triangles on the x axis at the marked days, each with its changes as a tooltip; outside the scales. */
function Markers({ markers }: { markers: readonly ChartMarker[] }) {
  const { xScale, margin, innerHeight } = useContext(DataContext);
  if (!xScale || !margin || innerHeight === undefined) return null;
  const scale = xScale as unknown as ((x: string) => number) & { bandwidth?: () => number };
  const half = (scale.bandwidth?.() ?? 0) / 2;
  const bottom = margin.top + innerHeight;
  return (
    <g data-testid="chart-markers">
      {markers.map((marker) => {
        const x = Number(scale(marker.x)) + half;
        if (!Number.isFinite(x)) return null;
        return (
          <g key={marker.day} data-day={marker.day}>
            <title>{`${marker.day}: ${marker.lines.join('; ')}`}</title>
            <path d={`M${x} ${bottom - 10} l6 9 h-12 z`} fill="#d97706" stroke="#ffffff" strokeWidth={1} />
          </g>
        );
      })}
    </g>
  );
}

const truncate = (text: string, max = 16) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export default function ReportChart({
  rows,
  columns,
  fileName = 'report_chart',
  height = CHART_HEIGHT,
  markers = [],
  markerLink,
  label,
  chartType = 'line',
  dashed = NO_DASHED,
}: ReportChartProps) {
  const [showMarkers, setShowMarkers] = useState(true);
  const allSeries = useMemo(() => chartSeries(rows, columns), [rows, columns]);
  const columnOf = useMemo(() => {
    const byId = new Map(columns.map((column) => [column.id, column]));
    return (id: string): ResultColumn => byId.get(id) ?? { id, label: id };
  }, [columns]);
  const labelOf = (id: string) => columnOf(id).label;
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const visibleKey = allSeries.filter((name) => !hidden.has(name)).join('\u0000');
  // The axes fit the series on show: hiding a large series rescales the others.
  const model = useMemo(() => {
    const shown = new Set(visibleKey ? visibleKey.split('\u0000') : []);
    const drawn = columns.filter((column, index) => index === 0 || shown.has(column.id));
    return buildChartModel(rows, drawn, {
      stacked:
        chartType === 'stacked_bar'
          ? drawn
              .slice(1)
              .map((c) => c.id)
              .filter((id) => !(id in dashed))
          : [],
    });
  }, [rows, columns, visibleKey, chartType, dashed]);
  const [wrapperRef, width] = useWidth<HTMLDivElement>();
  const chartRef = useRef<HTMLDivElement>(null);

  const colorOf = useMemo(() => {
    const own = allSeries.filter((name) => !(name in dashed));
    const map = new Map(own.map((name, index) => [name, SERIES_COLORS[index % SERIES_COLORS.length]!]));
    return (name: string) => map.get(dashed[name] ?? name) ?? SERIES_COLORS[0]!;
  }, [allSeries, dashed]);
  // Accessors must stay stable between renders, or every series re-registers its data.
  const yAccessors = useMemo(
    () => new Map(allSeries.map((name) => [name, (d: ChartDatum) => d.plotted[name] ?? NaN])),
    [allSeries],
  );

  const visible = model?.series ?? NO_SERIES;
  // Bars and areas draw the series of their own; a dashed series (a previous period) is always a line over them.
  const solid = visible.filter((name) => !(name in dashed));
  // A stack treats a gap as 0 (NaN would break the stack's sums).
  const stackAccessors = useMemo(
    () =>
      new Map(
        allSeries.map((name) => [
          name,
          (d: ChartDatum) => {
            const value = d.plotted[name];
            return value === undefined || Number.isNaN(value) ? 0 : value;
          },
        ]),
      ),
    [allSeries],
  );
  /** One bar series per solid series, side by side or stacked by the accessors given. */
  const barsOf = (accessors: Map<string, (d: ChartDatum) => number>) =>
    solid.map((name) => (
      <BarSeries
        key={name}
        dataKey={name}
        data={model!.data}
        xAccessor={xOf}
        yAccessor={accessors.get(name)!}
        colorAccessor={() => colorOf(name)}
      />
    ));
  const toggle = (name: string) =>
    setHidden((current) => {
      const next = new Set(current);
      if (next.has(name)) next.delete(name);
      else if (allSeries.filter((n) => !next.has(n)).length > 1) next.add(name); // keep at least one line
      return next;
    });

  const exportAs = useCallback(
    async (kind: 'png' | 'svg') => {
      const svg = chartRef.current?.querySelector('svg');
      if (!svg || !model) return;
      try {
        const image = serializeChartSvg(
          svg,
          visible.map((name) => ({ name: columnOf(name).label, color: colorOf(name) })),
        );
        const blob = kind === 'svg' ? svgBlob(image.text) : await pngBlob(image);
        downloadBlob(blob, `${fileName}.${kind}`);
      } catch {
        notify(CHART_EXPORT_FAILED, 'error', 3000);
      }
    },
    [model, visible, colorOf, columnOf, fileName],
  );

  if (!model) {
    return (
      <section
        aria-label={label ?? 'Report chart'}
        className="rounded-2xl border border-slate-200 bg-white p-6 text-sm text-slate-600 shadow-sm"
      >
        Nothing to chart: the result needs a first column for the x axis and at least one numeric column.
      </section>
    );
  }

  const plotWidth = Math.max(0, width - 140);
  const xTicks = Math.max(2, Math.min(model.data.length, Math.floor(plotWidth / 90)));
  const margin = { top: 20, right: model.right ? 72 : 28, bottom: 48, left: 80 };

  return (
    <section aria-label={label ?? 'Report chart'} className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
        <h3 className="text-sm font-semibold text-slate-800">{label ?? 'Chart'}</h3>
        <div className="flex flex-wrap gap-2">
          {markers.length > 0 && (
            <button
              type="button"
              aria-pressed={showMarkers}
              onClick={() => setShowMarkers((shown) => !shown)}
              className="rounded-md px-2.5 py-1 text-xs font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
            >
              Changes
            </button>
          )}
          <button
            type="button"
            onClick={() => void exportAs('png')}
            className="rounded-md px-2.5 py-1 text-xs font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
          >
            Download PNG
          </button>
          <button
            type="button"
            onClick={() => void exportAs('svg')}
            className="rounded-md px-2.5 py-1 text-xs font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
          >
            Download SVG
          </button>
        </div>
      </div>
      <div ref={wrapperRef} className="px-2 pt-2">
        <div ref={chartRef} style={{ height }}>
          {width > 0 && (
            <XYChart
              width={width}
              height={height}
              margin={margin}
              theme={theme}
              xScale={{ type: 'band', paddingInner: 0.2, paddingOuter: 0.1 }}
              yScale={{ type: 'linear', domain: model.left.domain, zero: false, nice: false }}
              accessibilityLabel={`${CHART_TYPE_LABELS[chartType]} chart of ${model.series.map(labelOf).join(', ')} by ${labelOf(model.xColumn)}`}
            >
              <RowLines ticks={model.left.ticks} />
              <Axis
                orientation="bottom"
                numTicks={xTicks}
                tickFormat={(value: string) => truncate(String(value))}
                label={labelOf(model.xColumn)}
                labelOffset={14}
              />
              <Axis
                orientation="left"
                axisClassName="chart-axis-left"
                tickValues={model.left.ticks}
                tickFormat={(value: number) => model.left.format(value)}
                hideAxisLine
              />
              {model.right && (
                <Axis
                  orientation="right"
                  axisClassName="chart-axis-right"
                  tickValues={model.right.ticks}
                  tickFormat={(value: number) => model.right?.format(value) ?? ''}
                  hideAxisLine
                />
              )}
              {chartType === 'bar' && solid.length > 0 && <BarGroup padding={0.1}>{barsOf(yAccessors)}</BarGroup>}
              {chartType === 'stacked_bar' && solid.length > 0 && <BarStack>{barsOf(stackAccessors)}</BarStack>}
              {chartType === 'area' &&
                solid.map((name) => (
                  <AreaSeries
                    key={name}
                    dataKey={name}
                    data={model.data}
                    xAccessor={xOf}
                    yAccessor={yAccessors.get(name)!}
                    fill={colorOf(name)}
                    fillOpacity={0.15}
                    renderLine
                    lineProps={{ stroke: colorOf(name), strokeWidth: 2 }}
                  />
                ))}
              {visible
                .filter((name) => chartType === 'line' || name in dashed)
                .map((name) => (
                  <LineSeries
                    key={name}
                    dataKey={name}
                    data={model.data}
                    xAccessor={xOf}
                    yAccessor={yAccessors.get(name)!}
                    colorAccessor={colorOf}
                    strokeWidth={2}
                    strokeDasharray={name in dashed ? '6 4' : undefined}
                  />
                ))}
              {showMarkers && markers.length > 0 && <Markers markers={markers} />}
              <Tooltip<ChartDatum>
                snapTooltipToDatumX
                showVerticalCrosshair
                showSeriesGlyphs
                verticalCrosshairStyle={{ stroke: '#94a3b8', strokeDasharray: '3 3' }}
                renderGlyph={({ key, size }) => <circle r={size} fill={colorOf(key)} stroke="#fff" strokeWidth={1.5} />}
                renderTooltip={({ tooltipData }) => {
                  const datum = tooltipData?.nearestDatum?.datum;
                  if (!datum) return null;
                  return (
                    <div className="min-w-40 text-xs">
                      <div className="mb-1 font-semibold text-slate-900">{datum.x}</div>
                      {visible.map((name) => (
                        <div key={name} className="flex items-center justify-between gap-4">
                          <span className="flex items-center gap-1.5 text-slate-600">
                            <span className="inline-block size-2 rounded-full" style={{ background: colorOf(name) }} />
                            {labelOf(name)}
                          </span>
                          <span className="font-medium text-slate-900 tabular-nums">
                            {formatSeriesValue(columnOf(name), datum.shown[name] ?? null)}
                          </span>
                        </div>
                      ))}
                    </div>
                  );
                }}
              />
            </XYChart>
          )}
        </div>
      </div>
      {showMarkers && markers.length > 0 && (
        <ul aria-label="Changes on these days" className="space-y-0.5 px-4 pt-1 text-xs text-slate-700">
          {markers.map((marker) => (
            <li key={marker.day} className="break-words">
              <span aria-hidden="true" className="text-amber-600">
                ▲{' '}
              </span>
              {markerLink ? (
                <Link href={markerLink(marker.day)} className="font-medium text-indigo-700 hover:underline">
                  {marker.day}
                </Link>
              ) : (
                <span className="font-medium">{marker.day}</span>
              )}
              : {marker.lines.join('; ')}
            </li>
          ))}
        </ul>
      )}
      <ul aria-label="Series" className="flex flex-wrap gap-2 px-4 pt-1 pb-4">
        {allSeries.map((name) => {
          const shown = !hidden.has(name);
          const column = columnOf(name);
          const named = hasOwnLabel(column) ? `${column.label} (${column.id})` : column.label;
          return (
            <li key={name}>
              <button
                type="button"
                aria-pressed={shown}
                onClick={() => toggle(name)}
                title={shown ? `Hide ${named}` : `Show ${named}`}
                data-column-id={name}
                className={`flex items-center gap-2 rounded-full px-2.5 py-1 text-xs ring-1 ring-slate-200 hover:bg-slate-50 ${shown ? 'text-slate-800' : 'text-slate-500 line-through'}`}
              >
                <span
                  aria-hidden="true"
                  className="inline-block h-0.5 w-4 rounded"
                  style={
                    name in dashed
                      ? { borderTop: `3px dashed ${shown ? colorOf(name) : '#cbd5e1'}`, height: 0 }
                      : { background: shown ? colorOf(name) : '#cbd5e1', height: 3 }
                  }
                />
                {column.label}
                {hasOwnLabel(column) && <span className="sr-only">({column.id})</span>}
                {model.right && isPercentColumn(column) && <span className="text-slate-600">(%, right axis)</span>}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
