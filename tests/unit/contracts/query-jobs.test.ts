/** The job history's arithmetic and wording (src/contracts/query-jobs.ts; docs/integrations.md §Job history). */
import { describe, expect, test } from 'vitest';
import { TIB, formatByteCount, formatDuration, formatUsd, queryCostUsd } from '../../../src/contracts/query-jobs';
import { BIGQUERY_ON_DEMAND_USD_PER_TIB, configFromEnv } from '../../../server/config';

describe('cost at the on-demand price', () => {
  test('priced per TiB (2^40 bytes): one TiB costs the price, a GiB 1/1024 of it, nothing costs nothing', () => {
    expect(queryCostUsd(TIB, 6.25)).toBe(6.25);
    expect(queryCostUsd(2 ** 30, 6.25)).toBeCloseTo(6.25 / 1024, 12);
    expect(queryCostUsd(10 * TIB, 5)).toBe(50);
    expect(queryCostUsd(0, 6.25)).toBe(0);
    expect(queryCostUsd(-5, 6.25)).toBe(0);
  });

  test('the default is the published on-demand price; BIGQUERY_USD_PER_TIB changes it; nonsense is refused', () => {
    expect(BIGQUERY_ON_DEMAND_USD_PER_TIB).toBe(6.25);
    expect(configFromEnv({}).bigqueryUsdPerTiB).toBe(6.25);
    expect(configFromEnv({ BIGQUERY_USD_PER_TIB: '7.5' }).bigqueryUsdPerTiB).toBe(7.5);
    expect(() => configFromEnv({ BIGQUERY_USD_PER_TIB: 'cheap' })).toThrow(
      'BIGQUERY_USD_PER_TIB must be a price in USD per TiB from 0 to 1000 (got "cheap").',
    );
    expect(() => configFromEnv({ BIGQUERY_USD_PER_TIB: '-1' })).toThrow(/BIGQUERY_USD_PER_TIB/);
  });
});

describe('how figures read', () => {
  test('costs: none, under a cent, dollars and cents', () => {
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(0.004)).toBe('< $0.01');
    expect(formatUsd(0.0061)).toBe('< $0.01');
    expect(formatUsd(6.25)).toBe('$6.25');
    expect(formatUsd(1234.5)).toBe('$1,234.50');
  });

  test('bytes in binary units', () => {
    expect(formatByteCount(512)).toBe('512 B');
    expect(formatByteCount(52_428_800)).toBe('50.0 MiB');
    expect(formatByteCount(1_842_937_856)).toBe('1.72 GiB');
    expect(formatByteCount(TIB)).toBe('1.00 TiB');
  });

  test('durations', () => {
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(12_340)).toBe('12.3 s');
    expect(formatDuration(245_000)).toBe('4 min 05 s');
  });
});
