/**
 * Pure model of the report line chart (docs/analyze.md §Rules and limits chart): which column is the x axis, which are series, how percent
 * series are scaled and printed, and the axes' domain and ticks. Kept apart from ReportChart so it can be tested
 * without a DOM and so the chart chunk holds only drawing code.
 *
 * Decisions (ours):
 *  - x is the first column; every other column with at least one number is a series.
 *  - Percent series (every ratio metric by the catalogue's `format`, see result-columns.ts; `retention_` when a
 *    column carries no format) are multiplied by 100 and printed as percent with 2 decimals. When the chart also has
 *    other series, EVERY percent series goes on its own axis on the right (same height, its own ticks), so a 30 %
 *    retention or a 15 % new-users share is not flattened under thousands of new users. The left ("main") axis
 *    prints rounded values.
 *  - Points are sorted by x when every x is a number or every x is a date (YYYY-MM-DD…); otherwise the result's
 *    own order (the report's Sort By) is kept.
 */
import { cellText, compareCells, unwrapCell, type CellValue, type ResultRow } from './report-rows';
import { formatPercent, isPercentColumn, type ResultColumn } from './result-columns';

/** A column of the chart: its metadata, or only its id (then the `retention_` rule decides percent (docs/analyze.md §Rules and limits)). */
export type ChartColumn = string | ResultColumn;
const toColumn = (column: ChartColumn): ResultColumn =>
  typeof column === 'string' ? { id: column, label: column } : column;

export interface ChartDatum {
  /** The x value as text (nulls as `null`). */
  x: string;
  /** What is drawn: percent series ×100 and scaled onto the main axis. NaN for gaps. */
  plotted: Record<string, number>;
  /** The value shown in the tooltip: percent series ×100. Null for gaps. */
  shown: Record<string, number | null>;
}

export interface AxisModel {
  domain: [number, number];
  /** Tick positions in plotted units. */
  ticks: number[];
  format(plotted: number): string;
}

export interface ChartModel {
  xColumn: string;
  series: string[];
  /** The series drawn as percents (×100), on the right axis when other series share the chart. */
  percentSeries: string[];
  data: ChartDatum[];
  left: AxisModel;
  /** The percent axis on the right when percent and other series share the chart. */
  right: AxisModel | null;
}

const DATE_LIKE = /^\d{4}-\d{2}-\d{2}/;
const numberOrNull = (value: CellValue) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** Nice round ticks covering [lo, hi] (d3's tick step rule), about `count` of them. */
export function niceTicks(
  lo: number,
  hi: number,
  count = 5,
): { lo: number; hi: number; step: number; ticks: number[] } {
  if (!(hi > lo)) hi = lo === 0 ? 1 : lo + Math.abs(lo);
  const rough = (hi - lo) / count;
  const power = Math.floor(Math.log10(rough));
  const error = rough / 10 ** power;
  const factor = error >= 7.07 ? 10 : error >= 3.16 ? 5 : error >= 1.41 ? 2 : 1;
  const step = factor * 10 ** power;
  const niceLo = Math.floor(lo / step) * step;
  const niceHi = Math.ceil(hi / step) * step;
  const ticks: number[] = [];
  for (let i = 0; niceLo + i * step <= niceHi + step / 2; i++) ticks.push(Number((niceLo + i * step).toPrecision(12)));
  return { lo: ticks[0]!, hi: ticks[ticks.length - 1]!, step, ticks };
}

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const valueFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const smallValueFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 });

export { formatPercent };
/** A main-series value for the tooltip: grouped, up to 2 decimals (4 below 1, so ratios keep their digits). */
export const formatValue = (value: number) => (Math.abs(value) < 1 ? smallValueFormat : valueFormat).format(value);

/** Main axis tick: rounded (to whole numbers when the tick step allows, else to the step's decimals). */
function mainTickFormat(step: number) {
  const decimals = step >= 1 ? 0 : Math.min(6, Math.ceil(-Math.log10(step)));
  const format =
    decimals === 0
      ? grouped
      : new Intl.NumberFormat('en-US', { maximumFractionDigits: decimals, minimumFractionDigits: 0 });
  return (value: number) => format.format(decimals === 0 ? Math.round(value) : value);
}
function percentTickFormat(step: number) {
  const decimals = step >= 1 ? 0 : Math.min(2, Math.ceil(-Math.log10(step)));
  return (value: number) => `${value.toFixed(decimals)}%`;
}

function extent(values: number[]): [number, number] | null {
  let lo = Infinity;
  let hi = -Infinity;
  for (const value of values) {
    if (Number.isNaN(value)) continue;
    if (value < lo) lo = value;
    if (value > hi) hi = value;
  }
  return lo === Infinity ? null : [Math.min(0, lo), Math.max(0, hi)];
}

