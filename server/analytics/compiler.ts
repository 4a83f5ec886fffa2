/**
 * The report compiler: a report configuration (docs/analyze.md §Entities) → an intermediate form (`SelectQuery`: expressions from the
 * model catalogue plus bound parameters, dialect-free) → `{sql, params}` for DuckDB, BigQuery or PostgreSQL.
 *
 * Rules it enforces (docs/analyze.md §Rules and limits, docs/architecture.md §House rules 6):
 *  - the model, every selected metric, the group-by and every condition column must exist in the model catalogue
 *    (400 naming the unknown one); identifiers in the SQL come only from that catalogue;
 *  - every value (app id, dates, condition values, is-one-of lists) is a bound parameter; the SQL text never
 *    depends on a value, only on the shape of the configuration;
 *  - order by accepts only the chosen metrics or group-by columns; limit is a whole number 1..10,000;
 *  - a checked condition on a numeric/date type without a valid value → 'A valid value is required.'
 *    (FLOAT64 is not in docs/analyze.md §Rules and limits' check list: an empty FLOAT64 value means the condition filters nothing, and so does
 *    an is-one-of / is-not-one-of without values);
 *  - the date range must lie inside the model's available range; relative date comparisons are resolved in UTC
 *    (weeks start on Monday) and returned in `resolved`;
 *  - breakdown and compare (docs/analyze.md §Breakdown, compare and chart types) stay one statement: the breakdown is a
 *    CASE over a top-N subquery (values outside it become the bound 'Other'); compare widens the date filter to both
 *    periods, filters every aggregate by its period and moves the previous period's dates onto the current ones.
 */
import {
  BREAKDOWN_OTHER,
  CHANGE_SUFFIX,
  COMPARE_YEAR_MAX_DAYS,
  COMPARE_YEAR_TOO_LONG_MESSAGE,
  COMPARISONS_BY_TYPE,
  PREVIOUS_SUFFIX,
  daysBetween,
  previousRange,
  INTEGER_TYPES,
  LIMIT_MESSAGE,
  NUMERIC_TYPES,
  REPORT_LIMIT_DEFAULT,
  BREAKDOWN_TOP_MAX,
  BREAKDOWN_TOP_MIN,
  VALUE_REQUIRED_MESSAGE,
  addDays,
  conditionError,
  defaultDateRange,
  isIsoDate,
  isIsoTimestamp,
  isRelativeDateComparison,
  limitError,
  oneOfValues,
  resolveRelativeDateRange,
  type Comparison,
  type Condition,
  type DataType,
  type Report,
  type ResolvedCondition,
  type ResolvedDates,
} from '../../src/contracts/analyze';

const NUMBER_TOO_LARGE_MESSAGE = (column: string) =>
  `The value for '${column}' is too large: whole numbers must be between -2^63 and 2^63.`;
import { findModel, type DimensionDef, type MetricDef, type ModelDef } from './catalogue';
import {
  addDays as addDaysExpr,
  and,
  caseWhen,
  change,
  cmp,
  inQuery,
  col,
  contains,
  inList,
  isFalse,
  isNull,
  isTrue,
  not,
  or,
  param,
  renderSelect,
  type BoundParam,
  type Dialect,
  type Expr,
  type RenderedSql,
  type SelectQuery,
} from './sql';

/** Bad report input: the route answers 400 with this message. */
export class ReportInputError extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ReportInputError';
  }
}

export interface AvailableRange {
  start: string;
  end: string;
}

export interface CompileInput {
  appId: string;
  report: Report;
  /** The model's data range for this app (YYYY-MM-DD inclusive). */
  available: AvailableRange;
  /** Today as a UTC day, for relative date ranges. */
  today: string;
}

export interface OutputColumn {
  name: string;
  /** breakdown: the second dimension; previous / change: a metric of the compared period and its change in %. */
  kind: 'dimension' | 'breakdown' | 'metric' | 'previous' | 'change';
  data_type: DataType;
}

export interface CompiledReport {
  model: ModelDef;
  /** The intermediate form: dialect-free. */
  query: SelectQuery;
  columns: OutputColumn[];
  resolved: ResolvedDates;
}

export function requireModel(modelId: string): ModelDef {
  const model = findModel(modelId);
  if (!model) throw new ReportInputError(`Unknown data model '${modelId}'.`, 'model_id');
  return model;
}

