/**
 * PNG and SVG export of the report chart (docs/analyze.md §Rules and limits: PNG and SVG export on). The chart's <svg> is cloned and made
 * standalone: XML namespaces, explicit size, a white background, the font, and the legend drawn into the image
 * (the on-screen legend is HTML). PNG is that SVG painted on a canvas at twice the size.
 */
export interface LegendEntry {
  name: string;
  color: string;
}

const SVG_NS = 'http://www.w3.org/2000/svg';
const FONT = 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
const LEGEND_ROW = 22;
const LEGEND_PAD = 12;

function legendRows(entries: LegendEntry[], width: number): { entry: LegendEntry; x: number; row: number }[] {
  const placed: { entry: LegendEntry; x: number; row: number }[] = [];
  let x = LEGEND_PAD;
  let row = 0;
  for (const entry of entries) {
    const itemWidth = 28 + entry.name.length * 7 + 16;
    if (x + itemWidth > width - LEGEND_PAD && x > LEGEND_PAD) {
      row += 1;
      x = LEGEND_PAD;
    }
    placed.push({ entry, x, row });
    x += itemWidth;
  }
  return placed;
}

/** The chart as a standalone SVG document (text). */
export function serializeChartSvg(
  svg: SVGSVGElement,
  legend: LegendEntry[],
): { text: string; width: number; height: number } {
  const box = svg.getBoundingClientRect();
  const width = Math.round(Number(svg.getAttribute('width')) || box.width);
  const chartHeight = Math.round(Number(svg.getAttribute('height')) || box.height);
  const placed = legendRows(legend, width);
  const legendHeight = placed.length ? (placed[placed.length - 1]!.row + 1) * LEGEND_ROW + LEGEND_PAD : 0;
  const height = chartHeight + legendHeight;

  const clone = svg.cloneNode(true) as SVGSVGElement;
  clone.setAttribute('xmlns', SVG_NS);
  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(height));
  clone.setAttribute('viewBox', `0 0 ${width} ${height}`);
  clone.setAttribute('font-family', FONT);
  clone.removeAttribute('class');
  clone.removeAttribute('style');

  const background = document.createElementNS(SVG_NS, 'rect');
  background.setAttribute('width', String(width));
  background.setAttribute('height', String(height));
  background.setAttribute('fill', '#ffffff');
  clone.insertBefore(background, clone.firstChild);

  if (placed.length) {
    const group = document.createElementNS(SVG_NS, 'g');
    group.setAttribute('transform', `translate(0, ${chartHeight})`);
    for (const { entry, x, row } of placed) {
      const y = row * LEGEND_ROW + LEGEND_ROW / 2;
      const line = document.createElementNS(SVG_NS, 'line');
      line.setAttribute('x1', String(x));
      line.setAttribute('x2', String(x + 20));
      line.setAttribute('y1', String(y));
      line.setAttribute('y2', String(y));
      line.setAttribute('stroke', entry.color);
      line.setAttribute('stroke-width', '3');
      line.setAttribute('stroke-linecap', 'round');
      const label = document.createElementNS(SVG_NS, 'text');
      label.setAttribute('x', String(x + 28));
      label.setAttribute('y', String(y + 4));
      label.setAttribute('font-size', '12');
      label.setAttribute('fill', '#334155');
      label.textContent = entry.name;
      group.append(line, label);
    }
    clone.appendChild(group);
  }
  const text = `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(clone)}`;
  return { text, width, height };
}

export function svgBlob(text: string): Blob {
  return new Blob([text], { type: 'image/svg+xml;charset=utf-8' });
}

/** Paints the SVG on a canvas (at `scale`× for sharp text) and returns it as a PNG. */
export async function pngBlob(svg: { text: string; width: number; height: number }, scale = 2): Promise<Blob> {
  const url = URL.createObjectURL(svgBlob(svg.text));
  try {
    const image = new Image();
    image.decoding = 'async';
    await new Promise<void>((resolve, reject) => {
      image.onload = () => resolve();
      image.onerror = () => reject(new Error('The chart image could not be drawn.'));
      image.src = url;
    });
    const canvas = document.createElement('canvas');
    canvas.width = svg.width * scale;
    canvas.height = svg.height * scale;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No canvas available.');
    context.scale(scale, scale);
    context.drawImage(image, 0, 0, svg.width, svg.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('PNG encoding failed.'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}
