/**
 * What a run on the embedded engine (DuckDB, or the PostgreSQL analytics store) would have processed on BigQuery
 * (docs/integrations.md §Job history): neither engine reports bytes scanned per statement, so the job history shows
 * an estimate, labelled so — the rows the run reads times a row's logical size as BigQuery counts it (8 bytes per
 * INT64, FLOAT64, DATE and TIMESTAMP, 1 per BOOL, 2 + the text per STRING, with texts taken at 12 bytes and the
 * export's event parameters at six per event). Reports read some of a row's columns, so this is an upper estimate
 * for them.
 */
import { dayKey } from './raw-export';

export type ScannedTable = 'raw_events' | 'events' | 'daily_user_metrics';

/** Logical bytes of one row of each table (see the header). */
export const ROW_BYTES: Record<ScannedTable, number> = {
  raw_events: 620,
  events: 465,
  daily_user_metrics: 232,
};

/** The rows of one app (its dataset for raw_events) in [start, end] (YYYY-MM-DD): the count query and its values. */
export function rowsInRangeSql(
  table: ScannedTable,
  qualified: string,
  args: { key: string; start: string; end: string },
): { sql: string; values: Record<string, string> } {
  if (table === 'raw_events')
    return {
      sql: `SELECT count(*) AS n FROM ${qualified} WHERE dataset = $key AND event_date BETWEEN $from_key AND $to_key`,
      values: { key: args.key, from_key: dayKey(args.start), to_key: dayKey(args.end) },
    };
  return {
    sql: `SELECT count(*) AS n FROM ${qualified} WHERE app_id = $key AND event_date BETWEEN CAST($start AS DATE) AND CAST($end AS DATE)`,
    values: { key: args.key, start: args.start, end: args.end },
  };
}

/** Every day an app can have data in (the whole table of an app). */
export const ALL_DAYS = { start: '2000-01-01', end: '2999-12-31' } as const;

/** The estimate of a run that reads `rows` of `table`. */
export const estimatedBytes = (table: ScannedTable, rows: number) => Math.max(0, Math.round(rows)) * ROW_BYTES[table];
