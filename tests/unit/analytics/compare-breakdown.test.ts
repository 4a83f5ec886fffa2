/**
 * Breakdown and compare (docs/analyze.md §Breakdown, compare and chart types) executed on DuckDB, checked against an
 * independent computation over the raw events inserted here (plain TypeScript, never the SQL under test): the top N
 * breakdown values by the first metric plus 'Other', the previous period and the same period last year with their
 * change in %, both together; and the inputs the compiler refuses.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  BREAKDOWN_OTHER,
  COMPARE_YEAR_TOO_LONG_MESSAGE,
  addDays,
  previousRange,
  type Report,
} from '../../../src/contracts/analyze';
import { compileReport, ReportInputError } from '../../../server/analytics/compiler';
import { openAnalytics, type AnalyticsEngine } from '../../../server/analytics/index';
import { report } from './support';
import { mulberry32 } from '../../../server/analytics/generator';

const APP = 'cb';
const COUNTRIES = ['US', 'DE', 'BR', 'JP', 'KR', 'FR', 'GB', 'IN'];
const PLATFORMS = ['ANDROID', 'IOS'];
interface Ev {
  day: string;
  user: string;
  country: string | null;
  platform: string;
}

// 2024-02-20 … 2025-03-31, a few events a day, skewed countries (some NULL), 40 users.
const EVENTS: Ev[] = [];
{
  const rand = mulberry32(7);
  for (let day = '2024-02-20'; day <= '2025-03-31'; day = addDays(day, 1)) {
    const n = 2 + Math.floor(rand() * 9);
    for (let i = 0; i < n; i++) {
      const c = Math.floor(rand() * rand() * (COUNTRIES.length + 1));
      EVENTS.push({
        day,
        user: `u${Math.floor(rand() * 40)}`,
        country: c === COUNTRIES.length ? null : COUNTRIES[c]!,
        platform: PLATFORMS[Math.floor(rand() * 2)]!,
      });
    }
  }
}
const AVAILABLE = { start: '2024-02-20', end: '2025-03-31' };

let engine: AnalyticsEngine;
beforeAll(async () => {
  engine = await openAnalytics({ threads: 1 });
  const values = EVENTS.map(
    (e, i) =>
      `('${APP}', DATE '${e.day}', TIMESTAMP '${e.day} 00:00:00' + to_seconds(${i % 80000}), 'level_start', '${e.user}', '${e.platform}', ${e.country ? `'${e.country}'` : 'NULL'})`,
  );
  for (let i = 0; i < values.length; i += 500) {
    await engine.store.run(
      `INSERT INTO events (app_id, event_date, event_timestamp, event_name, user_pseudo_id, platform, country)
       VALUES ${values.slice(i, i + 500).join(',\n')}`,
    );
  }
});
afterAll(() => engine.close());

const run = (r: Report) =>
  engine.duckdb.run(compileReport({ appId: APP, report: r, available: AVAILABLE, today: '2025-03-31' }));
const inRange = (e: Ev, from: string, to: string) => e.day >= from && e.day <= to;
const count = (events: Ev[]) => events.length;
const users = (events: Ev[]) => new Set(events.map((e) => e.user)).size;
const change = (cur: number, prev: number) => (prev === 0 ? null : ((cur - prev) / Math.abs(prev)) * 100);

/** The top N countries by event count over the range (ties by name), as the compiler defines them. */
function topCountries(from: string, to: string, n: number): string[] {
  const totals = new Map<string, number>();
  for (const e of EVENTS)
    if (e.country && inRange(e, from, to)) totals.set(e.country, (totals.get(e.country) ?? 0) + 1);
  return [...totals]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, n)
    .map(([c]) => c);
}

describe('compare with the previous period', () => {
  test('by date: each day beside the day one period earlier, and the change in %', async () => {
    const rows = await run(
      report('events', ['event_count', 'users'], 'date', {
        date_range: [{ date_start: '2025-03-01', date_end: '2025-03-07' }],
        compare: 'previous_period',
      }),
    );
    expect(rows).toHaveLength(7);
    for (const [i, row] of rows.entries()) {
      const day = addDays('2025-03-01', i);
      const cur = EVENTS.filter((e) => e.day === day);
      const prev = EVENTS.filter((e) => e.day === addDays(day, -7));
      expect(row).toEqual({
        date: day,
        event_count: count(cur),
        event_count_prev: count(prev),
        event_count_change_pct: expect.closeTo(change(count(cur), count(prev))!, 9),
        users: users(cur),
        users_prev: users(prev),
        users_change_pct: expect.closeTo(change(users(cur), users(prev))!, 9),
      });
    }
  });

  test('the same period last year, by platform over a month (starting on 29 February keeps its length)', async () => {
    expect(previousRange({ date_start: '2024-02-29', date_end: '2024-03-06' }, 'previous_year')).toEqual({
      date_start: '2023-02-28',
      date_end: '2023-03-06',
    });
    const prev = previousRange({ date_start: '2025-03-01', date_end: '2025-03-31' }, 'previous_year')!;
    expect(prev).toEqual({ date_start: '2024-03-01', date_end: '2024-03-31' });
    const rows = await run(
      report('events', ['users'], 'platform', {
        date_range: [{ date_start: '2025-03-01', date_end: '2025-03-31' }],
        compare: 'previous_year',
      }),
    );
    expect(rows.map((r) => r.platform)).toEqual(PLATFORMS);
    for (const row of rows) {
      const cur = EVENTS.filter((e) => e.platform === row.platform && inRange(e, '2025-03-01', '2025-03-31'));
      const old = EVENTS.filter((e) => e.platform === row.platform && inRange(e, prev.date_start, prev.date_end));
      expect(row.users).toBe(users(cur));
      expect(row.users_prev).toBe(users(old));
      expect(row.users_change_pct).toBeCloseTo(change(users(cur), users(old))!, 9);
    }
  });

  test('a previous period before the first day of data has no previous values (NULL change, not an error)', async () => {
    const rows = await run(
      report('events', ['event_count'], 'week', {
        date_range: [{ date_start: '2024-02-20', date_end: '2024-02-26' }],
        compare: 'previous_period',
      }),
    );
    expect(rows.every((r) => r.event_count_prev === 0 && r.event_count_change_pct === null)).toBe(true);
    expect(rows.reduce((s, r) => s + Number(r.event_count), 0)).toBe(
      count(EVENTS.filter((e) => inRange(e, '2024-02-20', '2024-02-26'))),
    );
  });
});

