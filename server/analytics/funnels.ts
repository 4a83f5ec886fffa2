/**
 * The funnel compiler: a funnel question (src/contracts/funnels.ts) → `{sql, params}` for DuckDB, BigQuery or
 * PostgreSQL over the `events` table (docs/analyze.md §Funnels). renderFunnelSteps: the funnel computed in the engine,
 * one row per group (the total, each shown split value, Other) → funnelFromGroups. renderFunnel: one row per entering
 * player (their split value and the time they reached each step) → funnelPlayers, for the drop-off list.
 *
 * strict ("in this order"): a player enters at their first event of step 1 within the dates; step k is their first
 *   event of step k after (a later timestamp than) step k − 1, at most the window after the entry. Other events,
 *   step events included, may happen in between. One step after the other (WITH step1, step2 …).
 * any: a player reaches step k when each of steps 1..k happened, in any order, with the first occurrences of all of
 *   them within one window (latest − earliest ≤ window) and the player's first step-1 event within the dates. One
 *   grouped pass (the first time of each step per player).
 * A step matches its event name and its conditions (compiled exactly as the report builder's, on the Events model's
 * columns). Every value is bound, every identifier comes from the catalogue; only the row cap is written inline.
 */
import {
  DEFAULT_FUNNEL_RANGE_DAYS,
  FUNNEL_SPLIT_VALUES_MAX,
  funnelProblem,
  windowMinutes,
  type FunnelGroup,
  type FunnelQuestion,
  type FunnelStepResult,
} from '../../src/contracts/funnels';
import { addDays, isIsoDate, type ReportRow } from '../../src/contracts/analyze';
import { EVENTS_MODEL, type DimensionDef } from './catalogue';
import { ReportInputError, compileCondition, type AvailableRange } from './compiler';
import {
  and,
  cmp,
  col,
  or,
  param,
  paramsOf,
  renderExpr,
  type BoundParam,
  type Dialect,
  type Expr,
  type ParamType,
  type ParamValue,
  type RenderContext,
  type RenderedSql,
} from './sql';

/** At most this many entering players (the drop-off list reads one row each); more answers 422 (too many events). */
export const FUNNEL_PLAYERS_MAX = 1_000_000;
const MICROS_PER_MINUTE = 60_000_000;
const model = EVENTS_MODEL;

export interface CompiledFunnel {
  question: FunnelQuestion;
  range: { date_start: string; date_end: string };
  /** The last day a later step may fall on: the end date plus the window (rounded up to whole days). */
  lastDay: string;
  windowMicros: number;
  /** The first microsecond after the entry dates (any order: the first step-1 event must be before it). */
  endMicros: number;
  /** Per step: the condition an event matches. */
  matches: Expr[];
  split: DimensionDef | null;
  params: Record<string, BoundParam>;
  maxRows: number;
}

/** Epoch microseconds of the event's timestamp, per dialect (the only function the dialects do not share). */
const EPOCH_MICROS: Record<Dialect['name'], (e: string) => string> = {
  duckdb: (e) => `epoch_us(${e})`,
  bigquery: (e) => `UNIX_MICROS(${e})`,
  postgres: (e) => `CAST(floor(extract(epoch FROM ${e}) * 1000000) AS bigint)`,
};

function conditionDimension(label: string): DimensionDef {
  const found =
    model.dimensions.find((d) => d.column_name === label) ??
    model.dimensions.find((d) => d.label.toLowerCase() === label.trim().toLowerCase());
  if (!found) throw new ReportInputError(`Unknown column '${label}' in data model '${model.id}'.`, 'steps');
  return found;
}

/** The default entry dates: the last 30 days of the data. */
export function defaultFunnelRange(available: AvailableRange) {
  const start = addDays(available.end, -(DEFAULT_FUNNEL_RANGE_DAYS - 1));
  return { date_start: start < available.start ? available.start : start, date_end: available.end };
}

