/** Server configuration from the environment: safe defaults, and BigQuery only when asked for. */
import { describe, expect, test } from 'vitest';
import path from 'node:path';
import { configFromEnv } from '../../../server/config';

describe('configFromEnv', () => {
  test('defaults: 127.0.0.1:8080, ./data, embedded analytics limits, no BigQuery, no Google client id', () => {
    const config = configFromEnv({});
    expect(config).toMatchObject({ port: 8080, host: '127.0.0.1', dataDir: path.resolve('./data'), analytics: { memoryLimit: '512MB', queryTimeoutMs: 10_000 } });
    expect(config.bigquery).toBeUndefined();
    expect(config.googleClientId).toBeUndefined();
    expect(config.databaseUrl).toBeUndefined();
  });

  test('BIGQUERY=on turns BigQuery on with its location and byte limit', () => {
    expect(configFromEnv({ BIGQUERY: 'on', BIGQUERY_LOCATION: 'EU', BIGQUERY_MAXIMUM_BYTES_BILLED: '1000000' }).bigquery)
      .toEqual({ location: 'EU', maximumBytesBilled: 1_000_000 });
    expect(configFromEnv({ BIGQUERY: 'true' }).bigquery).toEqual({ location: undefined, maximumBytesBilled: undefined });
    expect(configFromEnv({ BIGQUERY: 'off' }).bigquery).toBeUndefined();
  });

  test('PORT, DATA_DIR, DATABASE_URL, GOOGLE_CLIENT_ID and the analytics limits are read', () => {
    const config = configFromEnv({ PORT: '9000', DATA_DIR: '/tmp/qb', DATABASE_URL: 'postgres://x@h/db', GOOGLE_CLIENT_ID: 'abc', ANALYTICS_QUERY_TIMEOUT_MS: '500' });
    expect(config).toMatchObject({ port: 9000, dataDir: '/tmp/qb', databaseUrl: 'postgres://x@h/db', googleClientId: 'abc', analytics: { queryTimeoutMs: 500 } });
    expect(config.publicUrl).toBe('http://127.0.0.1:9000');
  });
});
