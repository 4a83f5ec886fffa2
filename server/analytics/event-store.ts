/**
 * The embedded event store: one DuckDB database (a file in DATA_DIR, or memory) holding game events for every app
 * in a flattened form of the Firebase Analytics export (docs/domain.md), plus the per-user-per-day table the
 * daily-metrics model reads (built from the events by `rebuildDailyUserMetrics`, the local counterpart of the
 * BigQuery "process data" job).
 *
 * DuckDB is locked down when opened: no external access (no files, no network, no extension install),
 * no community extensions, no autoloading, a memory limit, a fixed thread count, and the configuration locked so
 * no statement can undo any of it. The DuckDB node API has no statement timeout, so `query` arms a timer that
 * calls `interrupt()` on the connection running the statement and turns the interruption into QueryTimeoutError.
 * Statements run on a small pool of connections (one statement per connection at a time); statements over the raw
 * events (`heavy`) take at most all of them but one, so a daily-metrics question always finds one. A statement of a cancelled
 * query job (query-scope.ts) is interrupted the same way and rejects with QueryCancelledError.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_REVENUE } from '../../src/contracts/revenue-settings';
import {
  DuckDBInstance,
  type DuckDBConnection,
  type DuckDBResultReader,
  type DuckDBType,
  type DuckDBValue,
} from '@duckdb/node-api';
import { lookupTable } from '../../src/contracts/lookup';
import { dateText } from './engine';
import { QueryCancelledError, currentQueryScope, throwIfCancelled } from './query-scope';
import { ResultCache } from './result-cache';

export class QueryTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(
      `The report took longer than ${timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} seconds` : `${timeoutMs} ms`} and was stopped. Try a shorter date range or fewer columns.`,
    );
    this.name = 'QueryTimeoutError';
  }
}

export interface EventStoreOptions {
  /** Folder for events.duckdb; undefined = in-memory. */
  dataDir?: string;
  /** DuckDB memory_limit (default 512MB). */
  memoryLimit?: string;
  /** DuckDB threads (default: one per core, at most 4). */
  threads?: number;
  /** Report statement timeout in ms (default 10 s). */
  queryTimeoutMs?: number;
  /** Connections in the pool (default 3). */
  connections?: number;
  /**
   * Rows of cacheable answers kept until the store is written (docs/analyze.md §Result cache; default 400,000;
   * 0 = none, as the in-process benchmark times every run).
   */
  cacheRows?: number;
}

/** Statements that only read: any other statement is a write, and moves the result cache's version. */
const READ_ONLY = /^\s*(SELECT|WITH|DESCRIBE)\b/i;
const WRITES = /\b(INSERT|UPDATE|DELETE|CREATE|DROP|ALTER|COPY|ATTACH|CHECKPOINT|TRUNCATE)\b/i;
const isRead = (sql: string) => READ_ONLY.test(sql) && !WRITES.test(sql);
/** The result cache's key of a statement: its text, bound values and their types. */
const cacheKey = (sql: string, values: Values | undefined, types: Types | undefined) =>
  JSON.stringify(
    [sql, values ?? null, types ? Object.entries(types).map(([name, type]) => [name, String(type)]) : null],
    (_key, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value),
  );
/** A caller waiting on another's statement takes its timeout or error as its own, never another job's cancel. */
const notACancel = (error: unknown) => !(error instanceof QueryCancelledError);

