/**
 * Analyze contracts (docs/analyze.md §Entities report template / report config per model / column / condition / curated metric groups,
 * §Rules and limits limit, conditions, comparisons and date formats, §API endpoints "Analytics service", §Rules and limits report limit).
 *
 * Shared by the SPA (report builder) and the server (routes/analyze.ts). Keys are snake_case exactly as docs/analyze.md writes
 * them. Besides the codecs this module holds the pure rules both sides apply: limit and condition validation with the
 * docs/analyze.md §Messages, comparisons per data type, value-less comparisons, is-one-of tokens and the resolution of relative
 * date ranges (UTC calendar days, weeks start on Monday).
 *
 * The endpoints (`analyzeEndpoints`, at the end of the codecs) are the paths under /analytics (docs/analyze.md §API endpoints), plus the
 * model list and the signed result url (ours).
 *
 * Pure: imports only io-ts (and the shared codec helpers).
 */
import * as t from 'io-ts';
import { struct, nullable, line, boundedString, Id, Token, MAX } from './codecs';
import { endpoint } from './endpoint';
import { FiniteNumber, SafeNumber, boundedNumber } from './numbers';

// ---------------------------------------------------------------------------------------------------------------
// Constants (docs/analyze.md §Entities, §Rules and limits)

export const REPORT_LIMIT_MIN = 1;
export const REPORT_LIMIT_MAX = 10_000;
export const REPORT_LIMIT_DEFAULT = 1000;
export const REPORT_TITLE_MAX = 75;
export const DEFAULT_REPORT_TITLE = 'New Report';
/** docs/analyze.md §Rules and limits/§Messages, verbatim. */
export const LIMIT_MESSAGE = 'Value must be between 1 and 10,000';
/** docs/analyze.md §Rules and limits/§Messages, verbatim. */
export const VALUE_REQUIRED_MESSAGE = 'A valid value is required.';
/** Answer when an app's Analyze is not enabled (docs/analyze.md §Report states: only after the BigQuery plugin has data). */
export const ANALYZE_NOT_ENABLED_MESSAGE =
  'Analyze is not enabled for this app. Run a processing job to activate the Analyze section.';
/** The data model a new report starts with. */
export const DEFAULT_MODEL_ID = 'daily_metrics';
/** docs/analyze.md §Entities: default selected metrics. */
export const DEFAULT_METRICS = ['new_users', 'new_users_per', 'retention_d1'] as const;
/** docs/analyze.md §Report states: the default date range is the last 7 days of the available range. */
export const DEFAULT_RANGE_DAYS = 7;

/** docs/analyze.md §Entities curated metric groups, in display order, with the metric column names of the daily-metrics model. */
export const METRIC_GROUPS: readonly { name: string; metrics: readonly string[] }[] = [
  { name: 'General', metrics: ['new_users', 'new_users_per', 'new_players', 'ad_viewers', 'dau'] },
  { name: 'Conversion Rate', metrics: ['conversion_rate', 'payers', 'iap_revenue'] },
  { name: 'Play Time', metrics: ['mins_per_day', 'mins_per_session'] },
  {
    name: 'Game and Session',
    metrics: ['sessions', 'sessions_per_dau', 'level_starts', 'level_completions', 'completion_rate'],
  },
  { name: 'Ads Completed', metrics: ['ads_completed', 'ads_completed_rate'] },
  { name: 'Ads', metrics: ['impressions', 'impressions_per_dau', 'ad_revenue', 'ecpm'] },
  {
    name: 'Retention',
    metrics: [1, 2, 3, 4, 5, 6, 7]
      .map((n) => `retention_d${n}`)
      .concat([1, 2, 3, 4, 5, 6, 7].map((n) => `retention_w${n}`)),
  },
];

/** docs/analyze.md §Entities Column data types. */
export const DataType = t.keyof(
  {
    INTEGER: null,
    FLOAT: null,
    FLOAT64: null,
    INT64: null,
    DOUBLE: null,
    BOOL: null,
    STRING: null,
    DATE: null,
    TIMESTAMP: null,
  },
  'DataType',
);
export type DataType = t.TypeOf<typeof DataType>;
export const NUMERIC_TYPES: readonly DataType[] = ['INTEGER', 'INT64', 'FLOAT', 'FLOAT64', 'DOUBLE'];
export const INTEGER_TYPES: readonly DataType[] = ['INTEGER', 'INT64'];
/** docs/analyze.md §Rules and limits: a checked condition on these types with an empty value blocks the run. FLOAT64 is (deliberately) absent. */
export const VALUE_REQUIRED_TYPES: readonly DataType[] = ['INTEGER', 'FLOAT', 'DOUBLE', 'DATE', 'TIMESTAMP', 'INT64'];