/** Compiles a question for an app whose data spans `available`. Throws ReportInputError on bad input. */
export function compileFunnel(input: {
  appId: string;
  question: FunnelQuestion;
  available: AvailableRange;
  today: string;
  maxRows?: number;
}): CompiledFunnel {
  const { question, available } = input;
  const range = question.date_range ?? defaultFunnelRange(available);
  if (!isIsoDate(range.date_start) || !isIsoDate(range.date_end))
    throw new ReportInputError('The date range needs a start and an end date written YYYY-MM-DD.', 'date_range');
  const problem = funnelProblem({ ...question, date_range: range });
  if (problem) throw new ReportInputError(problem, 'question');
  if (range.date_start < available.start || range.date_end > available.end)
    throw new ReportInputError(
      `The dates ${range.date_start} to ${range.date_end} are outside the data available ` +
        `(${available.start} to ${available.end}).`,
      'date_range',
    );
  const minutes = windowMinutes(question.window);
  const lastDay = addDays(range.date_end, Math.ceil(minutes / 1440));
  const params: Record<string, BoundParam> = {};
  const bind = (name: string, p: BoundParam) => {
    params[name] = p;
    return param(name);
  };
  bind('app_id', { type: 'STRING', value: input.appId });
  bind('date_start', { type: 'DATE', value: range.date_start });
  bind('date_end', { type: 'DATE', value: range.date_end });
  bind('last_day', { type: 'DATE', value: lastDay });
  bind('window_us', { type: 'INT64', value: minutes * MICROS_PER_MINUTE });
  const endMicros = Date.parse(`${addDays(range.date_end, 1)}T00:00:00Z`) * 1000;
  bind('end_us', { type: 'INT64', value: endMicros });
  const matches = question.steps.map((step, s) => {
    const items: Expr[] = [
      cmp(col('event_name'), '=', bind(`s${s + 1}_event`, { type: 'STRING', value: step.event_name })),
    ];
    (step.where ?? []).forEach((condition, i) => {
      if (!condition.checked) return;
      const d = conditionDimension(condition.column_name ?? condition.label);
      const compiled = compileCondition(d, condition, `s${s + 1}c${i + 1}`, input.today, bind);
      if (compiled.expr) items.push(compiled.expr);
    });
    return and(...items);
  });
  const split = question.split ? (model.dimensions.find((d) => d.column_name === question.split) ?? null) : null;
  if (question.split && !split) throw new ReportInputError(`Unknown dimension '${question.split}'.`, 'split');
  return {
    question,
    range,
    lastDay,
    windowMicros: minutes * MICROS_PER_MINUTE,
    endMicros,
    matches,
    split,
    params,
    maxRows: input.maxRows ?? FUNNEL_PLAYERS_MAX,
  };
}

/**
 * Renders a compiled funnel in a dialect. Answers one row per entering player: `u` (the player), `split_value`
 * (with a split, read on their first step-1 event), and `t1`…`tN` (epoch microseconds of each step reached, else
 * NULL; in any order the first time of each step).
 */
export function renderFunnel(c: CompiledFunnel, dialect: Dialect): RenderedSql {
  if (!Number.isInteger(c.maxRows) || c.maxRows < 1) throw new Error('invalid row cap');
  const body = funnelBody(c, dialect);
  return rendered(c, body, [`WITH ${body.ctes.join(',\n')}`, body.players, `LIMIT ${c.maxRows + 1}`].join('\n'));
}

/** The SQL of a funnel's players: its CTEs, and the SELECT of one row per entering player (renderFunnel's columns). */
interface FunnelBody {
  dialect: Dialect['name'];
  ctes: string[];
  players: string;
  /** Parameters in first-use order. */
  order: string[];
  r: (e: Expr) => string;
  id: (name: string) => string;
}

function rendered(c: CompiledFunnel, body: FunnelBody, sql: string): RenderedSql {
  const params: Record<string, ParamValue> = {};
  const types: Record<string, ParamType | [ParamType]> = {};
  for (const name of body.order) {
    const p = c.params[name]!;
    params[name] = p.value;
    types[name] = p.list ? [p.type] : p.type;
  }
  return { dialect: body.dialect, sql, params, types, order: body.order, heavy: true };
}

