/**
 * Funnels through the API (docs/analyze.md §Funnels): per step counts, conversions, drop-off and median times
 * against an independent computation over the raw events of a generated set (plain TypeScript over the events
 * inserted here, never the SQL under test), in this order and in any order, the window's edge, step conditions, the
 * split (top ten + Other), the drop-off's player ids; the PostgreSQL dialect (players and steps) on the server tier's database; bad input
 * (400 in words), a question too large (422 in words), hostile step names, parameters and dimensions refused or
 * bound; the drop-off CSV formula-safe; saving / listing / opening / deleting by role.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { isRight } from 'fp-ts/Either';
import { CompiledQuery, sql } from 'kysely';
import { FunnelResult, type FunnelGroup, type FunnelQuestion } from '../../src/contracts/funnels';
import type { Condition } from '../../src/contracts/analyze';
import { openAnalytics, type AnalyticsEngine } from '../../server/analytics/index';
import {
  compileFunnel,
  funnelFromGroups,
  funnelPlayers,
  renderFunnel,
  renderFunnelSteps,
} from '../../server/analytics/funnels';
import { postgresIn } from '../../server/analytics/sql';
import { funnelLimits } from '../../server/areas/analyze/funnels';
import { dropoffCsv } from '../../src/lib/funnel-csv';
import { DEMO_APP_IDS } from '../../server/demo/seed';
import { call, type TestServer } from './helpers';
import { checkSavedQuestionLifecycle, checkSaveRefusals, startQuestionServer } from './saved-questions.helpers';
import { mulberry32 } from '../../server/analytics/generator';

const APP = DEMO_APP_IDS.dragonMergeAndroid;
const DATA_START = '2025-05-01';
const DATA_END = '2025-06-30';
const COUNTRIES = ['US', 'DE', 'BR', 'JP', 'KR', 'FR', 'GB', 'IN', 'MX', 'CA', 'ES', 'IT', 'TR'];
const PLATFORMS = ['ANDROID', 'IOS'];
const NAMES = ['first_open', 'tutorial_begin', 'level_start', 'level_end', 'ad_impression', 'in_app_purchase'];

// ------------------------------------------------------------------------------------------------ the generated set

const DAY_MS = 86_400_000;
const MIN_MS = 60_000;
const ms = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);
const stamp = (t: number) => new Date(t).toISOString().replace('T', ' ').replace('Z', '');

interface RawEvent {
  user: string;
  t: number;
  name: string;
  country: string;
  platform: string;
  app_version: string;
  success: boolean | null;
  level: number | null;
}

const random = mulberry32(20250630);
const EVENTS: RawEvent[] = [];
const push = (user: string, country: string, platform: string, t: number, name: string, more: Partial<RawEvent> = {}) =>
  EVENTS.push({
    user,
    t,
    name,
    country,
    platform,
    // the version changes on 06-01: a player's split value is read on their entering event
    app_version: dayOf(t) < '2025-06-01' ? '1.0' : '1.1',
    success: null,
    level: null,
    ...more,
  });
for (let i = 0; i < 600; i++) {
  const user = `p${String(i).padStart(3, '0')}`;
  const country = COUNTRIES[Math.floor(random() * random() * COUNTRIES.length)]!;
  const platform = PLATFORMS[random() < 0.4 ? 1 : 0]!;
  let t = ms(DATA_START) + Math.floor((random() * 60 * DAY_MS) / 1000) * 1000;
  const events = 3 + Math.floor(random() * 25);
  for (let e = 0; e < events && t <= ms(DATA_END) + DAY_MS - 1000; e++) {
    const name = NAMES[Math.floor(random() * NAMES.length)]!;
    const more =
      name === 'level_end'
        ? { success: random() < 0.6, level: 1 + Math.floor(random() * 8) }
        : name === 'level_start'
          ? { level: 1 + Math.floor(random() * 8) }
          : {};
    push(user, country, platform, t, name, more);
    // gaps from a few seconds to a few days, so windows of minutes to days all matter
    const gap = random() < 0.5 ? random() * 30 * MIN_MS : random() < 0.7 ? random() * DAY_MS : random() * 4 * DAY_MS;
    t += Math.max(1000, Math.floor(gap / 1000) * 1000);
  }
}
// The window's edge: step 2 exactly one window (60 min) after step 1, and one second later than that.
const EDGE = ms('2025-06-10') + 8 * 3_600_000;
push('edge_in', 'US', 'ANDROID', EDGE, 'tutorial_begin');
push('edge_in', 'US', 'ANDROID', EDGE + 60 * MIN_MS, 'level_start', { level: 1 });
push('edge_out', 'US', 'ANDROID', EDGE, 'tutorial_begin');
push('edge_out', 'US', 'ANDROID', EDGE + 60 * MIN_MS + 1000, 'level_start', { level: 1 });
// Out of order: step 2 before step 1 (reaches step 2 only in any order).
push('backwards', 'DE', 'IOS', EDGE, 'level_start', { level: 2 });
push('backwards', 'DE', 'IOS', EDGE + 5 * MIN_MS, 'tutorial_begin');
// A formula in a player id (the drop-off CSV neutralises it).
push('=HYPERLINK("x")', 'US', 'ANDROID', EDGE, 'tutorial_begin');

// ------------------------------------------------------------------------------------------------ expected answers

type Step = { name: string; where?: (e: RawEvent) => boolean };
interface Ask {
  steps: Step[];
  windowMin: number;
  order: 'strict' | 'any';
  start: string;
  end: string;
  split?: 'country' | 'platform' | 'app_version';
}
interface Player {
  id: string;
  split: string | null;
  at: (number | null)[];
}

/** Each player's step times by the definitions of docs/analyze.md §Funnels, by brute force over their events. */
function expectedPlayers(ask: Ask): Player[] {
  const byUser = new Map<string, RawEvent[]>();
  for (const e of EVENTS) byUser.set(e.user, [...(byUser.get(e.user) ?? []), e]);
  const w = ask.windowMin * MIN_MS;
  const lastDayEnd = ms(ask.end) + DAY_MS + Math.ceil(ask.windowMin / 1440) * DAY_MS;
  const matches = (e: RawEvent, s: Step) => e.name === s.name && (!s.where || s.where(e));
  const out: Player[] = [];
  for (const [id, all] of byUser) {
    const events = [...all].sort((a, b) => a.t - b.t);
    const inDates = (e: RawEvent) => e.t >= ms(ask.start) && e.t < ms(ask.end) + DAY_MS;
    const entry = events.find((e) => inDates(e) && matches(e, ask.steps[0]!));
    if (!entry) continue;
    const split = ask.split ? entry[ask.split] : null;
    const at: (number | null)[] = [entry.t];
    if (ask.order === 'strict') {
      for (let k = 1; k < ask.steps.length; k++) {
        const prev = at[k - 1];
        const next =
          prev === null || prev === undefined
            ? undefined
            : events.find((e) => e.t > prev && e.t <= entry.t + w && matches(e, ask.steps[k]!));
        at.push(next ? next.t : null);
      }
    } else {
      const firsts = ask.steps.map(
        (s) => events.find((e) => e.t >= ms(ask.start) && e.t < lastDayEnd && matches(e, s))?.t ?? null,
      );
      for (let k = 1; k < ask.steps.length; k++) {
        const prefix = firsts.slice(0, k + 1);
        const ok = at[k - 1] !== null && prefix.every((x) => x !== null);
        const span = ok ? Math.max(...(prefix as number[])) - Math.min(...(prefix as number[])) : Infinity;
        at.push(ok && span <= w ? Math.max(...(prefix as number[])) : null);
      }
      // the entry is the player's first step-1 event in the dates plus the window: within the dates
      at[0] = firsts[0]!;
    }
    out.push({ id, split, at });
  }
  return out;
}
function mid(values: number[]): number | null {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}
function expectSteps(got: FunnelGroup, players: Player[], ask: Ask) {
  const counts = ask.steps.map((_, k) => players.filter((p) => p.at[k] !== null).length);
  expect(got.steps.map((s) => s.players)).toEqual(counts);
  got.steps.forEach((s, k) => {
    expect(s.event_name).toBe(ask.steps[k]!.name);
    expect(s.from_first).toBeCloseTo(counts[k]! / counts[0]!, 12);
    if (k === 0) {
      expect(s.from_previous).toBeNull();
      expect(s.dropped).toBe(0);
      expect(s.median_seconds).toBeNull();
    } else {
      if (counts[k - 1]) expect(s.from_previous).toBeCloseTo(counts[k]! / counts[k - 1]!, 12);
      expect(s.dropped).toBe(counts[k - 1]! - counts[k]!);
      const deltas = players.filter((p) => p.at[k] !== null).map((p) => (p.at[k]! - p.at[k - 1]!) / 1000);
      expect(s.median_seconds, `median of step ${k + 1}`).toBe(mid(deltas));
    }
  });
}

