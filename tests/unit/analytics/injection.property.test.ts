/**
 * Property tests (fast-check) for docs/architecture.md §House rules 6 and the injection risks of docs/domain.md (Metabase, Superset,
 * Grafana/DuckDB): whatever a filter value is, it never reaches the SQL text (the text depends only on the shape of
 * the configuration) and comes back from DuckDB as an ordinary, non-matching value, with the store unharmed.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { oneOfValues, type Comparison, type DataType, type Report } from '../../../src/contracts/analyze';
import { compileReport, renderReport, ReportInputError } from '../../../server/analytics/compiler';
import { bigquery, duckdb, postgres } from '../../../server/analytics/sql';
import type { AnalyticsEngine } from '../../../server/analytics/index';
import { TEST_END, condition, report, smallEngine } from './support';

const AVAILABLE = { start: '2025-05-22', end: TEST_END };
const DIALECTS = [duckdb, bigquery({ project: 'questboard-demo', dataset: 'analytics' }), postgres];

const HOSTILE = [
  `'; DROP TABLE events; --`,
  `' OR '1'='1`,
  `") OR 1=1 --`,
  '` OR 1=1; --',
  `$app_id`,
  `@app_id`,
  `$1`,
  `\\'; SELECT * FROM read_csv('/etc/passwd'); --`,
  `x' UNION ALL SELECT current_setting('memory_limit') --`,
  `%`,
  `_`,
  `/* */`,
  `\u0000`,
  `'||(SELECT 1)||'`,
  `ATTACH 'evil.db'`,
  `COPY events TO '/tmp/x.csv'`,
];
/** Arbitrary strings: unicode, SQL metacharacters, and the known hostile ones. */
const anyString = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: fc.constantFrom(...`'"\`;-/*\\$@%_(),{}[]\n\t `.split('')), minLength: 1, maxLength: 20 }),
  fc.constantFrom(...HOSTILE),
);

const STRING_COMPARISONS: Comparison[] = ['equals', 'not_equals', 'is_one_of', 'is_not_one_of', 'contains'];
const stringReport = (column: string, comparison: Comparison, value: string): Report =>
  report('daily_metrics', ['dau', 'new_users'], 'country', { where: [condition(column, 'STRING', comparison, value)] });
const compile = (r: Report) => compileReport({ appId: 'test-app', report: r, available: AVAILABLE, today: TEST_END });

describe('no filter value appears in the SQL text', () => {
  test('string values: the SQL is the same for every value, and the value is bound', () => {
    fc.assert(
      fc.property(
        anyString,
        fc.constantFrom(...STRING_COMPARISONS),
        fc.constantFrom('country', 'media_source', 'app_version'),
        (value, comparison, column) => {
          const compiled = compile(stringReport(column, comparison, value));
          if ((comparison === 'is_one_of' || comparison === 'is_not_one_of') && oneOfValues(value).length === 0) {
            // No values (no chips yet): the condition filters nothing and binds nothing.
            expect(compiled.query.params.c1).toBeUndefined();
            expect(compiled.query).toEqual(compile(report('daily_metrics', ['dau', 'new_users'], 'country')).query);
            return;
          }
          const reference = compile(stringReport(column, comparison, 'reference'));
          for (const dialect of DIALECTS) {
            const rendered = renderReport(compiled, dialect);
            expect(rendered.sql).toBe(renderReport(reference, dialect).sql);
            const marked = `\u2063${value}\u2063`; // a marker no SQL template contains
            expect(renderReport(compile(stringReport(column, comparison, marked)), dialect).sql).not.toContain(marked);
          }
          const bound = compiled.query.params.c1!.value;
          if (comparison === 'is_one_of' || comparison === 'is_not_one_of') expect(Array.isArray(bound)).toBe(true);
          else expect(bound).toBe(value);
        },
      ),
      { numRuns: 300 },
    );
  });

  test('numbers, dates and timestamps are bound too', () => {
    const typed: [string, DataType, fc.Arbitrary<unknown>][] = [
      ['days_since_install', 'INT64', fc.integer()],
      ['user_minutes', 'FLOAT', fc.double({ noNaN: true, noDefaultInfinity: true })],
      [
        'date',
        'DATE',
        fc
          .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
          .map((d) => d.toISOString().slice(0, 10)),
      ],
    ];
    for (const [column, type, arbitrary] of typed) {
      fc.assert(
        fc.property(arbitrary, fc.constantFrom<Comparison>('equals', 'not_equals'), (value, comparison) => {
          const r = (v: unknown) =>
            report('daily_metrics', ['dau'], 'date', { where: [condition(column, type, comparison, v as string)] });
          for (const dialect of DIALECTS)
            expect(renderReport(compile(r(value)), dialect).sql).toBe(
              renderReport(compile(r(type === 'DATE' ? '2030-01-01' : 7)), dialect).sql,
            );
        }),
        { numRuns: 100 },
      );
    }
  });
});