/** Flattened Firebase export: one row per event; common params as columns, the rest in `params`. */
export const EVENTS_DDL = `
CREATE TABLE IF NOT EXISTS events (
  app_id VARCHAR NOT NULL,
  event_date DATE NOT NULL,               -- UTC calendar day of event_timestamp
  event_timestamp TIMESTAMP NOT NULL,     -- UTC
  event_name VARCHAR NOT NULL,
  user_pseudo_id VARCHAR NOT NULL,
  user_id VARCHAR,
  user_first_touch_timestamp TIMESTAMP,
  platform VARCHAR,                       -- ANDROID | IOS
  country VARCHAR,                        -- geo.country, ISO 3166-1 alpha-2
  device_category VARCHAR,                -- device.category
  device_model VARCHAR,                   -- device.mobile_model_name
  os_version VARCHAR,                     -- device.operating_system_version
  app_version VARCHAR,                    -- app_info.version
  install_source VARCHAR,                 -- app_info.install_source
  media_source VARCHAR,                   -- traffic_source.source
  campaign VARCHAR,                       -- traffic_source.name
  event_value_in_usd DOUBLE,
  ga_session_id BIGINT,
  ga_session_number INTEGER,
  engagement_time_msec BIGINT,
  level_name VARCHAR,
  level INTEGER,
  success BOOLEAN,
  ad_platform VARCHAR,
  ad_source VARCHAR,
  ad_format VARCHAR,
  ad_unit_name VARCHAR,
  value DOUBLE,
  currency VARCHAR,
  virtual_currency_name VARCHAR,
  params MAP(VARCHAR, VARCHAR)            -- every other event parameter
)`;

const RETENTION_DAYS = [1, 2, 3, 4, 5, 6, 7];

/** One row per (app, user, UTC day with at least one event other than app_remove). */
export const DAILY_DDL = `
CREATE TABLE IF NOT EXISTS daily_user_metrics (
  app_id VARCHAR NOT NULL,
  event_date DATE NOT NULL,
  user_pseudo_id VARCHAR NOT NULL,
  install_date DATE NOT NULL,
  days_since_install INTEGER NOT NULL,
  is_new BOOLEAN NOT NULL,
  platform VARCHAR,
  country VARCHAR,
  app_version VARCHAR,
  media_source VARCHAR,
  played BOOLEAN NOT NULL,
  events INTEGER NOT NULL,
  sessions INTEGER NOT NULL,
  engagement_ms BIGINT NOT NULL,
  level_starts INTEGER NOT NULL,
  level_completions INTEGER NOT NULL,
  impressions INTEGER NOT NULL,
  rewarded_impressions INTEGER NOT NULL,
  ad_rewards INTEGER NOT NULL,
  ad_revenue DOUBLE NOT NULL,
  iap_count INTEGER NOT NULL,
  iap_revenue DOUBLE NOT NULL,
  ${RETENTION_DAYS.map((n) => `ret_d${n} BOOLEAN`).join(', ')},
  ${RETENTION_DAYS.map((n) => `ret_w${n} BOOLEAN`).join(', ')}
)`;

/**
 * What counts as revenue (an app's revenue settings, docs/analyze.md §Entities monetizeMetadata): the events named here count the
 * numeric `parameter` (an event parameter, or the export's `event_value_in_usd`) as revenue of `type`
 * (ads → Ad Revenue and eCPM, iap → IAP Revenue, payers and Conversion Rate, other → neither). Events without a rule
 * keep their default (DEFAULT_REVENUE: ad_impression `value` is ads, in_app_purchase `event_value_in_usd` is iap).
 * Amounts count as the events report them (Firebase's ad and purchase values are in USD); the currency parameter is
 * kept with the setting.
 */