const findColumn = (model: ModelDef, name: string) =>
  model.metrics.find((m) => m.column_name === name) ?? model.dimensions.find((d) => d.column_name === name);
const unknownColumn = (model: ModelDef, name: string, field: string) =>
  new ReportInputError(`Unknown column '${name}' in data model '${model.id}'.`, field);

function metricOf(model: ModelDef, name: string): MetricDef {
  const metric = model.metrics.find((m) => m.column_name === name);
  if (metric) return metric;
  if (findColumn(model, name))
    throw new ReportInputError(`'${name}' is not a metric of data model '${model.id}'.`, 'select');
  throw unknownColumn(model, name, 'select');
}

function dimensionOf(model: ModelDef, name: string, field: string): DimensionDef {
  const dimension = model.dimensions.find((d) => d.column_name === name);
  if (dimension) return dimension;
  if (findColumn(model, name))
    throw new ReportInputError(
      `'${name}' is a metric; it cannot be used in ${field === 'where' ? 'a condition' : 'group by'}.`,
      field,
    );
  throw unknownColumn(model, name, field);
}

/** Conditions name their column by `column_name`, or by `label` holding the column name (or its label). */
function conditionDimension(model: ModelDef, c: Condition): DimensionDef {
  const name = c.column_name ?? c.label;
  const byName = model.dimensions.find((d) => d.column_name === name);
  if (byName) return byName;
  const byLabel = model.dimensions.find((d) => d.label.toLowerCase() === name.trim().toLowerCase());
  return byLabel ?? dimensionOf(model, name, 'where');
}

const unique = <T>(items: T[], key: (t: T) => string) => {
  const seen = new Set<string>();
  return items.filter((item) => (seen.has(key(item)) ? false : (seen.add(key(item)), true)));
};