/** The columns that can be drawn (their ids): every column after the first holding at least one number. */
export function chartSeries(rows: readonly ResultRow[], columns: readonly ChartColumn[]): string[] {
  return columns
    .slice(1)
    .map((column) => toColumn(column).id)
    .filter((name) => rows.some((row) => numberOrNull(unwrapCell(row[name])) !== null));
}

/** The chart of `columns` (x first, then the series to draw); null when there is nothing to draw. */
export function buildChartModel(
  rows: readonly ResultRow[],
  columns: readonly ChartColumn[],
  options: { stacked?: readonly string[] } = {},
): ChartModel | null {
  const xColumn = columns[0] === undefined ? undefined : toColumn(columns[0]).id;
  if (!xColumn || rows.length === 0) return null;
  const series = chartSeries(rows, columns);
  if (series.length === 0) return null;
  const percentNames = new Set(
    columns
      .slice(1)
      .map(toColumn)
      .filter(isPercentColumn)
      .map((column) => column.id),
  );
  const isPercentSeries = (name: string) => percentNames.has(name);

  const xs = rows.map((row) => unwrapCell(row[xColumn]));
  const sortable =
    xs.every((x) => typeof x === 'number') || xs.every((x) => typeof x === 'string' && DATE_LIKE.test(x));
  const order = rows.map((_, index) => index);
  if (sortable) order.sort((a, b) => compareCells(xs[a], xs[b]));

  const percent = series.filter(isPercentSeries);
  const main = series.filter((name) => !isPercentSeries(name));
  const shownRows = order.map((index) => {
    const row = rows[index]!;
    const shown: Record<string, number | null> = {};
    for (const name of series) {
      const value = numberOrNull(unwrapCell(row[name]));
      shown[name] = value === null ? null : isPercentSeries(name) ? value * 100 : value;
    }
    return { x: cellText(xs[index]), shown };
  });
  const valuesOf = (names: string[]) => shownRows.flatMap((row) => names.map((name) => row.shown[name] ?? NaN));
  // A stacked chart (docs/analyze.md §Breakdown, compare and chart types) needs room for the sums of its stacked series.
  const stacked = new Set(options.stacked ?? []);
  const stackSums = (names: string[]) =>
    shownRows.flatMap((row) => {
      let up = 0;
      let down = 0;
      for (const name of names.filter((n) => stacked.has(n))) {
        const value = row.shown[name] ?? 0;
        if (value >= 0) up += value;
        else down += value;
      }
      return [up, down];
    });

  const mainExtent = extent([...valuesOf(main), ...(stacked.size ? stackSums(main) : [])]);
  const percentExtent = extent(valuesOf(percent));
  let left: AxisModel;
  let right: AxisModel | null = null;
  let percentScale = 1;
  if (mainExtent) {
    const mainTicks = niceTicks(mainExtent[0], mainExtent[1]);
    let domain: [number, number] = [mainTicks.lo, mainTicks.hi];
    if (percentExtent) {
      const percentTicks = niceTicks(percentExtent[0], percentExtent[1]);
      percentScale = mainTicks.hi > 0 && percentTicks.hi > 0 ? mainTicks.hi / percentTicks.hi : 1;
      domain = [
        Math.min(mainTicks.lo, percentTicks.lo * percentScale),
        Math.max(mainTicks.hi, percentTicks.hi * percentScale),
      ];
      const format = percentTickFormat(percentTicks.step);
      const scale = percentScale;
      right = {
        domain,
        ticks: percentTicks.ticks.map((tick) => tick * scale),
        format: (plotted) => format(plotted / scale),
      };
    }
    left = { domain, ticks: mainTicks.ticks, format: mainTickFormat(mainTicks.step) };
  } else {
    const percentTicks = niceTicks(percentExtent![0], percentExtent![1]);
    left = {
      domain: [percentTicks.lo, percentTicks.hi],
      ticks: percentTicks.ticks,
      format: percentTickFormat(percentTicks.step),
    };
  }

  const data: ChartDatum[] = shownRows.map(({ x, shown }) => {
    const plotted: Record<string, number> = {};
    for (const name of series) {
      const value = shown[name] ?? null;
      plotted[name] = value === null ? NaN : isPercentSeries(name) && right ? value * percentScale : value;
    }
    return { x, plotted, shown };
  });
  return { xColumn, series, percentSeries: percent, data, left, right };
}

/** The tooltip text of a series value (`shown` units: a percent series is already ×100). */
export function formatSeriesValue(column: ChartColumn, value: number | null): string {
  if (value === null) return 'null';
  return isPercentColumn(toColumn(column)) ? formatPercent(value) : formatValue(value);
}

/** Series colours, in order; chosen to stay apart for the colour-blind and on white (the page and the digest PNG). */
export const SERIES_COLORS = [
  '#4f46e5',
  '#0d9488',
  '#ea580c',
  '#db2777',
  '#0284c7',
  '#65a30d',
  '#9333ea',
  '#ca8a04',
  '#dc2626',
  '#475569',
];
