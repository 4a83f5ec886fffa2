/**
 * Process Data on BigQuery (docs/integrations.md: "with BigQuery configured, the same processing runs as BigQuery jobs from the
 * customer's `analytics_*` dataset into the target dataset"): the flattening of raw-export.ts (`flattenSelect`, one
 * definition of the output columns) and the daily-metrics rebuild of event-store.ts (`rebuildDailySql`), rendered in
 * BigQuery standard SQL, run as query jobs through @google-cloud/bigquery:
 *
 *   1. CREATE TABLE IF NOT EXISTS for `events` and `daily_user_metrics` in the target dataset (partitioned by day,
 *      clustered by app);
 *   2. one script job in a transaction: DELETE the app's events of [start, end], INSERT … SELECT the export's rows of
 *      `analytics_<property>.events_*` with `_TABLE_SUFFIX BETWEEN @from_key AND @to_key` (a day either side: the
 *      export's days are the property's time zone), kept to the UTC days asked for — idempotent per range;
 *   3. one script job replacing the app's daily_user_metrics;
 *   4. the range's count, the app's data range and the events' parameter types (the plugin's Events table).
 *
 * The export dataset is the plugin's `sourceDataset`, or the source project's `analytics_*` dataset found by listing
 * (a project with none, or with several and no choice made, fails the job saying so).
 *
 * Every value is a named, typed parameter; identifiers (projects, datasets) are allow-listed by pattern. Each job is
 * awaited (getQueryResults); a failed job rejects with BigQuery's message, which the job runner writes to the job's
 * result and the plugin's feed. Progress is reported after each step.
 */
import { jobFigures, namedQueryJob, runQueryJob, type BigQueryClient } from './bigquery-engine';
import { dateText } from './engine';
import { rebuildDailySql, type RebuildDialect, type RevenueRule, type RevenueRules } from './event-store';
import {
  appVersionsOf,
  appVersionsSql,
  byEntryText,
  dayKey,
  exportKeysAround,
  flattenSelect,
  processedColumns,
  type FlattenDialect,
  type ProcessResult,
} from './raw-export';
import { lookupTable } from '../../src/contracts/lookup';

export interface BigQueryProcessOptions {
  /** Target: where the processed tables live (the reports read them). */
  project: string;
  dataset: string;
  /**
   * Source: the Firebase export dataset (`analytics_<property id>`), in `sourceProject` (default the target project).
   * Left out (the usual case: a project linked to one Google Analytics property), it is found by listing the source
   * project's datasets once (the client's `getDatasets`) and taking its `analytics_*` dataset.
   */
  sourceProject?: string;
  sourceDataset?: string;
  location?: string;
  /** Per job (default 10 minutes). */
  timeoutMs?: number;
}

const PROJECT = /^[a-z][a-z0-9-]{4,28}[a-z0-9]$/;
const DATASET = /^[A-Za-z0-9_]{1,1024}$/;
const EXPORT_DATASET = /^analytics_[0-9]{1,20}$/;

function allowed(value: string, pattern: RegExp, what: string) {
  if (!pattern.test(value)) throw new Error(`Invalid BigQuery ${what} name ${JSON.stringify(value)}.`);
  return value;
}

/** BigQuery types of the processed columns (the embedded engine's DDL in BigQuery terms). */
const COLUMN_TYPES: Record<string, string> = lookupTable({
  app_id: 'STRING NOT NULL',
  event_date: 'DATE NOT NULL',
  event_timestamp: 'TIMESTAMP NOT NULL',
  event_name: 'STRING NOT NULL',
  user_pseudo_id: 'STRING NOT NULL',
  user_first_touch_timestamp: 'TIMESTAMP',
  event_value_in_usd: 'FLOAT64',
  ga_session_id: 'INT64',
  ga_session_number: 'INT64',
  engagement_time_msec: 'INT64',
  level: 'INT64',
  success: 'BOOL',
  value: 'FLOAT64',
  params: 'ARRAY<STRUCT<key STRING, value STRING>>',
});
const DAILY_COLUMNS = `app_id STRING NOT NULL, event_date DATE NOT NULL, user_pseudo_id STRING NOT NULL, install_date DATE NOT NULL,
  days_since_install INT64 NOT NULL, is_new BOOL NOT NULL, platform STRING, country STRING, app_version STRING, media_source STRING,
  played BOOL NOT NULL, events INT64 NOT NULL, sessions INT64 NOT NULL, engagement_ms INT64 NOT NULL, level_starts INT64 NOT NULL,
  level_completions INT64 NOT NULL, impressions INT64 NOT NULL, rewarded_impressions INT64 NOT NULL, ad_rewards INT64 NOT NULL,
  ad_revenue FLOAT64 NOT NULL, iap_count INT64 NOT NULL, iap_revenue FLOAT64 NOT NULL,
  ${[1, 2, 3, 4, 5, 6, 7].map((n) => `ret_d${n} BOOL`).join(', ')}, ${[1, 2, 3, 4, 5, 6, 7].map((n) => `ret_w${n} BOOL`).join(', ')}`;

