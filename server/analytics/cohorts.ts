/**
 * The cohort compiler: a retention cohort question (src/contracts/cohorts.ts) → dialect-free expressions from the
 * daily metrics catalogue plus bound parameters → `{sql, params}` for DuckDB, BigQuery or PostgreSQL, and the rows it
 * answers → the cohort triangle (docs/analyze.md §Retention cohorts).
 *
 * The query has two steps over `daily_user_metrics` (one row per user and active day, with the user's install day):
 *   cohort_users: the install-day row of every user installed in the date range that matches the conditions (so a
 *                 condition or the split reads the user as they were on their install day), with the cohort's first
 *                 day and the split value;
 *   the count:    those users' rows within the asked periods, counted as distinct users per (cohort, split, period),
 *                 period N = days since install ÷ period days, rounded down.
 * Conditions compile exactly as the report builder's (compiler.compileCondition); every value is bound, every
 * identifier comes from the catalogue. Cohort sizes are the period-0 counts (every user is active on install day);
 * a cell is kept only when the cohort is mature for its period (contracts isMature), else null; the average row is
 * Σ active ÷ Σ size over the cohorts mature for each period.
 */
import {
  PERIOD_DAYS,
  SPLIT_VALUES_MAX,
  cohortEnd,
  cohortStarts,
  defaultCohortRange,
  isMature,
  questionProblem,
  type CohortGroup,
  type CohortQuestion,
  type CohortRow,
} from '../../src/contracts/cohorts';
import { isIsoDate, type ReportRow } from '../../src/contracts/analyze';
import { DAILY_METRICS_MODEL, type DimensionDef } from './catalogue';
import { ReportInputError, compileCondition, type AvailableRange } from './compiler';
import { dateText } from './engine';
import {
  and,
  cmp,
  col,
  countDistinct,
  idiv,
  month,
  num,
  param,
  paramsOf,
  renderExpr,
  week,
  type BoundParam,
  type Dialect,
  type Expr,
  type ParamType,
  type ParamValue,
  type RenderedSql,
} from './sql';

export interface CompiledCohorts {
  question: CohortQuestion;
  /** Install dates (inclusive) and the cohorts' first days. */
  range: { date_start: string; date_end: string };
  starts: string[];
  dataEnd: string;
  cte: { select: { alias: string; expr: Expr }[]; where: Expr[] };
  outer: { select: { alias: string; expr: Expr }[]; where: Expr[]; groupCount: number };
  params: Record<string, BoundParam>;
}

const model = DAILY_METRICS_MODEL;

function dimension(name: string): DimensionDef {
  const d = model.dimensions.find((x) => x.column_name === name);
  if (!d) throw new ReportInputError(`Unknown dimension '${name}'.`, 'split');
  return d;
}

function conditionDimension(label: string): DimensionDef {
  const byName = model.dimensions.find((d) => d.column_name === label);
  const byLabel = model.dimensions.find((d) => d.label.toLowerCase() === label.trim().toLowerCase());
  const found = byName ?? byLabel;
  if (!found) {
    if (model.metrics.some((m) => m.column_name === label))
      throw new ReportInputError(`'${label}' is a metric; it cannot be used in a condition.`, 'where');
    throw new ReportInputError(`Unknown column '${label}' in data model '${model.id}'.`, 'where');
  }
  return found;
}