function funnelBody(c: CompiledFunnel, dialect: Dialect): FunnelBody {
  // Parameters in first-use order (positional dialects number them so); only the ones the text uses are bound.
  const order: string[] = [];
  const rc: RenderContext = { dialect, params: c.params, order };
  const r = (e: Expr) => {
    paramsOf(e, order);
    return renderExpr(e, rc);
  };
  const id = (name: string) => dialect.ident(name);
  const q = (alias: string, name: string) => `${alias}.${id(name)}`;
  const ts = EPOCH_MICROS[dialect.name](id('event_timestamp'));
  const table = dialect.table(model.table);
  const n = c.question.steps.length;
  const app = () => r(cmp(col('app_id'), '=', param('app_id')));
  const fromStart = () => r(cmp(col('event_date'), '>=', param('date_start')));
  const toEnd = () => r(cmp(col('event_date'), '<=', param('date_end')));
  const toLast = () => r(cmp(col('event_date'), '<=', param('last_day')));
  const windowUs = () => r(param('window_us'));
  const ctes: string[] = [];
  let base: string;
  if (c.question.order === 'strict') {
    ctes.push(
      [
        'step1 AS (',
        `SELECT ${id('user_pseudo_id')} AS ${id('u')}, min(${ts}) AS ${id('t1')}, min(${ts}) AS ${id('t')}`,
        `FROM ${table}`,
        `WHERE ${app()} AND ${fromStart()} AND ${toEnd()} AND ${r(c.matches[0]!)}`,
        'GROUP BY 1',
        ')',
      ].join('\n'),
    );
    for (let k = 2; k <= n; k++) {
      ctes.push(
        [
          `step${k} AS (`,
          `SELECT ${q('p', 'u')} AS ${id('u')}, ${q('p', 't1')} AS ${id('t1')}, min(${ts}) AS ${id('t')}`,
          `FROM step${k - 1} p JOIN ${table} ON ${id('user_pseudo_id')} = ${q('p', 'u')}`,
          `WHERE ${app()} AND ${fromStart()} AND ${toLast()} AND ${r(c.matches[k - 1]!)}`,
          `  AND ${ts} > ${q('p', 't')} AND ${ts} <= ${q('p', 't1')} + ${windowUs()}`,
          'GROUP BY 1, 2',
          ')',
        ].join('\n'),
      );
    }
    base = 'step1';
  } else {
    const firsts = c.matches.map((m, i) => `min(CASE WHEN ${r(m)} THEN ${ts} END) AS ${id(`f${i + 1}`)}`);
    ctes.push(
      [
        'firsts AS (',
        `SELECT ${id('user_pseudo_id')} AS ${id('u')},`,
        `  ${firsts.join(',\n  ')}`,
        `FROM ${table}`,
        `WHERE ${app()} AND ${fromStart()} AND ${toLast()} AND ${r(or(...c.matches))}`,
        'GROUP BY 1',
        ')',
      ].join('\n'),
      [
        'step1 AS (',
        `SELECT ${id('u')}, ${id('f1')} AS ${id('t1')} FROM firsts WHERE ${id('f1')} < ${r(param('end_us'))}`,
        ')',
      ].join('\n'),
    );
    base = 'firsts';
  }
  if (c.split) {
    ctes.push(
      [
        'entry AS (',
        `SELECT ${q('s', 'u')} AS ${id('u')}, min(${r(c.split.expr)}) AS ${id('split_value')}`,
        `FROM step1 s JOIN ${table} ON ${id('user_pseudo_id')} = ${q('s', 'u')}`,
        `WHERE ${app()} AND ${fromStart()} AND ${toEnd()} AND ${r(c.matches[0]!)} AND ${ts} = ${q('s', 't1')}`,
        'GROUP BY 1',
        ')',
      ].join('\n'),
    );
  }
  const select = [`${q('s1', 'u')} AS ${id('u')}`];
  const joins: string[] = [];
  if (c.split) {
    select.push(`${q('en', 'split_value')} AS ${id('split_value')}`);
    joins.push(`LEFT JOIN entry en ON ${q('en', 'u')} = ${q('s1', 'u')}`);
  }
  if (base === 'step1') {
    select.push(`${q('s1', 't1')} AS ${id('t1')}`);
    for (let k = 2; k <= n; k++) {
      select.push(`${q(`s${k}`, 't')} AS ${id(`t${k}`)}`);
      joins.push(`LEFT JOIN step${k} s${k} ON ${q(`s${k}`, 'u')} = ${q('s1', 'u')}`);
    }
  } else {
    for (let k = 1; k <= n; k++) select.push(`${q('f', `f${k}`)} AS ${id(`t${k}`)}`);
    joins.push(`JOIN firsts f ON ${q('f', 'u')} = ${q('s1', 'u')}`);
  }
  return {
    ctes,
    players: [`SELECT ${select.join(', ')}`, 'FROM step1 s1', ...joins].join('\n'),
    order,
    r,
    id,
    dialect: dialect.name,
  };
}

