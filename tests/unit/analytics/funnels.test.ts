/**
 * The funnel compiler (server/analytics/funnels.ts): golden SQL for DuckDB and BigQuery (reviewed files in ./golden,
 * regenerate with `-u` and review the diff), the dialect differences, values always bound (the SQL text never depends
 * on a value), the rows → funnel rules (strict, any order, window, medians, top ten + Other) and a run on the BigQuery
 * engine against a fake client (named, typed parameters; a dry run first).
 */
import { describe, expect, test } from 'vitest';
import type { Query } from '@google-cloud/bigquery';
import type { FunnelQuestion } from '../../../src/contracts/funnels';
import {
  compileFunnel,
  funnelFromGroups,
  funnelPlayers,
  renderFunnel,
  renderFunnelSteps,
} from '../../../server/analytics/funnels';
import { BigQueryReportEngine, type BigQueryClient, type BigQueryJob } from '../../../server/analytics/bigquery-engine';
import { bigquery, duckdb, postgres, type RenderedSql } from '../../../server/analytics/sql';
import { condition, expectValidBigQueryRequest } from './support';

const AVAILABLE = { start: '2025-04-01', end: '2025-06-30' };
const BQ = bigquery({ project: 'questboard-demo', dataset: 'analytics' });
const compile = (question: FunnelQuestion) =>
  compileFunnel({ appId: 'dragon-merge-android', question, available: AVAILABLE, today: '2025-06-30' });
const golden = (rendered: RenderedSql) =>
  `${rendered.sql}\n\n-- params\n${JSON.stringify({ params: rendered.params, types: rendered.types }, null, 2)}\n`;

const LEVELS: FunnelQuestion = {
  steps: [
    { event_name: 'level_start' },
    { event_name: 'level_end', where: [condition('success', 'BOOL', 'is_true', null)] },
    { event_name: 'in_app_purchase', where: [condition('currency', 'STRING', 'is_one_of', 'USD,EUR')] },
  ],
  window: { value: 7, unit: 'day' },
  order: 'strict',
  date_range: { date_start: '2025-06-01', date_end: '2025-06-30' },
  split: 'country',
};

describe('golden SQL', () => {
  test('three steps in this order, split by country (duckdb)', async () => {
    await expect(golden(renderFunnel(compile(LEVELS), duckdb))).toMatchFileSnapshot('golden/funnel-levels.duckdb.sql');
  });
  test('three steps in this order, split by country (bigquery)', async () => {
    await expect(golden(renderFunnel(compile(LEVELS), BQ))).toMatchFileSnapshot('golden/funnel-levels.bigquery.sql');
  });
  test('any order (bigquery)', async () => {
    await expect(golden(renderFunnel(compile({ ...LEVELS, order: 'any' }), BQ))).toMatchFileSnapshot(
      'golden/funnel-levels-any.bigquery.sql',
    );
  });
  test('the answer computed in the engine, in this order and in any order (duckdb, bigquery)', async () => {
    await expect(golden(renderFunnelSteps(compile(LEVELS), duckdb))).toMatchFileSnapshot(
      'golden/funnel-levels-steps.duckdb.sql',
    );
    await expect(golden(renderFunnelSteps(compile({ ...LEVELS, order: 'any' }), BQ))).toMatchFileSnapshot(
      'golden/funnel-levels-any-steps.bigquery.sql',
    );
  });
  test('the medians per dialect: an aggregate in DuckDB and PostgreSQL, over a window in BigQuery', () => {
    const c = compile(LEVELS);
    expect(renderFunnelSteps(c, duckdb).sql).toContain('quantile_cont("r2" - "r1", 0.5)');
    expect(renderFunnelSteps(c, postgres).sql).toContain('percentile_cont(0.5) WITHIN GROUP (ORDER BY "r2" - "r1")');
    expect(renderFunnelSteps(c, postgres).sql).toContain('"v" COLLATE "C"');
    expect(renderFunnelSteps(c, BQ).sql).toContain('PERCENTILE_CONT(`r2` - `r1`, 0.5) OVER (PARTITION BY `kind`, `g`)');
  });
  test('the dialects differ only in their functions and placeholders', () => {
    const c = compile(LEVELS);
    expect(renderFunnel(c, duckdb).sql).toContain('epoch_us("event_timestamp")');
    expect(renderFunnel(c, BQ).sql).toContain('UNIX_MICROS(`event_timestamp`)');
    expect(renderFunnel(c, BQ).sql).toContain('FROM `questboard-demo.analytics.events`');
    expect(renderFunnel(c, postgres).sql).toContain('extract(epoch FROM "event_timestamp")');
    expect(renderFunnel(c, postgres).sql).toContain('"app_id" = CAST($1 AS text)');
  });
});