/** Compiles a configuration into the dialect-free intermediate form. Throws ReportInputError on bad input. */
export function compileReport(input: CompileInput): CompiledReport {
  const model = requireModel(input.report.model_id);
  const cfg = input.report.configuration;
  const params: Record<string, BoundParam> = {};
  const bind = (name: string, p: BoundParam) => {
    params[name] = p;
    return param(name);
  };

  // Limit (docs/analyze.md §Rules and limits).
  const limitValue = cfg.limit?.[0]?.value ?? REPORT_LIMIT_DEFAULT;
  if (limitError(limitValue)) throw new ReportInputError(LIMIT_MESSAGE, 'limit');

  // Metrics and group-by: catalogue only.
  const metrics = unique(cfg.select, (c) => c.column_name).map((c) => metricOf(model, c.column_name));
  const groups = unique(cfg.group_by, (c) => c.column_name).map((c) => dimensionOf(model, c.column_name, 'group_by'));
  if (metrics.length === 0) throw new ReportInputError('Choose at least one metric.', 'select');
  if (groups.length === 0) throw new ReportInputError('Choose a column to group by.', 'group_by');

  // Date range: inside the model's available range.
  const chosen = cfg.date_range?.[0];
  const range = chosen
    ? { date_start: chosen.date_start, date_end: chosen.date_end }
    : defaultDateRange({ start_date: input.available.start, end_date: input.available.end });
  if (!isIsoDate(range.date_start) || !isIsoDate(range.date_end)) {
    throw new ReportInputError('The date range needs a start and an end date written YYYY-MM-DD.', 'date_range');
  }
  if (range.date_start > range.date_end)
    throw new ReportInputError('The start date must not be after the end date.', 'date_range');
  if (range.date_start < input.available.start || range.date_end > input.available.end) {
    throw new ReportInputError(
      `The date range ${range.date_start} to ${range.date_end} is outside the data available for ${model.name} ` +
        `(${input.available.start} to ${input.available.end}).`,
      'date_range',
    );
  }

  const dateCol = col(model.dateColumn);
  const appFilter = cmp(col('app_id'), '=', bind('app_id', { type: 'STRING', value: input.appId }));
  const current = [
    cmp(dateCol, '>=', bind('date_start', { type: 'DATE', value: range.date_start })),
    cmp(dateCol, '<=', bind('date_end', { type: 'DATE', value: range.date_end })),
  ];

  // Compare (docs/analyze.md §Breakdown, compare and chart types): both periods in one scan.
  const compareMode = cfg.compare ?? 'off';
  const previous = previousRange(range, compareMode);
  if (
    previous &&
    (previous.date_end >= range.date_start ||
      (compareMode === 'previous_year' && daysBetween(range.date_start, range.date_end) + 1 > COMPARE_YEAR_MAX_DAYS))
  )
    throw new ReportInputError(COMPARE_YEAR_TOO_LONG_MESSAGE, 'compare');
  const previousFilter = previous
    ? and(
        cmp(dateCol, '>=', bind('prev_start', { type: 'DATE', value: previous.date_start })),
        cmp(dateCol, '<=', bind('prev_end', { type: 'DATE', value: previous.date_end })),
      )
    : null;
  const where: Expr[] = previousFilter ? [appFilter, or(and(...current), previousFilter)] : [appFilter, ...current];

  // Conditions.
  const resolvedConditions: ResolvedCondition[] = [];
  const conditionExprs: Expr[] = [];
  (cfg.where ?? []).forEach((condition, index) => {
    if (!condition.checked) return;
    const dimension = conditionDimension(model, condition);
    const compiled = compileCondition(dimension, condition, `c${index + 1}`, input.today, bind);
    if (compiled.resolved)
      resolvedConditions.push({ label: dimension.column_name, comparison: condition.comparison, ...compiled.resolved });
    if (compiled.expr) conditionExprs.push(compiled.expr);
  });

  // Breakdown: a STRING dimension other than the group-by; its top N values by the first metric, the rest 'Other'.
  const breakdownDef = cfg.breakdown ? dimensionOf(model, cfg.breakdown.column_name, 'breakdown') : null;
  if (breakdownDef && breakdownDef.data_type !== 'STRING')
    throw new ReportInputError(`Break down by a text column; '${breakdownDef.column_name}' is not one.`, 'breakdown');
  if (breakdownDef && groups.some((g) => g.column_name === breakdownDef.column_name))
    throw new ReportInputError('Break down by a column other than the group-by column.', 'breakdown');
  let breakdownExpr: Expr | null = null;
  if (breakdownDef && cfg.breakdown) {
    const top = cfg.breakdown.top;
    if (!Number.isInteger(top) || top < BREAKDOWN_TOP_MIN || top > BREAKDOWN_TOP_MAX)
      throw new ReportInputError(
        `Top must be a whole number from ${BREAKDOWN_TOP_MIN} to ${BREAKDOWN_TOP_MAX}.`,
        'breakdown',
      );
    const topValues: SelectQuery = {
      table: model.table,
      select: [
        { alias: 'top_value', expr: breakdownDef.expr },
        { alias: 'top_rank', expr: metrics[0]!.expr },
      ],
      where: [appFilter, ...current, ...conditionExprs, not(isNull(breakdownDef.expr))],
      groupCount: 1,
      orderBy: [
        { alias: 'top_rank', direction: 'DESC' },
        { alias: 'top_value', direction: 'ASC' },
      ],
      limit: top,
      params,
    };
    breakdownExpr = caseWhen(
      inQuery(breakdownDef.expr, topValues),
      breakdownDef.expr,
      bind('other', { type: 'STRING', value: BREAKDOWN_OTHER }),
    );
  }

  where.push(...conditionExprs);

  // Order by: only chosen metrics or group-by columns; group-by columns break ties.
  const aliases = new Set([
    ...groups.map((g) => g.column_name),
    ...(breakdownDef ? [breakdownDef.column_name] : []),
    ...metrics.map((m) => m.column_name),
  ]);
  const orderBy = unique(cfg.order_by ?? [], (o) => o.column_name).map((o) => {
    if (!aliases.has(o.column_name)) {
      throw new ReportInputError(
        `Cannot sort by '${o.column_name}': sort by one of the chosen metrics or the group-by column.`,
        'order_by',
      );
    }
    return { alias: o.column_name, direction: o.order };
  });
  const keys = [...groups, ...(breakdownDef ? [breakdownDef] : [])];
  for (const g of keys)
    if (!orderBy.some((o) => o.alias === g.column_name)) orderBy.push({ alias: g.column_name, direction: 'ASC' });

  // With compare, every aggregate counts its own period, and the previous period's dates group as the current ones.
  const currentFilter = and(...current);
  const shifted =
    previous && groups.some((g) => usesColumn(g.expr, model.dateColumn))
      ? caseWhen(
          cmp(dateCol, '<', param('date_start')),
          addDaysExpr(
            dateCol,
            bind('shift_days', { type: 'INT64', value: daysBetween(previous.date_start, range.date_start) }),
          ),
          dateCol,
        )
      : null;
  const groupExpr = (g: DimensionDef) => (shifted ? replaceColumn(g.expr, model.dateColumn, shifted) : g.expr);
  const metricItems = metrics.flatMap((m) => {
    if (!previousFilter) return [{ alias: m.column_name, expr: m.expr }];
    const cur = filtered(m.expr, currentFilter);
    const prev = filtered(m.expr, previousFilter);
    return [
      { alias: m.column_name, expr: cur },
      { alias: m.column_name + PREVIOUS_SUFFIX, expr: prev },
      { alias: m.column_name + CHANGE_SUFFIX, expr: change(cur, prev) },
    ];
  });
  const taken = new Set(keys.map((k) => k.column_name));
  for (const item of metricItems) {
    if (taken.has(item.alias))
      throw new ReportInputError(`The column '${item.alias}' would appear twice; choose other metrics.`, 'select');
    taken.add(item.alias);
  }

  const query: SelectQuery = {
    table: model.table,
    select: [
      ...groups.map((g) => ({ alias: g.column_name, expr: groupExpr(g) })),
      ...(breakdownDef && breakdownExpr ? [{ alias: breakdownDef.column_name, expr: breakdownExpr }] : []),
      ...metricItems,
    ],
    where,
    groupCount: keys.length,
    orderBy,
    limit: limitValue,
    params,
  };
  return {
    model,
    query,
    columns: [
      ...groups.map((g) => ({ name: g.column_name, kind: 'dimension' as const, data_type: g.data_type })),
      ...(breakdownDef
        ? [{ name: breakdownDef.column_name, kind: 'breakdown' as const, data_type: breakdownDef.data_type }]
        : []),
      ...metrics.flatMap((m) => [
        { name: m.column_name, kind: 'metric' as const, data_type: m.data_type },
        ...(previous
          ? [
              { name: m.column_name + PREVIOUS_SUFFIX, kind: 'previous' as const, data_type: m.data_type },
              { name: m.column_name + CHANGE_SUFFIX, kind: 'change' as const, data_type: 'FLOAT64' as const },
            ]
          : []),
      ]),
    ],
    resolved: { ...range, conditions: resolvedConditions, ...(previous ? { previous } : {}) },
  };
}

