/**
 * Metric alerts' decisions (docs/notifications.md §Metric alerts), pure: given a metric's daily series (date →
 * value) and a rule, does the day fire, and what does the message say about it. No I/O: the evaluator
 * (./metric-alerts.ts) computes the series through Analyze and calls these.
 */
import { addDays } from '../../../src/contracts/analyze';
import { ANOMALY_MIN_VALUES, ANOMALY_WEEKS, type MetricCondition } from '../../../src/contracts/metric-alerts';

/** The median of the values (the mean of the middle two for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The median absolute deviation from the median (unscaled). */
export function mad(values: readonly number[]): number {
  const m = median(values);
  return median(values.map((v) => Math.abs(v - m)));
}

/**
 * When every value of the 8 weeks is the same the MAD is 0 and any change would leave the band: the band's half-width
 * is then at least this share of the median's size (a 1 % floor), and exactly 0 only when the median is 0.
 */
export const MAD_FLOOR_SHARE = 0.01;

export interface Band {
  median: number;
  mad: number;
  low: number;
  high: number;
  /** How many same-weekday values made it. */
  values: number;
}

/** The band of the same weekday: median ± k·max(MAD, 1 % of |median|); null with fewer than 4 values. */
export function anomalyBand(sameWeekday: readonly number[], k: number): Band | null {
  if (sameWeekday.length < ANOMALY_MIN_VALUES) return null;
  const m = median(sameWeekday);
  const d = mad(sameWeekday);
  const half = k * Math.max(d, MAD_FLOOR_SHARE * Math.abs(m));
  return { median: m, mad: d, low: m - half, high: m + half, values: sameWeekday.length };
}

/** The same weekday's values of the 8 weeks before `day` (day − 7, − 14 … − 56), those the series has. */
export function sameWeekdayValues(series: ReadonlyMap<string, number>, day: string): number[] {
  const out: number[] = [];
  for (let week = 1; week <= ANOMALY_WEEKS; week += 1) {
    const value = series.get(addDays(day, -7 * week));
    if (value !== undefined && Number.isFinite(value)) out.push(value);
  }
  return out;
}

/** The change in % from `previous` to `value`, or null when there is no previous value or it is 0. */
export function changePercent(value: number, previous: number | undefined): number | null {
  if (previous === undefined || !Number.isFinite(previous) || previous === 0) return null;
  return ((value - previous) / Math.abs(previous)) * 100;
}

export type Decision =
  | { fires: false; reason: 'no_value' | 'no_previous' | 'too_few_weeks' | 'inside' }
  | {
      fires: true;
      value: number;
      /** What it is compared with, for the message. */
      previous?: number;
      change?: number;
      band?: Band;
    };

/**
 * Does the rule fire for `day`? above: value > threshold; below: value < threshold; change: |change from the
 * previous day| > threshold %; anomaly: value outside the same weekday's band with k = threshold. A day without a
 * value (no rows that day) never fires.
 */
export function decide(
  series: ReadonlyMap<string, number>,
  day: string,
  condition: MetricCondition,
  threshold: number,
): Decision {
  const value = series.get(day);
  if (value === undefined || !Number.isFinite(value)) return { fires: false, reason: 'no_value' };
  switch (condition) {
    case 'above':
      return value > threshold ? { fires: true, value } : { fires: false, reason: 'inside' };
    case 'below':
      return value < threshold ? { fires: true, value } : { fires: false, reason: 'inside' };
    case 'change': {
      const previous = series.get(addDays(day, -1));
      const change = changePercent(value, previous);
      if (change === null) return { fires: false, reason: 'no_previous' };
      return Math.abs(change) > threshold
        ? { fires: true, value, previous: previous!, change }
        : { fires: false, reason: 'inside' };
    }
    case 'anomaly': {
      const band = anomalyBand(sameWeekdayValues(series, day), threshold);
      if (!band) return { fires: false, reason: 'too_few_weeks' };
      return value < band.low || value > band.high ? { fires: true, value, band } : { fires: false, reason: 'inside' };
    }
  }
}

const num = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** The message's words for a fired decision: the metric, its value, the threshold or band, and the day. */
export function firedWords(
  metricLabel: string,
  condition: MetricCondition,
  threshold: number,
  day: string,
  decision: Extract<Decision, { fires: true }>,
): { title: string; body: string } {
  const value = num(decision.value);
  switch (condition) {
    case 'above':
      return {
        title: `${metricLabel} is above ${num(threshold)}`,
        body: `${metricLabel} was ${value} on ${day}, above your threshold of ${num(threshold)}.`,
      };
    case 'below':
      return {
        title: `${metricLabel} is below ${num(threshold)}`,
        body: `${metricLabel} was ${value} on ${day}, below your threshold of ${num(threshold)}.`,
      };
    case 'change': {
      const change = decision.change!;
      return {
        title: `${metricLabel} ${change > 0 ? 'rose' : 'fell'} ${num(Math.abs(change))} %`,
        body: `${metricLabel} was ${value} on ${day}, ${change > 0 ? 'up' : 'down'} ${num(Math.abs(change))} % from ${num(decision.previous!)} the day before (your threshold: ${num(threshold)} %).`,
      };
    }
    case 'anomaly': {
      const band = decision.band!;
      return {
        title: `${metricLabel} is unusual for the weekday`,
        body: `${metricLabel} was ${value} on ${day}, outside the usual band of ${num(band.low)} to ${num(band.high)} (median ${num(band.median)} ± ${num(threshold)}·MAD ${num(band.mad)} of the same weekday over the last ${band.values} weeks).`,
      };
    }
  }
}
