/**
 * Revenue rules of the daily-metrics rebuild (server/analytics/event-store.ts RevenueRule; docs/analyze.md §Entities monetizeMetadata):
 * the defaults (ad_impression value → ads, in_app_purchase event_value_in_usd → iap), a setting that moves an event's
 * revenue to another type or parameter (a column or a parameter of the params map), 'other' counting in neither, a
 * rule for an event that otherwise counts nothing, and rebuilds of one app running in order so the last asked counts.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openAnalytics, type AnalyticsEngine } from '../../../server/analytics/index';
import type { RevenueRule } from '../../../server/analytics/event-store';

let engine: AnalyticsEngine;
const APP = 'rev';

// One day, two users: A sees two ads (0.5 + 0.25) and buys (4.99, tip 2 in the params map); B buys a gem pack (9.99).
const EVENTS = [
  { user: 'A', name: 'ad_impression', value: 0.5, usd: null, params: null },
  { user: 'A', name: 'ad_impression', value: 0.25, usd: null, params: null },
  { user: 'A', name: 'in_app_purchase', value: null, usd: 4.99, params: "MAP {'tip': '2', 'product_id': 'pack_4_99'}" },
  { user: 'B', name: 'gem_pack', value: 9.99, usd: null, params: "MAP {'product_id': 'gems'}" },
];

beforeAll(async () => {
  engine = await openAnalytics({ threads: 1 });
  for (const [i, e] of EVENTS.entries()) {
    await engine.store.run(
      `INSERT INTO events (app_id, event_date, event_timestamp, event_name, user_pseudo_id, platform, value, event_value_in_usd, params)
       VALUES ($app, DATE '2025-03-01', TIMESTAMP '2025-03-01 10:00:00' + to_seconds($i), $name, $user, 'ANDROID', $value, $usd, ${e.params ?? 'NULL'})`,
      { app: APP, i, name: e.name, user: e.user, value: e.value, usd: e.usd },
    );
  }
});
afterAll(() => engine.close());

async function totals(rules?: readonly RevenueRule[]) {
  if (rules) await engine.store.rebuildDailyUserMetrics(APP, rules);
  const [row] = await engine.store.rows(
    'SELECT sum(ad_revenue) AS ads, sum(iap_revenue) AS iap, sum(iap_count) AS purchases, count(*) FILTER (WHERE iap_count > 0) AS payers FROM daily_user_metrics WHERE app_id = $app',
    { app: APP },
  );
  return {
    ads: Number(row!.ads),
    iap: Number(row!.iap),
    purchases: Number(row!.purchases),
    payers: Number(row!.payers),
  };
}

describe('revenue rules', () => {
  test('without settings: ad_impression value is ads, in_app_purchase event_value_in_usd is iap, other events nothing', async () => {
    expect(await totals([])).toEqual({ ads: 0.75, iap: 4.99, purchases: 1, payers: 1 });
  });

  test("a setting moves an event's revenue to another type or parameter; the others keep their defaults", async () => {
    expect(await totals([{ eventName: 'in_app_purchase', type: 'ads', parameter: 'event_value_in_usd' }])).toEqual({
      ads: 5.74,
      iap: 0,
      purchases: 0,
      payers: 0,
    });
    expect(await totals([{ eventName: 'in_app_purchase', type: 'iap', parameter: 'tip' }])).toEqual({
      ads: 0.75,
      iap: 2,
      purchases: 1,
      payers: 1,
    });
    expect(await totals([{ eventName: 'ad_impression', type: 'other', parameter: 'value' }])).toEqual({
      ads: 0,
      iap: 4.99,
      purchases: 1,
      payers: 1,
    });
  });

  test('a setting makes an event count that counted nothing; the first rule naming an event wins', async () => {
    const gems: RevenueRule = { eventName: 'gem_pack', type: 'iap', parameter: 'value' };
    expect(await totals([gems])).toEqual({ ads: 0.75, iap: 14.98, purchases: 2, payers: 2 });
    expect(await totals([{ ...gems, type: 'other' }, gems])).toEqual({ ads: 0.75, iap: 4.99, purchases: 1, payers: 1 });
  });

  test('rebuilds of one app run in order: the last asked counts, even when an earlier one is slow to read its rules', async () => {
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const first = engine.store.rebuildDailyUserMetrics(APP, async () => {
      await slow;
      return [{ eventName: 'gem_pack', type: 'ads', parameter: 'value' }];
    });
    let secondRan = false;
    const second = engine.store.rebuildDailyUserMetrics(APP, async () => {
      secondRan = true;
      return [];
    });
    await Promise.resolve();
    expect(secondRan).toBe(false); // waits for the first
    release();
    await Promise.all([first, second]);
    expect(secondRan).toBe(true);
    expect(await totals()).toEqual({ ads: 0.75, iap: 4.99, purchases: 1, payers: 1 });
  });
});