/** docs/analyze.md §Rules and limits comparisons. */
export const Comparison = t.keyof(
  {
    equals: null,
    not_equals: null,
    greater_than: null,
    less_than: null,
    greater_than_or_equal: null,
    less_than_or_equal: null,
    is_true: null,
    is_false: null,
    is_one_of: null,
    is_not_one_of: null,
    contains: null,
    between: null,
    from: null,
    to: null,
    this_week: null,
    last_week: null,
    this_month: null,
    last_month: null,
    last_30_days: null,
    last_90_days: null,
    last_180_days: null,
  },
  'Comparison',
);
export type Comparison = t.TypeOf<typeof Comparison>;

export const RELATIVE_DATE_COMPARISONS = [
  'this_week',
  'last_week',
  'this_month',
  'last_month',
  'last_30_days',
  'last_90_days',
  'last_180_days',
] as const satisfies readonly Comparison[];
export type RelativeDateComparison = (typeof RELATIVE_DATE_COMPARISONS)[number];
/** docs/analyze.md §Rules and limits: comparisons that take no value (the UI stores the comparison name as the value). */
export const VALUELESS_COMPARISONS: readonly Comparison[] = ['is_true', 'is_false', ...RELATIVE_DATE_COMPARISONS];

const NUMERIC_COMPARISONS: readonly Comparison[] = [
  'equals',
  'not_equals',
  'greater_than',
  'less_than',
  'greater_than_or_equal',
  'less_than_or_equal',
];
const DATE_COMPARISONS: readonly Comparison[] = [
  'equals',
  'not_equals',
  'between',
  'from',
  'to',
  ...RELATIVE_DATE_COMPARISONS,
];
/** docs/analyze.md §Rules and limits comparisons by data type. */
export const COMPARISONS_BY_TYPE: Readonly<Record<DataType, readonly Comparison[]>> = {
  INTEGER: NUMERIC_COMPARISONS,
  INT64: NUMERIC_COMPARISONS,
  FLOAT: NUMERIC_COMPARISONS,
  FLOAT64: NUMERIC_COMPARISONS,
  DOUBLE: NUMERIC_COMPARISONS,
  BOOL: ['is_true', 'is_false'],
  STRING: ['equals', 'not_equals', 'is_one_of', 'is_not_one_of', 'contains'],
  DATE: DATE_COMPARISONS,
  TIMESTAMP: DATE_COMPARISONS,
};
/** docs/analyze.md §Report states: BOOL defaults to is_true, others to equals. */
export const defaultComparison = (type: DataType): Comparison => (type === 'BOOL' ? 'is_true' : 'equals');

// ---------------------------------------------------------------------------------------------------------------
// Codecs: columns, conditions, configuration (docs/analyze.md §Entities)

export const SortOrder = t.keyof({ ASC: null, DESC: null }, 'SortOrder');
export type SortOrder = t.TypeOf<typeof SortOrder>;

/** A request string of an analytics configuration: single-line, bounded. */
const Label = line(MAX.label);
const FilterText = line(MAX.filterValue);
const Day = line(MAX.date);

export const SampleValue = t.union([FilterText, FiniteNumber, t.boolean, t.null], 'SampleValue');
export type SampleValue = t.TypeOf<typeof SampleValue>;

/** docs/analyze.md §Entities Column (a metric of a model). `label` and `group` (curated metric group) are ours, for the builder. */
export const Column = struct(
  { column_name: Label, id: Label, data_type: DataType, format: Label },
  { label: Label, group: Label, model_id: Label, description: boundedString(MAX.text) },
  'Column',
);
export type Column = t.TypeOf<typeof Column>;

/** docs/analyze.md §Entities group_by_where entry: a column to group or filter by, with a real sample value from the data. */
export const GroupByWhereColumn = struct(
  { column_name: Label, data_type: DataType, sample_value: SampleValue },
  { id: Label, label: Label, model_id: Label },
  'GroupByWhereColumn',
);
export type GroupByWhereColumn = t.TypeOf<typeof GroupByWhereColumn>;

