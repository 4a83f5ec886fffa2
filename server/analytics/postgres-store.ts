/**
 * The shared analytics store (ANALYTICS_STORE=postgres): the processed tables in the app database (PGlite or
 * PostgreSQL), schema `analytics`, so every server on that database answers every report the same.
 *
 * - `events` and `daily_user_metrics` have the columns of the embedded store (event-store.ts; text columns in the
 *   "C" collation so strings sort and compare as in DuckDB, `params` as jsonb), both partitioned by month on
 *   event_date: a month's partitions are created when processing first writes into it. Indexes: (app_id, event_date)
 *   on both, (app_id, event_name, event_date) on events.
 * - `raw_events` holds the sandbox's raw Firebase exports (the nested fields as jsonb).
 * - Reports go through the compiler's PostgreSQL dialect (`postgresIn('analytics')`); Process Data through the same
 *   flattening (raw-export.ts `flattenSelect`) and daily rebuild (event-store.ts `rebuildDailySql`) as the embedded
 *   store, in their PostgreSQL dialects.
 * - Synthetic data (sandbox exports, `generate`) is made by the generator (a DuckDB SQL program) in a private
 *   in-memory DuckDB scratch database, then copied in a day at a time; nothing is read from the scratch afterwards.
 * Every statement is written with $name placeholders and sent positionally (`positional`).
 */
import { rowsInRangeSql } from './scan-estimate';
import { CompiledQuery, type Kysely } from 'kysely';
import type { ReportRow } from '../../src/contracts/analyze';
import { addDays } from '../../src/contracts/analyze';
import type { ModelDef } from './catalogue';
import { describeModel, renderReport, type CompiledReport } from './compiler';
import { dateText, type ReportEngine } from './engine';
import {
  DAILY_DDL,
  EVENTS_DDL,
  EventStore,
  QueryTimeoutError,
  rebuildDailySql,
  type RebuildDialect,
  type RevenueRule,
  type RevenueRules,
} from './event-store';
import { generateEvents } from './generator';
import {
  appVersionsOf,
  appVersionsSql,
  byEntryText,
  dayKey,
  exportKeysAround,
  flattenSelect,
  processedColumns,
  writeSandboxExport,
  type FlattenDialect,
  type ProcessResult,
} from './raw-export';
import { postgresIn, renderSelect, type RenderedSql } from './sql';
import { cohortRow, SAMPLE_ROWS, type AnalyticsStore } from './store';

export const ANALYTICS_SCHEMA = 'analytics';
const S = ANALYTICS_SCHEMA;
export const pgAnalytics = postgresIn(S);

type Values = Record<string, unknown>;
// oxlint-disable-next-line typescript/no-explicit-any -- the analytics schema is not part of the app's typed schema
type Db = Kysely<any>;

/** `$name` placeholders → `$1…`, with the values in that order (a name used twice is one parameter). */
export function positional(text: string, values: Values = {}): { sql: string; parameters: unknown[] } {
  const order: string[] = [];
  const sql = text.replace(/\$([a-z_][a-z0-9_]*)/gi, (_, name: string) => {
    if (!(name in values)) throw new Error(`no value for $${name}`);
    let index = order.indexOf(name);
    if (index < 0) index = order.push(name) - 1;
    return `$${index + 1}`;
  });
  return { sql, parameters: order.map((name) => values[name]) };
}

export async function exec(db: Db, text: string, values?: Values) {
  const { sql, parameters } = positional(text, values);
  return db.executeQuery(CompiledQuery.raw(sql, parameters));
}

/** A SELECT's rows as plain values: each row through row_to_json, so dates, timestamps and numbers read alike on PGlite and pg. */
async function rows(db: Db, select: string, values?: Values): Promise<Record<string, unknown>[]> {
  const result = await exec(db, `SELECT row_to_json(q) AS r FROM (${select}) q`, values);
  return (result.rows as { r: Record<string, unknown> | string }[]).map((row) =>
    plainRow(typeof row.r === 'string' ? (JSON.parse(row.r) as Record<string, unknown>) : row.r),
  );
}