const toQuestion = (ask: Ask, where: (Condition[] | undefined)[] = []): FunnelQuestion => ({
  steps: ask.steps.map((s, k) => ({ event_name: s.name, ...(where[k] ? { where: where[k] } : {}) })),
  window: { value: ask.windowMin, unit: 'minute' },
  order: ask.order,
  date_range: { date_start: ask.start, date_end: ask.end },
  ...(ask.split ? { split: ask.split } : {}),
});

// ------------------------------------------------------------------------------------------------ server

let analytics: AnalyticsEngine;
let server: TestServer;
let admin: string;
let editor: string;
let viewer: string;

beforeAll(async () => {
  analytics = await openAnalytics({ threads: 1 });
  const BATCH = 200;
  for (let i = 0; i < EVENTS.length; i += BATCH) {
    const values: Record<string, string | number | boolean | null> = {};
    const rows = EVENTS.slice(i, i + BATCH).map((e, j) => {
      Object.assign(values, {
        [`d${j}`]: dayOf(e.t),
        [`t${j}`]: stamp(e.t),
        [`n${j}`]: e.name,
        [`u${j}`]: e.user,
        [`c${j}`]: e.country,
        [`p${j}`]: e.platform,
        [`v${j}`]: e.app_version,
        [`s${j}`]: e.success === null ? 'null' : String(e.success),
        [`l${j}`]: e.level ?? -1,
      });
      return `($app, CAST($d${j} AS DATE), CAST($t${j} AS TIMESTAMP), $n${j}, $u${j}, $p${j}, $c${j}, 'organic', $v${j},
        CASE WHEN $s${j} = 'null' THEN NULL ELSE CAST($s${j} AS BOOLEAN) END, CASE WHEN $l${j} < 0 THEN NULL ELSE CAST($l${j} AS INTEGER) END, 1)`;
    });
    await analytics.store.run(
      `INSERT INTO events (app_id, event_date, event_timestamp, event_name, user_pseudo_id, platform, country, media_source,
         app_version, success, level, ga_session_id) VALUES ${rows.join(', ')}`,
      { app: APP, ...(values as Record<string, string | number>) },
    );
  }
  ({ server, admin, editor, viewer } = await startQuestionServer(analytics, APP, { start: DATA_START, end: DATA_END }));
}, 120_000);
afterAll(async () => {
  await server?.close();
  await analytics?.close();
});
afterEach(() => {
  delete funnelLimits.maxRows;
  vi.restoreAllMocks();
});

