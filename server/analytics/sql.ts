/**
 * The SQL expression tree the report compiler builds, and the dialects that render it (docs/domain.md §SQL dialects).
 *
 * Everything a report can say is an `Expr`: catalogue columns, bound parameters, aggregates (optionally filtered),
 * NULLIF-guarded ratios, comparisons. A value from a user only ever appears as a `param` node, which every dialect
 * renders as a placeholder; identifiers only come from the model catalogue and are still quoted. The three
 * dialects share the renderer and differ only in the hooks of `Dialect`:
 *   duckdb   — the embedded event store ($name placeholders, lists as LIST parameters, FILTER (WHERE …))
 *   bigquery — BigQuery standard SQL (@name placeholders typed in the job request, COUNTIF, IN UNNEST)
 *   postgres — PGlite/PostgreSQL: the shared analytics store (postgres-store.ts, `postgresIn`) and the benchmark
 *              ($1 positional, = ANY(array))
 */

/** Types of bound parameters (BigQuery names; each dialect maps them). */
export type ParamType = 'STRING' | 'INT64' | 'FLOAT64' | 'BOOL' | 'DATE' | 'TIMESTAMP';
export type ParamValue = string | number | boolean | string[];
export interface BoundParam {
  type: ParamType;
  /** True for list parameters (is-one-of); the value is then a string array. */
  list?: boolean;
  value: ParamValue;
}

export type CmpOp = '=' | '<>' | '<' | '>' | '<=' | '>=';
export type AggFn = 'count' | 'sum' | 'avg' | 'min' | 'max' | 'countDistinct';

export type Expr =
  /** A physical column of the model's table (catalogue only). */
  | { k: 'col'; name: string }
  /** A bound parameter, by name. */
  | { k: 'param'; name: string }
  /** A numeric constant written in the catalogue (never a user value). */
  | { k: 'num'; value: number }
  | { k: 'agg'; fn: AggFn; arg?: Expr; filter?: Expr }
  /** a / NULLIF(b, 0) as floating point. */
  | { k: 'div'; num: Expr; den: Expr }
  | { k: 'mul'; a: Expr; b: Expr }
  | { k: 'cmp'; op: CmpOp; a: Expr; b: Expr }
  | { k: 'and' | 'or'; items: Expr[] }
  | { k: 'not'; e: Expr }
  | { k: 'isNull'; e: Expr }
  | { k: 'isTrue' | 'isFalse'; e: Expr }
  /** e is one of the elements of a list parameter. */
  | { k: 'inList'; e: Expr; param: string }
  /** Case-insensitive literal substring test (no LIKE wildcards). */
  | { k: 'contains'; e: Expr; param: string }
  /** The Monday of the week of a DATE. */
  | { k: 'week'; e: Expr }
  /** The first day of the month of a DATE. */
  | { k: 'month'; e: Expr }
  /** Whole-number division of a non-negative integer by a positive constant (the floor). */
  | { k: 'idiv'; e: Expr; by: number }
  /** CASE WHEN when THEN value ELSE otherwise END. */
  | { k: 'case'; when: Expr; value: Expr; otherwise: Expr }
  /** A DATE plus a whole number of days (an INT64 expression, a bound parameter). */
  | { k: 'addDays'; e: Expr; days: Expr }
  /** Change in % from prev to cur: (cur − prev) ÷ |prev| × 100, NULL when prev is 0 or NULL. */
  | { k: 'change'; cur: Expr; prev: Expr }
  /** e is one of the values of the first select item of a (grouped, limited) subquery over the same bound parameters. */
  | { k: 'inQuery'; e: Expr; query: SelectQuery };

