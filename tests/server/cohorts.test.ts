/**
 * Retention cohorts through the API (docs/analyze.md §Retention cohorts): the triangle's numbers against an independent
 * computation over the raw events of a generated set (plain TypeScript over the rows inserted here, never the SQL
 * under test), the maturity rule (young cells empty, not 0), the weighted average row, splits and conditions,
 * bad input (400 in words, never 500), and saving / listing / opening / deleting by role.
 */
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { isRight } from 'fp-ts/Either';
import { CohortResult, type CohortQuestion } from '../../src/contracts/cohorts';
import { openAnalytics, type AnalyticsEngine } from '../../server/analytics/index';
import { QueryTimeoutError } from '../../server/analytics/event-store';
import { DEMO_APP_IDS } from '../../server/demo/seed';
import { call, type TestServer } from './helpers';
import { checkSavedQuestionLifecycle, checkSaveRefusals, startQuestionServer } from './saved-questions.helpers';
import { mulberry32 } from '../../server/analytics/generator';

const APP = DEMO_APP_IDS.dragonMergeAndroid;
const DATA_START = '2025-03-03'; // a Monday
const DATA_END = '2025-06-15'; // a Sunday, 105 days
const COUNTRIES = ['US', 'DE', 'BR', 'JP', 'KR', 'FR', 'GB', 'IN', 'MX', 'CA', 'ES', 'IT', 'TR'];
const PLATFORMS = ['ANDROID', 'IOS'];
const SOURCES = ['organic', 'google-ads', 'unity'];

// ------------------------------------------------------------------------------------------------ the generated set

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
const isoOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

interface User {
  id: string;
  install: string;
  country: string;
  platform: string;
  source: string;
  /** Days with an event other than app_remove, install day included. */
  active: Set<string>;
}
interface RawEvent {
  user: string;
  day: string;
  name: string;
  country: string;
  platform: string;
  source: string;
}

const random = mulberry32(20250615);
const USERS: User[] = [];
const EVENTS: RawEvent[] = [];
const span = dayNumber(DATA_END) - dayNumber(DATA_START) + 1;
for (let i = 0; i < 700; i++) {
  const installN = dayNumber(DATA_START) + Math.floor(random() * span);
  const user: User = {
    id: `u${i}`,
    install: isoOf(installN),
    country: COUNTRIES[Math.floor(random() * random() * COUNTRIES.length)]!,
    platform: PLATFORMS[random() < 0.4 ? 1 : 0]!,
    source: SOURCES[Math.floor(random() * SOURCES.length)]!,
    active: new Set([isoOf(installN)]),
  };
  USERS.push(user);
  const base = { user: user.id, country: user.country, platform: user.platform, source: user.source };
  EVENTS.push(
    { ...base, day: user.install, name: 'first_open' },
    { ...base, day: user.install, name: 'session_start' },
  );
  const loyalty = random();
  for (let d = 1; installN + d <= dayNumber(DATA_END); d++) {
    if (random() < loyalty * 0.6 * Math.pow(d, -0.5)) {
      user.active.add(isoOf(installN + d));
      EVENTS.push({ ...base, day: isoOf(installN + d), name: 'session_start' });
    } else if (random() < 0.01) {
      // Removing the app is not activity.
      EVENTS.push({ ...base, day: isoOf(installN + d), name: 'app_remove' });
    }
  }
}

// ------------------------------------------------------------------------------------------------ expected answers

type Grain = CohortQuestion['grain'];
const LENGTH: Record<Grain, number> = { day: 1, week: 7, month: 30 };
function startOf(grain: Grain, iso: string) {
  if (grain === 'day') return iso;
  if (grain === 'month') return `${iso.slice(0, 7)}-01`;
  const n = dayNumber(iso);
  return isoOf(n - ((new Date(n * DAY_MS).getUTCDay() + 6) % 7));
}
function lastDayOf(grain: Grain, start: string) {
  if (grain === 'day') return start;
  if (grain === 'week') return isoOf(dayNumber(start) + 6);
  const d = new Date(`${start}T00:00:00Z`);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
}

