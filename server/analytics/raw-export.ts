/**
 * The raw Firebase export and "Process Data" on the embedded engine (docs/domain.md §Firebase export as it
 * really is).
 *
 * - `raw_events` holds each app's source data in the exact BigQuery export schema: event_date STRING YYYYMMDD,
 *   event_timestamp INT64 µs, event_params ARRAY<STRUCT<key, value STRUCT<string_value, int_value, float_value,
 *   double_value>>>, user_pseudo_id, user_id, user_first_touch_timestamp µs, platform, geo, device, app_info,
 *   traffic_source, event_value_in_usd. `dataset` names the export it belongs to (in BigQuery one
 *   `analytics_<property>` dataset per app; here the app id), so one embedded file can hold several.
 * - `writeSandboxExport` fills an app's export with a deterministic synthetic game (the generator of generator.ts,
 *   nested into the export shape as it is generated): what a newly connected app gets in the sandbox, and the demo
 *   apps' source data on the first start.
 * - `processRange` is the processing job: it flattens the export's rows of a date range into the `events` table
 *   (UTC days, common params as columns, the rest in `params`), replacing that range (idempotent: reprocessing a
 *   range gives the same rows), then rebuilds the app's `daily_user_metrics`, which the reports read.
 * - `flattenSelect` / `processedColumns` are that flattening written once over a `FlattenDialect`: DuckDB here
 *   (`duckdbFlatten`), BigQuery standard SQL in bigquery-process.ts.
 */
import type { EventStore, RevenueRules } from './event-store';
import { generateEvents } from './generator';
import { addDays } from '../../src/contracts/analyze';
import { dateText } from './engine';

export const RAW_EVENTS_DDL = `
CREATE TABLE IF NOT EXISTS raw_events (
  dataset VARCHAR NOT NULL,
  event_date VARCHAR NOT NULL,
  event_timestamp BIGINT NOT NULL,
  event_name VARCHAR NOT NULL,
  event_params STRUCT(key VARCHAR, value STRUCT(string_value VARCHAR, int_value BIGINT, float_value DOUBLE, double_value DOUBLE))[],
  event_value_in_usd DOUBLE,
  user_id VARCHAR,
  user_pseudo_id VARCHAR NOT NULL,
  user_first_touch_timestamp BIGINT,
  platform VARCHAR,
  device STRUCT(category VARCHAR, mobile_model_name VARCHAR, operating_system VARCHAR, operating_system_version VARCHAR),
  geo STRUCT(continent VARCHAR, country VARCHAR, region VARCHAR, city VARCHAR),
  app_info STRUCT(id VARCHAR, version VARCHAR, install_source VARCHAR),
  traffic_source STRUCT(name VARCHAR, medium VARCHAR, source VARCHAR)
)`;

/** The params stored as columns of `events`, with the export value field each comes in. */
const PARAM_COLUMNS: { column: string; kind: 'string' | 'int' | 'double' | 'bool' }[] = [
  { column: 'ga_session_id', kind: 'int' },
  { column: 'ga_session_number', kind: 'int' },
  { column: 'engagement_time_msec', kind: 'int' },
  { column: 'level_name', kind: 'string' },
  { column: 'level', kind: 'int' },
  { column: 'success', kind: 'bool' },
  { column: 'ad_platform', kind: 'string' },
  { column: 'ad_source', kind: 'string' },
  { column: 'ad_format', kind: 'string' },
  { column: 'ad_unit_name', kind: 'string' },
  { column: 'value', kind: 'double' },
  { column: 'currency', kind: 'string' },
  { column: 'virtual_currency_name', kind: 'string' },
];
const PARAM_NAMES = PARAM_COLUMNS.map((p) => p.column);

const NULL_VALUE = { s: 'NULL::VARCHAR', i: 'NULL::BIGINT', d: 'NULL::DOUBLE' };
/** One export param: `key` is an SQL expression (a quoted name, or e.key). */
const paramStruct = (key: string, s: string, i: string, d: string) =>
  `{'key': ${key}, 'value': {'string_value': ${s}, 'int_value': ${i}, 'float_value': NULL::DOUBLE, 'double_value': ${d}}}`;

