/**
 * Pure rules of the report builder (docs/analyze.md §Entities configuration, §Report states model change / sort / conditions / default date range,
 * §Rules and limits limit, conditions, one-of tokens and date formats, §Rules and limits report limits). No React, no XState, no I/O: the machine
 * and the views call these, and tests/unit/report-builder-logic.test.ts pins them down.
 *
 * The contract module (src/contracts/analyze.ts) owns the shared rules the server applies as well (limitError,
 * conditionError, oneOfTokens, defaultDateRange …); this module builds the builder's own vocabulary on top of them:
 * the editable configuration, validation of the whole form, the Sort By rules, condition rows and their defaults,
 * conversion to and from the saved report, and the session draft.
 */
import * as t from 'io-ts';
import { isRight } from 'fp-ts/Either';
import {
  COMPARISONS_BY_TYPE,
  DEFAULT_METRICS,
  DEFAULT_MODEL_ID,
  DEFAULT_REPORT_TITLE,
  INTEGER_TYPES,
  METRIC_GROUPS,
  NUMERIC_TYPES,
  REPORT_LIMIT_DEFAULT,
  REPORT_TITLE_MAX,
  VALUELESS_COMPARISONS,
  Comparison,
  ConditionValue,
  DataType,
  SampleValue,
  SortOrder,
  conditionError,
  defaultComparison,
  defaultDateRange as contractDefaultDateRange,
  isRelativeDateComparison,
  joinOneOf,
  limitError,
  oneOfTokens,
  resolveRelativeDateRange,
  utcToday,
  type AvailableDateRange,
  type Column,
  type Condition,
  type GroupByWhereColumn,
  type ModelConfiguration,
  type OrderBy,
  type Report,
  type ResolvedDates,
  BREAKDOWN_TOP_DEFAULT,
  BREAKDOWN_TOP_MAX,
  BREAKDOWN_TOP_MIN,
  type ChartType,
  type CompareMode,
  type GridLayout,
} from '../../contracts/analyze';

export interface DateRange {
  date_start: string;
  date_end: string;
}

/** One row of the Conditions card: the docs/analyze.md §Entities condition plus a local key and the row's shown error. */
export interface ConditionRow {
  key: string;
  column_name: string;
  data_type: DataType;
  comparison: Comparison;
  value: ConditionValue;
  checked: boolean;
  sample_value: SampleValue;
  error: string | null;
}

/** The editable configuration of a report, as the builder holds it. `limit` is the raw text of the Limit field. */
export interface BuilderConfig {
  modelId: string;
  metrics: Column[];
  groupBy: GroupByWhereColumn | null;
  dateRange: DateRange | null;
  limit: string;
  orderBy: OrderBy[];
  conditions: ConditionRow[];
  /** docs/analyze.md §Breakdown, compare and chart types: the second dimension and how many of its values get a series. */
  breakdown: { column_name: string; top: number } | null;
  compare: CompareMode;
  chartType: ChartType;
  gridLayout: GridLayout;
}

/** The options of a new configuration's breakdown, compare and chart (also what an old saved report means). */
export const DISPLAY_DEFAULTS = {
  breakdown: null,
  compare: 'off',
  chartType: 'line',
  gridLayout: 'long',
} as const satisfies Pick<BuilderConfig, 'breakdown' | 'compare' | 'chartType' | 'gridLayout'>;

// ---------------------------------------------------------------------------------------------------------------
// Title (docs/analyze.md §Screens and routes: click to edit, Enter saves, max 75, default New Report)

/** The title to keep: trimmed, at most 75 characters, 'New Report' when blank. */
export function normalizeTitle(input: string): string {
  const trimmed = input.trim().slice(0, REPORT_TITLE_MAX).trim();
  return trimmed === '' ? DEFAULT_REPORT_TITLE : trimmed;
}

/**
 * The title a new report's first save takes when nobody named it: its question in words, from the catalogue's
 * labels ("Retention D1 by Country", "New Users, DAU and 2 more by Date"), so saved reports do not all read
 * "New Report". At most 75 characters; 'New Report' when the report has no metric.
 */