interface Expected {
  cohort: string;
  size: number;
  share: (number | null)[];
}
/** The triangle computed from the users above: sizes, active users per period, shares of mature cells. */
function expected(
  grain: Grain,
  periods: number,
  range: { date_start: string; date_end: string },
  users: User[],
): { cohorts: Expected[]; average: (number | null)[] } {
  const starts: string[] = [];
  for (let s = startOf(grain, range.date_start); s <= range.date_end; s = isoOf(dayNumber(lastDayOf(grain, s)) + 1))
    starts.push(s);
  const len = LENGTH[grain];
  const sums = Array.from({ length: periods }, () => 0);
  const sizes = Array.from({ length: periods }, () => 0);
  const cohorts = starts.map((start) => {
    const members = users.filter(
      (u) => startOf(grain, u.install) === start && u.install >= range.date_start && u.install <= range.date_end,
    );
    const lastInstall = [lastDayOf(grain, start), range.date_end].sort()[0]!;
    const share = Array.from({ length: periods }, (_, n) => {
      // mature: every member had the whole period by the last day of data
      const mature = members.length > 0 && dayNumber(lastInstall) + (n + 1) * len - 1 <= dayNumber(DATA_END);
      if (!mature) return null;
      const active = members.filter((u) =>
        [...u.active].some((d) => Math.floor((dayNumber(d) - dayNumber(u.install)) / len) === n),
      ).length;
      sums[n]! += active;
      sizes[n]! += members.length;
      return active / members.length;
    });
    return { cohort: start, size: members.length, share };
  });
  return { cohorts, average: sums.map((s, n) => (sizes[n]! ? s / sizes[n]! : null)) };
}

// ------------------------------------------------------------------------------------------------ server

let analytics: AnalyticsEngine;
let server: TestServer;
let admin: string;
let editor: string;
let viewer: string;

beforeAll(async () => {
  analytics = await openAnalytics({ threads: 1 });
  const BATCH = 250;
  for (let i = 0; i < EVENTS.length; i += BATCH) {
    const batch = EVENTS.slice(i, i + BATCH);
    const values: Record<string, string | number> = {};
    const rows = batch.map((e, j) => {
      Object.assign(values, {
        [`d${j}`]: e.day,
        [`n${j}`]: e.name,
        [`u${j}`]: e.user,
        [`c${j}`]: e.country,
        [`p${j}`]: e.platform,
        [`s${j}`]: e.source,
        [`t${j}`]: i + j,
      });
      return `($app, CAST($d${j} AS DATE), CAST($d${j} AS TIMESTAMP) + to_seconds($t${j} % 80000), $n${j}, $u${j}, $p${j}, $c${j}, $s${j}, 1)`;
    });
    await analytics.store.run(
      `INSERT INTO events (app_id, event_date, event_timestamp, event_name, user_pseudo_id, platform, country, media_source, ga_session_id)
       VALUES ${rows.join(', ')}`,
      { app: APP, ...values },
    );
  }
  ({ server, admin, editor, viewer } = await startQuestionServer(analytics, APP, { start: DATA_START, end: DATA_END }));
}, 120_000);
afterAll(async () => {
  await server?.close();
  await analytics?.close();
});

const runCohorts = (token: string, question: unknown) =>
  call(server.app, token, { method: 'POST', url: `/api/app/${APP}/analyze/cohorts/run`, payload: { question } });

async function answer(question: CohortQuestion): Promise<CohortResult> {
  const res = await runCohorts(viewer, question);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as CohortResult;
  expect(isRight(CohortResult.decode(body))).toBe(true);
  return body;
}

function expectTriangle(got: CohortResult['groups'][number], want: ReturnType<typeof expected>) {
  expect(got.cohorts.map((c) => c.cohort)).toEqual(want.cohorts.map((c) => c.cohort));
  expect(got.cohorts.map((c) => c.size)).toEqual(want.cohorts.map((c) => c.size));
  got.cohorts.forEach((row, i) => {
    const w = want.cohorts[i]!;
    row.share.forEach((cell, n) => {
      if (w.share[n] === null) expect(cell, `${row.cohort} period ${n}`).toBeNull();
      else expect(cell, `${row.cohort} period ${n}`).toBeCloseTo(w.share[n]!, 12);
    });
  });
  got.average.share.forEach((cell, n) => {
    if (want.average[n] === null) expect(cell).toBeNull();
    else expect(cell, `average period ${n}`).toBeCloseTo(want.average[n]!, 12);
  });
  expect(got.average.size).toBe(want.cohorts.reduce((s, c) => s + c.size, 0));
}

