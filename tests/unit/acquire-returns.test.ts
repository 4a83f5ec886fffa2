/**
 * The KPI card's maturity rule as both it and returns per quest call it (src/contracts/acquire.ts), and how returns
 * per quest read (src/views/acquire/returns-text.ts; docs/acquire.md §Returns per quest).
 */
import { describe, expect, test } from 'vitest';
import { kpiPercent, matureStartedBy, maturesOn } from '../../src/contracts/acquire';
import type { QuestReturns } from '../../src/contracts/acquire-returns';
import { NOT_MATURE, returnsLines, roasCell } from '../../src/views/acquire/returns-text';

const DAY = 86_400_000;
const NOW = new Date('2026-11-28T05:30:00.000Z');

describe('the maturity rule', () => {
  test('a start counts for a window once the window plus 3 days of late data have passed, to the instant', () => {
    expect(matureStartedBy(NOW, 7).toISOString()).toBe('2026-11-18T05:30:00.000Z');
    expect(matureStartedBy(NOW, 1).toISOString()).toBe('2026-11-24T05:30:00.000Z');
  });
  test('the day the first start matures', () => {
    expect(maturesOn(Date.parse('2026-11-27T23:59:00Z'), 7)).toBe('2026-12-07');
    expect(maturesOn(Date.parse('2026-11-27T23:59:00Z'), 1)).toBe('2026-12-01');
    expect(maturesOn(NOW.getTime() - 10 * DAY, 7)).toBe('2026-11-28');
  });
  test('ratios in percent with one decimal, none without a whole', () => {
    expect(kpiPercent(4.5, 4)).toBe(112.5);
    expect(kpiPercent(1, 3)).toBe(33.3);
    expect(kpiPercent(2, 3)).toBe(66.7);
    expect(kpiPercent(1, 0)).toBeNull();
  });
});

const returns = (over: Partial<QuestReturns> = {}): QuestReturns => ({
  questId: 'q1',
  players: 5,
  cost: 5,
  d7: { maturePlayers: 3, matureOn: null, cost: 4, revenue: 4.5, roas: 112.5 },
  retentionD1: { maturePlayers: 4, matureOn: null, value: 25 },
  retentionD7: { maturePlayers: 3, matureOn: null, value: 33.3 },
  ...over,
});
const young = returns({
  players: 1,
  cost: 0,
  d7: { maturePlayers: 0, matureOn: '2026-12-07', cost: 0, revenue: 0, roas: null },
  retentionD1: { maturePlayers: 0, matureOn: '2026-12-01', value: null },
  retentionD7: { maturePlayers: 0, matureOn: '2026-12-07', value: null },
});

describe('returns text', () => {
  test('the grid’s ROAS D7: the percentage, not mature yet, or a dash', () => {
    expect(roasCell(returns())).toBe('112.5 %');
    expect(roasCell(young)).toBe(NOT_MATURE);
    expect(roasCell(returns({ players: 0 }))).toBe('—');
    expect(roasCell(undefined)).toBe('—');
    expect(roasCell(returns({ d7: { maturePlayers: 2, matureOn: null, cost: 0, revenue: 1, roas: null } }))).toBe('—');
  });
  test('the details: each figure with its maturity', () => {
    expect(returnsLines(returns())).toEqual([
      { label: 'Cost (charges)', text: '$5.00' },
      { label: 'Players started', text: '5' },
      { label: 'Revenue D7', text: '$4.50 from 3 mature players' },
      { label: 'ROAS D7', text: '112.5 % ($4.50 ÷ $4.00)' },
      { label: 'Retention D1', text: '25.0 % of 4 mature players' },
      { label: 'Retention D7', text: '33.3 % of 3 mature players' },
    ]);
    expect(returnsLines(young).slice(2)).toEqual([
      { label: 'Revenue D7', text: 'Not mature yet (mature on 2026-12-07)' },
      { label: 'ROAS D7', text: 'Not mature yet (mature on 2026-12-07)' },
      { label: 'Retention D1', text: 'Not mature yet (mature on 2026-12-01)' },
      { label: 'Retention D7', text: 'Not mature yet (mature on 2026-12-07)' },
    ]);
  });
});
