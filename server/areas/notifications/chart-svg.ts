/**
 * A digest's chart (docs/notifications.md §Subscriptions): the report page's chart model (src/contracts/chart-model.ts:
 * the same x column, series, percent axis, domains and ticks as ReportChart) drawn as a standalone SVG on the server
 * — line, area, bars side by side or stacked, the legend below — and painted to PNG with resvg. Fonts: the machine's
 * (loadSystemFonts) with a sans-serif family as the default; a machine without any font still gets a valid PNG
 * (the lines and bars, without text).
 */
import { Resvg } from '@resvg/resvg-js';
import { buildChartModel, SERIES_COLORS, type ChartModel } from '../../../src/contracts/chart-model';
import type { ResultColumn } from '../../../src/contracts/result-columns';
import type { ResultRow } from '../../../src/contracts/report-rows';

export const CHART_WIDTH = 640;
export const CHART_HEIGHT = 320;
const FONT = 'DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif';
const MARGIN = { top: 16, right: 56, bottom: 44, left: 64 };
const LEGEND_ROW = 22;

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const n = (value: number) => (Number.isFinite(value) ? Number(value.toFixed(2)) : 0);

export type DigestChartType = 'line' | 'bar' | 'stacked_bar' | 'area';

/** The chart as SVG text with its size; null when the rows have nothing to draw (the page shows no chart either). */
export function chartSvg(
  rows: readonly ResultRow[],
  columns: readonly ResultColumn[],
  chartType: DigestChartType = 'line',
): { svg: string; width: number; height: number } | null {
  const stacked = chartType === 'stacked_bar' ? columns.slice(1).map((c) => c.id) : [];
  const model = buildChartModel(rows, columns, { stacked });
  if (!model) return null;
  return draw(model, columns, chartType);
}