/** One job request: its SQL and its named parameters with their BigQuery types. */
export interface ProcessStatement {
  query: string;
  params: Record<string, unknown>;
  types: Record<string, string>;
}

/** What processing needs of the BigQuery client: query jobs, and listing datasets to find the export. */
export interface BigQueryProcessClient extends BigQueryClient {
  getDatasets?(options: { projectId: string }): Promise<[{ id?: string | null }[], ...unknown[]]>;
}

export class BigQueryProcessor {
  private readonly target: (table: string) => string;
  private readonly sourceProject: string;
  private source: string | null = null;

  constructor(
    private readonly client: BigQueryProcessClient,
    private readonly options: BigQueryProcessOptions,
  ) {
    const project = allowed(options.project, PROJECT, 'project');
    const dataset = allowed(options.dataset, DATASET, 'dataset');
    this.sourceProject = allowed(options.sourceProject ?? options.project, PROJECT, 'project');
    this.target = (table) => `\`${project}.${dataset}.${table}\``;
    if (options.sourceDataset) this.useSource(options.sourceDataset);
  }

  private useSource(dataset: string) {
    this.source = `\`${this.sourceProject}.${allowed(dataset, EXPORT_DATASET, 'Firebase export dataset')}.events_*\``;
  }

  /** The export's tables: the given dataset, or the source project's one `analytics_*` dataset. */
  private async resolveSource(): Promise<void> {
    if (this.source) return;
    if (!this.client.getDatasets)
      throw new Error(
        "Set the plugin's Firebase export dataset (sourceDataset: analytics_<property id>) to process data on BigQuery.",
      );
    const [datasets] = await this.client.getDatasets({ projectId: this.sourceProject });
    const found = datasets
      .map((d) => d.id ?? '')
      .filter((id) => EXPORT_DATASET.test(id))
      .sort();
    if (found.length === 0) {
      throw new Error(
        `The GCP project ${this.sourceProject} has no Google Analytics export (an analytics_<property id> dataset): link Firebase to BigQuery in the Firebase console first.`,
      );
    }
    if (found.length > 1) {
      throw new Error(
        `The GCP project ${this.sourceProject} has several Google Analytics exports (${found.join(', ')}): set the plugin's sourceDataset to the one to process.`,
      );
    }
    this.useSource(found[0]!);
  }

  private sourceTable(): string {
    if (!this.source) throw new Error('The Firebase export dataset is not known yet (processRange finds it).');
    return this.source;
  }

  private flattenDialect(): FlattenDialect {
    return {
      param: (name) => `@${name}`,
      cast: (e, type) => `CAST(${e} AS ${{ int: 'INT64', double: 'FLOAT64', string: 'STRING' }[type]})`,
      safeCast: (e, type) => `SAFE_CAST(${e} AS ${{ int: 'INT64', double: 'FLOAT64' }[type]})`,
      micros: (e) => `TIMESTAMP_MICROS(${e})`,
      day: (e) => `DATE(${e})`,
      dateParam: (name) => `@${name}`,
      paramValue: (key, read) => `(SELECT ${read('value')} FROM UNNEST(event_params) WHERE key = '${key}' LIMIT 1)`,
      otherParams: (exclude, text) =>
        `ARRAY(SELECT AS STRUCT key, ${text('value')} AS value FROM UNNEST(event_params) WHERE key NOT IN (${exclude.map((n) => `'${n}'`).join(', ')}))`,
      source: () => `FROM ${this.sourceTable()}\nWHERE _TABLE_SUFFIX BETWEEN @from_key AND @to_key`,
    };
  }