describe('breakdown: top N by the first metric plus Other', () => {
  test('by date and country, top 3 by event count: every day splits into the three and Other', async () => {
    const [from, to] = ['2025-03-01', '2025-03-14'];
    const top = topCountries(from, to, 3);
    const rows = await run(
      report('events', ['event_count', 'users'], 'date', {
        date_range: [{ date_start: from, date_end: to }],
        breakdown: { column_name: 'country', top: 3 },
      }),
    );
    const expected: Record<string, unknown>[] = [];
    for (let day = from; day <= to; day = addDays(day, 1)) {
      const byValue = new Map<string, Ev[]>();
      for (const e of EVENTS.filter((x) => x.day === day)) {
        const key = e.country && top.includes(e.country) ? e.country : BREAKDOWN_OTHER;
        byValue.set(key, [...(byValue.get(key) ?? []), e]);
      }
      for (const key of [...byValue.keys()].sort())
        expected.push({
          date: day,
          country: key,
          event_count: count(byValue.get(key)!),
          users: users(byValue.get(key)!),
        });
    }
    expect(rows).toEqual(expected);
    expect(new Set(rows.map((r) => r.country))).toEqual(new Set([...top, BREAKDOWN_OTHER]));
  });

  test('with compare: the breakdown values are the current period’s top, the previous values beside them', async () => {
    const [from, to] = ['2025-03-08', '2025-03-14'];
    const top = topCountries(from, to, 2);
    const rows = await run(
      report('events', ['event_count'], 'platform', {
        date_range: [{ date_start: from, date_end: to }],
        breakdown: { column_name: 'country', top: 2 },
        compare: 'previous_period',
      }),
    );
    const bucket = (e: Ev) => (e.country && top.includes(e.country) ? e.country : BREAKDOWN_OTHER);
    for (const row of rows) {
      const of = (a: string, b: string) =>
        EVENTS.filter((e) => e.platform === row.platform && bucket(e) === row.country && inRange(e, a, b));
      expect(row.event_count).toBe(count(of(from, to)));
      expect(row.event_count_prev).toBe(count(of('2025-03-01', '2025-03-07')));
    }
    expect(rows).toHaveLength(PLATFORMS.length * 3);
  });
});

describe('refused inputs', () => {
  const compile = (extra: Partial<Report['configuration']>, group = 'date') =>
    compileReport({
      appId: APP,
      report: report('events', ['event_count'], group, {
        date_range: [{ date_start: '2025-03-01', date_end: '2025-03-07' }],
        ...extra,
      }),
      available: AVAILABLE,
      today: '2025-03-31',
    });
  const refusal = (extra: Partial<Report['configuration']>, group?: string) => {
    try {
      compile(extra, group);
    } catch (error) {
      expect(error).toBeInstanceOf(ReportInputError);
      return (error as ReportInputError).message;
    }
    throw new Error('expected a refusal');
  };

  test('a breakdown column outside the catalogue, not text, the group-by itself, or a top out of range', () => {
    expect(refusal({ breakdown: { column_name: 'country; DROP TABLE events', top: 5 } })).toBe(
      "Unknown column 'country; DROP TABLE events' in data model 'events'.",
    );
    expect(refusal({ breakdown: { column_name: 'level', top: 5 } })).toBe(
      "Break down by a text column; 'level' is not one.",
    );
    expect(refusal({ breakdown: { column_name: 'country', top: 5 } }, 'country')).toBe(
      'Break down by a column other than the group-by column.',
    );
    expect(refusal({ breakdown: { column_name: 'country', top: 11 } })).toBe(
      'Top must be a whole number from 2 to 10.',
    );
    expect(refusal({ breakdown: { column_name: 'event_count', top: 5 } })).toBe(
      "'event_count' is a metric; it cannot be used in group by.",
    );
  });

  test('the same period last year needs a range of at most 365 days', () => {
    const long = compileReport.bind(null, {
      appId: APP,
      report: report('events', ['event_count'], 'date', {
        date_range: [{ date_start: '2024-03-01', date_end: '2025-03-01' }],
        compare: 'previous_year',
      }),
      available: AVAILABLE,
      today: '2025-03-31',
    });
    expect(long).toThrow(COMPARE_YEAR_TOO_LONG_MESSAGE);
    expect(compile({ compare: 'previous_year' }).resolved.previous).toEqual({
      date_start: '2024-03-01',
      date_end: '2024-03-07',
    });
  });
});