const JSON_TIMESTAMP = /^(\d{4}-\d\d-\d\d)T(\d\d:\d\d:\d\d)(\.\d+)?$/;
/** Timestamps as the embedded store writes them ('YYYY-MM-DD HH:mm:ssZ', event-store.ts toPlain). */
function plainRow(row: Record<string, unknown>): Record<string, unknown> {
  for (const [key, value] of Object.entries(row)) {
    if (typeof value === 'string') {
      const m = JSON_TIMESTAMP.exec(value);
      if (m) row[key] = `${m[1]} ${m[2]}Z`;
    }
  }
  return row;
}

// ------------------------------------------------------------------------------------------------ schema

/** The embedded store's DDL in PostgreSQL types, in the analytics schema, partitioned by month. */
const pgTable = (ddl: string, name: string) =>
  `${ddl
    .replace(`CREATE TABLE IF NOT EXISTS ${name}`, `CREATE TABLE IF NOT EXISTS ${S}.${name}`)
    .replace(/MAP\(VARCHAR, VARCHAR\)/g, 'jsonb')
    .replace(/\bVARCHAR\b/g, 'text COLLATE "C"')
    .replace(/\bDOUBLE\b/g, 'double precision')} PARTITION BY RANGE (event_date)`;

const RAW_DDL = `CREATE TABLE IF NOT EXISTS ${S}.raw_events (
  dataset text COLLATE "C" NOT NULL,
  event_date text COLLATE "C" NOT NULL,
  event_timestamp bigint NOT NULL,
  event_name text COLLATE "C" NOT NULL,
  event_params jsonb,
  event_value_in_usd double precision,
  user_id text COLLATE "C",
  user_pseudo_id text COLLATE "C" NOT NULL,
  user_first_touch_timestamp bigint,
  platform text COLLATE "C",
  device jsonb,
  geo jsonb,
  app_info jsonb,
  traffic_source jsonb
)`;

const SCHEMA_STATEMENTS = [
  `CREATE SCHEMA IF NOT EXISTS ${S}`,
  pgTable(EVENTS_DDL, 'events'),
  pgTable(DAILY_DDL, 'daily_user_metrics'),
  RAW_DDL,
  `CREATE INDEX IF NOT EXISTS events_app_date ON ${S}.events (app_id, event_date)`,
  `CREATE INDEX IF NOT EXISTS events_app_name_date ON ${S}.events (app_id, event_name, event_date)`,
  `CREATE INDEX IF NOT EXISTS daily_app_date ON ${S}.daily_user_metrics (app_id, event_date)`,
  `CREATE INDEX IF NOT EXISTS raw_dataset_date ON ${S}.raw_events (dataset, event_date)`,
  `DO $do$ BEGIN
     IF NOT EXISTS (SELECT 1 FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
                    WHERE n.nspname = '${S}' AND t.typname = 'param_value') THEN
       CREATE TYPE ${S}.param_value AS (string_value text, int_value bigint, float_value double precision, double_value double precision);
     END IF;
   END $do$`,
  // min/max of a BOOL column (a model's describe samples every dimension, DuckDB orders false < true): found first
  // by the describe query, which runs with the analytics schema on its search_path.
  `CREATE OR REPLACE AGGREGATE ${S}.min(boolean) (SFUNC = booland_statefunc, STYPE = boolean)`,
  `CREATE OR REPLACE AGGREGATE ${S}.max(boolean) (SFUNC = boolor_statefunc, STYPE = boolean)`,
];

/** Serialises schema changes between servers starting together (any fixed key; the transaction releases it). */
const SCHEMA_LOCK = 7_3215_0032;

export async function ensureSchema(db: Db) {
  await db.transaction().execute(async (trx) => {
    await trx.executeQuery(CompiledQuery.raw(`SELECT pg_advisory_xact_lock(${SCHEMA_LOCK})`));
    for (const statement of SCHEMA_STATEMENTS) await trx.executeQuery(CompiledQuery.raw(statement));
  });
}

