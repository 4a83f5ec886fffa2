/**
 * What the results show for each column: its label (with the column id kept beside it) and how its values print in
 * the grid and the chart. Pure, shared by the grid, the chart model and the chart, and tested on its own.
 *
 * Decisions (ours):
 *  - A column is a ratio shown as a percent when the model's catalogue says so: its `format` is `percent` (docs/analyze.md §Entities
 *    Column `format`; server/analytics/catalogue.ts gives every ratio metric that format: new_users_per,
 *    conversion_rate, completion_rate, ads_completed_rate, retention_*). So a new ratio metric follows without a
 *    change here. Only a column that carries no format at all falls back to the `retention_` prefix (docs/analyze.md §Rules and limits).
 *  - A percent value is the ratio ×100 with 2 decimals (`32.15%`), in the grid as in the chart (docs/analyze.md §Rules and limits).
 *  - Other numbers print grouped with up to 4 decimals; nulls print as `null` (docs/analyze.md §Messages). Exports never use this:
 *    they write the raw values (src/lib/exports.ts).
 */
import { NULL_TEXT, type CellValue } from './report-rows';

/** One column of a result, in display order: the group-by first, then the metrics. */
export interface ResultColumn {
  /** The column name in the rows and in exports (e.g. `retention_d1`). */
  id: string;
  /** What the user reads (e.g. `Retention D1`); the id when the catalogue has no label. */
  label: string;
  /** The catalogue's format (`integer`, `decimal`, `percent`, `currency`, `minutes`), when known. */
  format?: string;
  /** The catalogue's data type (`DATE`, `TIMESTAMP`, `STRING`, …), when known: exports write dates as dates. */
  dataType?: string;
  /** Compare (docs/analyze.md §Breakdown, compare and chart types): the metric a previous value or change belongs to. */
  of?: string;
  role?: 'previous' | 'change';
}

/** The format of a compare change column: already in %, printed with a sign and 1 decimal (`+12.5%`). */
export const CHANGE_FORMAT = 'change_percent';

export const PERCENT_FORMAT = 'percent';
/** docs/analyze.md §Rules and limits: `retention_` series are percents; the rule for columns that carry no format. */
export const RETENTION_PREFIX = 'retention_';

export const isPercentColumn = (column: Pick<ResultColumn, 'id' | 'format'>): boolean =>
  column.format !== undefined ? column.format === PERCENT_FORMAT : column.id.startsWith(RETENTION_PREFIX);

/** Columns known only by their ids (no catalogue at hand): the id is the label. */
export const plainColumns = (ids: readonly string[]): ResultColumn[] => ids.map((id) => ({ id, label: id }));

/** The label unless it is only the id again (then there is nothing to add beside it). */
export const hasOwnLabel = (column: ResultColumn): boolean => column.label.trim() !== '' && column.label !== column.id;

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 });

/** A percent value (already ×100) with 2 decimals: `32.15%`. */
export const formatPercent = (value: number): string => `${value.toFixed(2)}%`;

/** A cell as the grid prints it: `null` for nulls, percent columns ×100 with 2 decimals, numbers grouped. */
export function formatCell(column: Pick<ResultColumn, 'id' | 'format'>, value: CellValue): string {
  if (value === null) return NULL_TEXT;
  if (typeof value === 'number') {
    if (column.format === CHANGE_FORMAT) return `${value > 0 ? '+' : ''}${value.toFixed(1)}%`;
    return isPercentColumn(column) ? formatPercent(value * 100) : numberFormat.format(value);
  }
  return String(value);
}