/** Condition value: a string (is-one-of: comma-joined), a number, a boolean, or a two-element array for between. */
export const ConditionValue = t.union(
  [FilterText, FiniteNumber, t.boolean, t.null, t.array(t.union([FilterText, FiniteNumber, t.null]))],
  'ConditionValue',
);
export type ConditionValue = t.TypeOf<typeof ConditionValue>;

/**
 * docs/analyze.md §Entities Condition. `label` names the column (its column_name); `column_name` may be sent as well and then wins.
 * The server takes the data type from the model's catalogue, not from `data_type`.
 */
export const Condition = struct(
  { label: Label, comparison: Comparison, checked: t.boolean, data_type: DataType },
  { value: ConditionValue, sample_value: SampleValue, column_name: Label, model_id: Label },
  'Condition',
);
export type Condition = t.TypeOf<typeof Condition>;

export const OrderBy = struct({ column_name: Label, order: SortOrder }, { model_id: Label }, 'OrderBy');
export type OrderBy = t.TypeOf<typeof OrderBy>;

/** A chosen date range (YYYY-MM-DD, inclusive). */
export const DateRangeSelection = struct({ date_start: Day, date_end: Day }, { model_id: Label }, 'DateRangeSelection');
export type DateRangeSelection = t.TypeOf<typeof DateRangeSelection>;

export const LimitEntry = struct(
  { value: SafeNumber },
  { model_id: Label, min: SafeNumber, max: SafeNumber },
  'LimitEntry',
);
export type LimitEntry = t.TypeOf<typeof LimitEntry>;

/** docs/analyze.md §Breakdown, compare and chart types: how many breakdown values get their own series (the rest are "Other"). */
export const BREAKDOWN_TOP_MIN = 2;
export const BREAKDOWN_TOP_MAX = 10;
export const BREAKDOWN_TOP_DEFAULT = 5;
/** The series the breakdown values outside the top N fall into (bound as a parameter, never written in the SQL). */
export const BREAKDOWN_OTHER = 'Other';
/** docs/analyze.md §Breakdown, compare and chart types: a second dimension (STRING columns only), top N by the first metric. */
export const Breakdown = struct(
  {
    column_name: Label,
    top: boundedNumber({ name: 'Top', min: BREAKDOWN_TOP_MIN, max: BREAKDOWN_TOP_MAX, integer: true }),
  },
  { model_id: Label },
  'Breakdown',
);
export type Breakdown = t.TypeOf<typeof Breakdown>;

/** docs/analyze.md §Breakdown, compare and chart types: compare with the previous period. */
export const CompareMode = t.keyof({ off: null, previous_period: null, previous_year: null }, 'CompareMode');
export type CompareMode = t.TypeOf<typeof CompareMode>;
export const COMPARE_LABELS: Readonly<Record<CompareMode, string>> = {
  off: 'Off',
  previous_period: 'Previous period',
  previous_year: 'Same period last year',
};
/** docs/analyze.md §Breakdown, compare and chart types. 'table' shows the grid only. */
export const ChartType = t.keyof({ line: null, bar: null, stacked_bar: null, area: null, table: null }, 'ChartType');
export type ChartType = t.TypeOf<typeof ChartType>;
export const CHART_TYPE_LABELS: Readonly<Record<ChartType, string>> = {
  line: 'Line',
  bar: 'Bar',
  stacked_bar: 'Stacked bar',
  area: 'Area',
  table: 'Table only',
};
/** The results grid with a breakdown: one row per group and breakdown value (long) or one column per value (pivot). */
export const GridLayout = t.keyof({ long: null, pivot: null }, 'GridLayout');
export type GridLayout = t.TypeOf<typeof GridLayout>;
/** Result column suffixes of compare: the previous value and the change in % (docs/analyze.md §Breakdown, compare and chart types). */
export const PREVIOUS_SUFFIX = '_prev';
export const CHANGE_SUFFIX = '_change_pct';
/** A previous period longer than this would overlap a year-earlier comparison. */
export const COMPARE_YEAR_MAX_DAYS = 365;
export const COMPARE_YEAR_TOO_LONG_MESSAGE =
  'Comparing with the same period last year needs a date range of at most 365 days.';