const post = (token: string, path: string, payload: Record<string, unknown>) =>
  call(server.app, token, { method: 'POST', url: `/api/app/${APP}/analyze/funnels${path}`, payload });

async function answer(question: FunnelQuestion): Promise<FunnelResult> {
  const res = await post(viewer, '/run', { question });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as FunnelResult;
  expect(isRight(FunnelResult.decode(body))).toBe(true);
  return body;
}
async function dropped(question: FunnelQuestion, step: number, group: Record<string, unknown> = {}) {
  const res = await post(viewer, '/dropoff', { question, step, ...group });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { count: number; user_ids: string[]; truncated: boolean };
}

const FOUR: Ask = {
  steps: [{ name: 'tutorial_begin' }, { name: 'level_start' }, { name: 'level_end' }, { name: 'ad_impression' }],
  windowMin: 2 * 1440,
  order: 'strict',
  start: '2025-05-10',
  end: '2025-06-20',
};

describe('funnel numbers match an independent computation over the raw events', () => {
  test('four steps in this order, a two-day window', async () => {
    const got = await answer(toQuestion(FOUR));
    const players = expectedPlayers(FOUR);
    expect(got.total.steps[0]!.players).toBeGreaterThan(100);
    expect(got.total.steps[3]!.players).toBeGreaterThan(0);
    expectSteps(got.total, players, FOUR);
    expect(got.groups).toEqual([]);
  });

  test('the same steps in any order differ, and match their own definition', async () => {
    const ask: Ask = { ...FOUR, order: 'any' };
    const got = await answer(toQuestion(ask));
    expectSteps(got.total, expectedPlayers(ask), ask);
    const strict = await answer(toQuestion(FOUR));
    expect(got.total.steps[1]!.players).toBeGreaterThan(strict.total.steps[1]!.players);
  });

  test('the window’s edge: a step exactly one window after the entry counts, one second later does not', async () => {
    const ask: Ask = { ...FOUR, steps: FOUR.steps.slice(0, 2), windowMin: 60, start: '2025-06-10', end: '2025-06-10' };
    const got = await answer(toQuestion(ask));
    expectSteps(got.total, expectedPlayers(ask), ask);
    const out = await dropped(toQuestion(ask), 2);
    expect(out.user_ids).toContain('edge_out');
    expect(out.user_ids).not.toContain('edge_in');
    expect(out.user_ids).toContain('backwards');
    // in any order, the player who did step 2 first reaches it
    const any = await dropped(toQuestion({ ...ask, order: 'any' }), 2);
    expect(any.user_ids).not.toContain('backwards');
    expect(any.user_ids).toContain('edge_out');
  });

  test('short windows in minutes and long ones in days, both orders', async () => {
    for (const windowMin of [30, 7 * 1440])
      for (const order of ['strict', 'any'] as const) {
        const ask: Ask = {
          ...FOUR,
          steps: [{ name: 'level_start' }, { name: 'level_end' }, { name: 'level_start' }],
          windowMin,
          order,
        };
        expectSteps((await answer(toQuestion(ask))).total, expectedPlayers(ask), ask);
      }
  });

  test('step conditions (level_end where success is true and level ≥ 3) select the step’s events', async () => {
    const ask: Ask = {
      ...FOUR,
      steps: [
        { name: 'level_start' },
        { name: 'level_end', where: (e) => e.success === true && (e.level ?? 0) >= 3 },
        { name: 'in_app_purchase' },
      ],
    };
    const where: Condition[] = [
      { label: 'success', comparison: 'is_true', checked: true, data_type: 'BOOL' },
      { label: 'level', comparison: 'greater_than_or_equal', value: '3', checked: true, data_type: 'INTEGER' },
    ];
    const got = await answer(toQuestion(ask, [undefined, where]));
    expectSteps(got.total, expectedPlayers(ask), ask);
    const plain = await answer(toQuestion({ ...ask, steps: [ask.steps[0]!, { name: 'level_end' }, ask.steps[2]!] }));
    expect(got.total.steps[1]!.players).toBeLessThan(plain.total.steps[1]!.players);
  });

  test('a split by country: the ten largest values by entering players, the rest summed into Other', async () => {
    const ask: Ask = { ...FOUR, split: 'country' };
    const got = await answer(toQuestion(ask));
    const players = expectedPlayers(ask);
    const sizes = new Map<string, number>();
    for (const p of players) sizes.set(p.split!, (sizes.get(p.split!) ?? 0) + 1);
    const order = [...sizes.keys()].sort((a, b) => sizes.get(b)! - sizes.get(a)! || a.localeCompare(b));
    const top = order.slice(0, 10);
    expect(got.groups.filter((g) => !g.other).map((g) => g.split_value)).toEqual(top);
    expect(got.groups.at(-1)!.other).toBe(order.length > 10);
    for (const g of got.groups)
      expectSteps(
        g,
        players.filter((p) => (g.other ? !top.includes(p.split!) : p.split === g.split_value)),
        ask,
      );
    expectSteps(got.total, players, ask);
  });

  test('a split by app version reads the value on the entering event', async () => {
    const ask: Ask = { ...FOUR, order: 'any', split: 'app_version' };
    const got = await answer(toQuestion(ask));
    const players = expectedPlayers(ask);
    expect(got.groups.map((g) => g.split_value ?? '').sort((a, b) => a.localeCompare(b))).toEqual(['1.0', '1.1']);
    for (const g of got.groups)
      expectSteps(
        g,
        players.filter((p) => p.split === g.split_value),
        ask,
      );
  });

  test('the drop-off at a step lists exactly the players who reached the one before and not it', async () => {
    for (const ask of [FOUR, { ...FOUR, order: 'any' as const }]) {
      const players = expectedPlayers(ask);
      for (const step of [2, 3, 4]) {
        const want = players
          .filter((p) => p.at[step - 2] !== null && p.at[step - 1] === null)
          .map((p) => p.id)
          .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        const got = await dropped(toQuestion(ask), step);
        expect(got).toEqual({ count: want.length, user_ids: want, truncated: false });
      }
    }
    // of one split value
    const ask: Ask = { ...FOUR, split: 'platform' };
    const want = expectedPlayers(ask)
      .filter((p) => p.split === 'IOS' && p.at[0] !== null && p.at[1] === null)
      .map((p) => p.id)
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect((await dropped(toQuestion(ask), 2, { split_value: 'IOS' })).user_ids).toEqual(want);
  });

  test('the drop-off CSV is formula-safe', async () => {
    const ask: Ask = { ...FOUR, steps: FOUR.steps.slice(0, 2), windowMin: 60, start: '2025-06-10', end: '2025-06-10' };
    const out = await dropped(toQuestion(ask), 2);
    expect(out.user_ids).toContain('=HYPERLINK("x")');
    const csv = dropoffCsv(out.user_ids);
    expect(csv.startsWith('\uFEFFuser_pseudo_id\r\n')).toBe(true);
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csv).not.toMatch(/(^|\n)"?=/);
  });

  test('the PostgreSQL dialect gives the same players on the server tier’s database', async () => {
    const S = 'funnel_dialect_test';
    await sql.raw(`CREATE SCHEMA IF NOT EXISTS ${S}`).execute(server.db);
    await sql
      .raw(
        `CREATE TABLE ${S}.events (app_id text, event_date date, event_timestamp timestamp, event_name text,
         user_pseudo_id text, platform text, country text, app_version text, media_source text, success boolean, level integer)`,
      )
      .execute(server.db);
    for (let i = 0; i < EVENTS.length; i += 500) {
      const chunk = EVENTS.slice(i, i + 500);
      await sql`INSERT INTO ${sql.table(`${S}.events`)} (app_id, event_date, event_timestamp, event_name, user_pseudo_id,
        platform, country, app_version, media_source, success, level) VALUES ${sql.join(
          chunk.map(
            (e) =>
              sql`(${APP}, ${dayOf(e.t)}::date, ${stamp(e.t)}::timestamp, ${e.name}, ${e.user}, ${e.platform}, ${e.country}, ${e.app_version}, 'organic', ${e.success}, ${e.level})`,
          ),
        )}`.execute(server.db);
    }
    await sql.raw(`CREATE INDEX ON ${S}.events (user_pseudo_id, event_timestamp)`).execute(server.db);
    await sql.raw(`ANALYZE ${S}.events`).execute(server.db);
    for (const ask of [
      { ...FOUR, split: 'country' as const },
      { ...FOUR, order: 'any' as const, split: 'app_version' as const },
    ]) {
      const where: (Condition[] | undefined)[] = [
        undefined,
        undefined,
        [{ label: 'success', comparison: 'is_true', checked: true, data_type: 'BOOL' }],
      ];
      const expectedAsk: Ask = {
        ...ask,
        steps: ask.steps.map((s, k) => (k === 2 ? { ...s, where: (e: RawEvent) => e.success === true } : s)),
      };
      const compiled = compileFunnel({
        appId: APP,
        question: toQuestion(ask, where),
        available: { start: DATA_START, end: DATA_END },
        today: DATA_END,
      });
      const rendered = renderFunnel(compiled, postgresIn(S));
      const { rows } = await server.db.executeQuery<Record<string, unknown>>(
        CompiledQuery.raw(
          rendered.sql,
          rendered.order.map((name) => rendered.params[name]),
        ),
      );
      const got = funnelPlayers(compiled, rows as never)
        .map((p) => ({ id: p.id, split: p.split, at: p.reached.map((t) => (t === null ? null : t / 1000)) }))
        .sort((a, b) => (a.id < b.id ? -1 : 1));
      const want = expectedPlayers(expectedAsk).sort((a, b) => (a.id < b.id ? -1 : 1));
      expect(got).toEqual(want);
      // The answer computed in the engine (renderFunnelSteps): the independent steps, and DuckDB's groups.
      const steps = renderFunnelSteps(compiled, postgresIn(S));
      const { rows: groupRows } = await server.db.executeQuery<Record<string, unknown>>(
        CompiledQuery.raw(
          steps.sql,
          steps.order.map((name) => steps.params[name]),
        ),
      );
      const fromPostgres = funnelFromGroups(compiled, groupRows as never);
      expectSteps(fromPostgres.total, want, expectedAsk);
      const fromDuckDb = await answer(toQuestion(ask, where));
      expect(fromPostgres).toEqual({ total: fromDuckDb.total, groups: fromDuckDb.groups });
    }
  }, 120_000);
});

