/**
 * Pure helpers over report results (docs/analyze.md §Entities "Report response": a list of rows, where a cell may be an object
 * holding a single value). The grid, the chart and every export read rows through these, so they all agree on
 * what a cell is, how it sorts and how it prints.
 *
 * Decisions (ours):
 *  - A cell object with exactly one own key (`{value: 3}`, `{v: 'x'}`) is unwrapped, recursively. Any other object
 *    (several keys, arrays) is not a single value: it is kept and printed as JSON.
 *  - `undefined` (a column missing from a row) is the same as `null`.
 *  - Sorting puts `null` before every value, like BigQuery's default (NULLS FIRST ascending, NULLS LAST descending),
 *    so nulls always gather at one end and the order is the same on every run. Numbers compare numerically, text
 *    with a numeric-aware collation, booleans false < true; in a mixed column booleans < numbers < text.
 *  - Nulls print as the string `null` (docs/analyze.md §Messages).
 */

/** A cell after unwrapping: what the grid, chart and exports work with. */
export type CellValue = string | number | boolean | null;
/** One result row as it arrives; cells may be single-value objects. */
export type ResultRow = Record<string, unknown>;
/** One unwrapped row keyed by column name. */
export type PlainRow = Record<string, CellValue>;

export const NULL_TEXT = 'null';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value of a cell: single-value objects unwrapped, `undefined` as `null`, other objects as JSON text. */
export function unwrapCell(cell: unknown): CellValue {
  let value = cell;
  // Unwrap nested single-value objects ({value: {value: 3}}), with a bound against pathological input.
  for (let depth = 0; depth < 8 && isPlainObject(value); depth++) {
    const keys = Object.keys(value);
    if (keys.length !== 1) break;
    value = value[keys[0]!];
  }
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  try {
    return JSON.stringify(value) ?? null;
  } catch {
    // oxlint-disable-next-line typescript/no-base-to-string -- a value JSON cannot write (a cycle, a nested bigint): its default text is all there is
    return String(value);
  }
}

/** Every cell of a row unwrapped, in the order of `columns` (cells not in `columns` are dropped). */
export function unwrapRow(row: ResultRow, columns: readonly string[]): PlainRow {
  const plain: PlainRow = {};
  for (const column of columns) plain[column] = unwrapCell(row[column]);
  return plain;
}

export function unwrapRows(rows: readonly ResultRow[], columns: readonly string[]): PlainRow[] {
  return rows.map((row) => unwrapRow(row, columns));
}

/**
 * The column names of a result when the caller has none: the keys of the first row in their order, followed by
 * keys that only later rows carry (first seen first).
 */
export function columnsOf(rows: readonly ResultRow[]): string[] {
  const seen = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) seen.add(key);
  return [...seen];
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
const typeRank = (value: Exclude<CellValue, null>) =>
  typeof value === 'boolean' ? 0 : typeof value === 'number' ? 1 : 2;

/** Ascending comparison of two cells (raw or unwrapped); `null` first. Reverse it for descending. */
export function compareCells(a: unknown, b: unknown): number {
  const x = unwrapCell(a);
  const y = unwrapCell(b);
  if (x === null || y === null) return x === y ? 0 : x === null ? -1 : 1;
  const rankX = typeRank(x);
  const rankY = typeRank(y);
  if (rankX !== rankY) return rankX - rankY;
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  if (typeof x === 'boolean' && typeof y === 'boolean') return Number(x) - Number(y);
  const text = collator.compare(String(x), String(y));
  return text !== 0 ? text : String(x) < String(y) ? -1 : String(x) > String(y) ? 1 : 0;
}

/** A cell as text for display: `null` for nulls, numbers and booleans as JavaScript prints them. */
export function cellText(cell: unknown): string {
  const value = unwrapCell(cell);
  return value === null ? NULL_TEXT : String(value);
}

/** What an export needs of a column: its id in the rows and the label the user reads (the header). */
export interface ExportColumn {
  id: string;
  label: string;
}

/**
 * The result as a matrix for exports: the header row (each column's label, as the grid heads it) followed by one
 * row of unwrapped cells per result row, in column order. Nulls stay `null` here; each writer decides how to print
 * them.
 */
export function toMatrix(rows: readonly ResultRow[], columns: readonly ExportColumn[]): CellValue[][] {
  return [
    columns.map((column) => column.label || column.id),
    ...rows.map((row) => columns.map((column) => unwrapCell(row[column.id]))),
  ];
}