test('every value is bound: the SQL does not change with the values', () => {
  const hostile = renderFunnel(
    compile({
      ...LEVELS,
      steps: [
        LEVELS.steps[0]!,
        { event_name: 'level_end', where: [condition('level_name', 'STRING', 'equals', "x'); DROP TABLE events; --")] },
        { event_name: 'in_app_purchase', where: [condition('currency', 'STRING', 'is_one_of', '`evil`,@app_id')] },
      ],
    }),
    BQ,
  );
  expect(hostile.sql.replace(/level_name/g, 'success')).not.toContain('DROP TABLE');
  expect(hostile.params.s2c1).toBe("x'); DROP TABLE events; --");
  expect(hostile.params.s3c1).toEqual(['`evil`', '@app_id']);
  const plain = renderFunnel(
    compile({
      ...LEVELS,
      steps: [
        LEVELS.steps[0]!,
        { event_name: 'level_end', where: [condition('level_name', 'STRING', 'equals', 'x')] },
        LEVELS.steps[2]!,
      ],
    }),
    BQ,
  );
  expect(hostile.sql).toBe(plain.sql);
});

describe('rows → funnel', () => {
  const S = 1_000_000; // a second in microseconds
  const at = (iso: string) => Date.parse(`${iso}Z`) * 1000;
  test('strict: a step counts only after the previous one (the drop-off list reads these times)', () => {
    const c = compile({ ...LEVELS, split: null });
    const rows = [
      { u: 'a', t1: at('2025-06-01T00:00:00'), t2: at('2025-06-01T00:00:10'), t3: at('2025-06-01T00:01:10') },
      { u: 'b', t1: at('2025-06-02T00:00:00'), t2: at('2025-06-02T00:00:30'), t3: null },
      { u: 'c', t1: at('2025-06-03T00:00:00'), t2: null, t3: at('2025-06-03T00:00:50') },
    ];
    expect(funnelPlayers(c, rows).map((p) => [p.id, p.reached])).toEqual([
      ['a', [at('2025-06-01T00:00:00'), at('2025-06-01T00:00:10'), at('2025-06-01T00:01:10')]],
      ['b', [at('2025-06-02T00:00:00'), at('2025-06-02T00:00:30'), null]],
      ['c', [at('2025-06-03T00:00:00'), null, null]],
    ]);
  });
  test('any order: the first times of steps 1..k within one window; entry within the dates', () => {
    const c = compile({ ...LEVELS, order: 'any', split: null, window: { value: 10, unit: 'minute' } });
    const t0 = at('2025-06-10T00:00:00');
    const rows = [
      { u: 'before', t1: t0, t2: t0 - 60 * S, t3: t0 + 9 * 60 * S }, // span 10 min: in
      { u: 'wide', t1: t0, t2: t0 + 5 * 60 * S, t3: t0 + 11 * 60 * S }, // step 3 outside the window
      { u: 'late', t1: at('2025-07-01T00:00:01'), t2: null, t3: null }, // entered after the dates
    ];
    const players = funnelPlayers(c, rows);
    expect(players.map((p) => p.id)).toEqual(['before', 'wide']);
    expect(players[0]!.reached).toEqual([t0, t0, t0 + 9 * 60 * S]);
    expect(players[1]!.reached).toEqual([t0, t0 + 5 * 60 * S, null]);
  });
});

