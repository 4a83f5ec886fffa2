/** The suggested-quests formula (server/areas/acquire/suggestions.ts): milestones by reach share, rising payouts, KPI. */
import { describe, expect, test } from 'vitest';
import { allowedCostPerInstall, levelEventOf, priceSteps } from '../../server/areas/acquire/suggestions';

describe('suggested quests formula', () => {
  const reach = [
    { level: 2, share: 0.8 },
    { level: 4, share: 0.62 },
    { level: 6, share: 0.41 },
    { level: 9, share: 0.3 },
    { level: 12, share: 0.16 },
    { level: 20, share: 0.05 },
  ];

  test('steps at the highest level each share reaches, ascending, with payouts k·(i+1) costing the allowed CPI', () => {
    const steps = priceSteps(reach, 2);
    expect(steps.map((s) => s.level)).toEqual([4, 6, 9, 12]); // 60 % → 4, 40 % → 6, 25 % → 9, 15 % → 12, 10 % → 12 (same)
    const k = 2 / (0.62 * 1 + 0.41 * 2 + 0.3 * 3 + 0.16 * 4);
    expect(steps.map((s) => s.payout)).toEqual([1, 2, 3, 4].map((i) => Math.round(k * i * 100) / 100));
    const expectedCost = steps.reduce((sum, s) => sum + s.share * s.payout, 0);
    expect(expectedCost).toBeCloseTo(2, 1);
  });

  test('nothing to suggest without reach or value', () => {
    expect(priceSteps([], 2)).toEqual([]);
    expect(priceSteps(reach, 0)).toEqual([]);
  });

  test('ROAS D7 target value in percent; other KPIs priced at the default 5 %', () => {
    expect(allowedCostPerInstall(0.1, { targetKpi: 'roas_d7', targetKpiValue: 5 })).toBeCloseTo(2);
    expect(allowedCostPerInstall(0.1, { targetKpi: 'roas_d7', targetKpiValue: 10 })).toBeCloseTo(1);
    expect(allowedCostPerInstall(0.1, { targetKpi: 'retention_d1', targetKpiValue: 40 })).toBeCloseTo(2);
  });

  test("the source's level event and its parameter", () => {
    expect(levelEventOf(['af_purchase', 'af_level_achieved'])).toEqual({
      eventName: 'af_level_achieved',
      param: 'af_level',
    });
    expect(levelEventOf(['level_end'])).toEqual({ eventName: 'level_end', param: 'level' });
    expect(levelEventOf(['af_purchase'])).toBeNull();
  });
});