// Small constructors keep the catalogue readable.
export const col = (name: string): Expr => ({ k: 'col', name });
export const param = (name: string): Expr => ({ k: 'param', name });
export const num = (value: number): Expr => ({ k: 'num', value });
export const count = (filter?: Expr): Expr => ({ k: 'agg', fn: 'count', filter });
/** count(e): the number of non-NULL values. */
export const countOf = (arg: Expr): Expr => ({ k: 'agg', fn: 'count', arg });
export const sum = (arg: Expr, filter?: Expr): Expr => ({ k: 'agg', fn: 'sum', arg, filter });
export const avg = (arg: Expr): Expr => ({ k: 'agg', fn: 'avg', arg });
export const countDistinct = (arg: Expr): Expr => ({ k: 'agg', fn: 'countDistinct', arg });
export const div = (a: Expr, b: Expr): Expr => ({ k: 'div', num: a, den: b });
export const mul = (a: Expr, b: Expr): Expr => ({ k: 'mul', a, b });
export const cmp = (a: Expr, op: CmpOp, b: Expr): Expr => ({ k: 'cmp', op, a, b });
export const and = (...items: Expr[]): Expr => ({ k: 'and', items });
export const or = (...items: Expr[]): Expr => ({ k: 'or', items });
export const not = (e: Expr): Expr => ({ k: 'not', e });
export const isNull = (e: Expr): Expr => ({ k: 'isNull', e });
export const isTrue = (e: Expr): Expr => ({ k: 'isTrue', e });
export const isFalse = (e: Expr): Expr => ({ k: 'isFalse', e });
export const inList = (e: Expr, name: string): Expr => ({ k: 'inList', e, param: name });
export const contains = (e: Expr, name: string): Expr => ({ k: 'contains', e, param: name });
export const week = (e: Expr): Expr => ({ k: 'week', e });
export const month = (e: Expr): Expr => ({ k: 'month', e });
export const idiv = (e: Expr, by: number): Expr => ({ k: 'idiv', e, by });
export const caseWhen = (when: Expr, then: Expr, otherwise: Expr): Expr => ({
  k: 'case',
  when,
  value: then,
  otherwise,
});
export const addDays = (e: Expr, days: Expr): Expr => ({ k: 'addDays', e, days });
export const change = (cur: Expr, prev: Expr): Expr => ({ k: 'change', cur, prev });
export const inQuery = (e: Expr, query: SelectQuery): Expr => ({ k: 'inQuery', e, query });

export type DialectName = 'duckdb' | 'bigquery' | 'postgres';

/** What differs between SQL dialects; everything else is shared by `renderExpr` and `renderSelect`. */
export interface Dialect {
  name: DialectName;
  ident(name: string): string;
  /** The model's table, qualified as this dialect needs (BigQuery: project.dataset.table). */
  table(name: string): string;
  /** Placeholder of a bound parameter (with a cast where the dialect needs one). */
  param(name: string, p: BoundParam, order: string[]): string;
  /** An aggregate, with an optional filter condition. */
  aggregate(fn: AggFn, arg: string | null, filter: string | null): string;
  float(e: string): string;
  week(e: string): string;
  month(e: string): string;
  /** e ÷ n rounded down, for a non-negative integer e and a positive integer constant n. */
  intDiv(e: string, n: number): string;
  /** A DATE plus n days (n an integer expression). */
  addDays(e: string, n: string): string;
  inList(e: string, placeholder: string): string;
  contains(e: string, placeholder: string): string;
}

const IDENT = /^[a-z_][a-z0-9_]*$/;
/** Identifiers come from the catalogue; this is the last line of defence against anything else. */
export function assertIdent(name: string): string {
  if (!IDENT.test(name)) throw new Error(`invalid identifier ${JSON.stringify(name)}`);
  return name;
}

/** FILTER (WHERE …) aggregates: DuckDB and PostgreSQL. */
function filteredAggregate(fn: AggFn, arg: string | null, filter: string | null) {
  const call =
    fn === 'count' ? `count(${arg ?? '*'})` : fn === 'countDistinct' ? `count(DISTINCT ${arg})` : `${fn}(${arg})`;
  return filter ? `${call} FILTER (WHERE ${filter})` : call;
}

