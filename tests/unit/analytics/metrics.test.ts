/**
 * The curated metrics compute what docs/domain.md defines, checked by hand on a tiny event log: install day (first
 * first_open, else first seen), DAU without app_remove, new users, retention as Σ retained ÷ Σ cohort over cohorts old
 * enough (not an average of percentages), minutes per day/session, ads, eCPM, conversion, completion rates.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { compileReport } from '../../../server/analytics/compiler';
import { openAnalytics, type AnalyticsEngine } from '../../../server/analytics/index';
import { report } from './support';

let engine: AnalyticsEngine;

interface Ev {
  user: string;
  day: string;
  name: string;
  session?: number;
  ms?: number;
  format?: string;
  value?: number;
  usd?: number;
  success?: boolean;
  country?: string;
}

// Data: 2025-01-01 … 2025-01-10.
const EVENTS: Ev[] = [
  // A: installs 01-01; active 01-02 (D1), 01-08 (D7), 01-09 (D8).
  { user: 'A', day: '2025-01-01', name: 'first_open', session: 1 },
  { user: 'A', day: '2025-01-01', name: 'session_start', session: 1 },
  { user: 'A', day: '2025-01-01', name: 'user_engagement', session: 1, ms: 120_000 },
  { user: 'A', day: '2025-01-01', name: 'session_start', session: 2 },
  { user: 'A', day: '2025-01-01', name: 'user_engagement', session: 2, ms: 60_000 },
  { user: 'A', day: '2025-01-01', name: 'level_start', session: 1 },
  { user: 'A', day: '2025-01-01', name: 'level_end', session: 1, success: true },
  { user: 'A', day: '2025-01-01', name: 'level_start', session: 2 },
  { user: 'A', day: '2025-01-01', name: 'level_end', session: 2, success: false },
  { user: 'A', day: '2025-01-01', name: 'ad_impression', session: 1, format: 'rewarded', value: 0.01 },
  { user: 'A', day: '2025-01-01', name: 'ad_impression', session: 2, format: 'interstitial', value: 0.02 },
  { user: 'A', day: '2025-01-01', name: 'ad_reward', session: 1, format: 'rewarded' },
  { user: 'A', day: '2025-01-02', name: 'session_start', session: 3 },
  { user: 'A', day: '2025-01-08', name: 'session_start', session: 4 },
  { user: 'A', day: '2025-01-09', name: 'session_start', session: 5 },
  // B: installs 01-01; active 01-03 (D2) only; buys on 01-01.
  { user: 'B', day: '2025-01-01', name: 'first_open', session: 10, country: 'DE' },
  { user: 'B', day: '2025-01-01', name: 'session_start', session: 10, country: 'DE' },
  { user: 'B', day: '2025-01-01', name: 'user_engagement', session: 10, ms: 180_000, country: 'DE' },
  { user: 'B', day: '2025-01-01', name: 'in_app_purchase', session: 10, usd: 4.99, country: 'DE' },
  { user: 'B', day: '2025-01-03', name: 'session_start', session: 11, country: 'DE' },
  // C: installs 01-02; active 01-03 (D1).
  { user: 'C', day: '2025-01-02', name: 'first_open', session: 20 },
  { user: 'C', day: '2025-01-02', name: 'tutorial_begin', session: 20 },
  { user: 'C', day: '2025-01-03', name: 'session_start', session: 21 },
  // D: no first_open, first seen 01-02; on 01-03 only app_remove (not active).
  { user: 'D', day: '2025-01-02', name: 'session_start', session: 30 },
  { user: 'D', day: '2025-01-03', name: 'app_remove' },
  // F: installs 01-02; active 01-03 (D1).
  { user: 'F', day: '2025-01-02', name: 'first_open', session: 40 },
  { user: 'F', day: '2025-01-03', name: 'session_start', session: 41 },
  // E: installs on the last day: too young for any retention.
  { user: 'E', day: '2025-01-10', name: 'first_open' }, // no session id: 0 sessions
];

beforeAll(async () => {
  engine = await openAnalytics({ threads: 1 });
  for (const [i, e] of EVENTS.entries()) {
    await engine.store.run(
      `INSERT INTO events (app_id, event_date, event_timestamp, event_name, user_pseudo_id, platform, country, ga_session_id,
                           engagement_time_msec, ad_format, value, event_value_in_usd, success)
       VALUES ('m', CAST($day AS DATE), CAST($day AS TIMESTAMP) + to_seconds($i), $name, $user, 'ANDROID', $country, $session,
               $ms, $format, $value, $usd, $success)`,
      {
        day: e.day,
        i,
        name: e.name,
        user: e.user,
        country: e.country ?? 'US',
        session: e.session ?? null,
        ms: e.ms ?? null,
        format: e.format ?? null,
        value: e.value ?? null,
        usd: e.usd ?? null,
        success: e.success ?? null,
      },
    );
  }
  await engine.store.rebuildDailyUserMetrics('m');
});
afterAll(() => engine.close());

const run = async (metrics: string[], group: string, range: [string, string] = ['2025-01-01', '2025-01-10']) => {
  const available = (await engine.store.dataRange('m'))!;
  const compiled = compileReport({
    appId: 'm',
    available,
    today: '2025-01-10',
    report: report('daily_metrics', metrics, group, { date_range: [{ date_start: range[0], date_end: range[1] }] }),
  });
  return engine.duckdb.run(compiled);
};

describe('curated metrics on a hand-made event log', () => {
  test('the data range comes from the data', async () => {
    expect(await engine.store.dataRange('m')).toEqual({ start: '2025-01-01', end: '2025-01-10' });
  });

  test('DAU, new users and new users % per day; app_remove does not make a user active', async () => {
    const rows = await run(['dau', 'new_users', 'new_users_per', 'new_players'], 'date');
    expect(rows.slice(0, 3)).toEqual([
      { date: '2025-01-01', dau: 2, new_users: 2, new_users_per: 1, new_players: 1 }, // A played (level_start)
      { date: '2025-01-02', dau: 4, new_users: 3, new_users_per: 0.75, new_players: 1 }, // C, D, F new; C tutorial_begin
      { date: '2025-01-03', dau: 3, new_users: 0, new_users_per: 0, new_players: 0 }, // B, C, F (D only removed the app)
    ]);
  });

  test('retention is Σ retained ÷ Σ cohort over cohorts old enough', async () => {
    const [all] = await run(['retention_d1', 'retention_d2', 'retention_d7', 'retention_w1'], 'platform');
    // D1 cohorts: 01-01 {A ✓, B ✗}, 01-02 {C ✓, D ✗, F ✓}; E (01-10) too young → 3/5 (an average of % would be 0.583).
    expect(all!.retention_d1).toBeCloseTo(3 / 5, 10);
    // D2: only B (01-03) of the same five.
    expect(all!.retention_d2).toBeCloseTo(1 / 5, 10);
    // D7: A on 01-08; cohorts up to 01-03 qualify → 1/5.
    expect(all!.retention_d7).toBeCloseTo(1 / 5, 10);
    // W1 needs 13 days after install: no cohort is old enough → NULL, not 0.
    expect(all!.retention_w1).toBeNull();
    const byDate = await run(['new_users', 'retention_d1'], 'date');
    expect(byDate.find((r) => r.date === '2025-01-01')!.retention_d1).toBe(0.5);
    expect(byDate.find((r) => r.date === '2025-01-02')!.retention_d1).toBeCloseTo(2 / 3, 10);
    expect(byDate.find((r) => r.date === '2025-01-10')!.retention_d1).toBeNull();
  });

  test('play time, sessions, levels, ads, conversion on 01-01', async () => {
    const [day] = await run(
      [
        'mins_per_day',
        'mins_per_session',
        'sessions',
        'sessions_per_dau',
        'level_starts',
        'level_completions',
        'completion_rate',
        'impressions',
        'impressions_per_dau',
        'ad_viewers',
        'ad_revenue',
        'ecpm',
        'ads_completed',
        'ads_completed_rate',
        'payers',
        'conversion_rate',
        'iap_revenue',
      ],
      'date',
      ['2025-01-01', '2025-01-01'],
    );
    expect(day).toEqual({
      date: '2025-01-01',
      mins_per_day: 3, // (2 + 1 + 3) minutes ÷ 2 users
      mins_per_session: 2, // 6 minutes ÷ 3 sessions
      sessions: 3,
      sessions_per_dau: 1.5,
      level_starts: 2,
      level_completions: 1,
      completion_rate: 0.5,
      impressions: 2,
      impressions_per_dau: 1,
      ad_viewers: 1,
      ad_revenue: expect.closeTo(0.03, 10),
      ecpm: expect.closeTo(15, 10),
      ads_completed: 1,
      ads_completed_rate: 1, // 1 reward ÷ 1 rewarded impression
      payers: 1,
      conversion_rate: 0.5,
      iap_revenue: 4.99,
    });
  });

  test('ratios over an empty denominator are NULL, never an error', async () => {
    const [day] = await run(['mins_per_session', 'ecpm', 'completion_rate', 'ads_completed_rate'], 'date', [
      '2025-01-10',
      '2025-01-10',
    ]);
    expect(day).toEqual({
      date: '2025-01-10',
      mins_per_session: null,
      ecpm: null,
      completion_rate: null,
      ads_completed_rate: null,
    });
  });

  test('group by country uses the row attributes', async () => {
    const rows = await run(['dau'], 'country', ['2025-01-01', '2025-01-01']);
    expect(rows).toEqual([
      { country: 'DE', dau: 1 },
      { country: 'US', dau: 1 },
    ]);
  });
});