describe('bad input answers 400 in words, never 500', () => {
  const base = toQuestion(FOUR);
  const bad = async (question: unknown, message: string | RegExp) => {
    const res = await post(viewer, '/run', { question });
    expect(res.statusCode, res.body).toBe(400);
    expect((res.json() as { message: string }).message).toMatch(message);
  };

  test('one step, eleven steps', async () => {
    await bad({ ...base, steps: base.steps.slice(0, 1) }, /steps must have at least 2 items/);
    await bad({ ...base, steps: Array.from({ length: 11 }, () => base.steps[0]) }, /steps must have at most 10 items/);
  });
  test('a window over 90 days, of 0, or of an unknown unit', async () => {
    await bad({ ...base, window: { value: 91, unit: 'day' } }, /window must be at most 90 days/);
    await bad({ ...base, window: { value: 0, unit: 'minute' } }, /window\.value/);
    await bad({ ...base, window: { value: 3, unit: 'week' } }, /unit must be one of minute, hour, day/);
  });
  test('an unknown order, a split outside the allow-list', async () => {
    await bad({ ...base, order: 'sequential' }, /order must be one of strict, any/);
    await bad(
      { ...base, split: 'device_category' },
      'split must be one of country, platform, media_source, app_version',
    );
    await bad({ ...base, split: 'country; DROP TABLE events' }, /split must be one of/);
  });
  test('dates outside the data, reversed, or too long', async () => {
    await bad({ ...base, date_range: { date_start: '2024-01-01', date_end: '2024-02-01' } }, /outside the data/);
    await bad(
      { ...base, date_range: { date_start: '2025-06-02', date_end: '2025-06-01' } },
      'The start date must not be after the end date.',
    );
  });
  test('SQL in a step name, a condition column or a dimension is refused; in a value it is bound', async () => {
    await bad({ ...base, steps: [{ event_name: "level_end' OR '1'='1" }, base.steps[1]] }, /must be an event name/);
    await bad(
      {
        ...base,
        steps: [
          {
            event_name: 'level_end',
            where: [
              {
                label: 'level"; DROP TABLE events; --',
                comparison: 'equals',
                value: '1',
                checked: true,
                data_type: 'STRING',
              },
            ],
          },
          base.steps[1],
        ],
      },
      /Unknown column/,
    );
    const withValue = (value: string): FunnelQuestion => ({
      ...base,
      steps: [
        { event_name: 'level_start' },
        {
          event_name: 'level_end',
          where: [{ label: 'level_name', comparison: 'equals', value, checked: true, data_type: 'STRING' }],
        },
      ],
    });
    const hostile = await answer(withValue("x' OR '1'='1"));
    const plain = await answer(withValue('x'));
    expect(hostile.compiled.sql).toBe(plain.compiled.sql);
    expect(hostile.total.steps[1]!.players).toBe(0);
  });
  test('a drop-off step beyond the funnel', async () => {
    const res = await post(viewer, '/dropoff', { question: base, step: 5 });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { message: string }).message).toBe('step must be between 2 and 4');
  });
});

