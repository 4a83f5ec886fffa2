/**
 * The Monetize audience estimate ("Beyond"): how many of an app's players active in a window match a
 * campaign's target conditions, compiled with the report compiler (compileCondition, sql.ts) so the same rules hold:
 * every value is a bound parameter, every identifier comes from a catalogue (the events model's columns and the
 * player totals below), never from the request.
 *
 * Shape: one row per player of the window (GROUP BY user_pseudo_id) holding `matched`, the AND of one per-player test
 * per condition, counted by an outer query whose text is fixed:
 *   player property  count(*) FILTER (WHERE <column op value>) > 0        (some event of the player carries it)
 *   player total     <aggregate over the player's events> op value        (sessions, active days, minutes…)
 *   event count      count(*) FILTER (WHERE event_name = $e) op value
 *   event parameter  count(*) FILTER (WHERE event_name = $e AND <param op value>) > 0
 * The vocabulary (types, metrics, keys, operators) is the contract's (src/contracts/monetize.ts); a condition outside
 * it, or on a parameter the events table does not hold as a column, is a ReportInputError (the caller answers 400 or
 * "no estimate").
 */
import type { DataType } from '../../src/contracts/analyze';
import { isIsoDate } from '../../src/contracts/analyze';
import { USER_KEYS, type ConditionDataType, type TargetCondition } from '../../src/contracts/monetize';
import { EVENTS_MODEL, type DimensionDef } from './catalogue';
import { ReportInputError, compileCondition, type Bind, type CompiledReport } from './compiler';
import {
  and,
  cmp,
  col,
  count,
  countDistinct,
  div,
  num,
  param,
  sum,
  type BoundParam,
  type Expr,
  type RenderedSql,
} from './sql';
import { lookupTable } from '../../src/contracts/lookup';

const MS_PER_MINUTE = 60_000;

/** Player properties: a column of the events table each. */
const PROPERTY_COLUMNS: Readonly<Record<string, string>> = lookupTable({
  country: 'country',
  platform: 'platform',
  app_version: 'app_version',
  media_source: 'media_source',
  device_category: 'device_category',
  first_open: 'user_first_touch_timestamp',
});

/** Player totals over the window: an aggregate of the player's events each (events named by bound values). */
function totalOf(key: string, name: string, bind: Bind): Expr | null {
  switch (key) {
    case 'sessions':
      return countDistinct(col('ga_session_id'));
    case 'active_days':
      return countDistinct(col('event_date'));
    case 'minutes_played':
      return div(sum(col('engagement_time_msec')), num(MS_PER_MINUTE));
    case 'purchases':
      return count(cmp(col('event_name'), '=', bind(`${name}_event`, { type: 'STRING', value: 'in_app_purchase' })));
    case 'ad_impressions':
      return count(cmp(col('event_name'), '=', bind(`${name}_event`, { type: 'STRING', value: 'ad_impression' })));
    default:
      return null;
  }
}

const COMPILER_TYPE: Record<ConditionDataType, DataType> = {
  string: 'STRING',
  number: 'INT64',
  timestamp: 'TIMESTAMP',
};

