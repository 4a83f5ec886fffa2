/**
 * The deployment's analytics store (ANALYTICS_STORE): where the raw export of the sandbox, the processed `events` and
 * `daily_user_metrics` live, and everything that reads or writes them outside a report. Two implementations:
 *   duckdb   — the embedded DuckDB file of one server (event-store.ts); the default
 *   postgres — the app database's `analytics` schema, shared by every server on it (postgres-store.ts)
 * Apps whose BigQuery plugin asks for it keep their reports and processing on BigQuery either way (index.ts).
 */
import type { ReportEngine } from './engine';
import { DuckDbReportEngine } from './duckdb-engine';
import type { EventStore, RevenueRules } from './event-store';
import { generateEvents, type GenerateOptions, type GenerateResult } from './generator';
import {
  ensureRawTable,
  exportRange,
  processRange,
  writeSandboxExport,
  type ProcessResult,
  type SandboxExportOptions,
} from './raw-export';
import { rowsInRangeSql, type ScannedTable } from './scan-estimate';

export type StoreKind = 'duckdb' | 'postgres';

/** How many of an event's latest raw rows the revenue settings' samples are read from. */
export const SAMPLE_ROWS = 500;

export interface ParameterSamples {
  /** The latest value of each parameter (as text), among the event's latest SAMPLE_ROWS export rows. */
  params: Map<string, string>;
  valueInUsd: string | null;
}

/** One row of the suggested quests' cohort query: the cohort size, its D7 revenue, players by their best level. */
export interface CohortRow {
  installs: number;
  usd: number;
  level: number;
  players: number;
}

export interface AnalyticsStore {
  readonly kind: StoreKind;
  /** The report engine over this store's processed tables. */
  readonly engine: ReportEngine;
  /** First and last processed day of an app, or null. */
  dataRange(appId: string): Promise<{ start: string; end: string } | null>;
  /** The days of [start, end] with processed daily metrics (YYYY-MM-DD). */
  processedDays(appId: string, start: string, end: string): Promise<string[]>;
  /** Rebuilds an app's daily_user_metrics (one after another per app, on this server). */
  rebuildDailyUserMetrics(appId: string, revenue?: RevenueRules): Promise<void>;
  deleteApp(appId: string): Promise<void>;
  /** The raw export of a dataset: its first and last day and event count, or null. */
  exportRange(dataset: string): Promise<{ start: string; end: string; events: number } | null>;
  writeSandboxExport(options: SandboxExportOptions): Promise<{ events: number; start: string; end: string }>;
  /** Process Data: the export's rows of [start, end] → events, then the daily metrics rebuild. */
  processRange(
    args: { appId: string; dataset: string; start: string; end: string; revenue?: RevenueRules },
    progress?: (percent: number) => Promise<void>,
  ): Promise<ProcessResult>;
  /**
   * The rows of one app (its export dataset for raw_events) in [start, end]: what a run reads, for the job history's
   * estimate of the bytes it processed (scan-estimate.ts).
   */
  rowsInRange(table: ScannedTable, args: { key: string; start: string; end: string }): Promise<number>;
  /** The latest sample of each parameter of an event in a dataset's export, and of its event_value_in_usd. */
  parameterSamples(dataset: string, eventName: string): Promise<ParameterSamples>;
  /** Installs of the last `days` days before the data's last day − 3, with their D7 revenue and best level by D3. */
  cohortRows(appId: string, days: number): Promise<CohortRow[]>;
  /** Replaces an app's processed events with generated ones (deterministic from the seed), and its daily metrics. */
  generate(options: GenerateOptions): Promise<GenerateResult>;
  close(): Promise<void>;
}