export interface RevenueRule {
  eventName: string;
  type: 'ads' | 'iap' | 'other';
  parameter: string;
}
/** An app's revenue rules, or a function reading them when the rebuild starts. */
export type RevenueRules = readonly RevenueRule[] | (() => Promise<readonly RevenueRule[]>);
/** Event-parameter columns of `events` that hold numbers (identifiers are allow-listed here, never taken from input). */
const NUMERIC_COLUMNS: Record<string, string> = lookupTable({
  value: 'value',
  level: 'level',
  ga_session_id: 'ga_session_id',
  ga_session_number: 'ga_session_number',
  engagement_time_msec: 'engagement_time_msec',
  success: 'success',
  event_value_in_usd: 'event_value_in_usd',
});
/** Of those, the ones stored as BOOLEAN (true counts 1). */
const BOOLEAN_COLUMNS = new Set(['success']);
/** What the daily-metrics rebuild needs of a dialect (DuckDB here, BigQuery in bigquery-process.ts). */
export interface RebuildDialect {
  param(name: string): string;
  /** count(*) / sum(e) / min(e) of the rows where `filter` holds. */
  countIf(filter: string): string;
  sumIf(e: string, filter: string): string;
  minIf(e: string, filter: string): string;
  /** `e` of the row with the greatest `by`. */
  argMax(e: string, by: string): string;
  boolOr(e: string): string;
  /** Days from `start` to `end`, and `day` plus `n` days. */
  dayDiff(start: string, end: string): string;
  addDays(day: string, n: number): string;
  int: string;
  double: string;
  /** The other param named by the parameter `param` of `params` as a number, or NULL. */
  otherParamNumber(param: string): string;
  /** A qualified table name. */
  table(name: 'events' | 'daily_user_metrics'): string;
}

export const duckdbRebuild: RebuildDialect = {
  param: (name) => `$${name}`,
  countIf: (filter) => `count(*) FILTER (WHERE ${filter})`,
  sumIf: (e, filter) => `sum(${e}) FILTER (WHERE ${filter})`,
  minIf: (e, filter) => `min(${e}) FILTER (WHERE ${filter})`,
  argMax: (e, by) => `arg_max(${e}, ${by})`,
  boolOr: (e) => `bool_or(${e})`,
  dayDiff: (start, end) => `date_diff('day', ${start}, ${end})`,
  addDays: (day, n) => `${day} + ${n}`,
  int: 'INTEGER',
  double: 'DOUBLE',
  otherParamNumber: (param) => `TRY_CAST(params[$${param}] AS DOUBLE)`,
  table: (name) => name,
};

/** SQL of each event's revenue type and amount under the rules; names and parameters are bound values. */
function revenueColumns(
  settings: readonly RevenueRule[],
  d: RebuildDialect,
): { type: string; amount: string; values: Values } {
  const values: Values = {};
  const types: string[] = [];
  const amounts: string[] = [];
  // The first rule naming an event wins: the settings, then the defaults.
  [...settings, ...DEFAULT_REVENUE].forEach((rule, i) => {
    values[`rev_event_${i}`] = rule.eventName;
    values[`rev_type_${i}`] = rule.type;
    const column = NUMERIC_COLUMNS[rule.parameter];
    if (!column) values[`rev_param_${i}`] = rule.parameter;
    types.push(`WHEN event_name = ${d.param(`rev_event_${i}`)} THEN ${d.param(`rev_type_${i}`)}`);
    // A BOOLEAN column goes through the integer type: BigQuery casts BOOL to INT64 but not to FLOAT64.
    const number =
      column && BOOLEAN_COLUMNS.has(column)
        ? `CAST(CAST(${column} AS ${d.int}) AS ${d.double})`
        : column
          ? `CAST(${column} AS ${d.double})`
          : null;
    amounts.push(
      `WHEN event_name = ${d.param(`rev_event_${i}`)} THEN ${number ?? d.otherParamNumber(`rev_param_${i}`)}`,
    );
  });
  return { type: `CASE ${types.join(' ')} END`, amount: `CASE ${amounts.join(' ')} END`, values };
}

/**
 * Rebuilds one app's daily_user_metrics from its events (docs/domain.md metric definitions, revenue by `RevenueRule`s):
 * install day = first first_open, else first seen; DAU rows exclude app_remove; sessions = distinct ga_session_id;
 * ret_dN = active on exactly install day + N, ret_wN = active on some day in [7N, 7N+6] after install, both set only
 * on install-day rows of cohorts old enough for the data (install day + N, resp. + 7N+6 ≤ the app's last day) and
 * NULL otherwise. One definition for both engines (`d`: DuckDB by default).
 */