function draw(model: ChartModel, columns: readonly ResultColumn[], chartType: DigestChartType) {
  const label = new Map(columns.map((c) => [c.id, c.label || c.id]));
  const width = CHART_WIDTH;
  const plotW = width - MARGIN.left - MARGIN.right;
  const plotH = CHART_HEIGHT - MARGIN.top - MARGIN.bottom;
  const [lo, hi] = model.left.domain;
  const y = (value: number) => MARGIN.top + plotH - ((value - lo) / (hi - lo || 1)) * plotH;
  const count = model.data.length;
  const band = plotW / Math.max(1, count);
  const x = (index: number) => MARGIN.left + band * index + band / 2;
  const parts: string[] = [];

  // Grid and axes: the model's ticks, formatted as the page formats them.
  for (const tick of model.left.ticks) {
    parts.push(
      `<line x1="${MARGIN.left}" x2="${MARGIN.left + plotW}" y1="${n(y(tick))}" y2="${n(y(tick))}" stroke="#e2e8f0"/>`,
      `<text x="${MARGIN.left - 6}" y="${n(y(tick) + 4)}" text-anchor="end" font-size="11" fill="#475569">${escapeXml(model.left.format(tick))}</text>`,
    );
  }
  if (model.right) {
    for (const tick of model.right.ticks) {
      parts.push(
        `<text x="${MARGIN.left + plotW + 6}" y="${n(y(tick) + 4)}" font-size="11" fill="#475569">${escapeXml(model.right.format(tick))}</text>`,
      );
    }
  }
  parts.push(
    `<line x1="${MARGIN.left}" x2="${MARGIN.left + plotW}" y1="${n(y(Math.max(lo, Math.min(hi, 0))))}" y2="${n(y(Math.max(lo, Math.min(hi, 0))))}" stroke="#94a3b8"/>`,
  );
  const labelEvery = Math.max(1, Math.ceil(count / 8));
  model.data.forEach((datum, index) => {
    if (index % labelEvery !== 0) return;
    const text = datum.x.length > 14 ? `${datum.x.slice(0, 13)}…` : datum.x;
    parts.push(
      `<text x="${n(x(index))}" y="${CHART_HEIGHT - MARGIN.bottom + 16}" text-anchor="middle" font-size="11" fill="#475569">${escapeXml(text)}</text>`,
    );
  });

  const color = (index: number) => SERIES_COLORS[index % SERIES_COLORS.length]!;
  const zero = y(Math.max(lo, Math.min(hi, 0)));
  if (chartType === 'bar' || chartType === 'stacked_bar') {
    const inner = band * 0.8;
    model.data.forEach((datum, index) => {
      let up = 0;
      let down = 0;
      model.series.forEach((name, s) => {
        const value = datum.plotted[name]!;
        if (Number.isNaN(value)) return;
        let top: number;
        let bottom: number;
        let left: number;
        let barW: number;
        if (chartType === 'stacked_bar') {
          const base = value >= 0 ? up : down;
          if (value >= 0) up += value;
          else down += value;
          top = y(Math.max(base, base + value));
          bottom = y(Math.min(base, base + value));
          left = x(index) - inner / 2;
          barW = inner;
        } else {
          barW = inner / model.series.length;
          left = x(index) - inner / 2 + barW * s;
          top = Math.min(y(value), zero);
          bottom = Math.max(y(value), zero);
        }
        parts.push(
          `<rect x="${n(left)}" y="${n(top)}" width="${n(Math.max(1, barW - 1))}" height="${n(Math.max(0.5, bottom - top))}" fill="${color(s)}"/>`,
        );
      });
    });
  } else {
    model.series.forEach((name, s) => {
      // A gap (null) breaks the line, as on the page.
      const segments: string[][] = [[]];
      model.data.forEach((datum, index) => {
        const value = datum.plotted[name]!;
        if (Number.isNaN(value)) segments.push([]);
        else segments[segments.length - 1]!.push(`${n(x(index))},${n(y(value))}`);
      });
      for (const points of segments.filter((p) => p.length > 0)) {
        if (chartType === 'area' && points.length > 1) {
          const first = points[0]!.split(',')[0];
          const last = points[points.length - 1]!.split(',')[0];
          parts.push(
            `<polygon points="${first},${n(zero)} ${points.join(' ')} ${last},${n(zero)}" fill="${color(s)}" fill-opacity="0.2"/>`,
          );
        }
        if (points.length === 1) {
          const [cx, cy] = points[0]!.split(',');
          parts.push(`<circle cx="${cx}" cy="${cy}" r="3" fill="${color(s)}"/>`);
        } else {
          parts.push(
            `<polyline points="${points.join(' ')}" fill="none" stroke="${color(s)}" stroke-width="2" stroke-linejoin="round" stroke-linecap="round"/>`,
          );
        }
      }
    });
  }

  // The legend (the page's is HTML; an image needs its own), wrapped like the page's PNG export.
  let legendX = 12;
  let legendRow = 0;
  const legend: string[] = [];
  model.series.forEach((name, s) => {
    const text = label.get(name) ?? name;
    const itemWidth = 28 + text.length * 7 + 16;
    if (legendX + itemWidth > width - 12 && legendX > 12) {
      legendRow += 1;
      legendX = 12;
    }
    const ly = CHART_HEIGHT + legendRow * LEGEND_ROW + LEGEND_ROW / 2;
    legend.push(
      `<line x1="${legendX}" x2="${legendX + 20}" y1="${ly}" y2="${ly}" stroke="${color(s)}" stroke-width="3" stroke-linecap="round"/>`,
      `<text x="${legendX + 28}" y="${ly + 4}" font-size="12" fill="#334155">${escapeXml(text)}</text>`,
    );
    legendX += itemWidth;
  });
  const height = CHART_HEIGHT + (legendRow + 1) * LEGEND_ROW + 8;
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${FONT}">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    ...parts,
    ...legend,
    '</svg>',
  ].join('\n');
  return { svg, width, height };
}

/**
 * The SVG painted to PNG at twice its size (sharp on high-density screens). `systemFonts: false` paints without any
 * font (what a machine without fonts gets): the same valid image, its text left out.
 */
export function svgToPng(svg: string, options: { systemFonts?: boolean } = {}): Buffer {
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'zoom', value: 2 },
    background: '#ffffff',
    font: {
      loadSystemFonts: options.systemFonts ?? true,
      defaultFontFamily: 'DejaVu Sans',
      sansSerifFamily: 'DejaVu Sans',
    },
  });
  return Buffer.from(resvg.render().asPng());
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The width and height an IHDR chunk names; null when the bytes are not a PNG. */
export function pngSize(png: Buffer): { width: number; height: number } | null {
  if (png.length < 24 || !png.subarray(0, 8).equals(PNG_SIGNATURE) || png.toString('ascii', 12, 16) !== 'IHDR') {
    return null;
  }
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}