  private rebuildDialect(): RebuildDialect {
    return {
      param: (name) => `@${name}`,
      countIf: (filter) => `COUNTIF(${filter})`,
      sumIf: (e, filter) => `SUM(IF(${filter}, ${e}, NULL))`,
      minIf: (e, filter) => `MIN(IF(${filter}, ${e}, NULL))`,
      argMax: (e, by) => `ANY_VALUE(${e} HAVING MAX ${by})`,
      boolOr: (e) => `LOGICAL_OR(${e})`,
      dayDiff: (start, end) => `DATE_DIFF(${end}, ${start}, DAY)`,
      addDays: (day, n) => `DATE_ADD(${day}, INTERVAL ${n} DAY)`,
      int: 'INT64',
      double: 'FLOAT64',
      otherParamNumber: (param) =>
        `SAFE_CAST((SELECT p.value FROM UNNEST(params) AS p WHERE p.key = @${param} LIMIT 1) AS FLOAT64)`,
      table: (name) => this.target(name),
    };
  }

  /** The job requests of one run, in order (tests read them; `processRange` sends them). */
  statements(args: { appId: string; start: string; end: string; revenue?: readonly RevenueRule[] }) {
    const flatten = this.flattenDialect();
    const columns = processedColumns(flatten);
    const range = { app_id: args.appId, start: args.start, end: args.end };
    const rangeTypes = { app_id: 'STRING', start: 'DATE', end: 'DATE' };
    const createEvents: ProcessStatement = {
      query: `CREATE TABLE IF NOT EXISTS ${this.target('events')} (\n  ${columns.map((c) => `${c.name} ${COLUMN_TYPES[c.name] ?? 'STRING'}`).join(',\n  ')}\n)
PARTITION BY event_date CLUSTER BY app_id, event_name;
CREATE TABLE IF NOT EXISTS ${this.target('daily_user_metrics')} (\n  ${DAILY_COLUMNS}\n)
PARTITION BY event_date CLUSTER BY app_id`,
      params: {},
      types: {},
    };
    const replaceEvents: ProcessStatement = {
      query: `BEGIN TRANSACTION;
DELETE FROM ${this.target('events')} WHERE app_id = @app_id AND event_date BETWEEN @start AND @end;
INSERT INTO ${this.target('events')} (${columns.map((c) => c.name).join(', ')})
${flattenSelect(flatten)};
COMMIT TRANSACTION`,
      params: { ...range, ...exportKeysAround(args.start, args.end) },
      types: { ...rangeTypes, from_key: 'STRING', to_key: 'STRING' },
    };
    const rebuild = rebuildDailySql(args.revenue ?? [], this.rebuildDialect());
    const rebuildValues = Object.fromEntries(Object.entries(rebuild.values).map(([k, v]) => [k, String(v)]));
    const rebuildDaily: ProcessStatement = {
      query: `BEGIN TRANSACTION;
DELETE FROM ${this.target('daily_user_metrics')} WHERE app_id = @app_id;
${rebuild.sql.trim()};
COMMIT TRANSACTION`,
      params: { app_id: args.appId, ...rebuildValues },
      types: { app_id: 'STRING', ...Object.fromEntries(Object.keys(rebuildValues).map((k) => [k, 'STRING'])) },
    };
    const summary: ProcessStatement = {
      query: `SELECT
  (SELECT COUNT(*) FROM ${this.target('events')} WHERE app_id = @app_id AND event_date BETWEEN @start AND @end) AS events,
  (SELECT FORMAT_DATE('%Y-%m-%d', MIN(event_date)) FROM ${this.target('daily_user_metrics')} WHERE app_id = @app_id) AS range_start,
  (SELECT FORMAT_DATE('%Y-%m-%d', MAX(event_date)) FROM ${this.target('daily_user_metrics')} WHERE app_id = @app_id) AS range_end`,
      params: range,
      types: rangeTypes,
    };
    const schema: ProcessStatement = {
      query: `SELECT event_name,
       ARRAY_AGG(DISTINCT CONCAT(p.key, '=', CASE WHEN p.value.string_value IS NOT NULL THEN 'STRING'
                                                  WHEN p.value.int_value IS NOT NULL THEN 'INT64' ELSE 'FLOAT64' END)) AS params,
       MAX(event_timestamp) AS last_at
FROM ${this.sourceTable()}, UNNEST(event_params) AS p
WHERE _TABLE_SUFFIX BETWEEN @from_key AND @to_key
GROUP BY event_name ORDER BY event_name`,
      params: { from_key: dayKey(args.start), to_key: dayKey(args.end) },
      types: { from_key: 'STRING', to_key: 'STRING' },
    };
    const versions: ProcessStatement = {
      query: appVersionsSql({
        table: this.target('events'),
        epochMs: (e) => `UNIX_MILLIS(${e})`,
        p: (name) => `@${name}`,
        date: (e) => e,
      }),
      params: range,
      types: rangeTypes,
    };
    return { createEvents, replaceEvents, rebuildDaily, summary, schema, versions };
  }