/** Compiles a question for an app whose data spans `available`. Throws ReportInputError on bad input. */
export function compileCohorts(input: {
  appId: string;
  question: CohortQuestion;
  available: AvailableRange;
  today: string;
}): CompiledCohorts {
  const { question, available } = input;
  const grain = question.grain;
  const range = question.date_range ?? defaultCohortRange(grain, available);
  if (!isIsoDate(range.date_start) || !isIsoDate(range.date_end))
    throw new ReportInputError('The date range needs a start and an end date written YYYY-MM-DD.', 'date_range');
  // The builder's own check first (order, at most 52 cohorts), then the data's range.
  const problem = questionProblem({ grain, date_range: range });
  if (problem) throw new ReportInputError(problem, 'date_range');
  if (range.date_start < available.start || range.date_end > available.end) {
    throw new ReportInputError(
      `The install dates ${range.date_start} to ${range.date_end} are outside the data available ` +
        `(${available.start} to ${available.end}).`,
      'date_range',
    );
  }
  const starts = cohortStarts(grain, range.date_start, range.date_end);

  const params: Record<string, BoundParam> = {};
  const bind = (name: string, p: BoundParam) => {
    params[name] = p;
    return param(name);
  };
  const install = col('install_date');
  const cohortExpr = grain === 'day' ? install : grain === 'week' ? week(install) : month(install);
  const where: Expr[] = [
    cmp(col('app_id'), '=', bind('app_id', { type: 'STRING', value: input.appId })),
    cmp(col('days_since_install'), '=', num(0)),
    cmp(install, '>=', bind('date_start', { type: 'DATE', value: range.date_start })),
    cmp(install, '<=', bind('date_end', { type: 'DATE', value: range.date_end })),
  ];
  (question.where ?? []).forEach((condition, index) => {
    if (!condition.checked) return;
    const d = conditionDimension(condition.column_name ?? condition.label);
    const compiled = compileCondition(d, condition, `c${index + 1}`, input.today, bind);
    if (compiled.expr) where.push(compiled.expr);
  });
  const split = question.split ? dimension(question.split) : null;

  const days = PERIOD_DAYS[grain];
  const since = col('days_since_install');
  const maxDays = question.periods * days;
  return {
    question,
    range,
    starts,
    dataEnd: available.end,
    params,
    cte: {
      select: [
        { alias: 'cohort_user', expr: col('user_pseudo_id') },
        { alias: 'cohort', expr: cohortExpr },
        ...(split ? [{ alias: 'split_value', expr: split.expr }] : []),
      ],
      where,
    },
    outer: {
      select: [
        { alias: 'cohort', expr: col('cohort') },
        ...(split ? [{ alias: 'split_value', expr: col('split_value') }] : []),
        { alias: 'period', expr: days === 1 ? since : idiv(since, days) },
        { alias: 'users', expr: countDistinct(col('user_pseudo_id')) },
      ],
      where: [
        cmp(col('app_id'), '=', param('app_id')),
        cmp(since, '<', bind('max_days', { type: 'INT64', value: maxDays })),
      ],
      groupCount: split ? 3 : 2,
    },
  };
}

/** Renders a compiled cohort question in a dialect: a WITH step and a grouped count, values bound. */
export function renderCohorts(c: CompiledCohorts, dialect: Dialect): RenderedSql {
  const order: string[] = [];
  for (const item of c.cte.select) paramsOf(item.expr, order);
  for (const w of c.cte.where) paramsOf(w, order);
  for (const item of c.outer.select) paramsOf(item.expr, order);
  for (const w of c.outer.where) paramsOf(w, order);
  for (const name of Object.keys(c.params)) if (!order.includes(name)) throw new Error(`unused parameter ${name}`);
  const rc = { dialect, params: c.params, order };
  const list = (items: { alias: string; expr: Expr }[]) =>
    items.map((item) => `  ${renderExpr(item.expr, rc)} AS ${dialect.ident(item.alias)}`).join(',\n');
  const table = dialect.table(model.table);
  const sql = [
    'WITH cohort_users AS (',
    'SELECT',
    list(c.cte.select),
    `FROM ${table}`,
    `WHERE ${c.cte.where.map((w) => renderExpr(w, rc)).join('\n  AND ')}`,
    ')',
    'SELECT',
    list(c.outer.select),
    `FROM ${table}`,
    `JOIN cohort_users ON ${dialect.ident('user_pseudo_id')} = ${dialect.ident('cohort_user')}`,
    `WHERE ${renderExpr(and(...c.outer.where), rc)}`,
    `GROUP BY ${Array.from({ length: c.outer.groupCount }, (_, i) => i + 1).join(', ')}`,
  ].join('\n');
  const params: Record<string, ParamValue> = {};
  const types: Record<string, ParamType | [ParamType]> = {};
  for (const name of order) {
    const p = c.params[name]!;
    params[name] = p.value;
    types[name] = p.list ? [p.type] : p.type;
  }
  return { dialect: dialect.name, sql, params, types, order };
}

