/**
 * Report compiler: golden SQL for both dialects (DuckDB and BigQuery; the files in ./golden are the reviewed output,
 * regenerate with `npx vitest run --project unit tests/unit/analytics -u` and review the diff), and every input rule
 * of docs/analyze.md §Rules and limits: catalogue-only identifiers, limit 1..10,000, required values, order by, date range inside the data.
 */
import { describe, expect, test } from 'vitest';
import type { Report } from '../../../src/contracts/analyze';
import { compileReport, renderReport, ReportInputError, type CompiledReport } from '../../../server/analytics/compiler';
import { MODELS } from '../../../server/analytics/catalogue';
import { bigquery, duckdb, postgres, type RenderedSql } from '../../../server/analytics/sql';
import { condition, report } from './support';

// docs/analyze.md §Messages "Conditions and limit", verbatim.
const LIMIT_MESSAGE = 'Value must be between 1 and 10,000';
const VALUE_REQUIRED_MESSAGE = 'A valid value is required.';

const AVAILABLE = { start: '2025-04-01', end: '2025-06-30' };
const TODAY = '2025-06-30'; // a Monday
const BQ = bigquery({ project: 'questboard-demo', dataset: 'analytics' });

const compile = (r: Report, today = TODAY) =>
  compileReport({ appId: 'dragon-merge-android', report: r, available: AVAILABLE, today });
const golden = (rendered: RenderedSql) =>
  `${rendered.sql}\n\n-- params\n${JSON.stringify({ params: rendered.params, types: rendered.types }, null, 2)}\n`;

const GOLDEN: Record<string, Report> = {
  'default-selection-by-date': report('daily_metrics', ['new_users', 'new_users_per', 'retention_d1'], 'date', {
    date_range: [{ date_start: '2025-06-01', date_end: '2025-06-30', model_id: 'daily_metrics' }],
    limit: [{ value: 1000 }],
    order_by: [{ column_name: 'date', order: 'DESC' }],
  }),
  'retention-by-week-filtered': report(
    'daily_metrics',
    [1, 2, 3, 4, 5, 6, 7].map((n) => `retention_d${n}`).concat('retention_w1'),
    'week',
    {
      where: [
        condition('country', 'STRING', 'is_one_of', 'US,DE,JP'),
        condition('platform', 'STRING', 'not_equals', 'IOS'),
        condition('date', 'DATE', 'last_30_days', 'last_30_days'),
        condition('is_new_user', 'BOOL', 'is_true', 'is_true', false), // unchecked: ignored
      ],
      limit: [{ value: 50 }],
    },
  ),
  'play-time-and-ads-by-platform': report(
    'daily_metrics',
    ['mins_per_day', 'mins_per_session', 'impressions', 'ecpm', 'ads_completed_rate', 'conversion_rate'],
    ['platform', 'media_source'],
    {
      where: [
        condition('days_since_install', 'INT64', 'greater_than_or_equal', '1'),
        condition('user_minutes', 'FLOAT', 'less_than', 90.5),
      ],
      order_by: [
        { column_name: 'ecpm', order: 'DESC' },
        { column_name: 'platform', order: 'ASC' },
      ],
    },
  ),
  'events-by-name-with-params': report(
    'events',
    ['event_count', 'users', 'events_per_user', 'value_avg'],
    'event_name',
    {
      date_range: [{ date_start: '2025-06-24', date_end: '2025-06-30' }],
      where: [
        condition('event_name', 'STRING', 'contains', 'level'),
        condition('event_timestamp', 'TIMESTAMP', 'between', ['2025-06-25', '2025-06-28 18:30:00Z']),
        condition('success', 'BOOL', 'is_false', 'is_false'),
        condition('level', 'INTEGER', 'not_equals', 3),
        condition('value', 'FLOAT64', 'greater_than', ''), // FLOAT64 without a value filters nothing (docs/analyze.md §Rules and limits)
        condition('country', 'STRING', 'is_not_one_of', 'CN, RU'),
        condition('date', 'DATE', 'this_week', 'this_week'),
      ],
      order_by: [{ column_name: 'event_count', order: 'DESC' }],
      limit: [{ value: 10000 }],
    },
  ),
  // docs/analyze.md §Breakdown, compare and chart types.
  'users-by-date-broken-down-by-country-vs-previous-period': report('daily_metrics', ['dau', 'new_users_per'], 'date', {
    date_range: [{ date_start: '2025-06-01', date_end: '2025-06-14' }],
    where: [condition('platform', 'STRING', 'equals', 'ANDROID')],
    breakdown: { column_name: 'country', top: 5 },
    compare: 'previous_period',
  }),
  'events-by-week-vs-last-year': report('events', ['event_count', 'users'], 'week', {
    date_range: [{ date_start: '2025-06-02', date_end: '2025-06-29' }],
    compare: 'previous_year',
  }),
};