  /** Runs one statement as a query job and waits for its rows; a failed job rejects with BigQuery's message. */
  private async run(statement: ProcessStatement): Promise<Record<string, unknown>[]> {
    const timeoutMs = this.options.timeoutMs ?? 600_000;
    const request = namedQueryJob(statement, {
      location: this.options.location,
      timeoutMs,
      label: 'questboard-process',
    });
    return runQueryJob(this.client, request, timeoutMs);
  }

  /**
   * Process Data's estimate before it starts (docs/integrations.md §Job history): the bytes the two statements that read
   * data would process — the export's rows of [start, end] flattened into `events`, and the daily metrics rebuilt
   * from the app's events — by dry runs (free; BigQuery answers totalBytesProcessed without running them).
   */
  async dryRunBytes(args: { appId: string; start: string; end: string; revenue?: RevenueRules }): Promise<number> {
    await this.resolveSource();
    const revenue = typeof args.revenue === 'function' ? await args.revenue() : args.revenue;
    const statements = this.statements({ ...args, revenue });
    const flattened: ProcessStatement = {
      query: flattenSelect(this.flattenDialect()),
      params: statements.replaceEvents.params,
      types: statements.replaceEvents.types,
    };
    const rebuild = rebuildDailySql(revenue ?? [], this.rebuildDialect());
    const rebuildDaily: ProcessStatement = { ...statements.rebuildDaily, query: rebuild.sql.trim() };
    const dryRun = async (statement: ProcessStatement) => {
      const request = namedQueryJob(statement, {
        location: this.options.location,
        timeoutMs: 60_000,
        label: 'questboard-process',
      });
      const [job] = await this.client.createQueryJob({ ...request, dryRun: true });
      return jobFigures(job.metadata).bytesProcessed ?? 0;
    };
    // Before the first run the target tables do not exist yet: the rebuild then reads only what this run writes.
    return (await dryRun(flattened)) + (await dryRun(rebuildDaily).catch(() => 0));
  }

  /** Process Data of [start, end] for one app (idempotent per range); `progress` gets 0–100. */
  async processRange(
    args: { appId: string; start: string; end: string; revenue?: RevenueRules },
    progress: (percent: number) => Promise<void> = async () => {},
  ): Promise<ProcessResult> {
    await this.resolveSource();
    const revenue = typeof args.revenue === 'function' ? await args.revenue() : args.revenue;
    const statements = this.statements({ ...args, revenue });
    await this.run(statements.createEvents);
    await progress(10);
    await this.run(statements.replaceEvents);
    await progress(60);
    await this.run(statements.rebuildDaily);
    await progress(85);
    const [summary] = await this.run(statements.summary);
    const schemaRows = await this.run(statements.schema);
    const versionRows = await this.run(statements.versions);
    await progress(95);
    const start = plain(summary?.range_start);
    const end = plain(summary?.range_end);
    return {
      events: Number(plain(summary?.events) ?? 0),
      range: start && end ? { start: dateText(start), end: dateText(end) } : null,
      schema: schemaRows.map((row) => ({
        eventName: String(row.event_name),
        params: Object.fromEntries(
          ((row.params as string[] | null) ?? [])
            .map((entry) => entry.split('=') as [string, string])
            .sort(byEntryText),
        ),
        lastReceivedAt: Math.floor(Number(plain(row.last_at)) / 1000),
      })),
      versions: appVersionsOf(
        versionRows.map((row) => ({ version: plain(row.version), first_at: plain(row.first_at) })),
      ),
    };
  }
}

/** BigQuery cells: INT64 may come as strings, DATE/TIMESTAMP as `{ value }` objects. */
function plain(cell: unknown): unknown {
  return cell && typeof cell === 'object' && 'value' in cell ? (cell as { value: unknown }).value : cell;
}