const pad = (n: number) => String(n).padStart(2, '0');
/** A timestamp value (epoch seconds or ms, or any date text; no zone means UTC) as the compiler's 'YYYY-MM-DD HH:mm:ss' (a day stays a day). */
function timestampValue(value: string | number): string {
  if (isIsoDate(value)) return value;
  // A date and time without a zone (the form's datetime-local input) is UTC, whatever the server's zone.
  const local =
    typeof value === 'string' ? /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.exec(String(value).trim()) : null;
  const text = local ? `${local[0].replace(' ', 'T')}Z` : value;
  const ms = typeof text === 'number' ? (Math.abs(text) < 1e11 ? text * 1000 : text) : Date.parse(text);
  if (!Number.isFinite(ms))
    throw new ReportInputError(`'${String(value).slice(0, 40)}' is not a timestamp.`, 'targetConditions');
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

const NEGATED: Readonly<Record<string, string>> = lookupTable({ not_equals: 'equals', is_not_one_of: 'is_one_of' });

/** `d op value` for one condition, by the report compiler (comparisons checked against the column's type there). */
function playerValueTest(c: TargetCondition, d: DimensionDef, name: string, today: string, bind: Bind): Expr {
  const value =
    c.dataType === 'timestamp' ? timestampValue(c.value) : c.dataType === 'string' ? String(c.value) : c.value;
  const compiled = compileCondition(
    d,
    {
      label: d.column_name,
      column_name: d.column_name,
      comparison: c.op as never,
      checked: true,
      data_type: d.data_type,
      value,
    },
    name,
    today,
    bind,
  );
  return compiled.expr ?? and();
}

/** The per-player test of one condition. */
function playerTest(c: TargetCondition, name: string, today: string, bind: Bind): Expr {
  const dataType = COMPILER_TYPE[c.dataType];
  const test = (d: DimensionDef) => playerValueTest(c, d, name, today, bind);
  const unknown = (what: string) => new ReportInputError(`The estimate does not know the ${what}.`, 'targetConditions');
  if (c.type === 'user' && c.metric === 'property') {
    const column = PROPERTY_COLUMNS[c.key];
    if (!column || !USER_KEYS.property!.some((k) => k.value === c.key)) throw unknown(`player property '${c.key}'`);
    // A negative operator means no event of the player carries the value (not: some event lacks it).
    const negated = NEGATED[c.op];
    const positive = negated ? { ...c, op: negated } : c;
    const dimension = { column_name: column, label: c.key, data_type: dataType, expr: col(column) };
    const matches = count(playerValueTest(positive, dimension, name, today, bind));
    return negated ? cmp(matches, '=', num(0)) : cmp(matches, '>', num(0));
  }
  if (c.type === 'user' && c.metric === 'total') {
    const total = totalOf(c.key, name, bind);
    if (!total) throw unknown(`player total '${c.key}'`);
    return test({ column_name: c.key, label: c.key, data_type: dataType, expr: total });
  }
  if (c.type === 'event' && (c.metric === 'count' || c.metric === 'param')) {
    if (!c.event) throw unknown('event of an event condition');
    const isEvent = cmp(col('event_name'), '=', bind(`${name}_event`, { type: 'STRING', value: c.event }));
    if (c.metric === 'count')
      return test({ column_name: 'event_count', label: 'count', data_type: dataType, expr: count(isEvent) });
    const column = EVENTS_MODEL.dimensions.find(
      (d) => d.column_name === c.eventParam && d.expr.k === 'col' && d.data_type !== 'BOOL',
    );
    if (!column)
      throw new ReportInputError(
        `The estimate cannot use the parameter '${c.eventParam ?? ''}' yet: the analytics store does not hold it as a column.`,
        'targetConditions',
      );
    return cmp(count(and(isEvent, test({ ...column, data_type: dataType }))), '>', num(0));
  }
  throw unknown(`condition ${c.type} / ${c.metric}`);
}

export interface AudienceInput {
  appId: string;
  conditions: readonly TargetCondition[];
  /** The window, YYYY-MM-DD inclusive (UTC days). */
  from: string;
  to: string;
}

/** The conditions as a compiled query of the events model: one row per active player with `matched`. */
export function compileAudience(input: AudienceInput): CompiledReport {
  const params: Record<string, BoundParam> = {};
  const bind: Bind = (name, p) => {
    params[name] = p;
    return param(name);
  };
  const where = [
    cmp(col('app_id'), '=', bind('app_id', { type: 'STRING', value: input.appId })),
    cmp(col('event_date'), '>=', bind('date_start', { type: 'DATE', value: input.from })),
    cmp(col('event_date'), '<=', bind('date_end', { type: 'DATE', value: input.to })),
  ];
  const tests = input.conditions.map((c, index) => playerTest(c, `c${index + 1}`, input.to, bind));
  return {
    model: EVENTS_MODEL,
    query: {
      table: 'events',
      select: [
        { alias: 'user_pseudo_id', expr: col('user_pseudo_id') },
        { alias: 'matched', expr: and(...tests) },
      ],
      where,
      groupCount: 1,
      orderBy: [],
      params,
    },
    columns: [
      { name: 'total', kind: 'metric', data_type: 'INT64' },
      { name: 'players', kind: 'metric', data_type: 'INT64' },
    ],
    resolved: { date_start: input.from, date_end: input.to, conditions: [] },
  };
}

/**
 * The per-player query (as the engine rendered it) counted: `total` players of the window, `players` matching. The
 * outer text is constant and valid in every dialect (unquoted lower-case aliases).
 */
export function countAudience(perPlayer: RenderedSql): RenderedSql {
  return {
    ...perPlayer,
    sql: `SELECT count(*) AS total, sum(CASE WHEN audience.matched THEN 1 ELSE 0 END) AS players\nFROM (\n${perPlayer.sql}\n) AS audience`,
  };
}
