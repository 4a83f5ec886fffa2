/**
 * Breakdown and compare results reshaped for the grid and the chart (docs/analyze.md §Breakdown, compare and chart types). Pure:
 * the rows come from the server long (one row per group value and breakdown value, the previous value and the change
 * beside each metric); these functions only rearrange them.
 *
 *  - `breakdownValues`: the breakdown values by the total of the first metric over the result, largest first, with
 *    'Other' always last (the server already cut them to the top N plus 'Other').
 *  - `pivotResult`: the grid's pivot: one row per group value, one column per metric column and breakdown value.
 *  - `chartResult`: what the chart draws. With a breakdown, the first metric per breakdown value (one series each);
 *    otherwise the metrics, with compare each followed by its previous value, drawn dashed in the metric's colour.
 *    The change in % stays in the grid.
 */
import { BREAKDOWN_OTHER } from '../../../contracts/analyze';
import { cellText, unwrapCell, type ResultRow } from '../../../lib/report-rows';
import type { ResultColumn } from './result-columns';
import type { ResultShape } from '../../../machines/report-builder/report-builder.selectors';

export type { ResultShape };

export interface ShapedResult {
  rows: ResultRow[];
  columns: ResultColumn[];
  /** Series drawn dashed, each with the series whose colour it takes (the previous period of a metric). */
  dashed: Record<string, string>;
}

const numberOf = (cell: unknown) => {
  const value = unwrapCell(cell);
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
};

export function breakdownValues(rows: readonly ResultRow[], shape: ResultShape): string[] {
  if (!shape.breakdown) return [];
  const first = shape.metrics[0];
  const totals = new Map<string, number>();
  for (const row of rows) {
    const value = cellText(unwrapCell(row[shape.breakdown]));
    totals.set(value, (totals.get(value) ?? 0) + (first ? numberOf(row[first]) : 0));
  }
  return [...totals]
    .sort((a, b) =>
      a[0] === BREAKDOWN_OTHER ? 1 : b[0] === BREAKDOWN_OTHER ? -1 : b[1] - a[1] || (a[0] < b[0] ? -1 : 1),
    )
    .map(([value]) => value);
}

/** One row per group value; `pick` chooses the metric columns spread over the breakdown values. */
function spread(
  rows: readonly ResultRow[],
  columns: readonly ResultColumn[],
  shape: ResultShape,
  pick: (column: ResultColumn) => boolean,
  label: (column: ResultColumn, value: string) => string,
): { rows: ResultRow[]; columns: ResultColumn[] } {
  const breakdown = shape.breakdown!;
  const group = shape.group;
  const values = breakdownValues(rows, shape);
  const spreadColumns = columns.filter((c) => c.id !== group && c.id !== breakdown && pick(c));
  const idOf = (column: string, value: string) => `${column}[${value}]`;
  const byGroup = new Map<string, ResultRow>();
  for (const row of rows) {
    const key = group ? cellText(unwrapCell(row[group])) : '';
    let out = byGroup.get(key);
    if (!out) {
      out = group ? { [group]: row[group] ?? null } : {};
      byGroup.set(key, out);
    }
    const value = cellText(unwrapCell(row[breakdown]));
    for (const column of spreadColumns) out[idOf(column.id, value)] = row[column.id] ?? null;
  }
  const groupColumn = columns.find((c) => c.id === group);
  return {
    rows: [...byGroup.values()],
    columns: [
      ...(groupColumn ? [groupColumn] : []),
      ...spreadColumns.flatMap((column) =>
        values.map((value) => {
          const { of: _of, role: _role, ...rest } = column;
          return { ...rest, id: idOf(column.id, value), label: label(column, value) };
        }),
      ),
    ],
  };
}

/** The grid in pivot form: `{metric label} · {value}` columns, in the order of the breakdown values. */
export function pivotResult(
  rows: readonly ResultRow[],
  columns: readonly ResultColumn[],
  shape: ResultShape,
): { rows: ResultRow[]; columns: ResultColumn[] } {
  if (!shape.breakdown) return { rows: [...rows], columns: [...columns] };
  return spread(
    rows,
    columns,
    shape,
    () => true,
    (column, value) => `${column.label} · ${value}`,
  );
}

export function chartResult(
  rows: readonly ResultRow[],
  columns: readonly ResultColumn[],
  shape: ResultShape,
): ShapedResult {
  if (shape.breakdown) {
    const first = shape.metrics[0];
    const pivoted = spread(
      rows,
      columns,
      shape,
      (column) => column.id === first,
      (_column, value) => value,
    );
    return { ...pivoted, dashed: {} };
  }
  const dashed: Record<string, string> = {};
  const drawn = columns.filter((column) => {
    if (column.role === 'change') return false;
    if (column.role === 'previous' && column.of) dashed[column.id] = column.of;
    return true;
  });
  return { rows: [...rows], columns: drawn, dashed };
}