/** The first day of each month of [start, end]. */
export function monthsOf(start: string, end: string): string[] {
  const months: string[] = [];
  let month = `${start.slice(0, 7)}-01`;
  while (month <= end) {
    months.push(month);
    month = nextMonth(month);
  }
  return months;
}
const nextMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};

/** Creates the monthly partitions of both processed tables for [start, end] that do not exist yet. */
export async function ensurePartitions(db: Db, start: string, end: string) {
  await db.transaction().execute(async (trx) => {
    await trx.executeQuery(CompiledQuery.raw(`SELECT pg_advisory_xact_lock(${SCHEMA_LOCK})`));
    for (const month of monthsOf(start, end)) {
      const suffix = month.slice(0, 7).replace('-', '_');
      for (const table of ['events', 'daily_user_metrics']) {
        await trx.executeQuery(
          CompiledQuery.raw(
            `CREATE TABLE IF NOT EXISTS ${S}.${table}_${suffix} PARTITION OF ${S}.${table} FOR VALUES FROM ('${month}') TO ('${nextMonth(month)}')`,
          ),
        );
      }
    }
  });
}

// ------------------------------------------------------------------------------------------------ dialects

const FLOAT_TEXT = String.raw`'^\s*[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?\s*$'`;
const INT_TEXT = String.raw`'^\s*[-+]?[0-9]{1,18}\s*$'`;
const pgSafeCast = (e: string, type: 'int' | 'double') =>
  type === 'int'
    ? `CASE WHEN ${e} ~ ${INT_TEXT} THEN CAST(${e} AS bigint) END`
    : `CASE WHEN ${e} ~ ${FLOAT_TEXT} THEN CAST(${e} AS double precision) END`;
const paramValueOf = (json: string) => `(jsonb_populate_record(NULL::${S}.param_value, ${json}))`;

/** The processing's flattening on PostgreSQL: raw_events' jsonb read through the param_value type. */
export const postgresFlatten: FlattenDialect = {
  param: (name) => `$${name}`,
  cast: (e, type) => `CAST(${e} AS ${{ int: 'bigint', double: 'double precision', string: 'text' }[type]})`,
  safeCast: pgSafeCast,
  micros: (e) => `(TIMESTAMP '1970-01-01' + ${e} * INTERVAL '1 microsecond')`,
  day: (e) => `CAST(${e} AS date)`,
  dateParam: (name) => `CAST($${name} AS date)`,
  paramValue: (key, read) => read(`(r."p_${key}")`),
  otherParams: (exclude, text) =>
    `coalesce((SELECT jsonb_object_agg(x.e->>'key', ${text(paramValueOf(`x.e->'value'`))})
               FROM jsonb_array_elements(r.event_params) x(e)
               WHERE NOT (x.e->>'key' = ANY (ARRAY[${exclude.map((k) => `'${k}'`).join(', ')}]))), '{}'::jsonb)`,
  // The nested fields (geo.country, device.category…) read as columns of lateral rows named after them.
  source: (keys) => `FROM (
  SELECT raw.*, ${keys
    .map(
      (key) =>
        `(SELECT ${paramValueOf(`p->'value'`)} FROM jsonb_array_elements(raw.event_params) p WHERE p->>'key' = '${key}' LIMIT 1) AS "p_${key}"`,
    )
    .join(',\n         ')}
  FROM ${S}.raw_events raw
  WHERE dataset = $dataset AND event_date BETWEEN $from_key AND $to_key
) r
CROSS JOIN LATERAL (SELECT r.geo->>'country' AS country) geo
CROSS JOIN LATERAL (SELECT r.device->>'category' AS category, r.device->>'mobile_model_name' AS mobile_model_name,
                           r.device->>'operating_system_version' AS operating_system_version) device
CROSS JOIN LATERAL (SELECT r.app_info->>'version' AS version, r.app_info->>'install_source' AS install_source) app_info
CROSS JOIN LATERAL (SELECT r.traffic_source->>'source' AS source, r.traffic_source->>'name' AS name) traffic_source
WHERE TRUE`,
};