describe('cohort numbers match an independent computation over the raw events', () => {
  test('12 weekly cohorts × 12 weeks', async () => {
    const range = { date_start: '2025-03-24', date_end: DATA_END };
    const got = await answer({ grain: 'week', periods: 12, date_range: range });
    expect(got.groups).toHaveLength(1);
    expect(got.groups[0]!.cohorts).toHaveLength(12);
    const want = expected('week', 12, range, USERS);
    expectTriangle(got.groups[0]!, want);
    // a real triangle: the oldest cohort (last install 03-30) has weeks 0–10 (week 11 ends 06-22, after the data),
    // each younger cohort one week less; the youngest (installs up to the last day) has not lived a whole week yet
    const mature = got.groups[0]!.cohorts.map((c) => c.share.filter((s) => s !== null).length);
    expect(mature).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    expect(got.groups[0]!.cohorts[11]!.share).toEqual(Array.from({ length: 12 }, () => null));
    expect(got.groups[0]!.cohorts[11]!.size).toBeGreaterThan(0);
  });

  test('daily cohorts, a date range ending mid-data', async () => {
    const range = { date_start: '2025-05-20', date_end: '2025-06-12' };
    const got = await answer({ grain: 'day', periods: 10, date_range: range });
    expectTriangle(got.groups[0]!, expected('day', 10, range, USERS));
  });

  test('monthly cohorts (30-day periods), the default range of the most recent cohorts', async () => {
    const got = await answer({ grain: 'month', periods: 4 });
    expect(got.date_start).toBe(DATA_START);
    expect(got.data_end).toBe(DATA_END);
    expectTriangle(got.groups[0]!, expected('month', 4, { date_start: DATA_START, date_end: DATA_END }, USERS));
  });

  test('cells not yet mature are empty (null), not 0', async () => {
    const got = await answer({
      grain: 'day',
      periods: 7,
      date_range: { date_start: '2025-06-10', date_end: DATA_END },
    });
    const last = got.groups[0]!.cohorts.at(-1)!; // installed on the last day of data
    expect(last.cohort).toBe(DATA_END);
    expect(last.share.slice(1)).toEqual(Array.from({ length: 6 }, () => null));
    expect(last.active.slice(1)).toEqual(Array.from({ length: 6 }, () => null));
  });

  test('a split by country: one triangle per value (the largest ten), the rest summed into Other', async () => {
    const range = { date_start: '2025-04-07', date_end: '2025-06-01' };
    const got = await answer({ grain: 'week', periods: 6, date_range: range, split: 'country' });
    const inRange = USERS.filter((u) => u.install >= range.date_start && u.install <= range.date_end);
    const byCountry = COUNTRIES.map((c) => ({ c, n: inRange.filter((u) => u.country === c).length }))
      .filter((x) => x.n > 0)
      .sort((a, b) => b.n - a.n || a.c.localeCompare(b.c));
    const top = byCountry.slice(0, 10).map((x) => x.c);
    expect(got.groups.filter((g) => !g.other).map((g) => g.split_value)).toEqual(top);
    for (const g of got.groups) {
      const members = g.other
        ? inRange.filter((u) => !top.includes(u.country))
        : inRange.filter((u) => u.country === g.split_value);
      expectTriangle(g, expected('week', 6, range, members));
    }
    expect(got.groups.at(-1)!.other).toBe(byCountry.length > 10);
  });

  test('conditions select the cohorts’ users (as the report builder’s conditions do)', async () => {
    const range = { date_start: '2025-03-31', date_end: '2025-05-25' };
    const got = await answer({
      grain: 'week',
      periods: 8,
      date_range: range,
      split: 'media_source',
      where: [
        { label: 'platform', comparison: 'equals', value: 'IOS', checked: true, data_type: 'STRING' },
        { label: 'country', comparison: 'is_one_of', value: 'US,DE,BR', checked: true, data_type: 'STRING' },
      ],
    });
    const members = USERS.filter((u) => u.platform === 'IOS' && ['US', 'DE', 'BR'].includes(u.country));
    for (const g of got.groups)
      expectTriangle(
        g,
        expected(
          'week',
          8,
          range,
          members.filter((u) => u.source === g.split_value),
        ),
      );
    expect(got.groups.map((g) => g.split_value).sort((a, b) => a!.localeCompare(b!))).toEqual(
      [...SOURCES].sort((a, b) => a.localeCompare(b)),
    );
  });

  test('a hostile condition value is bound: it matches nothing and changes no SQL', async () => {
    const question = (value: string): CohortQuestion => ({
      grain: 'week',
      periods: 4,
      where: [{ label: 'country', comparison: 'equals', value, checked: true, data_type: 'STRING' }],
    });
    const hostile = await answer(question("US' OR '1'='1"));
    const plain = await answer(question('US'));
    expect(hostile.groups[0]!.average.size).toBe(0);
    expect(hostile.compiled.sql).toBe(plain.compiled.sql);
    expect(hostile.compiled.sql).not.toContain("'1'='1");
  });
});