export const duckdb: Dialect = {
  name: 'duckdb',
  ident: (name) => `"${assertIdent(name)}"`,
  table: (name) => `"${assertIdent(name)}"`,
  param(name, p) {
    const ph = `$${assertIdent(name)}`;
    if (p.list) return `CAST(${ph} AS VARCHAR[])`;
    if (p.type === 'DATE' || p.type === 'TIMESTAMP') return `CAST(${ph} AS ${p.type})`;
    return ph;
  },
  aggregate: filteredAggregate,
  float: (e) => `CAST(${e} AS DOUBLE)`,
  week: (e) => `CAST(date_trunc('week', ${e}) AS DATE)`,
  month: (e) => `CAST(date_trunc('month', ${e}) AS DATE)`,
  intDiv: (e, n) => `(${e} // ${n})`,
  addDays: (e, n) => `CAST(${e} + to_days(CAST(${n} AS INTEGER)) AS DATE)`,
  inList: (e, ph) => `list_contains(${ph}, ${e})`,
  contains: (e, ph) => `strpos(lower(${e}), lower(${ph})) > 0`,
};

export function bigquery(options: { project: string; dataset: string }): Dialect {
  const project = assertBigQueryName(options.project, /^[a-z][a-z0-9-]{4,28}[a-z0-9]$/, 'project');
  const dataset = assertBigQueryName(options.dataset, /^[A-Za-z0-9_]{1,1024}$/, 'dataset');
  return {
    name: 'bigquery',
    ident: (name) => `\`${assertIdent(name)}\``,
    table: (name) => `\`${project}.${dataset}.${assertIdent(name)}\``,
    param: (name) => `@${assertIdent(name)}`,
    aggregate(fn, arg, filter) {
      if (fn === 'count' && !arg) return filter ? `COUNTIF(${filter})` : 'COUNT(*)';
      const inner = filter ? `IF(${filter}, ${arg}, NULL)` : arg;
      return fn === 'countDistinct' ? `COUNT(DISTINCT ${inner})` : `${fn.toUpperCase()}(${inner})`;
    },
    float: (e) => `CAST(${e} AS FLOAT64)`,
    week: (e) => `DATE_TRUNC(${e}, WEEK(MONDAY))`,
    month: (e) => `DATE_TRUNC(${e}, MONTH)`,
    intDiv: (e, n) => `DIV(${e}, ${n})`,
    addDays: (e, n) => `DATE_ADD(${e}, INTERVAL ${n} DAY)`,
    inList: (e, ph) => `${e} IN UNNEST(${ph})`,
    contains: (e, ph) => `STRPOS(LOWER(${e}), LOWER(${ph})) > 0`,
  };
}

function assertBigQueryName(value: string, pattern: RegExp, what: string) {
  if (!pattern.test(value)) throw new Error(`invalid BigQuery ${what} name ${JSON.stringify(value)}`);
  return value;
}

const PG_TYPES: Record<ParamType, string> = {
  STRING: 'text',
  INT64: 'bigint',
  FLOAT64: 'double precision',
  BOOL: 'boolean',
  DATE: 'date',
  TIMESTAMP: 'timestamp',
};
export const postgres: Dialect = {
  name: 'postgres',
  ident: (name) => `"${assertIdent(name)}"`,
  table: (name) => `"${assertIdent(name)}"`,
  param(name, p, order) {
    const index = order.indexOf(name) + 1;
    return `CAST($${index} AS ${PG_TYPES[p.type]}${p.list ? '[]' : ''})`;
  },
  aggregate: filteredAggregate,
  float: (e) => `CAST(${e} AS double precision)`,
  week: (e) => `CAST(date_trunc('week', ${e}) AS date)`,
  month: (e) => `CAST(date_trunc('month', ${e}) AS date)`,
  intDiv: (e, n) => `(${e} / ${n})`,
  addDays: (e, n) => `(${e} + CAST(${n} AS integer))`,
  inList: (e, ph) => `${e} = ANY(${ph})`,
  contains: (e, ph) => `strpos(lower(${e}), lower(${ph})) > 0`,
};