/** The daily rebuild on PostgreSQL (arg_max as the first of an ordered array_agg, NULLs left out as DuckDB does). */
export const postgresRebuild: RebuildDialect = {
  param: (name) => `$${name}`,
  countIf: (filter) => `count(*) FILTER (WHERE ${filter})`,
  sumIf: (e, filter) => `sum(${e}) FILTER (WHERE ${filter})`,
  minIf: (e, filter) => `min(${e}) FILTER (WHERE ${filter})`,
  argMax: (e, by) => `(array_agg(${e} ORDER BY ${by} DESC) FILTER (WHERE ${e} IS NOT NULL AND ${by} IS NOT NULL))[1]`,
  boolOr: (e) => `bool_or(${e})`,
  dayDiff: (start, end) => `(${end} - ${start})`,
  addDays: (day, n) => `${day} + ${n}`,
  int: 'integer',
  double: 'double precision',
  otherParamNumber: (param) => pgSafeCast(`(params->>$${param})`, 'double'),
  table: (name) => `${S}.${name}`,
};

// ------------------------------------------------------------------------------------------------ engine

const selectQuery = (rendered: RenderedSql) =>
  CompiledQuery.raw(
    `SELECT row_to_json(q) AS r FROM (${rendered.sql}) q`,
    rendered.order.map((name) => rendered.params[name]),
  );
const read = (result: { rows: unknown[] }) =>
  (result.rows as { r: Record<string, unknown> }[]).map((row) => plainRow(row.r));

/** Reports on the shared store; with `timeoutMs` on PostgreSQL, a statement_timeout per report. */
export class PostgresReportEngine implements ReportEngine {
  readonly kind = 'postgres' as const;
  readonly dialect = pgAnalytics;

  constructor(
    private readonly db: Db,
    private readonly timeoutMs: number,
    private readonly dbKind: 'pglite' | 'postgres',
  ) {}

  render(compiled: CompiledReport): RenderedSql {
    return renderReport(compiled, pgAnalytics);
  }

  async run(compiled: CompiledReport, rendered = this.render(compiled)): Promise<ReportRow[]> {
    return (await this.select(rendered)) as ReportRow[];
  }

  async rows(rendered: RenderedSql): Promise<ReportRow[]> {
    return (await this.select(rendered)) as ReportRow[];
  }

  dataRange(appId: string) {
    return dataRange(this.db, appId);
  }

  async describe(model: ModelDef, appId: string) {
    const rendered = renderSelect(describeModel(model, appId), pgAnalytics);
    const [row] = await this.db.transaction().execute(async (trx) => {
      await trx.executeQuery(CompiledQuery.raw(`SET LOCAL search_path TO ${S}, public`));
      return read(await trx.executeQuery(selectQuery(rendered)));
    });
    return row?.date_min ? row : null;
  }

  private async select(rendered: RenderedSql) {
    const query = selectQuery(rendered);
    // PGlite runs one statement at a time in this process: a timeout could not interrupt it.
    if (this.dbKind !== 'postgres' || this.timeoutMs <= 0) return read(await this.db.executeQuery(query));
    try {
      return await this.db.transaction().execute(async (trx) => {
        await trx.executeQuery(CompiledQuery.raw(`SET LOCAL statement_timeout = ${Math.round(this.timeoutMs)}`));
        return read(await trx.executeQuery(query));
      });
    } catch (error) {
      if ((error as { code?: string }).code === '57014') throw new QueryTimeoutError(this.timeoutMs);
      throw error;
    }
  }
}

async function dataRange(db: Db, appId: string) {
  const [row] = await rows(
    db,
    `SELECT min(event_date) AS start, max(event_date) AS "end" FROM ${S}.daily_user_metrics WHERE app_id = $app_id`,
    { app_id: appId },
  );
  return row?.start ? { start: dateText(row.start), end: dateText(row.end) } : null;
}

// ------------------------------------------------------------------------------------------------ store