describe('answered from the result cache until the events change (docs/analyze.md §Result cache)', () => {
  test('a repeated run is served from the cache; a new player counts on the next run; nothing else changes', async () => {
    const question = toQuestion(FOUR);
    const first = await answer(question);
    const cache = analytics.store.cache!;
    const hits = cache.hits;
    expect(await answer(question)).toEqual(first);
    expect(cache.hits).toBeGreaterThan(hits);
    // One more player doing every step a minute apart within the entry dates: the next run counts them at every step.
    const day = '2025-06-15';
    const t0 = ms(day) + 3_600_000;
    const inserts = question.steps.map((step, k) => {
      const more = step.where?.length ? ', success, level' : '';
      const values = step.where?.length ? ', true, 1' : '';
      return `INSERT INTO events (app_id, event_date, event_timestamp, event_name, user_pseudo_id, platform, country,
        media_source, app_version, ga_session_id${more}) VALUES ($app, CAST($day AS DATE), CAST('${stamp(t0 + k * MIN_MS)}' AS TIMESTAMP),
        '${step.event_name}', 'cache-probe', 'ANDROID', 'US', 'organic', '1.1', 1${values})`;
    });
    try {
      for (const insert of inserts) await analytics.store.run(insert, { app: APP, day });
      const after = await answer(question);
      expect(after.total.steps.map((s) => s.players)).toEqual(first.total.steps.map((s) => s.players + 1));
    } finally {
      await analytics.store.run(`DELETE FROM events WHERE user_pseudo_id = 'cache-probe'`);
    }
    expect(await answer(question)).toEqual(first);
  });
});