describe('bad input answers 400 in words, never 500', () => {
  const bad = async (question: unknown, message: string | RegExp) => {
    const res = await runCohorts(viewer, question);
    expect(res.statusCode, res.body).toBe(400);
    expect((res.json() as { message: string }).message).toMatch(message);
  };

  test('too many cohorts', () =>
    bad(
      { grain: 'day', periods: 7, date_range: { date_start: '2025-03-03', date_end: '2025-05-01' } },
      'A cohort table holds at most 52 cohorts: shorten the date range or choose a coarser grain.',
    ));
  test('too many periods', () => bad({ grain: 'week', periods: 53 }, /periods must be .*52/));
  test('a split by a dimension outside the catalogue’s choice', () =>
    bad(
      { grain: 'week', periods: 4, split: 'device_category' },
      'split must be one of country, platform, media_source, app_version',
    ));
  test('an unknown grain', () => bad({ grain: 'year', periods: 4 }, 'grain must be one of day, week, month'));
  test('an unknown condition column', () =>
    bad(
      {
        grain: 'week',
        periods: 4,
        where: [{ label: 'nope', comparison: 'equals', value: 'x', checked: true, data_type: 'STRING' }],
      },
      "Unknown column 'nope' in data model 'daily_metrics'.",
    ));
  test('too many conditions', () =>
    bad(
      {
        grain: 'week',
        periods: 4,
        where: Array.from({ length: 21 }, () => ({
          label: 'country',
          comparison: 'equals',
          value: 'US',
          checked: true,
          data_type: 'STRING',
        })),
      },
      'where must have at most 20 items',
    ));
  test('a table the engine cannot hold in memory: 400 in words; one over the time limit: 504 in words', async () => {
    vi.spyOn(analytics.duckdb, 'rows').mockRejectedValueOnce(
      new Error('Out of Memory Error: failed to allocate data of size 64.0 MiB (512.0 MiB/512.0 MiB used)'),
    );
    await bad(
      { grain: 'week', periods: 12, split: 'app_version' },
      'This cohort table needs more memory than the analytics engine allows: shorten the install dates, choose fewer periods or remove the split.',
    );
    vi.spyOn(analytics.duckdb, 'rows').mockRejectedValueOnce(new QueryTimeoutError(10_000));
    const res = await runCohorts(viewer, { grain: 'week', periods: 12 });
    expect(res.statusCode).toBe(504);
    expect((res.json() as { message: string }).message).toMatch(/took longer than/);
    // the server keeps serving
    expect((await runCohorts(viewer, { grain: 'week', periods: 4 })).statusCode).toBe(200);
  });
  test('a date range outside the data', () =>
    bad(
      { grain: 'week', periods: 4, date_range: { date_start: '2024-01-01', date_end: '2024-02-01' } },
      /outside the data available/,
    ));
});

describe('saved cohorts', () => {
  const question: CohortQuestion = { grain: 'week', periods: 8, split: 'platform' };

  test('an editor saves, everyone lists and opens, a viewer cannot save or delete; reports do not list them', () =>
    checkSavedQuestionLifecycle({
      server,
      appId: APP,
      path: 'cohorts',
      key: 'cohort',
      tokens: { admin, editor, viewer },
      title: 'Weekly by platform',
      question,
      edited: { ...question, periods: 4 },
      editedMatch: { periods: 4 },
      otherLists: ['funnels'],
    }));

  test('a question that would not run is not saved; a long title is refused in words', () =>
    checkSaveRefusals({
      server,
      appId: APP,
      path: 'cohorts',
      editor,
      question,
      unrunnable: { grain: 'day', periods: 7, date_range: { date_start: '2025-03-03', date_end: '2025-06-01' } },
    }));
});