/**
 * docs/analyze.md §Entities report configuration. select and group_by are required (Run Report needs one of each); the rest fall back
 * to defaults on the server: date_range = last 7 days of the available range, limit = 1000, no order, no conditions,
 * no breakdown, compare off, a line chart and a long grid (so reports saved before these fields existed load unchanged).
 */
export const ReportConfiguration = struct(
  { select: t.array(Column), group_by: t.array(GroupByWhereColumn) },
  {
    date_range: t.array(DateRangeSelection),
    limit: t.array(LimitEntry),
    order_by: t.array(OrderBy),
    where: t.array(Condition),
    breakdown: nullable(Breakdown),
    compare: CompareMode,
    chart_type: ChartType,
    grid_layout: GridLayout,
  },
  'ReportConfiguration',
);
export type ReportConfiguration = t.TypeOf<typeof ReportConfiguration>;

export const Report = struct({ model_id: Label, configuration: ReportConfiguration }, {}, 'Report');
export type Report = t.TypeOf<typeof Report>;

/** ISO-8601 timestamp string (UTC). */
export const TemplateSummary = struct({ id: t.string, title: t.string, updated_at: t.string }, {}, 'TemplateSummary');
export type TemplateSummary = t.TypeOf<typeof TemplateSummary>;

export const ReportTemplate = struct(
  { id: t.string, title: t.string, updated_at: t.string, report: Report },
  {},
  'ReportTemplate',
);
export type ReportTemplate = t.TypeOf<typeof ReportTemplate>;

/** A result cell: a plain value, or (BigQuery style) an object holding a single value. */
export const ReportCell = t.union(
  [t.string, t.number, t.boolean, t.null, struct({ value: t.union([t.string, t.number, t.boolean, t.null]) })],
  'ReportCell',
);
export type ReportCell = t.TypeOf<typeof ReportCell>;
/** One result row keyed by column name: group-by columns first, then metrics in the chosen order. */
export const ReportRow = t.record(t.string, ReportCell, 'ReportRow');
export type ReportRow = t.TypeOf<typeof ReportRow>;
/** Unwraps `{value}` cells. */
export const cellValue = (cell: ReportCell | undefined): string | number | boolean | null =>
  cell !== null && typeof cell === 'object' ? cell.value : (cell ?? null);

// ---------------------------------------------------------------------------------------------------------------
// Requests and responses (docs/analyze.md §API endpoints "Analytics service")

export const AnalyticsAppParams = struct({ appId: Id });
export const TemplateParams = struct({ appId: Id, reportId: Id });
export const ModelConfigParams = struct({ appId: Id, modelId: Label });
export const ResultParams = struct({ resultId: Id });
/** Query of the signed result url. */
export const ResultQuery = struct({ expires: line(MAX.date), signature: Token });

/** POST /template/{appId}: run (and save) a report. `id` null creates a template, an id updates it. */
export const RunReportRequest = struct(
  { report: Report, saveTemplate: t.boolean },
  { id: nullable(Id), title: nullable(line(MAX.title)) },
  'RunReportRequest',
);
export type RunReportRequest = t.TypeOf<typeof RunReportRequest>;

/** A relative date condition as the server resolved it (UTC, inclusive days), so the UI can show the dates. */
export const ResolvedCondition = struct({
  label: t.string,
  comparison: Comparison,
  date_start: t.string,
  date_end: t.string,
});
export type ResolvedCondition = t.TypeOf<typeof ResolvedCondition>;
export const ResolvedDates = struct(
  { date_start: t.string, date_end: t.string, conditions: t.array(ResolvedCondition) },
  { previous: struct({ date_start: t.string, date_end: t.string }) },
  'ResolvedDates',
);
export type ResolvedDates = t.TypeOf<typeof ResolvedDates>;

const BoundValue = t.union([t.string, t.number, t.boolean, t.null]);
/** The SQL a run compiled to ('View SQL', ours): placeholders in the text, the bound values by name beside it. */
export const CompiledSql = struct(
  { dialect: t.string, sql: t.string, params: t.record(t.string, t.union([BoundValue, t.array(BoundValue)])) },
  {},
  'CompiledSql',
);
export type CompiledSql = t.TypeOf<typeof CompiledSql>;

/**
 * docs/analyze.md §API endpoints: {success, url, template:{id, title, updated_at}}. `url` is signed, expires (see `expires_at`) and is
 * fetched with GET and no auth header. `template` is null only when saveTemplate was false for a new report.
 * `resolved` (ours) carries the date range and relative date conditions as they were resolved, `compiled` (ours) the SQL.
 */