export function rebuildDailySql(
  revenue: readonly RevenueRule[] = [],
  d: RebuildDialect = duckdbRebuild,
): { sql: string; values: Values } {
  const { type, amount, values } = revenueColumns(revenue, d);
  return {
    sql: `
INSERT INTO ${d.table('daily_user_metrics')}
WITH app_events AS (
  SELECT *, ${type} AS revenue_type, ${amount} AS revenue_amount FROM ${d.table('events')} WHERE app_id = ${d.param('app_id')}
),
last_day AS (
  SELECT max(event_date) AS data_end FROM app_events
),
installs AS (
  SELECT user_pseudo_id,
         coalesce(${d.minIf('event_date', "event_name = 'first_open'")}, min(event_date)) AS install_date
  FROM app_events GROUP BY user_pseudo_id
),
days AS (
  SELECT user_pseudo_id, event_date,
         ${d.argMax('platform', 'event_timestamp')} AS platform,
         ${d.argMax('country', 'event_timestamp')} AS country,
         ${d.argMax('app_version', 'event_timestamp')} AS app_version,
         ${d.argMax('media_source', 'event_timestamp')} AS media_source,
         ${d.boolOr("event_name IN ('level_start', 'tutorial_begin')")} AS played,
         count(*) AS events,
         count(DISTINCT ga_session_id) AS sessions,
         coalesce(sum(engagement_time_msec), 0) AS engagement_ms,
         ${d.countIf("event_name = 'level_start'")} AS level_starts,
         ${d.countIf("event_name = 'level_end' AND success")} AS level_completions,
         ${d.countIf("event_name = 'ad_impression'")} AS impressions,
         ${d.countIf("event_name = 'ad_impression' AND ad_format = 'rewarded'")} AS rewarded_impressions,
         ${d.countIf("event_name = 'ad_reward'")} AS ad_rewards,
         coalesce(${d.sumIf('revenue_amount', "revenue_type = 'ads'")}, 0) AS ad_revenue,
         ${d.countIf("revenue_type = 'iap'")} AS iap_count,
         coalesce(${d.sumIf('revenue_amount', "revenue_type = 'iap'")}, 0) AS iap_revenue
  FROM app_events
  WHERE event_name <> 'app_remove'
  GROUP BY user_pseudo_id, event_date
),
aged AS (
  SELECT d.*, i.install_date, CAST(${d.dayDiff('i.install_date', 'd.event_date')} AS ${d.int}) AS days_since_install
  FROM days d JOIN installs i USING (user_pseudo_id)
),
activity AS (
  SELECT user_pseudo_id,
         ${RETENTION_DAYS.map((n) => `${d.boolOr(`days_since_install = ${n}`)} AS a_d${n}`).join(',\n         ')},
         ${RETENTION_DAYS.map((n) => `${d.boolOr(`days_since_install BETWEEN ${7 * n} AND ${7 * n + 6}`)} AS a_w${n}`).join(',\n         ')}
  FROM aged GROUP BY user_pseudo_id
)
SELECT ${d.param('app_id')} AS app_id, a.event_date, a.user_pseudo_id, a.install_date, a.days_since_install,
       a.days_since_install = 0 AS is_new,
       a.platform, a.country, a.app_version, a.media_source, a.played,
       a.events, a.sessions, a.engagement_ms, a.level_starts, a.level_completions,
       a.impressions, a.rewarded_impressions, a.ad_rewards, a.ad_revenue, a.iap_count, a.iap_revenue,
       ${RETENTION_DAYS.map((n) => `CASE WHEN a.days_since_install = 0 AND ${d.addDays('a.install_date', n)} <= l.data_end THEN coalesce(f.a_d${n}, false) END`).join(',\n       ')},
       ${RETENTION_DAYS.map((n) => `CASE WHEN a.days_since_install = 0 AND ${d.addDays('a.install_date', 7 * n + 6)} <= l.data_end THEN coalesce(f.a_w${n}, false) END`).join(',\n       ')}
FROM aged a JOIN activity f USING (user_pseudo_id) CROSS JOIN last_day l
ORDER BY a.event_date`,
    values,
  };
}
/** The rebuild with the default revenue rules (no revenue settings). */
export const REBUILD_DAILY_SQL = rebuildDailySql().sql;