/** Flattened rows (a SELECT with the columns of `events`) → nested export rows of dataset $dataset. */
function nestSql(select: string): string {
  const params = PARAM_COLUMNS.map(({ column, kind }) => {
    const value =
      kind === 'string'
        ? paramStruct(`'${column}'`, column, NULL_VALUE.i, NULL_VALUE.d)
        : kind === 'int' || kind === 'bool'
          ? paramStruct(`'${column}'`, NULL_VALUE.s, `CAST(${column} AS BIGINT)`, NULL_VALUE.d)
          : paramStruct(`'${column}'`, NULL_VALUE.s, NULL_VALUE.i, `CAST(${column} AS DOUBLE)`);
    return `CASE WHEN ${column} IS NOT NULL THEN [${value}] ELSE [] END`;
  });
  // Other params: whole numbers as int_value (as Firebase sends counts and scores), the rest as string_value.
  const rest = `coalesce(list_transform(map_entries(params), e -> ${paramStruct(
    'e.key',
    `CASE WHEN regexp_full_match(e.value, '-?[0-9]{1,18}') THEN NULL ELSE e.value END`,
    `CASE WHEN regexp_full_match(e.value, '-?[0-9]{1,18}') THEN CAST(e.value AS BIGINT) END`,
    NULL_VALUE.d,
  )}), [])`;
  return `
INSERT INTO raw_events
SELECT $dataset AS dataset,
       strftime(event_date, '%Y%m%d') AS event_date,
       epoch_us(event_timestamp) AS event_timestamp,
       event_name,
       list_concat(${params.join(', ')}, ${rest}) AS event_params,
       event_value_in_usd,
       user_id,
       user_pseudo_id,
       epoch_us(user_first_touch_timestamp) AS user_first_touch_timestamp,
       platform,
       {'category': device_category, 'mobile_model_name': device_model, 'operating_system': CASE platform WHEN 'IOS' THEN 'iOS' ELSE 'Android' END, 'operating_system_version': os_version} AS device,
       {'continent': NULL::VARCHAR, 'country': country, 'region': NULL::VARCHAR, 'city': NULL::VARCHAR} AS geo,
       {'id': $package, 'version': app_version, 'install_source': install_source} AS app_info,
       {'name': campaign, 'medium': CASE WHEN media_source = 'organic' THEN 'organic' ELSE 'cpi' END, 'source': media_source} AS traffic_source
FROM (${select}) flat`;
}

/**
 * What the processing SQL needs of a dialect. The flattening itself (`flattenSelect`: which export field feeds which
 * output column, and how a param's value fields are read) is written once for both engines.
 */
export interface FlattenDialect {
  /** A bound parameter ($name / @name). */
  param(name: string): string;
  /** A cast, or a cast that gives NULL instead of failing. */
  cast(e: string, type: 'int' | 'double' | 'string'): string;
  safeCast(e: string, type: 'int' | 'double'): string;
  /** µs since the epoch → TIMESTAMP, and a TIMESTAMP's UTC day. */
  micros(e: string): string;
  day(e: string): string;
  /** A DATE parameter. */
  dateParam(name: string): string;
  /** `read` of the value STRUCT of the export param named `key` (NULL when the event has no such param). */
  paramValue(key: string, read: (value: string) => string): string;
  /** Every other param as the `params` column, each value read as text by `text`. */
  otherParams(exclude: readonly string[], text: (value: string) => string): string;
  /** The export rows of the range: FROM … WHERE, looking at export days $from_key … $to_key (YYYYMMDD); `keys` are the params read as columns. */
  source(keys: readonly string[]): string;
}

/** One export value field as text (for `params`), in the order Firebase fills them. */
const valueAsText = (d: FlattenDialect) => (v: string) =>
  `coalesce(${v}.string_value, ${d.cast(`${v}.int_value`, 'string')}, ${d.cast(`coalesce(${v}.double_value, ${v}.float_value)`, 'string')})`;

