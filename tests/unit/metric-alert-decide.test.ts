/** Metric alerts' pure decisions (server/areas/notifications/metric-alert-decide.ts; docs/notifications.md §Metric alerts). */
import { describe, expect, test } from 'vitest';
import {
  anomalyBand,
  changePercent,
  decide,
  firedWords,
  mad,
  median,
  sameWeekdayValues,
} from '../../server/areas/notifications/metric-alert-decide';
import { thresholdProblem } from '../../src/contracts/metric-alerts';

const series = (entries: Record<string, number>) => new Map(Object.entries(entries));
// 2026-11-26 is a Thursday; its same weekdays are the 19th, the 12th … back 8 weeks.
const DAY = '2026-11-26';
const weeks = (values: number[], today: number) =>
  series({
    [DAY]: today,
    ...Object.fromEntries(
      values.map((v, i) => [new Date(Date.UTC(2026, 10, 26 - 7 * (i + 1))).toISOString().slice(0, 10), v]),
    ),
  });

describe('median and MAD', () => {
  test('known answers', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(Number.isNaN(median([]))).toBe(true);
    // |x − 2| = 1, 1, 0, 0, 2, 4, 7 → sorted 0 0 1 1 2 4 7 → 1
    expect(mad([1, 1, 2, 2, 4, 6, 9])).toBe(1);
    // median 100; deviations 10, 0, 10, 20, 0, 30, 5, 5 → sorted 0 0 5 5 10 10 20 30 → 7.5
    expect(mad([90, 100, 110, 120, 100, 130, 95, 105])).toBe(7.5);
  });
});

describe('the anomaly band', () => {
  test('median ± k·MAD of the same weekday', () => {
    const band = anomalyBand([90, 100, 110, 120, 100, 130, 95, 105], 3)!;
    expect(band.median).toBe(102.5);
    expect(band.mad).toBe(7.5);
    expect([band.low, band.high]).toEqual([80, 125]);
  });
  test('a MAD of 0 takes 1 % of the median as its floor; a median of 0 makes the band 0 to 0', () => {
    expect(anomalyBand([200, 200, 200, 200, 200, 200, 200, 200], 3)).toMatchObject({ low: 194, high: 206 });
    expect(anomalyBand([0, 0, 0, 0], 3)).toMatchObject({ low: 0, high: 0 });
  });
  test('fewer than 4 same-weekday values say nothing', () => {
    expect(anomalyBand([1, 2, 3], 3)).toBeNull();
  });
  test('the same weekday of the 8 weeks before, those the series has', () => {
    const s = weeks([1, 2, 3, 4, 5, 6, 7, 8, 9], 0);
    expect(sameWeekdayValues(s, DAY)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    s.delete('2026-11-19');
    s.set('2026-11-25', 100); // not the same weekday
    expect(sameWeekdayValues(s, DAY)).toEqual([2, 3, 4, 5, 6, 7, 8]);
  });
});

describe('decide', () => {
  const s = series({ '2026-11-25': 100, [DAY]: 130 });
  test('above and below are strict', () => {
    expect(decide(s, DAY, 'above', 129).fires).toBe(true);
    expect(decide(s, DAY, 'above', 130).fires).toBe(false);
    expect(decide(s, DAY, 'below', 131).fires).toBe(true);
    expect(decide(s, DAY, 'below', 130).fires).toBe(false);
  });
  test('change against the previous day, both ways', () => {
    expect(changePercent(130, 100)).toBe(30);
    expect(changePercent(70, 100)).toBe(-30);
    expect(changePercent(5, 0)).toBeNull();
    expect(decide(s, DAY, 'change', 29)).toMatchObject({ fires: true, change: 30, previous: 100 });
    expect(decide(s, DAY, 'change', 30).fires).toBe(false);
    expect(decide(series({ '2026-11-25': 100, [DAY]: 60 }), DAY, 'change', 39).fires).toBe(true);
    expect(decide(series({ [DAY]: 60 }), DAY, 'change', 1)).toEqual({ fires: false, reason: 'no_previous' });
  });
  test('anomaly: outside the band fires, inside does not', () => {
    const usual = [90, 100, 110, 120, 100, 130, 95, 105];
    expect(decide(weeks(usual, 126), DAY, 'anomaly', 3).fires).toBe(true);
    expect(decide(weeks(usual, 79), DAY, 'anomaly', 3).fires).toBe(true);
    expect(decide(weeks(usual, 125), DAY, 'anomaly', 3).fires).toBe(false);
    expect(decide(weeks(usual, 126), DAY, 'anomaly', 4).fires).toBe(false);
  });
  test('a day without a value never fires', () => {
    expect(decide(series({}), DAY, 'below', 10)).toEqual({ fires: false, reason: 'no_value' });
  });
});

test('the message names the metric, value, threshold or band and date', () => {
  const decision = decide(weeks([90, 100, 110, 120, 100, 130, 95, 105], 300), DAY, 'anomaly', 3);
  if (!decision.fires) throw new Error('expected to fire');
  expect(firedWords('DAU', 'anomaly', 3, DAY, decision).body).toBe(
    'DAU was 300 on 2026-11-26, outside the usual band of 80 to 125 (median 102.5 ± 3·MAD 7.5 of the same weekday over the last 8 weeks).',
  );
});

test('thresholds are bounded by condition', () => {
  expect(thresholdProblem('above', 1e12)).toBeNull();
  expect(thresholdProblem('below', -1e12 - 1)).toBe('Enter a value from -1,000,000,000,000 to 1,000,000,000,000.');
  expect(thresholdProblem('change', 0.5)).toBe('Enter a change from 1 to 1,000 %.');
  expect(thresholdProblem('change', 1000)).toBeNull();
  expect(thresholdProblem('anomaly', 11)).toBe('Enter k from 1 to 10.');
  expect(thresholdProblem('anomaly', 1)).toBeNull();
});