class FakeBigQuery implements BigQueryClient {
  readonly requests: Query[] = [];
  constructor(private readonly rows: Record<string, unknown>[]) {}
  async createQueryJob(options: Query): Promise<[BigQueryJob]> {
    this.requests.push(options);
    expectValidBigQueryRequest(options);
    return [{ metadata: { statistics: { totalBytesProcessed: '1000' } }, getQueryResults: async () => [this.rows] }];
  }
}

test('a funnel runs on the BigQuery engine with named, typed parameters', async () => {
  const fake = new FakeBigQuery([{ u: 'a', split_value: 'US', t1: 1, t2: 2, t3: null }]);
  const engine = new BigQueryReportEngine(fake, { project: 'questboard-demo', dataset: 'analytics' });
  const c = compile(LEVELS);
  const rows = await engine.rows(renderFunnel(c, engine.dialect));
  expect(fake.requests.map((r) => r.dryRun ?? false)).toEqual([true, false]);
  expect(fake.requests[1]!.types).toMatchObject({ app_id: 'STRING', window_us: 'INT64', s3c1: ['STRING'] });
  expect(fake.requests[1]!.params).toMatchObject({ window_us: 7 * 86_400_000_000, s1_event: 'level_start' });
  expect(funnelPlayers(c, rows)).toEqual([{ id: 'a', split: 'US', reached: [1, 2, null] }]);
});

test('group rows → the funnel: the total, the values by size (ties in code-point order), then Other', () => {
  const c = compile(LEVELS);
  const row = (kind: string, g: string | null, n: number[], m: (number | null)[]) => ({
    kind,
    g,
    ...Object.fromEntries(n.map((x, k) => [`n${k + 1}`, x])),
    ...Object.fromEntries(m.map((x, k) => [`m${k + 2}`, x])),
  });
  const { total, groups } = funnelFromGroups(c, [
    row('value', 'de', [2, 1, 0], [3_500_000, null]),
    row('total', null, [10, 6, 2], [60_000_000, 1_500_000]),
    row('other', null, [3, 2, 1], [1_000_000, 2_000_000]),
    row('value', 'US', [5, 3, 1], [120_000_000, 4_000_000]),
    row('value', 'DE', [2, 0, 0], [null, null]),
  ]);
  expect(total.steps).toEqual([
    { event_name: 'level_start', players: 10, from_first: 1, from_previous: null, dropped: 0, median_seconds: null },
    { event_name: 'level_end', players: 6, from_first: 0.6, from_previous: 0.6, dropped: 4, median_seconds: 60 },
    {
      event_name: 'in_app_purchase',
      players: 2,
      from_first: 0.2,
      from_previous: 2 / 6,
      dropped: 4,
      median_seconds: 1.5,
    },
  ]);
  expect(groups.map((g) => [g.split_value, g.other])).toEqual([
    ['US', false],
    ['DE', false],
    ['de', false],
    ['Other', true],
  ]);
  expect(groups[1]!.steps[1]).toMatchObject({ players: 0, from_previous: 0, median_seconds: null });
  // Nobody entered: no row at all, every step 0.
  expect(funnelFromGroups(c, []).total.steps.map((s) => [s.players, s.from_first])).toEqual([
    [0, null],
    [0, null],
    [0, null],
  ]);
});

test('a funnel answer runs on the BigQuery engine: its group rows become the funnel', async () => {
  const fake = new FakeBigQuery([
    { kind: 'total', g: null, n1: 4, n2: 2, n3: 1, m2: 2_000_000, m3: 1_000_000 },
    { kind: 'value', g: 'US', n1: 4, n2: 2, n3: 1, m2: 2_000_000, m3: 1_000_000 },
  ]);
  const engine = new BigQueryReportEngine(fake, { project: 'questboard-demo', dataset: 'analytics' });
  const c = compile(LEVELS);
  const { total, groups } = funnelFromGroups(c, await engine.rows(renderFunnelSteps(c, engine.dialect)));
  expect(fake.requests.map((r) => r.dryRun ?? false)).toEqual([true, false]);
  expect(total.steps.map((s) => s.players)).toEqual([4, 2, 1]);
  expect(total.steps[1]!.median_seconds).toBe(2);
  expect(groups).toEqual([{ split_value: 'US', other: false, steps: total.steps }]);
});