type Values = Record<string, DuckDBValue>;
const NOT_CANCELLABLE = { cancelled: () => false, done: () => {} };
type Types = Record<string, DuckDBType | undefined>;

export class EventStore {
  private readonly idle: DuckDBConnection[] = [];
  private readonly waiting: ((c: DuckDBConnection) => void)[] = [];
  /** Heavy statements running, and those waiting for their turn (at most all connections but one run). */
  private heavyRunning = 0;
  private readonly heavyWaiting: (() => void)[] = [];
  /** The latest daily-metrics rebuild of each app (they run one after another per app). */
  private readonly rebuilds = new Map<string, Promise<void>>();
  private closed = false;
  /** Answers of cacheable reads (reports, cohort tables, funnels, data ranges), or null when off. */
  readonly cache: ResultCache | null;

  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly connections: DuckDBConnection[],
    readonly queryTimeoutMs: number,
    readonly file: string | null,
    cacheRows: number,
  ) {
    this.idle.push(...connections);
    this.cache = cacheRows > 0 ? new ResultCache(cacheRows) : null;
  }

  /** Runs a write to the store so that no answer read before it is served after it. */
  private writing<T>(fn: () => Promise<T>): Promise<T> {
    return this.cache ? this.cache.write(fn) : fn();
  }

  static async open(options: EventStoreOptions = {}): Promise<EventStore> {
    let file: string | null = null;
    if (options.dataDir) {
      fs.mkdirSync(options.dataDir, { recursive: true });
      file = path.join(options.dataDir, 'events.duckdb');
    }
    const threads = options.threads ?? Math.min(4, os.availableParallelism());
    const instance = await DuckDBInstance.create(file ?? ':memory:', {
      enable_external_access: 'false',
      allow_community_extensions: 'false',
      autoinstall_known_extensions: 'false',
      autoload_known_extensions: 'false',
      memory_limit: options.memoryLimit ?? '512MB',
      threads: String(threads),
      preserve_insertion_order: 'false',
      lock_configuration: 'true',
    });
    const connections: DuckDBConnection[] = [];
    for (let i = 0; i < (options.connections ?? 3); i++) connections.push(await instance.connect());
    const store = new EventStore(
      instance,
      connections,
      options.queryTimeoutMs ?? 10_000,
      file,
      options.cacheRows ?? 400_000,
    );
    await store.run(EVENTS_DDL);
    await store.run(DAILY_DDL);
    return store;
  }

  private acquire(): Promise<DuckDBConnection> {
    if (this.closed) return Promise.reject(new Error('the event store is closed'));
    const c = this.idle.pop();
    if (c) return Promise.resolve(c);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(c: DuckDBConnection) {
    const next = this.waiting.shift();
    if (next) next(c);
    else this.idle.push(c);
  }

  private async heavyTurn(): Promise<void> {
    const limit = Math.max(1, this.connections.length - 1);
    if (this.heavyRunning < limit) {
      this.heavyRunning += 1;
      return;
    }
    // The finishing statement hands its turn over (heavyRunning stays the same).
    await new Promise<void>((resolve) => this.heavyWaiting.push(resolve));
  }

  private heavyDone() {
    const next = this.heavyWaiting.shift();
    if (next) next();
    else this.heavyRunning -= 1;
  }

  /**
   * Runs one statement and reads all rows. `timeoutMs` (default: the store's report timeout; 0 = none) interrupts
   * the statement when it runs too long.
   */
  async query(
    sql: string,
    values?: Values,
    types?: Types,
    options: { timeoutMs?: number; heavy?: boolean } = {},
  ): Promise<DuckDBResultReader> {
    if (!isRead(sql)) return this.writing(() => this.queryInLane(sql, values, types, options));
    return this.queryInLane(sql, values, types, options);
  }

  private async queryInLane(
    sql: string,
    values: Values | undefined,
    types: Types | undefined,
    options: { timeoutMs?: number; heavy?: boolean },
  ): Promise<DuckDBResultReader> {
    if (!options.heavy) return this.queryOn(sql, values, types, options);
    await this.heavyTurn();
    try {
      return await this.queryOn(sql, values, types, options);
    } finally {
      this.heavyDone();
    }
  }

  private async queryOn(
    sql: string,
    values: Values | undefined,
    types: Types | undefined,
    options: { timeoutMs?: number },
  ): Promise<DuckDBResultReader> {
    const connection = await this.acquire();
    const timeoutMs = options.timeoutMs ?? this.queryTimeoutMs;
    let timedOut = false;
    const timer =
      timeoutMs > 0
        ? setTimeout(() => {
            timedOut = true;
            connection.interrupt();
          }, timeoutMs)
        : null;
    const stop = this.cancelOnAbort(connection);
    try {
      return await connection.runAndReadAll(sql, values, types);
    } catch (error) {
      if (stop.cancelled()) throw new QueryCancelledError();
      if (timedOut || /INTERRUPT/i.test(String((error as Error).message))) throw new QueryTimeoutError(timeoutMs);
      throw error;
    } finally {
      if (timer) clearTimeout(timer);
      stop.done();
      this.release(connection);
    }
  }

  /**
   * A cancelled query job (query-scope.ts) interrupts the statement its connection runs, the way the timeout does;
   * a job cancelled before the statement starts never runs it.
   */
  private cancelOnAbort(connection: DuckDBConnection) {
    const scope = currentQueryScope();
    if (!scope) return NOT_CANCELLABLE;
    throwIfCancelled(scope);
    const interrupt = () => connection.interrupt();
    scope.signal.addEventListener('abort', interrupt, { once: true });
    return {
      cancelled: () => scope.signal.aborted,
      done: () => scope.signal.removeEventListener('abort', interrupt),
    };
  }

  /** A statement without a timeout (schema, data generation, processing). */
  async run(sql: string, values?: Values, types?: Types): Promise<void> {
    await this.writing(() => this.queryInLane(sql, values, types, { timeoutMs: 0 }));
  }

  /**
   * Rows as plain objects; BIGINT/HUGEINT become numbers, DATE YYYY-MM-DD, TIMESTAMP 'YYYY-MM-DD HH:mm:ssZ'.
   * `cache`: the answer may come from, and go into, the result cache (docs/analyze.md §Result cache); the rows are
   * the caller's own.
   */
  async rows(
    sql: string,
    values?: Values,
    types?: Types,
    options: { timeoutMs?: number; heavy?: boolean; cache?: boolean } = {},
  ): Promise<Record<string, unknown>[]> {
    if (!options.cache || !this.cache || !isRead(sql)) return this.readRows(sql, values, types, options);
    return this.cache.get(cacheKey(sql, values, types), () => this.readRows(sql, values, types, options), notACancel);
  }

  private async readRows(
    sql: string,
    values: Values | undefined,
    types: Types | undefined,
    options: { timeoutMs?: number; heavy?: boolean },
  ): Promise<Record<string, unknown>[]> {
    const reader = await this.query(sql, values, types, options);
    const names = reader.columnNames();
    const kinds = reader.columnTypes().map((t) => String(t));
    return reader.getRowsJS().map((row) => {
      const out: Record<string, unknown> = {};
      row.forEach((value, i) => {
        out[names[i]!] = toPlain(value, kinds[i]!);
      });
      return out;
    });
  }

  /**
   * Replaces one app's rows of daily_user_metrics from its events, counting revenue by the app's rules (or by the rules
   * a function reads when this rebuild's turn comes). Rebuilds of one app run one after another, so the last one asked
   * for always counts the latest rules.
   */
  rebuildDailyUserMetrics(appId: string, revenue: RevenueRules = []): Promise<void> {
    const previous = this.rebuilds.get(appId) ?? Promise.resolve();
    const next = previous
      .catch(() => {})
      .then(async () => this.rebuildNow(appId, typeof revenue === 'function' ? await revenue() : revenue));
    this.rebuilds.set(appId, next);
    return next.finally(() => {
      if (this.rebuilds.get(appId) === next) this.rebuilds.delete(appId);
    });
  }

  private async rebuildNow(appId: string, revenue: readonly RevenueRule[]): Promise<void> {
    const rebuild = rebuildDailySql(revenue);
    await this.exclusive(async (run) => {
      await run('BEGIN TRANSACTION');
      try {
        await run('DELETE FROM daily_user_metrics WHERE app_id = $app_id', { app_id: appId });
        await run(rebuild.sql, { ...rebuild.values, app_id: appId });
        await run('COMMIT');
      } catch (error) {
        await run('ROLLBACK').catch(() => {});
        throw error;
      }
    });
  }

  /** First and last event day of an app, or null when it has no events. */
  async dataRange(appId: string): Promise<{ start: string; end: string } | null> {
    const [row] = await this.rows(
      'SELECT min(event_date) AS start, max(event_date) AS "end" FROM daily_user_metrics WHERE app_id = $app_id',
      { app_id: appId },
      undefined,
      { timeoutMs: 0, cache: true },
    );
    return row?.start ? { start: dateText(row.start), end: dateText(row.end) } : null;
  }

  async deleteApp(appId: string): Promise<void> {
    await this.run('DELETE FROM events WHERE app_id = $app_id', { app_id: appId });
    await this.run('DELETE FROM daily_user_metrics WHERE app_id = $app_id', { app_id: appId });
  }

  /**
   * Runs `fn` with one connection to itself (temporary tables live per connection), without a timeout.
   * Used by the generator and the benchmark, never for report queries.
   */
  async exclusive<T>(
    fn: (run: (sql: string, values?: Values, types?: Types) => Promise<DuckDBResultReader>) => Promise<T>,
  ): Promise<T> {
    return this.writing(() => this.exclusiveOn(fn));
  }

  private async exclusiveOn<T>(
    fn: (run: (sql: string, values?: Values, types?: Types) => Promise<DuckDBResultReader>) => Promise<T>,
  ): Promise<T> {
    const connection = await this.acquire();
    try {
      return await fn(async (sql, values, types) => {
        // A rollback always runs: it ends the transaction a cancelled statement leaves open on this connection.
        const stop = /^\s*ROLLBACK\b/i.test(sql) ? NOT_CANCELLABLE : this.cancelOnAbort(connection);
        try {
          return await connection.runAndReadAll(sql, values, types);
        } catch (error) {
          if (stop.cancelled()) throw new QueryCancelledError();
          throw error;
        } finally {
          stop.done();
        }
      });
    } finally {
      this.release(connection);
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    // Wait for statements in flight to hand their connections back.
    while (this.idle.length < this.connections.length) await new Promise((r) => setTimeout(r, 10));
    if (this.file) await this.run('CHECKPOINT').catch(() => {});
    this.closed = true;
    for (const c of this.connections) c.closeSync();
    this.instance.closeSync();
  }
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
/** DuckDB JS values → JSON-friendly values (dates as docs/analyze.md §Rules and limits strings). */
export function toPlain(value: unknown, type: string): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Date) {
    const iso = value.toISOString();
    if (type === 'DATE') return iso.slice(0, 10);
    return `${iso.slice(0, 10)} ${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}:${pad(value.getUTCSeconds())}Z`;
  }
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  return value;
}