/** How each kind of param column reads the export's value fields. */
function readParam(d: FlattenDialect, kind: (typeof PARAM_COLUMNS)[number]['kind']) {
  return (v: string) => {
    switch (kind) {
      case 'string':
        return `${v}.string_value`;
      case 'int':
        return `coalesce(${v}.int_value, ${d.safeCast(`${v}.string_value`, 'int')}, ${d.cast(`coalesce(${v}.double_value, ${v}.float_value)`, 'int')})`;
      case 'bool':
        return `CASE WHEN ${v} IS NULL THEN NULL ELSE coalesce(${v}.int_value, ${d.safeCast(`${v}.string_value`, 'int')}, 0) <> 0 END`;
      case 'double':
        return `coalesce(${v}.double_value, ${v}.float_value, ${d.cast(`${v}.int_value`, 'double')}, ${d.safeCast(`${v}.string_value`, 'double')})`;
    }
  };
}

/**
 * The processed `events` columns in table order, each with the expression that fills it from an export row
 * (`events` of event-store.ts; the BigQuery processing creates its table with the same names).
 */
export function processedColumns(d: FlattenDialect): { name: string; expr: string }[] {
  const ts = d.micros('event_timestamp');
  return [
    { name: 'app_id', expr: d.param('app_id') },
    { name: 'event_date', expr: d.day(ts) },
    { name: 'event_timestamp', expr: ts },
    { name: 'event_name', expr: 'event_name' },
    { name: 'user_pseudo_id', expr: 'user_pseudo_id' },
    { name: 'user_id', expr: 'user_id' },
    {
      name: 'user_first_touch_timestamp',
      expr: `CASE WHEN user_first_touch_timestamp IS NULL THEN NULL ELSE ${d.micros('user_first_touch_timestamp')} END`,
    },
    { name: 'platform', expr: 'platform' },
    { name: 'country', expr: 'geo.country' },
    { name: 'device_category', expr: 'device.category' },
    { name: 'device_model', expr: 'device.mobile_model_name' },
    { name: 'os_version', expr: 'device.operating_system_version' },
    { name: 'app_version', expr: 'app_info.version' },
    { name: 'install_source', expr: 'app_info.install_source' },
    { name: 'media_source', expr: 'traffic_source.source' },
    { name: 'campaign', expr: 'traffic_source.name' },
    { name: 'event_value_in_usd', expr: 'event_value_in_usd' },
    ...PARAM_COLUMNS.map(({ column, kind }) => ({ name: column, expr: d.paramValue(column, readParam(d, kind)) })),
    { name: 'params', expr: d.otherParams(PARAM_NAMES, valueAsText(d)) },
  ];
}

/** Export rows of one date range → processed `events` rows (the processing job), in a dialect. */
export function flattenSelect(d: FlattenDialect): string {
  const columns = processedColumns(d);
  return `SELECT ${columns.map((c) => `${c.expr} AS ${c.name}`).join(',\n       ')}
${d.source(PARAM_NAMES)}
  AND ${d.day(d.micros('event_timestamp'))} BETWEEN ${d.dateParam('start')} AND ${d.dateParam('end')}`;
}

/**
 * The embedded engine's dialect: raw_events of one dataset; each param read as a column is found once per row by its
 * position in the row's list of keys (measured faster than a MAP built per row, or a list_filter per param).
 */
export const duckdbFlatten: FlattenDialect = {
  param: (name) => `$${name}`,
  cast: (e, type) => `CAST(${e} AS ${{ int: 'BIGINT', double: 'DOUBLE', string: 'VARCHAR' }[type]})`,
  safeCast: (e, type) => `TRY_CAST(${e} AS ${{ int: 'BIGINT', double: 'DOUBLE' }[type]})`,
  micros: (e) => `make_timestamp(${e})`,
  day: (e) => `CAST(${e} AS DATE)`,
  dateParam: (name) => `CAST($${name} AS DATE)`,
  paramValue: (key, read) => read(`"p_${key}"`),
  otherParams: (exclude, text) =>
    `map_from_entries(list_transform(list_filter(event_params, x -> NOT list_contains(${sqlList(exclude)}, x.key)), x -> {'k': x.key, 'v': ${text('x.value')}}))`,
  source: (keys) => `FROM (
  SELECT *, ${keys.map((key) => `event_params[list_position(param_keys, '${key}')].value AS "p_${key}"`).join(',\n         ')}
  FROM (SELECT *, list_transform(event_params, x -> x.key) AS param_keys FROM raw_events
        WHERE dataset = $dataset AND event_date BETWEEN $from_key AND $to_key)
) r
WHERE TRUE`,
};