const cellOf = (value: unknown) =>
  value !== null && typeof value === 'object' && 'value' in value ? (value as { value: unknown }).value : value;
const dayOf = (value: unknown) =>
  dateText(cellOf(value))
    .slice(0, 10)
    .replace(/^(\d{4})(\d{2})(\d{2})$/, '$1-$2-$3');

/** The engine's rows → the cohort groups (one without a split; else the largest split values, then "Other"). */
export function cohortGroups(c: CompiledCohorts, rows: readonly ReportRow[]): CohortGroup[] {
  const periods = c.question.periods;
  // split key → cohort start → active users per period
  const counts = new Map<string | null, Map<string, number[]>>();
  for (const row of rows) {
    const key = c.question.split ? ((cellOf(row.split_value) as string | null) ?? null) : null;
    const start = dayOf(row.cohort);
    const period = Number(cellOf(row.period));
    if (!Number.isInteger(period) || period < 0 || period >= periods) continue;
    const byCohort = counts.get(key) ?? new Map<string, number[]>();
    counts.set(key, byCohort);
    const active = byCohort.get(start) ?? Array.from({ length: periods }, () => 0);
    byCohort.set(start, active);
    active[period] = (active[period] ?? 0) + Number(cellOf(row.users));
  }
  const total = (m: Map<string, number[]>) => [...m.values()].reduce((s, a) => s + (a[0] ?? 0), 0);
  const keys = [...counts.keys()].sort((a, b) => total(counts.get(b)!) - total(counts.get(a)!) || cmpKey(a, b));
  if (!c.question.split) return [group(c, null, false, counts.get(null) ?? new Map())];
  const shown = keys.slice(0, SPLIT_VALUES_MAX);
  const rest = keys.slice(SPLIT_VALUES_MAX);
  const groups = shown.map((k) => group(c, k, false, counts.get(k)!));
  if (rest.length) {
    const merged = new Map<string, number[]>();
    for (const k of rest)
      for (const [start, active] of counts.get(k)!) {
        const sum = merged.get(start) ?? Array.from({ length: periods }, () => 0);
        active.forEach((n, i) => (sum[i] = (sum[i] ?? 0) + n));
        merged.set(start, sum);
      }
    groups.push(group(c, 'Other', true, merged));
  }
  return groups;
}

const cmpKey = (a: string | null, b: string | null) => (a ?? '\uffff').localeCompare(b ?? '\uffff');

function group(c: CompiledCohorts, key: string | null, other: boolean, byCohort: Map<string, number[]>): CohortGroup {
  const { grain, periods } = c.question;
  const sums = Array.from({ length: periods }, () => 0);
  const sizes = Array.from({ length: periods }, () => 0);
  const cohorts: CohortRow[] = c.starts.map((start) => {
    const active = byCohort.get(start) ?? Array.from({ length: periods }, () => 0);
    const size = active[0] ?? 0;
    const last = cohortEnd(grain, start) < c.range.date_end ? cohortEnd(grain, start) : c.range.date_end;
    const mature = (n: number) => size > 0 && isMature(grain, last, n, c.dataEnd);
    active.forEach((n, i) => {
      if (mature(i)) {
        sums[i]! += n;
        sizes[i]! += size;
      }
    });
    return {
      cohort: start,
      size,
      active: active.map((n, i) => (mature(i) ? n : null)),
      share: active.map((n, i) => (mature(i) ? n / size : null)),
    };
  });
  return {
    split_value: key,
    other,
    cohorts,
    average: {
      size: cohorts.reduce((s, r) => s + r.size, 0),
      share: sums.map((n, i) => (sizes[i]! > 0 ? n / sizes[i]! : null)),
    },
  };
}
