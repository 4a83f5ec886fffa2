/**
 * Bounded numbers: every number a request carries has a domain range, checked by its codec so the server refuses it
 * with 400 (naming the field, in words) before anything is written. A JSON number the answer could not carry back
 * (1e999 parses as Infinity) or one far outside the field's meaning (a daily cap of 1e308) never reaches the domain.
 *
 *   Money        US dollars: 0 to 1,000,000,000 with at most 2 decimals (prices, payouts, caps, budgets)
 *   SignedMoney  the same, negative allowed (a refund)
 *   Count        a whole number from 0 to 2^53 − 1 (counts, days, positions)
 *   Percentage   0 to 100
 *   Measure      a non-negative target or measurement (a KPI value): 0 to 1,000,000,000, at most 4 decimals
 *   SafeNumber   any number a JavaScript integer can hold exactly in magnitude (±2^53 − 1): raw values (postback
 *                parameters, condition operands, report limits whose own rule gives its message)
 *   FiniteNumber any finite number (an analytics filter on a FLOAT column compares with any double)
 *
 * Pure: imports only io-ts, so the SPA's forms and the server share the ranges.
 */
import * as t from 'io-ts';
import { MUST_BE_INTEGER, MUST_BE_NUMBER } from './validation';

export interface NumberRange {
  min: number;
  max: number;
  /** Whole numbers only. */
  integer?: boolean;
  /** At most this many digits after the decimal point. */
  decimals?: number;
  name: string;
}

const say = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 20 });

/** A finite number within a range (and, optionally, whole or with at most N decimals); messages in words. */
export class BoundedNumberType extends t.Type<number, number, unknown> {
  readonly _tag = 'BoundedNumber' as const;
  readonly expected = 'a number';
  constructor(readonly range: NumberRange) {
    super(
      range.name,
      (u): u is number => typeof u === 'number' && this.problem(u) === null,
      (u, c) => {
        if (typeof u !== 'number') return t.failure(u, c, MUST_BE_NUMBER);
        const problem = this.problem(u);
        return problem ? t.failure(u, c, problem) : t.success(u);
      },
      t.identity,
    );
  }
  /** Why a number is refused, or null. */
  problem(n: number): string | null {
    const { min, max, integer, decimals } = this.range;
    if (!Number.isFinite(n)) return MUST_BE_NUMBER;
    if (integer && !Number.isInteger(n)) return MUST_BE_INTEGER;
    if (n < min) return `must be at least ${say(min)}`;
    if (n > max) return `must be at most ${say(max)}`;
    if (decimals !== undefined && !integer && !hasAtMostDecimals(n, decimals)) {
      return decimals === 0 ? MUST_BE_INTEGER : `must have at most ${decimals} decimal${decimals === 1 ? '' : 's'}`;
    }
    return null;
  }
}

/** True when n written in decimal has at most `decimals` digits after the point (1e-300 has 300). */
export function hasAtMostDecimals(n: number, decimals: number): boolean {
  return Number(n.toFixed(decimals)) === n;
}

export const boundedNumber = (range: NumberRange) => new BoundedNumberType(range);

export const MONEY_MAX = 1_000_000_000;
export const Money = boundedNumber({ name: 'Money', min: 0, max: MONEY_MAX, decimals: 2 });
export const SignedMoney = boundedNumber({ name: 'SignedMoney', min: -MONEY_MAX, max: MONEY_MAX, decimals: 2 });
export const Count = boundedNumber({ name: 'Count', min: 0, max: Number.MAX_SAFE_INTEGER, integer: true });
export const Percentage = boundedNumber({ name: 'Percentage', min: 0, max: 100 });
export const Measure = boundedNumber({ name: 'Measure', min: 0, max: MONEY_MAX, decimals: 4 });
export const SafeNumber = boundedNumber({
  name: 'SafeNumber',
  min: -Number.MAX_SAFE_INTEGER,
  max: Number.MAX_SAFE_INTEGER,
});
export const FiniteNumber = boundedNumber({ name: 'FiniteNumber', min: -Number.MAX_VALUE, max: Number.MAX_VALUE });