/** Every aggregate of a metric expression, further filtered by `f` (its period). */
function filtered(e: Expr, f: Expr): Expr {
  switch (e.k) {
    case 'agg':
      return { ...e, filter: e.filter ? and(e.filter, f) : f };
    case 'div':
      return { ...e, num: filtered(e.num, f), den: filtered(e.den, f) };
    case 'mul':
      return { ...e, a: filtered(e.a, f), b: filtered(e.b, f) };
    case 'num':
      return e;
    default:
      throw new Error(`a metric expression of kind ${e.k} cannot be compared`);
  }
}

/** Whether an expression reads the column `name`. */
function usesColumn(e: Expr, name: string): boolean {
  return JSON.stringify(replaceColumn(e, name, { k: 'num', value: 0 })) !== JSON.stringify(e);
}

/** A dimension expression with the column `name` replaced by `by` (the shifted date of compare). */
function replaceColumn(e: Expr, name: string, by: Expr): Expr {
  const r = (x: Expr) => replaceColumn(x, name, by);
  switch (e.k) {
    case 'col':
      return e.name === name ? by : e;
    case 'week':
    case 'month':
    case 'idiv':
      return { ...e, e: r(e.e) };
    case 'div':
      return { ...e, num: r(e.num), den: r(e.den) };
    case 'mul':
      return { ...e, a: r(e.a), b: r(e.b) };
    default:
      return e;
  }
}

export type Bind = (name: string, p: BoundParam) => Expr;
interface CompiledCondition {
  expr: Expr | null;
  resolved?: { date_start: string; date_end: string };
}