/** The exact median of an expression, per dialect (null: BigQuery, whose PERCENTILE_CONT is analytic only). */
const MEDIAN: Record<Dialect['name'], ((e: string) => string) | null> = {
  duckdb: (e) => `quantile_cont(${e}, 0.5)`,
  postgres: (e) => `percentile_cont(0.5) WITHIN GROUP (ORDER BY ${e})`,
  bigquery: null,
};
/** Split values tied on size are ranked by code points (PostgreSQL: its "C" collation), as cmpKey does. */
const CODE_POINTS: Record<Dialect['name'], (e: string) => string> = {
  duckdb: (e) => e,
  postgres: (e) => `${e} COLLATE "C"`,
  bigquery: (e) => e,
};

/**
 * Renders a compiled funnel as its answer, computed in the engine (docs/analyze.md §Funnels): one row per group
 * (`kind` 'total'; with a split, 'value' for each of the ten largest split values, by entering players, ties by
 * code points, and 'other' for the rest), with `n1`…`nN` the players reaching each step and `m2`…`mN` the median
 * microseconds from the previous step. Nothing per player leaves the engine (renderFunnel reads the players, for
 * the drop-off list). No row at all: nobody entered.
 */
export function renderFunnelSteps(c: CompiledFunnel, dialect: Dialect): RenderedSql {
  const body = funnelBody(c, dialect);
  const { id, r } = body;
  const n = c.question.steps.length;
  const t = (k: number) => id(`t${k}`);
  const rk = (k: number) => id(`r${k}`);
  // The time each step was reached (null: not reached). In this order the SQL already chains the steps; in any
  // order, steps 1..k are reached when all happened with their first times within one window, at the latest.
  const reached = Array.from({ length: n }, (_, i) => {
    const k = i + 1;
    if (c.question.order === 'strict' || k === 1) return `${t(k)} AS ${rk(k)}`;
    const times = Array.from({ length: k }, (_, j) => t(j + 1)).join(', ');
    const all = Array.from({ length: k }, (_, j) => `${t(j + 1)} IS NOT NULL`).join(' AND ');
    return `CASE WHEN ${all} AND GREATEST(${times}) - LEAST(${times}) <= ${r(param('window_us'))} THEN GREATEST(${times}) END AS ${rk(k)}`;
  });
  const v = id('v');
  const g = id('g');
  const kind = id('kind');
  const rs = Array.from({ length: n }, (_, i) => rk(i + 1));
  const ctes = [
    ...body.ctes,
    `players AS (\n${body.players}\n)`,
    `reached AS (SELECT ${c.split ? id('split_value') : 'NULL'} AS ${v}, ${reached.join(', ')} FROM players)`,
  ];
  const total = `SELECT 'total' AS ${kind}, NULL AS ${g}, ${rs.join(', ')} FROM reached`;
  if (c.split) {
    ctes.push(
      // Each value's size by a window and its place by dense_rank (one place per value): no join on a value
      // that may be empty, which not every engine can join as equal.
      `sized AS (SELECT reached.*, count(*) OVER (PARTITION BY ${v}) AS ${id('size')} FROM reached)`,
      `ranked AS (SELECT sized.*, dense_rank() OVER (ORDER BY ${id('size')} DESC, CASE WHEN ${v} IS NULL THEN 1 ELSE 0 END, ${CODE_POINTS[dialect.name](v)}) AS ${id('place')} FROM sized)`,
      [
        'keyed AS (',
        total,
        'UNION ALL',
        `SELECT CASE WHEN ${id('place')} <= ${FUNNEL_SPLIT_VALUES_MAX} THEN 'value' ELSE 'other' END AS ${kind},`,
        `  CASE WHEN ${id('place')} <= ${FUNNEL_SPLIT_VALUES_MAX} THEN ${v} END AS ${g}, ${rs.join(', ')}`,
        'FROM ranked',
        ')',
      ].join('\n'),
    );
  } else ctes.push(`keyed AS (${total})`);
  const counts = rs.map((x, i) => `count(${x}) AS ${id(`n${i + 1}`)}`);
  const deltas = rs.slice(1).map((x, i) => ({ expr: `${x} - ${rs[i]}`, as: id(`m${i + 2}`) }));
  const median = MEDIAN[dialect.name];
  const select = median
    ? [
        `SELECT ${kind}, ${g}, ${[...counts, ...deltas.map((d) => `${median(d.expr)} AS ${d.as}`)].join(', ')}`,
        `FROM keyed GROUP BY ${kind}, ${g}`,
      ]
    : [
        `SELECT ${kind}, ${g}, ${[...counts, ...deltas.map((d) => `ANY_VALUE(${d.as}) AS ${d.as}`)].join(', ')}`,
        `FROM (SELECT keyed.*, ${deltas.map((d) => `PERCENTILE_CONT(${d.expr}, 0.5) OVER (PARTITION BY ${kind}, ${g}) AS ${d.as}`).join(', ')} FROM keyed)`,
        `GROUP BY ${kind}, ${g}`,
      ];
  return rendered(c, body, [`WITH ${ctes.join(',\n')}`, ...select].join('\n'));
}