export function questionTitle(
  config: Pick<BuilderConfig, 'metrics' | 'groupBy'>,
  model: ModelConfiguration | null,
): string {
  const labelOf = (name: string, fallback?: string) =>
    model?.select.find((m) => m.column_name === name)?.label ??
    model?.group_by_where.find((d) => d.column_name === name)?.label ??
    fallback ??
    name;
  const metrics = config.metrics.map((m) => labelOf(m.column_name, m.label));
  if (metrics.length === 0) return DEFAULT_REPORT_TITLE;
  const shown = metrics.length <= 3 ? metrics : [...metrics.slice(0, 2), `${metrics.length - 2} more`];
  const what = shown.length === 1 ? shown[0]! : `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]!}`;
  const by = config.groupBy ? ` by ${labelOf(config.groupBy.column_name)}` : '';
  return normalizeTitle(`${what}${by}`.length <= REPORT_TITLE_MAX ? `${what}${by}` : what);
}

/** The title to save with: the one the user gave, or the question's words for an unnamed report's first save. */
export const titleToSave = (
  reportId: string | null,
  title: string,
  config: Pick<BuilderConfig, 'metrics' | 'groupBy'>,
  model: ModelConfiguration | null,
): string => (reportId === null && title === DEFAULT_REPORT_TITLE ? questionTitle(config, model) : title);

// ---------------------------------------------------------------------------------------------------------------
// Dates (docs/analyze.md §Report states default range, §Rules and limits date formats)

/** docs/analyze.md §Report states: the last 7 days of the model's available range, or all of it when shorter; null without a range. */
export function defaultDateRange(available: AvailableDateRange | undefined | null): DateRange | null {
  if (!available || !isDay(available.start_date) || !isDay(available.end_date)) return null;
  return contractDefaultDateRange(available);
}

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (s: string) => DAY_RE.test(s);

/**
 * Keeps a chosen range inside the model's available range with start ≤ end. A missing or malformed bound takes the
 * other bound (or the range's edge), so the pickers can never send an impossible range.
 */