/** Nested export rows of one date range → flattened `events` rows on the embedded engine. */
const flattenSql = () =>
  `INSERT INTO events (${processedColumns(duckdbFlatten)
    .map((c) => c.name)
    .join(', ')})\n${flattenSelect(duckdbFlatten)}`;

const sqlList = (names: readonly string[]) => `[${names.map((n) => `'${n}'`).join(', ')}]`;
/** The default sort's order of [key, value] entries (by their text, `key,value`), spelt out. */
export const byEntryText = (a: readonly string[], b: readonly string[]) => {
  const x = a.join(),
    y = b.join();
  return x < y ? -1 : x > y ? 1 : 0;
};

/** An export table's day key (YYYYMMDD) of a day. */
export const dayKey = (day: string) => day.replaceAll('-', '');
/**
 * The export day keys to read for the UTC days [start, end]: the export's event_date is the property's day, so one day
 * either side (the processing then keeps the UTC days asked for).
 */
export const exportKeysAround = (start: string, end: string) => ({
  from_key: dayKey(addDays(start, -1)),
  to_key: dayKey(addDays(end, 1)),
});

export async function ensureRawTable(store: EventStore): Promise<void> {
  await store.run(RAW_EVENTS_DDL);
}

export interface SandboxExportOptions {
  appId: string;
  platform: 'android' | 'ios';
  packageName: string;
  days?: number;
  events?: number;
  seed?: number;
  endDate?: string;
}

/**
 * Replaces a dataset's export with a synthetic game (deterministic from the seed): the generator's flattened rows
 * (generator.ts) nested into the export schema as they are generated, in one transaction (a start killed half-way
 * leaves the previous export or none). Returns the export's event count and days.
 */
export async function writeSandboxExport(store: EventStore, options: SandboxExportOptions) {
  await ensureRawTable(store);
  const generated = await generateEvents(store, {
    appId: options.appId,
    days: options.days ?? 90,
    events: options.events ?? 150_000,
    seed: options.seed ?? hashSeed(options.appId),
    endDate: options.endDate,
    platforms: [options.platform === 'ios' ? 'IOS' : 'ANDROID'],
    into: {
      clear: 'DELETE FROM raw_events WHERE dataset = $dataset',
      insert: nestSql,
      values: { dataset: options.appId, package: options.packageName },
      stats:
        'SELECT count(*) AS events, count(DISTINCT user_pseudo_id) AS users FROM raw_events WHERE dataset = $dataset',
    },
  });
  return { events: generated.events, start: generated.start, end: generated.end };
}

/** The first and last day (YYYY-MM-DD) of a dataset's export, or null when it has none. */
export async function exportRange(
  store: EventStore,
  dataset: string,
): Promise<{ start: string; end: string; events: number } | null> {
  await ensureRawTable(store);
  const [row] = await store.rows(
    'SELECT min(event_date) AS start, max(event_date) AS "end", count(*) AS events FROM raw_events WHERE dataset = $dataset',
    { dataset },
    undefined,
    { timeoutMs: 0 },
  );
  if (!row?.start) return null;
  const day = (key: string) => `${key.slice(0, 4)}-${key.slice(4, 6)}-${key.slice(6, 8)}`;
  return { start: day(dateText(row.start)), end: day(dateText(row.end)), events: Number(row.events) };
}

export interface ProcessResult {
  /** Events of the range now in the processed tables. */
  events: number;
  /** The app's processed data range after the run (null: nothing processed at all). */
  range: { start: string; end: string } | null;
  /** Each event name seen in the range with its parameters' data types. */
  schema: { eventName: string; params: Record<string, string>; lastReceivedAt: number }[];
  /** Each app version (`app_info.version`) of the range's events with its first event's time (ms), oldest first. */
  versions: AppVersionFirstSeen[];
}

export interface AppVersionFirstSeen {
  version: string;
  firstSeenAt: number;
}

/** At most this many versions are read per run (a real app has a few dozen; an export with more is not versions). */
export const APP_VERSIONS_READ = 500;

/**
 * The versions of an app's processed events in [start, end] with their first event's time, in a dialect: the table,
 * and the expression of a timestamp as epoch milliseconds; parameters `app_id`, `start`, `end` (`p` writes one).
 */