describe('breakdown and compare (docs/analyze.md §Breakdown, compare and chart types) add no value to the SQL text', () => {
  const MODES = ['off', 'previous_period', 'previous_year'] as const;
  test('with any filter value, top and compare mode the text depends only on the shape; every new value is bound', () => {
    fc.assert(
      fc.property(
        anyString,
        fc.integer({ min: 2, max: 10 }),
        fc.constantFrom(...MODES),
        fc.constantFrom('date', 'platform'),
        (value, top, compare, group) => {
          const r = (v: string) =>
            report('daily_metrics', ['dau', 'new_users'], group, {
              where: [condition('media_source', 'STRING', 'equals', v)],
              breakdown: { column_name: 'country', top },
              compare,
            });
          const compiled = compile(r(value));
          expect(compiled.query.params.other).toEqual({ type: 'STRING', value: 'Other' });
          if (compare !== 'off') expect(compiled.query.params.prev_start?.type).toBe('DATE');
          for (const dialect of DIALECTS) {
            const sql = renderReport(compiled, dialect).sql;
            expect(sql).toBe(renderReport(compile(r('reference')), dialect).sql);
            expect(sql).not.toContain("'Other'");
            expect(sql).not.toMatch(/\d{4}-\d{2}-\d{2}/); // no date of either period written inline
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  test('a breakdown column is a catalogue identifier or refused; a hostile name never reaches the SQL', () => {
    fc.assert(
      fc.property(anyString, (name) => {
        const r = report('daily_metrics', ['dau'], 'date', { breakdown: { column_name: name, top: 5 } });
        const known = ['country', 'platform', 'app_version', 'media_source'].includes(name);
        if (known) return;
        expect(() => compile(r)).toThrow(ReportInputError);
      }),
      { numRuns: 200 },
    );
  });
});

describe('hostile values come back as ordinary non-matching values (DuckDB)', () => {
  let engine: AnalyticsEngine;
  let eventCount: number;
  beforeAll(async () => {
    engine = await smallEngine({ days: 10, events: 5000 });
    eventCount = Number((await engine.store.rows('SELECT count(*) AS n FROM events'))[0]!.n);
  });
  afterAll(() => engine.close());

  const countries = async (comparison: Comparison, value: string) =>
    (await engine.duckdb.run(compile(stringReport('country', comparison, value)))).map((r) => r.country);

  test('equals / is one of: nothing matches; not equals / is not one of: everything does', async () => {
    const everything = await engine.duckdb.run(compile(report('daily_metrics', ['dau', 'new_users'], 'country')));
    const realCountries = new Set(everything.map((r) => r.country));
    await fc.assert(
      fc.asyncProperty(
        anyString.filter((v) => !realCountries.has(v.trim())),
        async (value) => {
          expect(await countries('equals', value)).toEqual([]);
          const tokens = oneOfValues(value);
          expect(await countries('is_one_of', value)).toEqual(
            tokens.length === 0
              ? everything.map((r) => r.country)
              : tokens.some((t) => realCountries.has(t))
                ? expect.anything()
                : [],
          );
          expect(await countries('not_equals', value)).toEqual(everything.map((r) => r.country));
        },
      ),
      { numRuns: 60 },
    );
    for (const value of HOSTILE) {
      expect(await countries('equals', value)).toEqual([]);
      expect(await countries('is_one_of', value)).toEqual([]);
      expect(await countries('is_not_one_of', value)).toEqual(everything.map((r) => r.country));
      expect(await countries('contains', `zz${value}`)).toEqual([]);
    }
    // The store is unharmed and still locked down.
    expect(Number((await engine.store.rows('SELECT count(*) AS n FROM events'))[0]!.n)).toBe(eventCount);
    await expect(engine.store.rows(`SELECT * FROM read_csv('/etc/passwd')`)).rejects.toThrow(
      /disabled by configuration/,
    );
  });

  test('contains is a literal substring test: % and _ are not wildcards', async () => {
    expect(await countries('contains', '%')).toEqual([]);
    expect(await countries('contains', '_')).toEqual([]);
    expect((await countries('contains', 'u')).length).toBeGreaterThan(0); // US, AU… (case-insensitive)
  });
});