const isBlank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** One condition on a catalogue column (or a catalogue expression) → a boolean expression, its values bound (also used by the Monetize audience estimate, audience.ts). */
export function compileCondition(
  d: DimensionDef,
  c: Condition,
  name: string,
  today: string,
  bind: Bind,
): CompiledCondition {
  const type = d.data_type;
  const comparison = c.comparison;
  if (!COMPARISONS_BY_TYPE[type].includes(comparison)) {
    throw new ReportInputError(
      `Comparison '${comparison}' is not available for the ${type} column '${d.column_name}'.`,
      'where',
    );
  }
  const required = conditionError({ ...c, checked: true }, type);
  if (required) throw new ReportInputError(required, 'where');
  const e = d.expr;
  const orMissing = (positive: Expr) => or(isNull(e), not(positive));

  if (type === 'BOOL') return { expr: comparison === 'is_true' ? isTrue(e) : isFalse(e) };

  if (type === 'STRING') {
    if (comparison === 'is_one_of' || comparison === 'is_not_one_of') {
      const values = oneOfValues(c.value);
      if (values.length === 0) return { expr: null }; // no chips yet: the condition filters nothing (STRING is not in docs/analyze.md §Rules and limits' check list)
      const test = inList(e, name);
      bind(name, { type: 'STRING', list: true, value: values });
      return { expr: comparison === 'is_one_of' ? test : orMissing(test) };
    }
    if (Array.isArray(c.value)) throw new ReportInputError(VALUE_REQUIRED_MESSAGE, 'where');
    const value = c.value === null || c.value === undefined ? '' : String(c.value);
    if (comparison === 'contains') {
      bind(name, { type: 'STRING', value });
      return { expr: contains(e, name) };
    }
    const eq = cmp(e, '=', bind(name, { type: 'STRING', value }));
    return { expr: comparison === 'equals' ? eq : orMissing(eq) };
  }

  if (NUMERIC_TYPES.includes(type)) {
    const raw = Array.isArray(c.value) ? c.value[0] : c.value;
    if (isBlank(raw)) return { expr: null }; // FLOAT64 only: the other numeric types failed the required check above
    const value = typeof raw === 'number' ? raw : Number(String(raw).trim());
    if (!Number.isFinite(value)) throw new ReportInputError(VALUE_REQUIRED_MESSAGE, 'where');
    // Whole numbers ≥ 2^63 overflow the engines' BIGINT (an integer column compares as one).
    if (INTEGER_TYPES.includes(type) && Math.abs(value) >= 2 ** 63)
      throw new ReportInputError(NUMBER_TOO_LARGE_MESSAGE(d.column_name), 'where');
    const p = bind(name, {
      type: INTEGER_TYPES.includes(type) && Number.isInteger(value) ? 'INT64' : 'FLOAT64',
      value,
    });
    const op = (
      {
        equals: '=',
        not_equals: '=',
        greater_than: '>',
        less_than: '<',
        greater_than_or_equal: '>=',
        less_than_or_equal: '<=',
      } as const
    )[comparison as 'equals'];
    const test = cmp(e, op, p);
    return { expr: comparison === 'not_equals' ? orMissing(test) : test };
  }

  // DATE and TIMESTAMP: everything becomes an inclusive [from, to] of days, or exact timestamps.
  return compileDateCondition(d, c, name, today, bind);
}

/** One bound end of a date/timestamp condition. */
interface DateBound {
  /** Rendered value: YYYY-MM-DD for DATE; YYYY-MM-DD HH:mm:ss for TIMESTAMP. */
  value: string;
  /** For TIMESTAMP: true when the user gave a whole day (then an upper bound is exclusive at the next midnight). */
  wholeDay: boolean;
}

function dateBound(type: DataType, raw: unknown): DateBound {
  if (type === 'DATE') {
    if (!isIsoDate(raw)) throw new ReportInputError(VALUE_REQUIRED_MESSAGE, 'where');
    return { value: raw, wholeDay: true };
  }
  if (isIsoDate(raw)) return { value: raw, wholeDay: true };
  if (!isIsoTimestamp(raw)) throw new ReportInputError(VALUE_REQUIRED_MESSAGE, 'where');
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?Z?$/.exec(raw)!;
  return { value: `${m[1]} ${m[2]}:${m[3]}:${m[4] ?? '00'}${m[5] ?? ''}`, wholeDay: false };
}