describe('golden SQL', () => {
  for (const [name, r] of Object.entries(GOLDEN)) {
    test(`${name} (duckdb)`, async () => {
      await expect(golden(renderReport(compile(r), duckdb))).toMatchFileSnapshot(`golden/${name}.duckdb.sql`);
    });
    test(`${name} (bigquery)`, async () => {
      await expect(golden(renderReport(compile(r), BQ))).toMatchFileSnapshot(`golden/${name}.bigquery.sql`);
    });
  }

  test('the dialects differ only where docs/domain.md says they do', () => {
    const c = compile(GOLDEN['retention-by-week-filtered']!);
    const d = renderReport(c, duckdb).sql;
    const b = renderReport(c, BQ).sql;
    const p = renderReport(c, postgres).sql;
    expect(d).toContain(`CAST(date_trunc('week', "event_date") AS DATE)`);
    expect(b).toContain('DATE_TRUNC(`event_date`, WEEK(MONDAY))');
    expect(d).toContain('count(*) FILTER (WHERE "ret_d1" IS TRUE)');
    expect(b).toContain('COUNTIF(`ret_d1` IS TRUE)');
    expect(d).toContain('list_contains(CAST($c1 AS VARCHAR[]), "country")');
    expect(b).toContain('`country` IN UNNEST(@c1)');
    expect(p).toContain('"country" = ANY(CAST($4 AS text[]))');
    // Every division is NULLIF-guarded, in every dialect.
    for (const sql of [d, b, p]) expect(sql.match(/ \/ /g)?.length).toBe(sql.match(/\/ NULLIF\(/g)?.length);
  });
});

describe('intermediate form', () => {
  test('binds the app, the dates and every condition value; the limit is a validated integer', () => {
    const c = compile(GOLDEN['retention-by-week-filtered']!);
    expect(c.query.params).toEqual({
      app_id: { type: 'STRING', value: 'dragon-merge-android' },
      date_start: { type: 'DATE', value: '2025-06-24' }, // default: the last 7 days of the available range
      date_end: { type: 'DATE', value: '2025-06-30' },
      c1: { type: 'STRING', list: true, value: ['US', 'DE', 'JP'] },
      c2: { type: 'STRING', value: 'IOS' },
      c3_from: { type: 'DATE', value: '2025-06-01' },
      c3_to: { type: 'DATE', value: '2025-06-30' },
    });
    expect(c.query.limit).toBe(50);
    expect(c.columns.map((col) => col.name)).toEqual([
      'week',
      'retention_d1',
      'retention_d2',
      'retention_d3',
      'retention_d4',
      'retention_d5',
      'retention_d6',
      'retention_d7',
      'retention_w1',
    ]);
  });

  test('returns the resolved dates of relative conditions (UTC, Monday weeks)', () => {
    const c = compile(GOLDEN['events-by-name-with-params']!, '2025-07-03');
    expect(c.resolved).toEqual({
      date_start: '2025-06-24',
      date_end: '2025-06-30',
      conditions: [{ label: 'date', comparison: 'this_week', date_start: '2025-06-30', date_end: '2025-07-06' }],
    });
  });

  test('default order: the group-by ascending; chosen order first, the group-by breaks ties', () => {
    expect(compile(report('daily_metrics', ['dau'], 'country')).query.orderBy).toEqual([
      { alias: 'country', direction: 'ASC' },
    ]);
    expect(
      compile(report('daily_metrics', ['dau'], 'country', { order_by: [{ column_name: 'dau', order: 'DESC' }] })).query
        .orderBy,
    ).toEqual([
      { alias: 'dau', direction: 'DESC' },
      { alias: 'country', direction: 'ASC' },
    ]);
  });

  test('the catalogue: unique column names per model, every metric group of docs/analyze.md §Entities present, divisions guarded', () => {
    for (const model of MODELS) {
      const names = [...model.metrics, ...model.dimensions].map((c) => c.column_name);
      expect(new Set(names).size).toBe(names.length);
    }
    const daily = MODELS.find((m) => m.id === 'daily_metrics')!;
    const groups = new Set(daily.metrics.map((m) => m.group));
    for (const g of [
      'General',
      'Conversion Rate',
      'Play Time',
      'Game and Session',
      'Ads Completed',
      'Ads',
      'Retention',
    ])
      expect(groups).toContain(g);
    for (const n of [1, 2, 3, 4, 5, 6, 7]) {
      expect(daily.metrics.some((m) => m.column_name === `retention_d${n}`)).toBe(true);
      expect(daily.metrics.some((m) => m.column_name === `retention_w${n}`)).toBe(true);
    }
    const all = compile(
      report(
        'daily_metrics',
        daily.metrics.map((m) => m.column_name),
        'date',
      ),
    );
    const sql = renderReport(all, duckdb).sql;
    expect(sql.match(/ \/ /g)?.length).toBe(sql.match(/\/ NULLIF\(/g)?.length);
  });
});

describe('bad input', () => {
  const fails = (r: Report, message: string | RegExp) => {
    let error: unknown;
    try {
      compile(r);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ReportInputError);
    if (typeof message === 'string') expect((error as Error).message).toBe(message);
    else expect((error as Error).message).toMatch(message);
  };

  test('unknown model or column → named in the message', () => {
    fails(report('no_such_model', ['dau'], 'date'), "Unknown data model 'no_such_model'.");
    fails(
      report('daily_metrics', ['dau', 'revenue_per_whale'], 'date'),
      "Unknown column 'revenue_per_whale' in data model 'daily_metrics'.",
    );
    fails(report('daily_metrics', ['dau'], 'shoe_size'), "Unknown column 'shoe_size' in data model 'daily_metrics'.");
    fails(
      report('daily_metrics', ['dau'], 'date', {
        where: [condition('"; DROP TABLE events; --', 'STRING', 'equals', 'x')],
      }),
      `Unknown column '"; DROP TABLE events; --' in data model 'daily_metrics'.`,
    );
    fails(report('daily_metrics', ['country'], 'date'), "'country' is not a metric of data model 'daily_metrics'.");
    fails(report('daily_metrics', ['dau'], 'dau'), /is a metric; it cannot be used in group by/);
    fails(report('events', ['new_users'], 'event_name'), "Unknown column 'new_users' in data model 'events'.");
  });

  test('limit outside 1..10,000 → the SPEC message', () => {
    for (const value of [0, -1, 10_001, 1.5, Number.NaN])
      fails(report('daily_metrics', ['dau'], 'date', { limit: [{ value }] }), LIMIT_MESSAGE);
    for (const value of [1, 10_000])
      expect(compile(report('daily_metrics', ['dau'], 'date', { limit: [{ value }] })).query.limit).toBe(value);
  });

  test('a checked numeric/date condition without a valid value → the SPEC message', () => {
    const cases = [
      condition('days_since_install', 'INT64', 'equals', ''),
      condition('user_sessions', 'INTEGER', 'greater_than', null),
      condition('user_minutes', 'FLOAT', 'less_than', 'abc'),
      condition('event_value_in_usd', 'DOUBLE', 'equals', ' '),
      condition('date', 'DATE', 'from', ''),
      condition('date', 'DATE', 'equals', '2025-02-30'),
      condition('date', 'DATE', 'between', ['2025-06-01']),
      condition('event_timestamp', 'TIMESTAMP', 'to', 'yesterday'),
    ];
    for (const c of cases) {
      const model = ['event_value_in_usd', 'event_timestamp'].includes(c.label) ? 'events' : 'daily_metrics';
      fails(
        report(model, [model === 'events' ? 'event_count' : 'dau'], 'date', { where: [c] }),
        VALUE_REQUIRED_MESSAGE,
      );
    }
    // Unchecked conditions are not validated; FLOAT64 is not in SPEC's check list.
    expect(() =>
      compile(
        report('daily_metrics', ['dau'], 'date', {
          where: [condition('days_since_install', 'INT64', 'equals', '', false)],
        }),
      ),
    ).not.toThrow();
    expect(
      compile(report('events', ['event_count'], 'date', { where: [condition('value', 'FLOAT64', 'equals', '')] })).query
        .where,
    ).toHaveLength(3);
    fails(
      report('events', ['event_count'], 'date', { where: [condition('value', 'FLOAT64', 'equals', 'lots')] }),
      VALUE_REQUIRED_MESSAGE,
    );
  });

  test('comparisons must fit the column type', () => {
    fails(
      report('daily_metrics', ['dau'], 'date', { where: [condition('country', 'STRING', 'greater_than', 'M')] }),
      "Comparison 'greater_than' is not available for the STRING column 'country'.",
    );
    fails(
      report('daily_metrics', ['dau'], 'date', { where: [condition('is_new_user', 'BOOL', 'equals', 'true')] }),
      /not available for the BOOL column/,
    );
  });

  test('order by only the chosen metrics or the group-by', () => {
    fails(
      report('daily_metrics', ['dau'], 'date', { order_by: [{ column_name: 'new_users', order: 'DESC' }] }),
      "Cannot sort by 'new_users': sort by one of the chosen metrics or the group-by column.",
    );
    fails(
      report('daily_metrics', ['dau'], 'date', { order_by: [{ column_name: 'dau; DROP TABLE x', order: 'DESC' }] }),
      /Cannot sort by/,
    );
  });

  test('a date range outside the data, reversed or malformed → 400', () => {
    const range = (date_start: string, date_end: string) =>
      report('daily_metrics', ['dau'], 'date', { date_range: [{ date_start, date_end }] });
    fails(
      range('2025-03-01', '2025-04-10'),
      'The date range 2025-03-01 to 2025-04-10 is outside the data available for Daily Metrics (2025-04-01 to 2025-06-30).',
    );
    fails(range('2025-06-01', '2025-07-01'), /outside the data available/);
    fails(range('2025-06-10', '2025-06-01'), 'The start date must not be after the end date.');
    fails(range('June 1', '2025-06-10'), /YYYY-MM-DD/);
    fails(report('daily_metrics', [], 'date'), 'Choose at least one metric.');
    fails(report('daily_metrics', ['dau'], []), 'Choose a column to group by.');
  });

  test('a between whose start is after its end', () => {
    fails(
      report('daily_metrics', ['dau'], 'date', {
        where: [condition('date', 'DATE', 'between', ['2025-06-10', '2025-06-01'])],
      }),
      /is after its end/,
    );
  });
});

export type { CompiledReport };
