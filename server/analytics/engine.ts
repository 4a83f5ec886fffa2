/**
 * What every report engine offers (DuckDB embedded, BigQuery by configuration), the errors they raise, and the
 * engine-independent parts built on top: the model configuration of docs/analyze.md §Entities "Report config per model" from the
 * describe query, and result-row normalisation.
 */
import {
  REPORT_LIMIT_DEFAULT,
  REPORT_LIMIT_MAX,
  REPORT_LIMIT_MIN,
  type Column,
  type ModelConfiguration,
  type ReportRow,
  type SampleValue,
} from '../../src/contracts/analyze';
import type { ModelDef } from './catalogue';
import type { AvailableRange, CompiledReport } from './compiler';
import type { Dialect, RenderedSql } from './sql';

export interface ReportEngine {
  readonly kind: 'duckdb' | 'postgres' | 'bigquery';
  /** The SQL dialect of this engine (for queries other than a report's, such as a cohort table's). */
  readonly dialect: Dialect;
  /** Runs SQL rendered in this engine's dialect and returns its rows (same limits as a report). */
  rows(rendered: RenderedSql): Promise<ReportRow[]>;
  /** The report in this engine's dialect: the SQL text and its bound values ('View SQL'). */
  render(compiled: CompiledReport): RenderedSql;
  /**
   * Runs a compiled report (as `rendered` when the caller already rendered it) and returns its rows: group-by
   * columns first, then metrics.
   */
  run(compiled: CompiledReport, rendered?: RenderedSql): Promise<ReportRow[]>;
  /** First and last day with data for an app, or null. */
  dataRange(appId: string): Promise<AvailableRange | null>;
  /** The describe query (compiler.describeModel) as one row, or null when the app has no data. */
  describe(model: ModelDef, appId: string): Promise<Record<string, unknown> | null>;
}

/** A report that would scan more than the engine allows (BigQuery maximumBytesBilled). */
export class ReportTooLargeError extends Error {
  constructor(
    readonly bytes: number,
    readonly limit: number,
  ) {
    super(
      `This report would scan ${formatBytes(bytes)}, more than the limit of ${formatBytes(limit)}. Choose a shorter date range.`,
    );
    this.name = 'ReportTooLargeError';
  }
}

/** A date cell as text: the engines' rows carry dates as strings, 'YYYY-MM-DD' or an export's YYYYMMDD key (toPlain, normaliseCell). */
export const dateText = (cell: unknown): string => String(cell as string | Date);

export const formatBytes = (bytes: number) =>
  bytes >= 1e9
    ? `${(bytes / 1e9).toFixed(1)} GB`
    : bytes >= 1e6
      ? `${(bytes / 1e6).toFixed(1)} MB`
      : `${Math.round(bytes / 1e3)} KB`;

/** docs/analyze.md §Entities "Report config per model" for one app, from the describe row. */
export function modelConfiguration(model: ModelDef, describeRow: Record<string, unknown> | null): ModelConfiguration {
  const select: Column[] = model.metrics.map((m) => ({
    column_name: m.column_name,
    id: m.column_name,
    data_type: m.data_type,
    format: m.format,
    label: m.label,
    ...(m.group ? { group: m.group } : {}),
    model_id: model.id,
    description: m.description,
  }));
  const group_by_where = model.dimensions.map((d) => ({
    column_name: d.column_name,
    data_type: d.data_type,
    sample_value: sampleValue(describeRow?.[`sample_${d.column_name}`]),
    id: d.column_name,
    label: d.label,
    model_id: model.id,
  }));
  const start = describeRow?.date_min;
  const end = describeRow?.date_max;
  return {
    select,
    group_by_where,
    date_range: start && end ? [{ start_date: dateText(start), end_date: dateText(end) }] : [],
    limit: [{ value: REPORT_LIMIT_DEFAULT, min: REPORT_LIMIT_MIN, max: REPORT_LIMIT_MAX, model_id: model.id }],
  };
}

function sampleValue(value: unknown): SampleValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isInteger(value) ? value : Math.round(value * 1e6) / 1e6;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  // oxlint-disable-next-line typescript/no-base-to-string -- any other cell (a list, a struct) shows as its default text
  return String(value);
}