export function clampDateRange(
  range: Partial<DateRange>,
  available: AvailableDateRange | undefined | null,
  moved: 'start' | 'end' = 'end',
): DateRange | null {
  const fallback = defaultDateRange(available);
  let start = range.date_start && isDay(range.date_start) ? range.date_start : fallback?.date_start;
  let end = range.date_end && isDay(range.date_end) ? range.date_end : fallback?.date_end;
  if (!start || !end) return null;
  if (available && isDay(available.start_date) && isDay(available.end_date)) {
    const clamp = (d: string) =>
      d < available.start_date ? available.start_date : d > available.end_date ? available.end_date : d;
    start = clamp(start);
    end = clamp(end);
  }
  if (start > end) {
    // The bound the user just moved wins; the other follows it.
    if (moved === 'start') end = start;
    else start = end;
  }
  return { date_start: start, date_end: end };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** docs/analyze.md §Rules and limits date format YYYY-MM-DD from a date input, a Date or an ISO string; '' when it is not a real date. */
export function formatDateValue(input: string | Date): string {
  if (input instanceof Date) return Number.isNaN(input.getTime()) ? '' : input.toISOString().slice(0, 10);
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(input.trim());
  if (!m) return '';
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() + 1 === Number(m[2]) && d.getUTCDate() === Number(m[3])
    ? `${m[1]}-${m[2]}-${m[3]}`
    : '';
}

/**
 * docs/analyze.md §Rules and limits timestamp format YYYY-MM-DD HH:mm:ss plus a trailing Z, from a datetime-local value (taken as UTC,
 * seconds optional), an ISO string or a Date; '' when it is not a real timestamp.
 */
export function formatTimestampValue(input: string | Date): string {
  if (input instanceof Date) {
    if (Number.isNaN(input.getTime())) return '';
    const iso = input.toISOString();
    return `${iso.slice(0, 10)} ${iso.slice(11, 19)}Z`;
  }
  const m = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?Z?$/.exec(input.trim());
  if (!m) return '';
  const day = formatDateValue(m[1]!);
  const [h, min, s] = [Number(m[2] ?? 0), Number(m[3] ?? 0), Number(m[4] ?? 0)];
  if (!day || h > 23 || min > 59 || s > 59) return '';
  return `${day} ${pad(h)}:${pad(min)}:${pad(s)}Z`;
}

/** The value a datetime-local input shows for a stored timestamp ('YYYY-MM-DDTHH:mm:ss'), '' when unreadable. */
export function toDateTimeLocal(value: unknown): string {
  if (typeof value !== 'string') return '';
  const formatted = formatTimestampValue(value);
  return formatted ? `${formatted.slice(0, 10)}T${formatted.slice(11, 19)}` : '';
}

/** The dates a relative date comparison covers today (UTC), as the server resolves them (contracts/analyze.ts). */
export function previewRelativeDates(comparison: Comparison, now: Date = new Date()): DateRange | null {
  return isRelativeDateComparison(comparison) ? resolveRelativeDateRange(comparison, utcToday(now)) : null;
}

/** The resolved dates of a relative condition from the run answer, when the server sent them. */
export function resolvedDatesOf(
  resolved: ResolvedDates | null | undefined,
  row: Pick<ConditionRow, 'column_name' | 'comparison'>,
): DateRange | null {
  const hit = resolved?.conditions.find((c) => c.label === row.column_name && c.comparison === row.comparison);
  return hit ? { date_start: hit.date_start, date_end: hit.date_end } : null;
}

// ---------------------------------------------------------------------------------------------------------------
// Is-one-of tokens (docs/analyze.md §Rules and limits: added on space, comma, Enter or blur; trimmed, non-empty, de-duplicated, comma-joined)

/** Tokens of a stored is-one-of value. */
export const tokensOf = (value: ConditionValue | undefined): string[] => oneOfTokens(value);

/** Adds whatever tokens `text` holds to a stored value and returns the new comma-joined value. */
export const addTokens = (value: ConditionValue | undefined, text: string): string =>
  joinOneOf([...tokensOf(value), ...oneOfTokens(text)]);

/** Removes one token (a chip's delete button). */
export const removeToken = (value: ConditionValue | undefined, token: string): string =>
  joinOneOf(tokensOf(value).filter((t) => t !== token));

/**
 * What typing into a chip input does: every complete token (followed by a space or a comma) is committed and the
 * unfinished rest stays in the input. `{ commit: [], rest: text }` when nothing is complete yet.
 */
export function splitTokenInput(text: string): { commit: string[]; rest: string } {
  const lastSeparator = Math.max(
    text.lastIndexOf(' '),
    text.lastIndexOf(','),
    text.lastIndexOf('\t'),
    text.lastIndexOf('\n'),
  );
  if (lastSeparator < 0) return { commit: [], rest: text };
  return { commit: oneOfTokens(text.slice(0, lastSeparator)), rest: text.slice(lastSeparator + 1) };
}

export const isOneOfComparison = (c: Comparison) => c === 'is_one_of' || c === 'is_not_one_of';

// ---------------------------------------------------------------------------------------------------------------
// Conditions (docs/analyze.md §Report states, §Rules and limits)

/** docs/analyze.md §Report states: a new condition starts checked with BOOL → is_true, others → equals; value-less ones store their name. */
export function newConditionRow(column: GroupByWhereColumn, key: string): ConditionRow {
  const comparison = defaultComparison(column.data_type);
  const row: ConditionRow = {
    key,
    column_name: column.column_name,
    data_type: column.data_type,
    comparison,
    value: VALUELESS_COMPARISONS.includes(comparison) ? comparison : '',
    checked: true,
    sample_value: column.sample_value,
    error: null,
  };
  // A new condition starts checked, so a value it needs is flagged at once, not only after Run.
  return { ...row, error: conditionRowError(row) };
}

/** The comparisons a column of this type offers (docs/analyze.md §Rules and limits). */
export const comparisonsFor = (type: DataType): readonly Comparison[] => COMPARISONS_BY_TYPE[type];

/**
 * docs/analyze.md §Report states: changing a comparison clears that row's error; a value-less comparison stores its own name as the value;
 * moving to or from between (two inputs) or a value-less comparison starts the value afresh.
 */
export function changeComparison(row: ConditionRow, comparison: Comparison): ConditionRow {
  const wasValueless = VALUELESS_COMPARISONS.includes(row.comparison);
  let value: ConditionValue;
  if (VALUELESS_COMPARISONS.includes(comparison)) value = comparison;
  else if (comparison === 'between')
    value = row.comparison === 'between' && Array.isArray(row.value) ? row.value : ['', ''];
  else if (wasValueless || row.comparison === 'between') value = '';
  else if (isOneOfComparison(comparison) && !isOneOfComparison(row.comparison))
    value = addTokens('', typeof row.value === 'string' ? row.value : '');
  else value = row.value;
  return { ...row, comparison, value, error: null };
}

/** docs/analyze.md §Rules and limits check of one row ('A valid value is required.' or null). */
export const conditionRowError = (row: ConditionRow): string | null =>
  conditionError({ checked: row.checked, comparison: row.comparison, value: row.value, data_type: row.data_type });

/** The value typed into a row, with its error re-checked as the user types (the docs/analyze.md §Rules and limits rule). */
export const changeConditionValue = (row: ConditionRow, value: ConditionValue): ConditionRow => {
  const next = { ...row, value };
  return { ...next, error: conditionRowError(next) };
};

/**
 * Unchecking a row removes its error (an unchecked condition is not applied, so it cannot block); checking it
 * flags a missing value at once.
 */
export const changeConditionChecked = (row: ConditionRow, checked: boolean): ConditionRow => {
  const next = { ...row, checked };
  return { ...next, error: checked ? conditionRowError(next) : null };
};

// ---------------------------------------------------------------------------------------------------------------
// Validation (docs/analyze.md §Rules and limits, §Messages: exact messages)

export interface ValidationResult {
  limit: string | null;
  conditions: Record<string, string>;
}

/** Validates the whole form: the limit and every checked condition. */
export function validateConfig(config: Pick<BuilderConfig, 'limit' | 'conditions'>): ValidationResult {
  const conditions: Record<string, string> = {};
  for (const row of config.conditions) {
    const error = conditionRowError(row);
    if (error) conditions[row.key] = error;
  }
  return { limit: limitError(config.limit), conditions };
}
export const isValid = (v: ValidationResult) => v.limit === null && Object.keys(v.conditions).length === 0;

/** The errors the form shows now: the live limit check and each row's stored error. */
export function shownErrors(config: Pick<BuilderConfig, 'limit' | 'conditions'>): ValidationResult {
  const conditions: Record<string, string> = {};
  for (const row of config.conditions) if (row.error) conditions[row.key] = row.error;
  return { limit: limitError(config.limit), conditions };
}

/** docs/analyze.md §Screens and routes/§Rules and limits: Run Report needs at least one metric and one group-by. */
export const hasRequiredColumns = (config: Pick<BuilderConfig, 'metrics' | 'groupBy'>) =>
  config.metrics.length > 0 && config.groupBy !== null;

/**
 * Why Run Report is disabled now, in words for its tooltip and the note beside it; null when it can run.
 * `labelOf` names a condition's column ("Days Since Install") when the catalogue is at hand.
 */
export function runBlocker(
  config: BuilderConfig,
  labelOf: (columnName: string) => string = (name) => name,
): string | null {
  if (config.metrics.length === 0 && !config.groupBy)
    return 'Choose at least one metric and a group-by to run the report.';
  if (config.metrics.length === 0) return 'Choose at least one metric to run the report.';
  if (!config.groupBy) return 'Choose a group-by to run the report.';
  if (shownErrors(config).limit !== null) return 'Fix the highlighted fields to run the report.';
  // A checked condition that needs a value blocks the run even when its row shows no error (a changed comparison
  // clears the row's error): the reason names it.
  const missing = config.conditions.find((row) => conditionRowError(row) !== null || row.error !== null);
  if (missing)
    return `Enter a value for the condition on ${labelOf(missing.column_name)}, or uncheck it, to run the report.`;
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Breakdown (docs/analyze.md §Breakdown, compare and chart types)

/** The columns a breakdown may use: the model's text columns other than the group-by. */
export const breakdownOptions = (
  dimensions: readonly GroupByWhereColumn[],
  groupBy: Pick<GroupByWhereColumn, 'column_name'> | null,
): GroupByWhereColumn[] => dimensions.filter((d) => d.data_type === 'STRING' && d.column_name !== groupBy?.column_name);

/** A Top value typed in the builder, kept within 2 to 10 (whole numbers). */
export const clampTop = (value: number): number =>
  Number.isFinite(value)
    ? Math.min(BREAKDOWN_TOP_MAX, Math.max(BREAKDOWN_TOP_MIN, Math.round(value)))
    : BREAKDOWN_TOP_DEFAULT;

/** The breakdown once the group-by changed: dropped when the group-by is now the breakdown column. */
export const breakdownAfterGroupBy = (
  breakdown: BuilderConfig['breakdown'],
  groupBy: Pick<GroupByWhereColumn, 'column_name'> | null,
): BuilderConfig['breakdown'] => (breakdown && breakdown.column_name === groupBy?.column_name ? null : breakdown);

// ---------------------------------------------------------------------------------------------------------------
// Sort By (docs/analyze.md §Report states)

/** The columns Sort By may use: the group-by first, then the chosen metrics. */
export function sortOptions(config: Pick<BuilderConfig, 'metrics' | 'groupBy'>): string[] {
  return [...(config.groupBy ? [config.groupBy.column_name] : []), ...config.metrics.map((m) => m.column_name)];
}

export const isDateType = (type: DataType | undefined) => type === 'DATE' || type === 'TIMESTAMP';

/** docs/analyze.md §Report states auto sort of a new report: a date group-by sorted DESC, otherwise the first metric DESC. */
export function autoOrderBy(config: Pick<BuilderConfig, 'metrics' | 'groupBy'>): OrderBy[] {
  if (config.groupBy && isDateType(config.groupBy.data_type))
    return [{ column_name: config.groupBy.column_name, order: 'DESC' }];
  const first = config.metrics[0];
  return first ? [{ column_name: first.column_name, order: 'DESC' }] : [];
}

/**
 * docs/analyze.md §Report states Sort By after the metrics or the group-by changed: entries that are no longer options are dropped; a new
 * report whose sort the user has not touched follows the auto rule.
 */
export function reconcileOrderBy(
  config: Pick<BuilderConfig, 'metrics' | 'groupBy' | 'orderBy'>,
  opts: { isNew: boolean; sortTouched: boolean },
): OrderBy[] {
  if (opts.isNew && !opts.sortTouched) return autoOrderBy(config);
  const options = new Set(sortOptions(config));
  return config.orderBy.filter((o) => options.has(o.column_name));
}

/** docs/analyze.md §Report states: a new Sort By entry defaults to DESC (an entry already there is left alone). */
export function addSort(orderBy: readonly OrderBy[], column_name: string): OrderBy[] {
  return orderBy.some((o) => o.column_name === column_name)
    ? [...orderBy]
    : [...orderBy, { column_name, order: 'DESC' }];
}
export const toggleSort = (orderBy: readonly OrderBy[], column_name: string): OrderBy[] =>
  orderBy.map((o) =>
    o.column_name === column_name
      ? { ...o, order: o.order === 'DESC' ? ('ASC' as SortOrder) : ('DESC' as SortOrder) }
      : o,
  );

/** Moves an item of a list (drag and drop, or the keyboard's move up / move down); out-of-range moves do nothing. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || from >= list.length || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

// ---------------------------------------------------------------------------------------------------------------
// Metric groups (docs/analyze.md §Entities curated metric groups)

export interface MetricGroup {
  name: string;
  metrics: Column[];
}

/** The model's metrics grouped by the curated groups in docs/analyze.md §Screens and routes order; metrics of no group go to 'Other' at the end. */
export function groupMetrics(select: readonly Column[]): MetricGroup[] {
  const groups: MetricGroup[] = METRIC_GROUPS.map((g) => ({ name: g.name, metrics: [] as Column[] }));
  const other: Column[] = [];
  for (const column of select) {
    const index = METRIC_GROUPS.findIndex((g) => g.metrics.includes(column.column_name) || g.name === column.group);
    if (index >= 0) groups[index]!.metrics.push(column);
    else other.push(column);
  }
  for (const [i, group] of groups.entries()) {
    const order = METRIC_GROUPS[i]!.metrics;
    group.metrics.sort((a, b) => rank(order, a.column_name) - rank(order, b.column_name));
  }
  return [...groups, { name: 'Other', metrics: other }].filter((g) => g.metrics.length > 0);
}
const rank = (order: readonly string[], name: string) => {
  const i = order.indexOf(name);
  return i < 0 ? Number.MAX_SAFE_INTEGER : i;
};

/** The label a column shows (its catalogue label, else its name). */
export const columnLabel = (column: { column_name: string; label?: string } | undefined, fallback = ''): string =>
  column?.label ?? column?.column_name ?? fallback;

/** Case-insensitive search over a column's name and label. */
export function matchesSearch(column: { column_name: string; label?: string }, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return column.column_name.toLowerCase().includes(q) || (column.label ?? '').toLowerCase().includes(q);
}

// ---------------------------------------------------------------------------------------------------------------
// Configuration ⇄ saved report

/** The configuration a blank report starts with on a model (docs/analyze.md §Entities default metrics, §Report states default date range, limit). */
export function blankConfig(modelId: string, model: ModelConfiguration | null): BuilderConfig {
  const metrics = model ? DEFAULT_METRICS.flatMap((name) => model.select.filter((c) => c.column_name === name)) : [];
  return {
    modelId,
    metrics,
    groupBy: null,
    dateRange: defaultDateRange(model?.date_range[0]),
    limit: String(model?.limit[0]?.value ?? REPORT_LIMIT_DEFAULT),
    orderBy: [],
    conditions: [],
    ...DISPLAY_DEFAULTS,
  };
}

const toNumberIfNumeric = (type: DataType, v: unknown): unknown => {
  if (!NUMERIC_TYPES.includes(type) || typeof v !== 'string' || v.trim() === '') return v;
  const n = Number(v.trim());
  return Number.isFinite(n) && (!INTEGER_TYPES.includes(type) || Number.isInteger(n)) ? n : v;
};

/** A condition row as docs/analyze.md §Entities sends it (numbers as numbers for numeric columns, is-one-of comma-joined). */
export function toCondition(row: ConditionRow, modelId: string): Condition {
  let value: ConditionValue = row.value;
  if (Array.isArray(value)) value = value.map((v) => toNumberIfNumeric(row.data_type, v) as string | number | null);
  else if (isOneOfComparison(row.comparison))
    value = addTokens('', typeof value === 'string' ? value : String(value ?? ''));
  else value = toNumberIfNumeric(row.data_type, value) as ConditionValue;
  return {
    label: row.column_name,
    column_name: row.column_name,
    comparison: row.comparison,
    value,
    checked: row.checked,
    data_type: row.data_type,
    sample_value: row.sample_value,
    model_id: modelId,
  };
}

/** The docs/analyze.md §Entities report (model_id + configuration) the run sends. */
export function toReport(config: BuilderConfig): Report {
  const limitValue = Number(config.limit.trim());
  return {
    model_id: config.modelId,
    configuration: {
      select: config.metrics.map((m) => ({ ...m, model_id: config.modelId })),
      group_by: config.groupBy ? [{ ...config.groupBy, model_id: config.modelId }] : [],
      ...(config.dateRange ? { date_range: [{ ...config.dateRange, model_id: config.modelId }] } : {}),
      limit: [{ value: Number.isFinite(limitValue) ? limitValue : REPORT_LIMIT_DEFAULT, model_id: config.modelId }],
      order_by: config.orderBy.map((o) => ({ ...o, model_id: config.modelId })),
      where: config.conditions.map((row) => toCondition(row, config.modelId)),
      // Only what differs from the defaults, so a report saved before these options existed compares equal.
      ...(config.breakdown ? { breakdown: { ...config.breakdown, model_id: config.modelId } } : {}),
      ...(config.compare !== DISPLAY_DEFAULTS.compare ? { compare: config.compare } : {}),
      ...(config.chartType !== DISPLAY_DEFAULTS.chartType ? { chart_type: config.chartType } : {}),
      ...(config.gridLayout !== DISPLAY_DEFAULTS.gridLayout ? { grid_layout: config.gridLayout } : {}),
    },
  };
}

const stringValue = (v: ConditionValue | undefined): ConditionValue => (v === undefined ? '' : v);

/**
 * A saved report's configuration as the builder edits it. Columns are taken from the model's config where they still
 * exist (so labels and types are current); conditions get keys `c1`, `c2`, … starting at `firstKey`.
 */
export function configFromReport(report: Report, model: ModelConfiguration | null, firstKey = 1): BuilderConfig {
  const c = report.configuration;
  const metricByName = new Map(model?.select.map((m) => [m.column_name, m]));
  const dimByName = new Map(model?.group_by_where.map((d) => [d.column_name, d]));
  const metrics = c.select.map((m) => metricByName.get(m.column_name) ?? m);
  const group = c.group_by[0];
  const groupBy = group ? (dimByName.get(group.column_name) ?? group) : null;
  const saved = c.date_range?.[0];
  return {
    modelId: report.model_id,
    metrics,
    groupBy,
    dateRange: saved
      ? { date_start: saved.date_start, date_end: saved.date_end }
      : defaultDateRange(model?.date_range[0]),
    limit: String(c.limit?.[0]?.value ?? REPORT_LIMIT_DEFAULT),
    orderBy: (c.order_by ?? []).map((o) => ({ column_name: o.column_name, order: o.order })),
    breakdown: c.breakdown ? { column_name: c.breakdown.column_name, top: c.breakdown.top } : null,
    compare: c.compare ?? DISPLAY_DEFAULTS.compare,
    chartType: c.chart_type ?? DISPLAY_DEFAULTS.chartType,
    gridLayout: c.grid_layout ?? DISPLAY_DEFAULTS.gridLayout,
    conditions: (c.where ?? []).map((w, i) => {
      const name = w.column_name ?? w.label;
      const dim = dimByName.get(name);
      return {
        key: `c${firstKey + i}`,
        column_name: name,
        data_type: dim?.data_type ?? w.data_type,
        comparison: w.comparison,
        value: stringValue(w.value),
        checked: w.checked,
        sample_value: dim?.sample_value ?? w.sample_value ?? null,
        error: null,
      };
    }),
  };
}

/**
 * A configuration fitted to a model's config: metrics, group-by, sort and conditions on columns the model no longer
 * has are dropped, and the date range is kept inside the available range.
 */
export function fitToModel(config: BuilderConfig, model: ModelConfiguration): BuilderConfig {
  const metricNames = new Set(model.select.map((m) => m.column_name));
  const dims = new Map(model.group_by_where.map((d) => [d.column_name, d]));
  const metrics = config.metrics
    .filter((m) => metricNames.has(m.column_name))
    .map((m) => model.select.find((s) => s.column_name === m.column_name) ?? m);
  const groupBy = config.groupBy && dims.has(config.groupBy.column_name) ? dims.get(config.groupBy.column_name)! : null;
  const options = new Set(sortOptions({ metrics, groupBy }));
  return {
    ...config,
    metrics,
    groupBy,
    orderBy: config.orderBy.filter((o) => options.has(o.column_name)),
    conditions: config.conditions.filter((c) => dims.has(c.column_name)),
    breakdown:
      config.breakdown &&
      breakdownOptions(model.group_by_where, groupBy).some((d) => d.column_name === config.breakdown!.column_name)
        ? config.breakdown
        : null,
    dateRange: config.dateRange
      ? clampDateRange(config.dateRange, model.date_range[0])
      : defaultDateRange(model.date_range[0]),
  };
}

/** A stable fingerprint of what would be saved, to tell unsaved changes (errors and keys do not count). */
export function configFingerprint(config: BuilderConfig, title: string): string {
  return JSON.stringify({ title, report: toReport(config) });
}

/** The next free condition key number after the rows of a configuration. */
export function nextConditionKey(conditions: readonly ConditionRow[]): number {
  return conditions.reduce((max, c) => Math.max(max, Number(/^c(\d+)$/.exec(c.key)?.[1] ?? 0)), 0) + 1;
}

// ---------------------------------------------------------------------------------------------------------------
// Session draft of an unsaved new report (survives a page reload; keyed by app)

export const ReportDraft = t.type(
  { version: t.literal(1), title: t.string, report: t.unknown, sortTouched: t.boolean },
  'ReportDraft',
);
export interface DecodedDraft {
  title: string;
  report: Report;
  sortTouched: boolean;
}

export const draftStorageKey = (appId: string) => `questboard.reportDraft.${appId}`;

export function serializeDraft(config: BuilderConfig, title: string, sortTouched: boolean): string {
  return JSON.stringify({ version: 1, title, report: toReport(config), sortTouched });
}

/** Reads a stored draft; null when missing, from another version, or not a valid report. */
export function parseDraft(text: string | null, reportCodec: t.Decoder<unknown, Report>): DecodedDraft | null {
  if (!text) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  const outer = ReportDraft.decode(raw);
  if (!isRight(outer)) return null;
  const report = reportCodec.decode(outer.right.report);
  if (!isRight(report)) return null;
  return { title: normalizeTitle(outer.right.title), report: report.right, sortTouched: outer.right.sortTouched };
}

export { DEFAULT_MODEL_ID, DEFAULT_REPORT_TITLE, REPORT_TITLE_MAX };