/** The engine's group rows (renderFunnelSteps) → the total and, with a split, the shown values, then "Other". */
export function funnelFromGroups(
  c: CompiledFunnel,
  rows: readonly ReportRow[],
): { total: FunnelGroup; groups: FunnelGroup[] } {
  const n = c.question.steps.length;
  const groupOf = (row: ReportRow) => ({
    kind: String(cellOf(row.kind)),
    value: (cellOf(row.g) as string | null | undefined) ?? null,
    counts: Array.from({ length: n }, (_, k) => Number(cellOf(row[`n${k + 1}`]) ?? 0)),
    medians: Array.from({ length: n }, (_, k) => (k === 0 ? null : microsOf(row[`m${k + 1}`]))),
  });
  const all = rows.map(groupOf);
  const none = { counts: Array.from({ length: n }, () => 0), medians: Array.from({ length: n }, () => null) };
  const totalRow = all.find((x) => x.kind === 'total') ?? none;
  const total: FunnelGroup = { split_value: null, other: false, steps: stepsOf(c, totalRow.counts, totalRow.medians) };
  if (!c.split) return { total, groups: [] };
  const groups: FunnelGroup[] = all
    .filter((x) => x.kind === 'value')
    .sort((a, b) => b.counts[0]! - a.counts[0]! || cmpKey(a.value, b.value))
    .map((x) => ({ split_value: x.value, other: false, steps: stepsOf(c, x.counts, x.medians) }));
  const other = all.find((x) => x.kind === 'other');
  if (other) groups.push({ split_value: 'Other', other: true, steps: stepsOf(c, other.counts, other.medians) });
  return { total, groups };
}

// ------------------------------------------------------------------------------------------------ rows → funnel

const cellOf = (value: unknown) =>
  value !== null && typeof value === 'object' && 'value' in value ? (value as { value: unknown }).value : value;