/** The PostgreSQL dialect over tables of one schema (the shared analytics store's `analytics`). */
export const postgresIn = (schema: string): Dialect => ({
  ...postgres,
  table: (name) => `"${assertIdent(schema)}"."${assertIdent(name)}"`,
});

export interface RenderContext {
  dialect: Dialect;
  params: Record<string, BoundParam>;
  /** Parameter names in a fixed order (positional dialects). */
  order: string[];
}

export function renderExpr(e: Expr, rc: RenderContext): string {
  const r = (x: Expr) => renderExpr(x, rc);
  const d = rc.dialect;
  switch (e.k) {
    case 'col':
      return d.ident(e.name);
    case 'param': {
      const p = rc.params[e.name];
      if (!p) throw new Error(`unbound parameter ${e.name}`);
      return d.param(e.name, p, rc.order);
    }
    case 'num':
      if (!Number.isFinite(e.value)) throw new Error('non-finite constant');
      return String(e.value);
    case 'agg':
      return d.aggregate(e.fn, e.arg ? r(e.arg) : null, e.filter ? r(e.filter) : null);
    case 'div':
      return `${d.float(r(e.num))} / NULLIF(${r(e.den)}, 0)`;
    case 'mul':
      return `(${r(e.a)} * ${r(e.b)})`;
    case 'cmp':
      return `${r(e.a)} ${e.op} ${r(e.b)}`;
    case 'and':
    case 'or':
      if (e.items.length === 0) return e.k === 'and' ? 'TRUE' : 'FALSE';
      return e.items.length === 1 ? r(e.items[0]!) : `(${e.items.map(r).join(e.k === 'and' ? ' AND ' : ' OR ')})`;
    case 'not':
      return `NOT (${r(e.e)})`;
    case 'isNull':
      return `${r(e.e)} IS NULL`;
    case 'isTrue':
      return `${r(e.e)} IS TRUE`;
    case 'isFalse':
      return `${r(e.e)} IS FALSE`;
    case 'inList':
      return d.inList(r(e.e), r(param(e.param)));
    case 'contains':
      return d.contains(r(e.e), r(param(e.param)));
    case 'week':
      return d.week(r(e.e));
    case 'month':
      return d.month(r(e.e));
    case 'idiv':
      if (!Number.isInteger(e.by) || e.by < 1) throw new Error('invalid divisor');
      return d.intDiv(r(e.e), e.by);
    case 'case':
      return `CASE WHEN ${r(e.when)} THEN ${r(e.value)} ELSE ${r(e.otherwise)} END`;
    case 'addDays':
      return d.addDays(r(e.e), r(e.days));
    case 'change':
      return `(${d.float(r(e.cur))} - ${r(e.prev)}) / NULLIF(ABS(${r(e.prev)}), 0) * 100`;
    case 'inQuery':
      return `${r(e.e)} IN (SELECT ${d.ident(e.query.select[0]!.alias)} FROM (\n${selectBody(e.query, rc)}\n) AS ${d.ident('top_values')})`;
  }
}