export const RunReportResponse = struct(
  { success: t.boolean, url: t.string, template: nullable(TemplateSummary) },
  { resolved: ResolvedDates, compiled: CompiledSql, expires_at: t.string, row_count: t.number },
  'RunReportResponse',
);
export type RunReportResponse = t.TypeOf<typeof RunReportResponse>;

/** What the signed url answers: {report}. */
export const ReportResultResponse = struct({ report: t.array(ReportRow) }, {}, 'ReportResultResponse');
export type ReportResultResponse = t.TypeOf<typeof ReportResultResponse>;

/** docs/analyze.md §Entities "Report config per model": available date range of the data, YYYY-MM-DD inclusive. */
export const AvailableDateRange = struct({ start_date: t.string, end_date: t.string });
export type AvailableDateRange = t.TypeOf<typeof AvailableDateRange>;
export const ModelConfiguration = struct(
  {
    select: t.array(Column),
    group_by_where: t.array(GroupByWhereColumn),
    date_range: t.array(AvailableDateRange),
    limit: t.array(LimitEntry),
  },
  {},
  'ModelConfiguration',
);
export type ModelConfiguration = t.TypeOf<typeof ModelConfiguration>;
/** GET /application/{appId}/report/config/{modelId}. */
export const ReportConfigResponse = struct(
  { config: struct({ configuration: ModelConfiguration }) },
  {},
  'ReportConfigResponse',
);
export type ReportConfigResponse = t.TypeOf<typeof ReportConfigResponse>;

/**
 * GET /template/{appId}/{reportId}: the template and its latest result ({report:{report: rows}}); `resolved` and
 * `compiled` (ours) of that result when it has them.
 */
export const TemplateResponse = struct(
  { success: t.boolean, template: ReportTemplate, report: ReportResultResponse },
  { resolved: ResolvedDates, compiled: CompiledSql },
  'TemplateResponse',
);
export type TemplateResponse = t.TypeOf<typeof TemplateResponse>;

/**
 * GET /template/{appId}: docs/analyze.md §API endpoints "list of objects keyed by an id": each entry is `{[id]: {id, title, updated_at}}`.
 * The server lists them newest first; use `templateSummaries` to get plain summaries.
 */
export const TemplateListResponse = struct(
  { templates: t.array(t.record(t.string, TemplateSummary)) },
  {},
  'TemplateListResponse',
);
export type TemplateListResponse = t.TypeOf<typeof TemplateListResponse>;
export const templateSummaries = (list: TemplateListResponse['templates']): TemplateSummary[] =>
  list.flatMap((entry) => Object.values(entry));

export const DeleteTemplateResponse = struct({ success: t.boolean }, {}, 'DeleteTemplateResponse');
export type DeleteTemplateResponse = t.TypeOf<typeof DeleteTemplateResponse>;

/** GET /application/{appId}/models: the data models for the Data Model selector. */
export const DataModel = struct(
  { id: t.string, name: t.string, description: t.string },
  { is_default: t.boolean },
  'DataModel',
);
export type DataModel = t.TypeOf<typeof DataModel>;
export const ModelsResponse = struct({ models: t.array(DataModel) }, {}, 'ModelsResponse');
export type ModelsResponse = t.TypeOf<typeof ModelsResponse>;

/** docs/analyze.md §API endpoints "Analytics service" exactly (under /analytics), plus `models` and `result` (ours). */
export const analyzeEndpoints = {
  run: endpoint({
    method: 'POST',
    path: '/analytics/template/:appId',
    params: AnalyticsAppParams,
    body: RunReportRequest,
    response: RunReportResponse,
  }),
  /** The `url` of RunReportResponse: fetched without the auth header; the signature in the query authorizes it. */
  result: endpoint({
    method: 'GET',
    path: '/analytics/result/:resultId',
    params: ResultParams,
    query: ResultQuery,
    response: ReportResultResponse,
  }),
  modelConfig: endpoint({
    method: 'GET',
    path: '/analytics/application/:appId/report/config/:modelId',
    params: ModelConfigParams,
    response: ReportConfigResponse,
  }),
  models: endpoint({
    method: 'GET',
    path: '/analytics/application/:appId/models',
    params: AnalyticsAppParams,
    response: ModelsResponse,
  }),
  template: endpoint({
    method: 'GET',
    path: '/analytics/template/:appId/:reportId',
    params: TemplateParams,
    response: TemplateResponse,
  }),
  templates: endpoint({
    method: 'GET',
    path: '/analytics/template/:appId',
    params: AnalyticsAppParams,
    response: TemplateListResponse,
  }),
  deleteTemplate: endpoint({
    method: 'DELETE',
    path: '/analytics/template/:appId/:reportId',
    params: TemplateParams,
    response: DeleteTemplateResponse,
  }),
};