const microsOf = (value: unknown): number | null => {
  const v = cellOf(value);
  return v === null || v === undefined ? null : Number(v);
};

/** One entering player: their split value and when they reached each step (null: not reached). */
export interface FunnelPlayer {
  id: string;
  split: string | null;
  reached: (number | null)[];
}

/** The engine's rows → players, with the order's rule applied (docs/analyze.md §Funnels). */
export function funnelPlayers(c: CompiledFunnel, rows: readonly ReportRow[]): FunnelPlayer[] {
  const n = c.question.steps.length;
  const players: FunnelPlayer[] = [];
  for (const row of rows) {
    const times = Array.from({ length: n }, (_, k) => microsOf(row[`t${k + 1}`]));
    const split = c.split ? ((cellOf(row.split_value) as string | null | undefined) ?? null) : null;
    const id = String(cellOf(row.u));
    if (c.question.order === 'strict') {
      // each step is reached only after the previous one (the SQL already chains them)
      const reached: (number | null)[] = [];
      for (let k = 0; k < n; k++) reached.push(k === 0 || reached[k - 1] !== null ? times[k]! : null);
      players.push({ id, split, reached });
      continue;
    }
    // any order: steps 1..k reached when all happened and their first times span at most the window; the prefix
    // is complete at the latest of them
    if (times[0] === null || times[0]! >= c.endMicros) continue;
    const reached: (number | null)[] = [];
    let lo = Infinity;
    let hi = -Infinity;
    for (let k = 0; k < n; k++) {
      const t = times[k]!;
      if (t === null || (k > 0 && reached[k - 1] === null)) {
        reached.push(null);
        continue;
      }
      lo = Math.min(lo, t);
      hi = Math.max(hi, t);
      reached.push(hi - lo <= c.windowMicros ? hi : null);
    }
    players.push({ id, split, reached });
  }
  return players;
}

/** Per step counts and median microseconds from the previous step → the steps' conversions, drop-off and seconds. */
function stepsOf(c: CompiledFunnel, counts: number[], medianMicros: (number | null)[]): FunnelStepResult[] {
  return c.question.steps.map((step, k) => {
    const players = counts[k]!;
    const previous = k > 0 ? counts[k - 1]! : null;
    const micros = k === 0 ? null : medianMicros[k]!;
    return {
      event_name: step.event_name,
      players,
      from_first: counts[0]! > 0 ? players / counts[0]! : null,
      from_previous: previous === null || previous === 0 ? null : players / previous,
      dropped: previous === null ? 0 : previous - players,
      median_seconds: micros === null ? null : micros / 1e6,
    };
  });
}

/** Split values tied on size in code-point order, empty last (the engines rank them the same: renderFunnelSteps). */
const cmpKey = (a: string | null, b: string | null) => {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
};

/** The split values shown one by one: the largest by entering players (ties by value), at most ten. */
export function topSplitValues(players: readonly FunnelPlayer[]): (string | null)[] {
  const sizes = new Map<string | null, number>();
  for (const p of players) sizes.set(p.split, (sizes.get(p.split) ?? 0) + 1);
  return [...sizes.keys()]
    .sort((a, b) => sizes.get(b)! - sizes.get(a)! || cmpKey(a, b))
    .slice(0, FUNNEL_SPLIT_VALUES_MAX);
}

/** The players who reached step `step − 1` (1-based) and not `step`, of a split value or "Other", ids sorted. */
export function droppedPlayers(
  c: CompiledFunnel,
  players: readonly FunnelPlayer[],
  step: number,
  group?: { split_value: string | null; other: boolean },
): string[] {
  let members = players;
  if (c.split && group) {
    const top = topSplitValues(players);
    members = group.other
      ? players.filter((p) => !top.includes(p.split))
      : players.filter((p) => p.split === group.split_value);
  }
  return members
    .filter((p) => p.reached[step - 2] !== null && p.reached[step - 1] === null)
    .map((p) => p.id)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