/** The embedded store: every operation on the server's DuckDB file. */
export function duckdbStore(store: EventStore): AnalyticsStore & { engine: DuckDbReportEngine } {
  const engine = new DuckDbReportEngine(store);
  return {
    kind: 'duckdb',
    engine,
    dataRange: (appId) => store.dataRange(appId),
    async processedDays(appId, start, end) {
      const rows = await store.rows(
        'SELECT DISTINCT CAST(event_date AS VARCHAR) AS day FROM daily_user_metrics WHERE app_id = $app_id AND event_date BETWEEN CAST($start AS DATE) AND CAST($end AS DATE) ORDER BY day',
        { app_id: appId, start, end },
        undefined,
        { timeoutMs: 0 },
      );
      return rows.map((r) => String(r.day));
    },
    rebuildDailyUserMetrics: (appId, revenue) => store.rebuildDailyUserMetrics(appId, revenue),
    deleteApp: (appId) => store.deleteApp(appId),
    exportRange: (dataset) => exportRange(store, dataset),
    writeSandboxExport: (options) => writeSandboxExport(store, options),
    processRange: (args, progress) => processRange(store, args, progress),
    async rowsInRange(table, args) {
      if (table === 'raw_events') await ensureRawTable(store);
      const { sql, values } = rowsInRangeSql(table, table, args);
      // A report's scan estimate: answered from the result cache while the store is unchanged.
      const [row] = await store.rows(sql, values, undefined, { timeoutMs: 0, cache: true });
      return Number(row?.n ?? 0);
    },
    async parameterSamples(dataset, eventName) {
      await ensureRawTable(store);
      const latest = `SELECT event_timestamp, event_params, event_value_in_usd FROM raw_events
                  WHERE dataset = $dataset AND event_name = $event_name ORDER BY event_timestamp DESC LIMIT ${SAMPLE_ROWS}`;
      const values = { dataset, event_name: eventName };
      const params = await store.rows(
        `SELECT p.key AS name,
            arg_max(coalesce(p.value.string_value, CAST(p.value.int_value AS VARCHAR), CAST(coalesce(p.value.double_value, p.value.float_value) AS VARCHAR)), event_timestamp) AS sample
     FROM (SELECT event_timestamp, unnest(event_params) AS p FROM (${latest})) GROUP BY p.key`,
        values,
      );
      const [value] = await store.rows(
        `SELECT CAST(arg_max(event_value_in_usd, event_timestamp) AS VARCHAR) AS sample FROM (${latest}) WHERE event_value_in_usd IS NOT NULL`,
        values,
      );
      return {
        params: new Map(
          params.filter((row) => row.sample !== null).map((row) => [String(row.name), String(row.sample)]),
        ),
        valueInUsd: value?.sample == null ? null : String(value.sample as string),
      };
    },
    async cohortRows(appId, days) {
      const rows = await store.rows(
        `WITH bounds AS (SELECT max(event_date) - INTERVAL 3 DAY AS last_day FROM events WHERE app_id = $app),
     installs AS (
       SELECT user_pseudo_id, min(user_first_touch_timestamp) AS installed FROM events, bounds
       WHERE app_id = $app AND user_first_touch_timestamp IS NOT NULL
       GROUP BY user_pseudo_id, bounds.last_day
       HAVING min(user_first_touch_timestamp) > bounds.last_day - to_days(CAST($days AS INTEGER))
          AND min(user_first_touch_timestamp) <= bounds.last_day),
     levels AS (
       SELECT e.user_pseudo_id, max(e.level) AS max_level FROM events e JOIN installs i USING (user_pseudo_id)
       WHERE e.app_id = $app AND e.event_name = 'level_end' AND e.level IS NOT NULL AND e.event_timestamp <= i.installed + INTERVAL 3 DAY
       GROUP BY e.user_pseudo_id),
     revenue AS (
       SELECT coalesce(sum(e.event_value_in_usd), 0) AS usd FROM events e JOIN installs i USING (user_pseudo_id)
       WHERE e.app_id = $app AND e.event_timestamp <= i.installed + INTERVAL 7 DAY)
     SELECT (SELECT count(*) FROM installs) AS installs, (SELECT usd FROM revenue) AS usd,
            CAST(l.max_level AS INTEGER) AS level, count(*) AS players
     FROM levels l GROUP BY l.max_level ORDER BY l.max_level`,
        { app: appId, days },
      );
      return rows.map(cohortRow);
    },
    generate: (options) => generateEvents(store, options),
    close: () => store.close(),
  };
}

export const cohortRow = (row: Record<string, unknown>): CohortRow => ({
  installs: Number(row.installs ?? 0),
  usd: Number(row.usd ?? 0),
  level: Number(row.level),
  players: Number(row.players),
});