/** Parameters referenced by an expression, in first-use order. */
export function paramsOf(e: Expr, out: string[] = []): string[] {
  const add = (name: string) => {
    if (!out.includes(name)) out.push(name);
  };
  switch (e.k) {
    case 'param':
      add(e.name);
      break;
    case 'agg':
      if (e.arg) paramsOf(e.arg, out);
      if (e.filter) paramsOf(e.filter, out);
      break;
    case 'div':
      paramsOf(e.num, out);
      paramsOf(e.den, out);
      break;
    case 'mul':
      paramsOf(e.a, out);
      paramsOf(e.b, out);
      break;
    case 'cmp':
      paramsOf(e.a, out);
      paramsOf(e.b, out);
      break;
    case 'and':
    case 'or':
      e.items.forEach((x) => paramsOf(x, out));
      break;
    case 'not':
    case 'isNull':
    case 'isTrue':
    case 'isFalse':
    case 'week':
    case 'month':
    case 'idiv':
      paramsOf(e.e, out);
      break;
    case 'inList':
    case 'contains':
      paramsOf(e.e, out);
      add(e.param);
      break;
    case 'case':
      paramsOf(e.when, out);
      paramsOf(e.value, out);
      paramsOf(e.otherwise, out);
      break;
    case 'addDays':
      paramsOf(e.e, out);
      paramsOf(e.days, out);
      break;
    case 'change':
      paramsOf(e.cur, out);
      paramsOf(e.prev, out);
      break;
    case 'inQuery':
      paramsOf(e.e, out);
      for (const item of e.query.select) paramsOf(item.expr, out);
      for (const w of e.query.where) paramsOf(w, out);
      break;
    case 'col':
    case 'num':
      break;
  }
  return out;
}

export interface SelectQuery {
  table: string;
  select: { alias: string; expr: Expr }[];
  where: Expr[];
  /** How many leading select items are grouping keys. */
  groupCount: number;
  orderBy: { alias: string; direction: 'ASC' | 'DESC' }[];
  limit?: number;
  params: Record<string, BoundParam>;
}

export interface RenderedSql {
  dialect: DialectName;
  sql: string;
  /** Bound values by name (DuckDB $name, BigQuery @name). */
  params: Record<string, ParamValue>;
  /** Types of the bound values, BigQuery notation (a list is [type]). */
  types: Record<string, ParamType | [ParamType]>;
  /** Parameter names in placeholder order ($1, $2… for PostgreSQL). */
  order: string[];
  /**
   * Reads the raw events (a funnel, an Events-model report): the embedded engine runs such statements on all its
   * connections but one, so a daily-metrics question never waits behind them (docs/analyze.md §Dashboards).
   */
  heavy?: boolean;
}

/** Renders a grouped SELECT in a dialect. Only the limit (a validated integer) is written inline. */
export function renderSelect(q: SelectQuery, dialect: Dialect): RenderedSql {
  const order: string[] = [];
  for (const item of q.select) paramsOf(item.expr, order);
  for (const w of q.where) paramsOf(w, order);
  for (const name of Object.keys(q.params)) if (!order.includes(name)) throw new Error(`unused parameter ${name}`);
  const rc: RenderContext = { dialect, params: q.params, order };
  const params: Record<string, ParamValue> = {};
  const types: Record<string, ParamType | [ParamType]> = {};
  for (const name of order) {
    const p = q.params[name]!;
    params[name] = p.value;
    types[name] = p.list ? [p.type] : p.type;
  }
  return { dialect: dialect.name, sql: selectBody(q, rc), params, types, order };
}

/** The text of a grouped SELECT (also of a subquery, whose parameters are the outer query's). */
function selectBody(q: SelectQuery, rc: RenderContext): string {
  const dialect = rc.dialect;
  const lines = [
    'SELECT',
    q.select.map((item) => `  ${renderExpr(item.expr, rc)} AS ${dialect.ident(item.alias)}`).join(',\n'),
    `FROM ${dialect.table(q.table)}`,
  ];
  if (q.where.length) lines.push(`WHERE ${q.where.map((w) => renderExpr(w, rc)).join('\n  AND ')}`);
  if (q.groupCount > 0) lines.push(`GROUP BY ${Array.from({ length: q.groupCount }, (_, i) => i + 1).join(', ')}`);
  if (q.orderBy.length)
    lines.push(`ORDER BY ${q.orderBy.map((o) => `${dialect.ident(o.alias)} ${o.direction} NULLS LAST`).join(', ')}`);
  if (q.limit !== undefined) {
    if (!Number.isInteger(q.limit) || q.limit < 1) throw new Error('invalid limit');
    lines.push(`LIMIT ${q.limit}`);
  }
  return lines.join('\n');
}