export function appVersionsSql(d: {
  table: string;
  epochMs: (e: string) => string;
  p: (name: string) => string;
  date: (e: string) => string;
}): string {
  return `SELECT app_version AS version, ${d.epochMs('MIN(event_timestamp)')} AS first_at
FROM ${d.table}
WHERE app_id = ${d.p('app_id')} AND event_date BETWEEN ${d.date(d.p('start'))} AND ${d.date(d.p('end'))}
  AND app_version IS NOT NULL AND app_version <> ''
GROUP BY app_version ORDER BY first_at, version LIMIT ${APP_VERSIONS_READ}`;
}

/** Rows of appVersionsSql → versions. */
export const appVersionsOf = (rows: readonly Record<string, unknown>[]): AppVersionFirstSeen[] =>
  rows.map((row) => ({ version: String(row.version), firstSeenAt: Number(row.first_at) }));

/**
 * Process Data on the embedded engine: replaces the app's processed events of [start, end] (UTC days) with the
 * flattened export rows of that range, then rebuilds its daily user metrics (revenue counted by the app's revenue
 * settings, `revenue`). Idempotent. `progress` gets 0–100.
 */
export async function processRange(
  store: EventStore,
  args: { appId: string; dataset: string; start: string; end: string; revenue?: RevenueRules },
  progress: (percent: number) => Promise<void> = async () => {},
): Promise<ProcessResult> {
  await ensureRawTable(store);
  const range = { app_id: args.appId, start: args.start, end: args.end };
  await store.exclusive(async (run) => {
    await run('BEGIN TRANSACTION');
    try {
      await run(
        'DELETE FROM events WHERE app_id = $app_id AND event_date BETWEEN CAST($start AS DATE) AND CAST($end AS DATE)',
        range,
      );
      await run(flattenSql(), { ...range, dataset: args.dataset, ...exportKeysAround(args.start, args.end) });
      await run('COMMIT');
    } catch (error) {
      await run('ROLLBACK').catch(() => {});
      throw error;
    }
  });
  await progress(60);
  await store.rebuildDailyUserMetrics(args.appId, args.revenue);
  await progress(90);
  const [count] = await store.rows(
    'SELECT count(*) AS n FROM events WHERE app_id = $app_id AND event_date BETWEEN CAST($start AS DATE) AND CAST($end AS DATE)',
    range,
    undefined,
    { timeoutMs: 0 },
  );
  return {
    events: Number(count?.n ?? 0),
    range: await store.dataRange(args.appId),
    schema: await exportSchema(store, args.dataset, args.start, args.end),
    versions: appVersionsOf(
      await store.rows(
        appVersionsSql({
          table: 'events',
          epochMs: (e) => `epoch_ms(${e})`,
          p: (name) => `$${name}`,
          date: (e) => `CAST(${e} AS DATE)`,
        }),
        range,
        undefined,
        { timeoutMs: 0 },
      ),
    ),
  };
}

export type EventSchema = ProcessResult['schema'];

/** Each event name of a dataset's export in [start, end] with its parameters' data types and its last time (ms). */
export async function exportSchema(
  store: EventStore,
  dataset: string,
  start: string,
  end: string,
): Promise<EventSchema> {
  const rows = await store.rows(
    `SELECT event_name, list(DISTINCT p.key || '=' || CASE WHEN p.value.string_value IS NOT NULL THEN 'STRING'
                                                        WHEN p.value.int_value IS NOT NULL THEN 'INT64'
                                                        ELSE 'FLOAT64' END) AS params,
            max(event_timestamp) AS last_at
     FROM (SELECT event_name, event_timestamp, unnest(event_params) AS p FROM raw_events
           WHERE dataset = $dataset AND event_date BETWEEN $from_key AND $to_key)
     GROUP BY event_name ORDER BY event_name`,
    { dataset, from_key: dayKey(start), to_key: dayKey(end) },
    undefined,
    { timeoutMs: 0 },
  );
  return rows.map((row) => ({
    eventName: String(row.event_name),
    params: Object.fromEntries(
      ((row.params as string[] | null) ?? []).map((entry) => entry.split('=') as [string, string]).sort(byEntryText),
    ),
    lastReceivedAt: Math.floor(Number(row.last_at) / 1000),
  }));
}

/** A stable seed from an app id (the same app always gets the same sandbox export). */
export function hashSeed(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return h % 1_000_000_007;
}
