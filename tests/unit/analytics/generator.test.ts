/**
 * The synthetic event generator: deterministic from its seed, close to the requested size, and with the docs/domain.md
 * parameters of a believable free-to-play game (measured through the report engine itself).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { compileReport } from '../../../server/analytics/compiler';
import { openAnalytics, type AnalyticsEngine } from '../../../server/analytics/index';
import { TEST_END, report } from './support';

let engine: AnalyticsEngine;
beforeAll(async () => {
  engine = await openAnalytics({ threads: 2 });
});
afterAll(() => engine.close());

/** A fingerprint of an app's events that does not depend on row order. */
const fingerprint = async (appId: string) =>
  (
    await engine.store.rows(
      `SELECT count(*) AS n, sum(hash(event_name, user_pseudo_id, event_timestamp, value, country, app_version) % 1000000007) AS h
     FROM events WHERE app_id = $app_id`,
      { app_id: appId },
    )
  )[0];

describe('generator', () => {
  test('same seed → same events; another seed → other events; replaces the app only', async () => {
    const options = { days: 20, events: 15_000, seed: 5, endDate: TEST_END };
    await engine.generate({ appId: 'a', ...options });
    await engine.generate({ appId: 'b', ...options });
    await engine.generate({ appId: 'c', ...options, seed: 6 });
    const [a, b, c] = [await fingerprint('a'), await fingerprint('b'), await fingerprint('c')];
    expect(a!.n).toBe(b!.n);
    expect(c!.h).not.toBe(a!.h);
    // Regenerating an app replaces its events and leaves the others alone.
    const first = await fingerprint('a');
    await engine.generate({ appId: 'a', ...options });
    expect(await fingerprint('a')).toEqual(first);
    expect(await fingerprint('c')).toEqual(c);
    // Different app ids give different users, the same seed the same shape.
    const users = await engine.store.rows(
      `SELECT count(DISTINCT user_pseudo_id) AS n FROM events WHERE app_id IN ('a', 'b')`,
    );
    expect(Number(users[0]!.n)).toBeGreaterThan(0);
  });

  test('lands near the requested number of events, over the requested days', async () => {
    const result = await engine.generate({ appId: 'size', days: 30, events: 40_000, seed: 9, endDate: TEST_END });
    expect(result.events).toBeGreaterThan(34_000);
    expect(result.events).toBeLessThan(46_000);
    expect(result).toMatchObject({ start: '2025-06-01', end: TEST_END });
    expect(await engine.store.dataRange('size')).toEqual({ start: '2025-06-01', end: TEST_END });
  });

  test('docs/domain.md parameters of a believable game', async () => {
    await engine.generate({ appId: 'game', days: 60, events: 150_000, seed: 3, endDate: TEST_END });
    const compiled = compileReport({
      appId: 'game',
      available: { start: '2025-05-02', end: TEST_END },
      today: TEST_END,
      report: report(
        'daily_metrics',
        [
          'retention_d1',
          'retention_d7',
          'sessions_per_dau',
          'mins_per_day',
          'mins_per_session',
          'impressions_per_dau',
          'ecpm',
          'ads_completed_rate',
          'conversion_rate',
          'dau',
          'ad_viewers',
          'new_users',
        ],
        'platform',
        { date_range: [{ date_start: '2025-05-02', date_end: TEST_END }] },
      ),
    });
    const rows = await engine.duckdb.run(compiled);
    expect(rows.map((r) => r.platform)).toEqual(['ANDROID', 'IOS']);
    const [android, ios] = rows as Record<string, number>[];
    for (const p of [android!, ios!]) {
      expect(p.retention_d1).toBeGreaterThan(0.26);
      expect(p.retention_d1).toBeLessThan(0.42);
      expect(p.retention_d7).toBeGreaterThan(0.06);
      expect(p.retention_d7).toBeLessThan(0.16);
      expect(p.sessions_per_dau).toBeGreaterThan(3);
      expect(p.sessions_per_dau).toBeLessThan(4);
      expect(p.mins_per_day).toBeGreaterThan(20);
      expect(p.mins_per_day).toBeLessThan(30);
      expect(p.mins_per_session).toBeGreaterThan(5);
      expect(p.mins_per_session).toBeLessThan(9);
      expect(p.impressions_per_dau).toBeGreaterThan(5);
      expect(p.impressions_per_dau).toBeLessThan(8);
      expect(p.ecpm).toBeGreaterThan(8);
      expect(p.ecpm).toBeLessThan(20);
      expect(p.ads_completed_rate).toBeGreaterThan(0.85);
      expect(p.ads_completed_rate).toBeLessThan(0.95);
      expect(p.conversion_rate).toBeGreaterThan(0.002);
      expect(p.conversion_rate).toBeLessThan(0.008);
      expect(p.ad_viewers / p.dau).toBeGreaterThan(0.55);
      expect(p.ad_viewers / p.dau).toBeLessThan(0.75);
    }
    // 40/60 iOS/Android installs, iOS retaining a little better.
    const iosShare = ios!.new_users / (ios!.new_users + android!.new_users);
    expect(iosShare).toBeGreaterThan(0.33);
    expect(iosShare).toBeLessThan(0.47);
    const [sources] = await engine.store.rows(
      `SELECT count(DISTINCT country) AS countries, avg(CASE WHEN media_source = 'organic' THEN 1 ELSE 0 END) AS organic
       FROM daily_user_metrics WHERE app_id = 'game' AND is_new`,
    );
    expect(Number(sources!.countries)).toBeGreaterThanOrEqual(25);
    expect(Number(sources!.organic)).toBeGreaterThan(0.25);
    expect(Number(sources!.organic)).toBeLessThan(0.55);
  });

  test('a single-platform app gets only its platform', async () => {
    await engine.generate({ appId: 'ios-only', days: 7, events: 3000, seed: 1, endDate: TEST_END, platforms: ['IOS'] });
    expect(await engine.store.rows(`SELECT DISTINCT platform FROM events WHERE app_id = 'ios-only'`)).toEqual([
      { platform: 'IOS' },
    ]);
  });

  test('bad options are refused', async () => {
    await expect(engine.generate({ appId: 'x', days: 0, events: 10, seed: 1 })).rejects.toThrow(/days/);
    await expect(engine.generate({ appId: 'x', days: 5, events: 10, seed: 1.5 })).rejects.toThrow(/seed/);
  });
});