export interface PostgresStoreOptions {
  db: Db;
  dbKind: 'pglite' | 'postgres';
  /** Report statement timeout in ms on PostgreSQL (default 10 s; 0 = none). */
  queryTimeoutMs?: number;
  /** The scratch DuckDB's limits (synthetic data only). */
  memoryLimit?: string;
  threads?: number;
}

/** Rows per INSERT when copying from the scratch database. */
const COPY_BATCH = 5_000;

export async function openPostgresStore(options: PostgresStoreOptions): Promise<AnalyticsStore> {
  const { db } = options;
  await ensureSchema(db);
  const engine = new PostgresReportEngine(db, options.queryTimeoutMs ?? 10_000, options.dbKind);
  let scratch: Promise<EventStore> | null = null;
  const scratchStore = () =>
    (scratch ??= EventStore.open({
      memoryLimit: options.memoryLimit,
      threads: options.threads,
      connections: 1,
      queryTimeoutMs: 0,
      cacheRows: 0,
    }));
  const rebuilds = new Map<string, Promise<void>>();

  /** Copies the scratch rows of `select` (DuckDB, ordered) into `table` in batches, inside `trx`. */
  async function copyIn(trx: Db, from: EventStore, table: string, select: string, values: Record<string, string>) {
    for (let offset = 0; ; offset += COPY_BATCH) {
      const [batch] = await from.rows(
        `SELECT CAST(to_json(list(t)) AS VARCHAR) AS j, count(*) AS n FROM (${select} LIMIT ${COPY_BATCH} OFFSET ${offset}) t`,
        values,
        undefined,
        { timeoutMs: 0 },
      );
      if (!batch || Number(batch.n) === 0) return;
      await exec(trx, `INSERT INTO ${S}.${table} SELECT * FROM json_populate_recordset(NULL::${S}.${table}, $j)`, {
        j: batch.j as string,
      });
      if (Number(batch.n) < COPY_BATCH) return;
    }
  }

  async function rebuildNow(appId: string, revenue: readonly RevenueRule[]) {
    const rebuild = rebuildDailySql(revenue, postgresRebuild);
    await db.transaction().execute(async (trx) => {
      await exec(trx, `DELETE FROM ${S}.daily_user_metrics WHERE app_id = $app_id`, { app_id: appId });
      await exec(trx, rebuild.sql, { ...rebuild.values, app_id: appId });
    });
  }

  function rebuildDailyUserMetrics(appId: string, revenue: RevenueRules = []) {
    const previous = rebuilds.get(appId) ?? Promise.resolve();
    const next = previous
      .catch(() => {})
      .then(async () => rebuildNow(appId, typeof revenue === 'function' ? await revenue() : revenue));
    rebuilds.set(appId, next);
    return next.finally(() => {
      if (rebuilds.get(appId) === next) rebuilds.delete(appId);
    });
  }

  const store: AnalyticsStore = {
    kind: 'postgres',
    engine,
    dataRange: (appId) => dataRange(db, appId),
    async processedDays(appId, start, end) {
      const found = await rows(
        db,
        `SELECT DISTINCT CAST(event_date AS text) AS day FROM ${S}.daily_user_metrics
         WHERE app_id = $app_id AND event_date BETWEEN CAST($start AS date) AND CAST($end AS date) ORDER BY day`,
        { app_id: appId, start, end },
      );
      return found.map((r) => String(r.day));
    },
    rebuildDailyUserMetrics,
    async deleteApp(appId) {
      await db.transaction().execute(async (trx) => {
        await exec(trx, `DELETE FROM ${S}.events WHERE app_id = $app_id`, { app_id: appId });
        await exec(trx, `DELETE FROM ${S}.daily_user_metrics WHERE app_id = $app_id`, { app_id: appId });
      });
    },
    async rowsInRange(table, args) {
      const { sql, values } = rowsInRangeSql(table, `${S}.${table}`, args);
      const [row] = await rows(db, sql, values);
      return Number(row?.n ?? 0);
    },
    async exportRange(dataset) {
      const [row] = await rows(
        db,
        `SELECT min(event_date) AS start, max(event_date) AS "end", count(*) AS events FROM ${S}.raw_events WHERE dataset = $dataset`,
        { dataset },
      );
      if (!row?.start) return null;
      const day = (key: string) => `${key.slice(0, 4)}-${key.slice(4, 6)}-${key.slice(6, 8)}`;
      return { start: day(dateText(row.start)), end: day(dateText(row.end)), events: Number(row.events) };
    },
    async writeSandboxExport(options) {
      const from = await scratchStore();
      const written = await writeSandboxExport(from, options);
      try {
        await db.transaction().execute(async (trx) => {
          await exec(trx, `DELETE FROM ${S}.raw_events WHERE dataset = $dataset`, { dataset: options.appId });
          // The sandbox export's day keys are the generated UTC days.
          for (let day = written.start; day <= written.end; day = addDays(day, 1)) {
            await copyIn(
              trx,
              from,
              'raw_events',
              'SELECT * FROM raw_events WHERE dataset = $dataset AND event_date = $key ORDER BY event_timestamp, user_pseudo_id, event_name',
              { dataset: options.appId, key: dayKey(day) },
            );
          }
          const [copied] = (
            await exec(trx, `SELECT count(*)::int AS n FROM ${S}.raw_events WHERE dataset = $dataset`, {
              dataset: options.appId,
            })
          ).rows as { n: number }[];
          if (copied?.n !== written.events)
            throw new Error(`The sandbox export was copied incompletely (${copied?.n} of ${written.events} events).`);
        });
      } finally {
        await from.run('DELETE FROM raw_events WHERE dataset = $dataset', { dataset: options.appId });
      }
      return written;
    },
    async processRange(args, progress = async () => {}) {
      const range = { app_id: args.appId, start: args.start, end: args.end };
      await ensurePartitions(db, args.start, args.end);
      const columns = processedColumns(postgresFlatten).map((c) => c.name);
      await db.transaction().execute(async (trx) => {
        await exec(
          trx,
          `DELETE FROM ${S}.events WHERE app_id = $app_id AND event_date BETWEEN CAST($start AS date) AND CAST($end AS date)`,
          range,
        );
        await exec(trx, `INSERT INTO ${S}.events (${columns.join(', ')})\n${flattenSelect(postgresFlatten)}`, {
          ...range,
          dataset: args.dataset,
          ...exportKeysAround(args.start, args.end),
        });
      });
      await progress(60);
      await rebuildDailyUserMetrics(args.appId, args.revenue);
      await progress(90);
      const [count] = await rows(
        db,
        `SELECT count(*) AS n FROM ${S}.events WHERE app_id = $app_id AND event_date BETWEEN CAST($start AS date) AND CAST($end AS date)`,
        range,
      );
      return {
        events: Number(count?.n ?? 0),
        range: await dataRange(db, args.appId),
        schema: await exportSchema(db, args.dataset, args.start, args.end),
        versions: appVersionsOf(
          await rows(
            db,
            appVersionsSql({
              table: `${S}.events`,
              epochMs: (e) => `CAST(floor(extract(epoch FROM ${e}) * 1000) AS bigint)`,
              p: (name) => `$${name}`,
              date: (e) => `CAST(${e} AS date)`,
            }),
            range,
          ),
        ),
      };
    },
    async parameterSamples(dataset, eventName) {
      const latest = `SELECT event_timestamp, event_params, event_value_in_usd FROM ${S}.raw_events
                  WHERE dataset = $dataset AND event_name = $event_name ORDER BY event_timestamp DESC LIMIT ${SAMPLE_ROWS}`;
      const values = { dataset, event_name: eventName };
      const v = paramValueOf(`p->'value'`);
      const params = await rows(
        db,
        `SELECT p->>'key' AS name,
                (array_agg(coalesce(${v}.string_value, CAST(${v}.int_value AS text), CAST(coalesce(${v}.double_value, ${v}.float_value) AS text))
                           ORDER BY l.event_timestamp DESC))[1] AS sample
         FROM (${latest}) l, jsonb_array_elements(l.event_params) p GROUP BY p->>'key'`,
        values,
      );
      const [value] = await rows(
        db,
        `SELECT CAST(event_value_in_usd AS text) AS sample FROM (${latest}) l WHERE event_value_in_usd IS NOT NULL ORDER BY event_timestamp DESC LIMIT 1`,
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
      const found = await rows(
        db,
        `WITH bounds AS (SELECT max(event_date) - INTERVAL '3 days' AS last_day FROM ${S}.events WHERE app_id = $app),
     installs AS (
       SELECT user_pseudo_id, min(user_first_touch_timestamp) AS installed FROM ${S}.events, bounds
       WHERE app_id = $app AND user_first_touch_timestamp IS NOT NULL
       GROUP BY user_pseudo_id, bounds.last_day
       HAVING min(user_first_touch_timestamp) > bounds.last_day - make_interval(days => CAST($days AS integer))
          AND min(user_first_touch_timestamp) <= bounds.last_day),
     levels AS (
       SELECT e.user_pseudo_id, max(e.level) AS max_level FROM ${S}.events e JOIN installs i USING (user_pseudo_id)
       WHERE e.app_id = $app AND e.event_name = 'level_end' AND e.level IS NOT NULL AND e.event_timestamp <= i.installed + INTERVAL '3 days'
       GROUP BY e.user_pseudo_id),
     revenue AS (
       SELECT coalesce(sum(e.event_value_in_usd), 0) AS usd FROM ${S}.events e JOIN installs i USING (user_pseudo_id)
       WHERE e.app_id = $app AND e.event_timestamp <= i.installed + INTERVAL '7 days')
     SELECT (SELECT count(*) FROM installs) AS installs, (SELECT usd FROM revenue) AS usd,
            CAST(l.max_level AS integer) AS level, count(*) AS players
     FROM levels l GROUP BY l.max_level ORDER BY l.max_level`,
        { app: appId, days },
      );
      return found.map(cohortRow);
    },
    async generate(options) {
      const from = await scratchStore();
      const generated = await generateEvents(from, options);
      try {
        await ensurePartitions(db, generated.start, generated.end);
        await db.transaction().execute(async (trx) => {
          await exec(trx, `DELETE FROM ${S}.events WHERE app_id = $app_id`, { app_id: options.appId });
          for (let day = generated.start; day <= generated.end; day = addDays(day, 1)) {
            await copyIn(
              trx,
              from,
              'events',
              'SELECT * FROM events WHERE app_id = $app_id AND event_date = CAST($day AS DATE) ORDER BY event_timestamp, user_pseudo_id, event_name',
              { app_id: options.appId, day },
            );
          }
        });
      } finally {
        await from.deleteApp(options.appId);
      }
      await rebuildDailyUserMetrics(options.appId);
      return generated;
    },
    async close() {
      await Promise.allSettled(rebuilds.values());
      if (scratch) await (await scratch).close();
    },
  };
  return store;
}

/** Each event name of a dataset's export in [start, end] with its parameters' data types and its last time (ms). */
async function exportSchema(db: Db, dataset: string, start: string, end: string): Promise<ProcessResult['schema']> {
  const found = await rows(
    db,
    `SELECT event_name, array_agg(DISTINCT (p->>'key') || '=' || CASE WHEN p->'value'->>'string_value' IS NOT NULL THEN 'STRING'
                                                        WHEN p->'value'->>'int_value' IS NOT NULL THEN 'INT64'
                                                        ELSE 'FLOAT64' END) AS params,
            max(event_timestamp) AS last_at
     FROM ${S}.raw_events r, jsonb_array_elements(r.event_params) p
     WHERE dataset = $dataset AND event_date BETWEEN $from_key AND $to_key
     GROUP BY event_name ORDER BY event_name`,
    { dataset, from_key: dayKey(start), to_key: dayKey(end) },
  );
  return found.map((row) => ({
    eventName: String(row.event_name),
    params: Object.fromEntries(
      ((row.params as string[] | null) ?? []).map((entry) => entry.split('=') as [string, string]).sort(byEntryText),
    ),
    lastReceivedAt: Math.floor(Number(row.last_at) / 1000),
  }));
}