// ---------------------------------------------------------------------------------------------------------------
// Pure rules shared by the builder and the server

/** docs/analyze.md §Rules and limits: the limit must be a whole number from 1 to 10,000; otherwise its §Messages message. */
export function limitError(value: unknown): string | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= REPORT_LIMIT_MIN && n <= REPORT_LIMIT_MAX
    ? null
    : LIMIT_MESSAGE;
}

/** docs/analyze.md §Rules and limits: is-one-of tokens, split on space or comma, trimmed, non-empty, de-duplicated (first occurrence kept). */
export function oneOfTokens(value: ConditionValue | undefined): string[] {
  const parts = Array.isArray(value)
    ? value.map((v) => (v === null ? '' : String(v)))
    : value == null
      ? []
      : [String(value)];
  const tokens = parts
    .flatMap((part) => part.split(/[\s,]+/))
    .map((token) => token.trim())
    .filter(Boolean);
  return Array.from(new Set(tokens));
}
/**
 * The values of a stored is-one-of condition as the server reads them: the comma-joined string (docs/analyze.md §Entities) split on
 * commas only, trimmed, non-empty, de-duplicated, so a value with a space (e.g. ad_source 'AdMob Network') sent by an
 * API client still works; an array value gives its elements.
 */
export function oneOfValues(value: ConditionValue | undefined): string[] {
  const parts = Array.isArray(value)
    ? value.map((v) => (v === null ? '' : String(v)))
    : value == null
      ? []
      : String(value).split(',');
  return Array.from(new Set(parts.map((part) => part.trim()).filter(Boolean)));
}
/** docs/analyze.md §Entities: is-one-of values are stored comma-joined. */
export const joinOneOf = (tokens: readonly string[]) => oneOfTokens([...tokens]).join(',');

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP_RE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?Z?$/;

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}
/** YYYY-MM-DD HH:mm:ss with an optional trailing Z (docs/analyze.md §Rules and limits), or T between date and time; seconds optional. */
export function isIsoTimestamp(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = TIMESTAMP_RE.exec(value);
  if (!m || !isIsoDate(`${m[1]}-${m[2]}-${m[3]}`)) return false;
  return Number(m[4]) < 24 && Number(m[5]) < 60 && Number(m[6] ?? 0) < 60;
}
/** docs/analyze.md §Rules and limits timestamp display form: YYYY-MM-DD HH:mm:ss plus trailing Z (UTC). */
export const formatTimestamp = (date: Date) =>
  `${date.toISOString().slice(0, 10)} ${date.toISOString().slice(11, 19)}Z`;
export const formatDate = (date: Date) => date.toISOString().slice(0, 10);

const dayMs = 24 * 60 * 60 * 1000;
const parseDay = (iso: string) => {
  const m = DATE_RE.exec(iso)!;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
};
/** Adds whole days to a YYYY-MM-DD date (UTC). */
export const addDays = (iso: string, days: number) => formatDate(new Date(parseDay(iso) + days * dayMs));
/** Whole days from `a` to `b` (b − a). */
export const daysBetween = (a: string, b: string) => Math.round((parseDay(b) - parseDay(a)) / dayMs);
/** The Monday on or before a date (weeks start on Monday in every dialect, docs/domain.md). */
export const mondayOf = (iso: string) => addDays(iso, -((new Date(parseDay(iso)).getUTCDay() + 6) % 7));
/** Today as YYYY-MM-DD in UTC. */
export const utcToday = (now: Date = new Date()) => formatDate(now);

/**
 * Resolves a relative date comparison against `today` (a UTC YYYY-MM-DD day) to inclusive dates:
 * this_week = Monday..Sunday of today's week, last_week = the week before; this_month / last_month = calendar months;
 * last_N_days = the N days ending today (today included).
 */