describe('a question too large answers 422 in words, never 500', () => {
  const MESSAGE = 'This funnel spans too many events; shorten the date range.';
  test('more entering players than a funnel holds', async () => {
    funnelLimits.maxRows = 10;
    for (const path of ['/run', '/dropoff']) {
      const res = await post(viewer, path, { question: toQuestion(FOUR), step: 2 });
      expect(res.statusCode, res.body).toBe(422);
      expect((res.json() as { message: string }).message).toBe(MESSAGE);
    }
  });
  test('the engine out of memory', async () => {
    vi.spyOn(analytics.duckdb, 'rows').mockRejectedValueOnce(
      new Error('Out of Memory Error: failed to allocate data of size 64.0 MiB (512.0 MiB/512.0 MiB used)'),
    );
    const res = await post(viewer, '/run', { question: toQuestion(FOUR) });
    expect(res.statusCode).toBe(422);
    expect((res.json() as { message: string }).message).toBe(MESSAGE);
    expect((await post(viewer, '/run', { question: toQuestion(FOUR) })).statusCode).toBe(200);
  });
});

describe('event names and saved funnels', () => {
  test('the step picker lists the app’s event names', async () => {
    const res = await call(server.app, viewer, { method: 'GET', url: `/api/app/${APP}/analyze/funnels/events` });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { event_names: string[] }).event_names).toEqual([...NAMES].sort());
  });

  test('an editor saves, everyone lists and opens, a viewer cannot save or delete; reports do not list them', () => {
    const question = toQuestion({ ...FOUR, split: 'platform' });
    return checkSavedQuestionLifecycle({
      server,
      appId: APP,
      path: 'funnels',
      key: 'funnel',
      tokens: { admin, editor, viewer },
      title: 'Tutorial to ads',
      question,
      edited: { ...question, order: 'any' },
      editedMatch: { order: 'any' },
      otherLists: ['cohorts'],
    });
  });

  test('a question that would not run is not saved; a long title is refused in words', () =>
    checkSaveRefusals({
      server,
      appId: APP,
      path: 'funnels',
      editor,
      question: toQuestion(FOUR),
      unrunnable: { ...toQuestion(FOUR), date_range: { date_start: '2024-01-01', date_end: '2024-01-31' } },
    }));
});