function compileDateCondition(
  d: DimensionDef,
  c: Condition,
  name: string,
  today: string,
  bind: Bind,
): CompiledCondition {
  const type = d.data_type as 'DATE' | 'TIMESTAMP';
  const e = d.expr;
  let from: DateBound | null = null;
  let to: DateBound | null = null;
  let resolved: CompiledCondition['resolved'];
  const comparison: Comparison = c.comparison;
  const single = () => dateBound(type, Array.isArray(c.value) ? c.value[0] : c.value);

  if (isRelativeDateComparison(comparison)) {
    resolved = resolveRelativeDateRange(comparison, today);
    from = { value: resolved.date_start, wholeDay: true };
    to = { value: resolved.date_end, wholeDay: true };
  } else if (comparison === 'between') {
    const values = Array.isArray(c.value) ? c.value : [];
    if (values.length !== 2) throw new ReportInputError(VALUE_REQUIRED_MESSAGE, 'where');
    from = dateBound(type, values[0]);
    to = dateBound(type, values[1]);
    if (from.value.slice(0, 10) > to.value.slice(0, 10) || (from.value > to.value && !to.wholeDay)) {
      throw new ReportInputError(`The start of the between condition on '${d.column_name}' is after its end.`, 'where');
    }
  } else if (comparison === 'from') {
    from = single();
  } else if (comparison === 'to') {
    to = single();
  } else {
    // equals / not_equals: a day (DATE, or a whole day of a TIMESTAMP) or an exact timestamp.
    const v = single();
    const eq =
      type === 'TIMESTAMP' && v.wholeDay
        ? dayRange(e, type, name, v, v, bind)
        : cmp(e, '=', bindDate(type, name, v.value, bind));
    return { expr: comparison === 'equals' ? eq : or(isNull(e), not(eq)) };
  }
  return { expr: dayRange(e, type, name, from, to, bind), resolved };
}

function bindDate(type: 'DATE' | 'TIMESTAMP', name: string, value: string, bind: Bind) {
  return bind(name, { type, value: type === 'TIMESTAMP' && isIsoDate(value) ? `${value} 00:00:00` : value });
}

/** e within [from, to] (inclusive days); for TIMESTAMP a whole-day upper bound is `< next midnight`. */
function dayRange(
  e: Expr,
  type: 'DATE' | 'TIMESTAMP',
  name: string,
  from: DateBound | null,
  to: DateBound | null,
  bind: Bind,
): Expr {
  const parts: Expr[] = [];
  if (from) parts.push(cmp(e, '>=', bindDate(type, `${name}_from`, from.value, bind)));
  if (to) {
    if (type === 'TIMESTAMP' && to.wholeDay)
      parts.push(cmp(e, '<', bindDate(type, `${name}_to`, addDays(to.value, 1), bind)));
    else parts.push(cmp(e, '<=', bindDate(type, `${name}_to`, to.value, bind)));
  }
  return and(...parts);
}

/** Renders a compiled report in a dialect. */
export function renderReport(compiled: CompiledReport, dialect: Dialect): RenderedSql {
  return renderSelect(compiled.query, dialect);
}

/**
 * The query behind "Report config per model": the model's available date range for an app and one real sample value
 * per group-by/filter column (the smallest non-NULL value; the latest for dates), in any dialect.
 */
export function describeModel(model: ModelDef, appId: string): SelectQuery {
  const sampleOf = (d: DimensionDef): Expr => ({
    k: 'agg',
    fn: d.data_type === 'DATE' || d.data_type === 'TIMESTAMP' ? 'max' : 'min',
    arg: d.expr,
  });
  return {
    table: model.table,
    select: [
      { alias: 'date_min', expr: { k: 'agg', fn: 'min', arg: col(model.dateColumn) } },
      { alias: 'date_max', expr: { k: 'agg', fn: 'max', arg: col(model.dateColumn) } },
      ...model.dimensions.map((d) => ({ alias: `sample_${d.column_name}`, expr: sampleOf(d) })),
    ],
    where: [cmp(col('app_id'), '=', param('app_id'))],
    groupCount: 0,
    orderBy: [],
    params: { app_id: { type: 'STRING', value: appId } },
  };
}
