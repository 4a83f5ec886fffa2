/**
 * The digest's chart (server/areas/notifications/chart-svg.ts; docs/notifications.md §Subscriptions): drawn from the
 * page's chart model (the same series, percent axis and ticks), painted to a valid PNG with resvg — with the
 * machine's fonts, and without any font at all (then the image is still valid, its text left out).
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { chartSvg, pngSize, PNG_SIGNATURE, svgToPng } from '../../server/areas/notifications/chart-svg';
import { buildChartModel } from '../../src/contracts/chart-model';

const { PNG } = createRequire(import.meta.url)('pngjs') as {
  PNG: { sync: { read(buffer: Buffer): { width: number; height: number; data: Buffer } } };
};

const rows = Array.from({ length: 10 }, (_, i) => ({
  date: `2025-06-${String(i + 1).padStart(2, '0')}`,
  dau: 100 + i * 10,
  retention_d1: { value: 0.3 + i / 100 },
}));
const columns = [
  { id: 'date', label: 'Date' },
  { id: 'dau', label: 'DAU', format: 'integer' },
  { id: 'retention_d1', label: 'Retention D1', format: 'percent' },
];
const inkOf = (png: Buffer) => {
  const image = PNG.sync.read(png);
  let ink = 0;
  for (let i = 0; i < image.data.length; i += 4) if (image.data[i]! < 200) ink++;
  return ink;
};

describe('digest chart', () => {
  it("draws the page's model: its ticks as labels, the percent axis on the right, the legend's labels", () => {
    const chart = chartSvg(rows, columns, 'line')!;
    const model = buildChartModel(rows, columns)!;
    for (const tick of model.left.ticks) expect(chart.svg).toContain(`>${model.left.format(tick)}</text>`);
    for (const tick of model.right!.ticks) expect(chart.svg).toContain(`>${model.right!.format(tick)}</text>`);
    expect(chart.svg).toContain('>DAU</text>');
    expect(chart.svg).toContain('>Retention D1</text>');
    expect(chart.svg.match(/<polyline /g)).toHaveLength(2);
    expect(chartSvg(rows, columns, 'bar')!.svg.match(/<rect /g)!.length).toBe(1 + rows.length * 2);
    expect(chartSvg([], columns, 'line')).toBeNull();
  });

  it('escapes text from the data', () => {
    const svg = chartSvg(
      [{ name: '<b>&"x"', n: 1 }],
      [
        { id: 'name', label: 'Name' },
        { id: 'n', label: 'N & <M>' },
      ],
    )!.svg;
    expect(svg).toContain('&lt;b&gt;&amp;&quot;x&quot;');
    expect(svg).toContain('N &amp; &lt;M&gt;');
    expect(svg).not.toContain('<b>');
  });

  it('paints a valid PNG with system fonts and without any font', () => {
    const chart = chartSvg(rows, columns, 'stacked_bar')!;
    const withFonts = svgToPng(chart.svg);
    const withoutFonts = svgToPng(chart.svg, { systemFonts: false });
    for (const png of [withFonts, withoutFonts]) {
      expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
      const decoded = PNG.sync.read(png);
      expect(pngSize(png)).toEqual({ width: decoded.width, height: decoded.height });
      expect(decoded.width).toBe(chart.width * 2);
      expect(inkOf(png)).toBeGreaterThan(1000);
    }
    // The text is what the fonts add.
    expect(inkOf(withFonts)).toBeGreaterThan(inkOf(withoutFonts));
    expect(pngSize(Buffer.from('not a png'))).toBeNull();
  });
});