export function resolveRelativeDateRange(
  comparison: RelativeDateComparison,
  today: string,
): { date_start: string; date_end: string } {
  switch (comparison) {
    case 'this_week': {
      const monday = mondayOf(today);
      return { date_start: monday, date_end: addDays(monday, 6) };
    }
    case 'last_week': {
      const monday = addDays(mondayOf(today), -7);
      return { date_start: monday, date_end: addDays(monday, 6) };
    }
    case 'this_month': {
      const first = `${today.slice(0, 7)}-01`;
      const nextFirst = new Date(parseDay(first));
      nextFirst.setUTCMonth(nextFirst.getUTCMonth() + 1);
      return { date_start: first, date_end: addDays(formatDate(nextFirst), -1) };
    }
    case 'last_month': {
      const first = `${today.slice(0, 7)}-01`;
      const prevFirst = new Date(parseDay(first));
      prevFirst.setUTCMonth(prevFirst.getUTCMonth() - 1);
      return { date_start: formatDate(prevFirst), date_end: addDays(first, -1) };
    }
    case 'last_30_days':
      return { date_start: addDays(today, -29), date_end: today };
    case 'last_90_days':
      return { date_start: addDays(today, -89), date_end: today };
    case 'last_180_days':
      return { date_start: addDays(today, -179), date_end: today };
  }
}
export const isRelativeDateComparison = (c: Comparison): c is RelativeDateComparison =>
  (RELATIVE_DATE_COMPARISONS as readonly string[]).includes(c);

const isBlank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/**
 * docs/analyze.md §Rules and limits value check for one condition as the builder shows it: a checked condition on a VALUE_REQUIRED_TYPES column
 * whose value is empty or not valid for its type gives 'A valid value is required.'; value-less comparisons never do.
 * `dataType` defaults to the condition's own data_type.
 */
export function conditionError(
  condition: Pick<Condition, 'checked' | 'comparison' | 'value' | 'data_type'>,
  dataType: DataType = condition.data_type,
): string | null {
  if (!condition.checked || VALUELESS_COMPARISONS.includes(condition.comparison)) return null;
  if (!VALUE_REQUIRED_TYPES.includes(dataType)) return null;
  const values =
    condition.comparison === 'between'
      ? Array.isArray(condition.value)
        ? condition.value
        : []
      : [Array.isArray(condition.value) ? condition.value[0] : condition.value];
  if (condition.comparison === 'between' && values.length !== 2) return VALUE_REQUIRED_MESSAGE;
  const valid = (v: unknown) => {
    if (isBlank(v)) return false;
    if (dataType === 'DATE') return isIsoDate(v);
    if (dataType === 'TIMESTAMP') return isIsoDate(v) || isIsoTimestamp(v);
    const n = typeof v === 'number' ? v : Number(String(v).trim());
    return Number.isFinite(n) && (!INTEGER_TYPES.includes(dataType) || Number.isInteger(n));
  };
  return values.every(valid) ? null : VALUE_REQUIRED_MESSAGE;
}

/** docs/analyze.md §Report states: the default date range of a model: its last 7 days when it spans at least 7 days, else all of it. */
export function defaultDateRange(available: AvailableDateRange): { date_start: string; date_end: string } {
  const span = daysBetween(available.start_date, available.end_date) + 1;
  return span >= DEFAULT_RANGE_DAYS
    ? { date_start: addDays(available.end_date, -(DEFAULT_RANGE_DAYS - 1)), date_end: available.end_date }
    : { date_start: available.start_date, date_end: available.end_date };
}

/**
 * docs/analyze.md §Breakdown, compare and chart types: the period a range is compared with. previous_period = the same number of
 * days right before; previous_year = starting on the same calendar day a year earlier (29 February → 28 February), as
 * many days long. Null when compare is off.
 */
export function previousRange(
  range: { date_start: string; date_end: string },
  compare: CompareMode,
): { date_start: string; date_end: string } | null {
  if (compare === 'off') return null;
  const days = daysBetween(range.date_start, range.date_end) + 1;
  if (compare === 'previous_period')
    return { date_start: addDays(range.date_start, -days), date_end: addDays(range.date_start, -1) };
  const [y, m, d] = range.date_start.split('-').map(Number) as [number, number, number];
  const start = formatDate(new Date(Date.UTC(y - 1, m - 1, m === 2 && d === 29 ? 28 : d)));
  return { date_start: start, date_end: addDays(start, days - 1) };
}
