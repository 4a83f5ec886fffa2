/** Server configuration from the environment: safe defaults, and BigQuery only when asked for. */
import { describe, expect, test } from 'vitest';
import path from 'node:path';
import { configFromEnv } from '../../../server/config';

describe('configFromEnv', () => {
  test('defaults: 127.0.0.1:8080, ./data, embedded analytics limits, no BigQuery, no Google client id', () => {
    const config = configFromEnv({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: path.resolve('./data'),
      analytics: { memoryLimit: '512MB', queryTimeoutMs: 10_000 },
    });
    expect(config.bigquery).toBeUndefined();
    expect(config.googleClientId).toBeUndefined();
    expect(config.databaseUrl).toBeUndefined();
  });

  test('BIGQUERY=on turns BigQuery on with its location and byte limit', () => {
    expect(
      configFromEnv({ BIGQUERY: 'on', BIGQUERY_LOCATION: 'EU', BIGQUERY_MAXIMUM_BYTES_BILLED: '1000000' }).bigquery,
    ).toEqual({ location: 'EU', maximumBytesBilled: 1_000_000 });
    expect(configFromEnv({ BIGQUERY: 'true' }).bigquery).toEqual({
      location: undefined,
      maximumBytesBilled: undefined,
    });
    expect(configFromEnv({ BIGQUERY: 'off' }).bigquery).toBeUndefined();
  });

  test('PORT, DATA_DIR, DATABASE_URL, GOOGLE_CLIENT_ID and the analytics limits are read', () => {
    const config = configFromEnv({
      PORT: '9000',
      DATA_DIR: '/tmp/qb',
      DATABASE_URL: 'postgres://x@h/db',
      GOOGLE_CLIENT_ID: 'abc',
      ANALYTICS_QUERY_TIMEOUT_MS: '500',
    });
    expect(config).toMatchObject({
      port: 9000,
      dataDir: '/tmp/qb',
      databaseUrl: 'postgres://x@h/db',
      googleClientId: 'abc',
      analytics: { queryTimeoutMs: 500 },
    });
    expect(config.publicUrl).toBe('http://127.0.0.1:9000');
  });

  test('TRUST_PROXY: a comma-separated list of proxies; none by default (the socket address is the client)', () => {
    expect(configFromEnv({}).trustProxy).toEqual([]);
    expect(configFromEnv({ TRUST_PROXY: ' 10.0.0.1, 10.1.0.0/16 ,loopback,' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      'loopback',
    ]);
  });

  test('sign-in limits: 5 per account and address in 15 minutes; account-wide and per-address default to ten times that', () => {
    expect(configFromEnv({}).signInLimit).toEqual({
      attempts: 5,
      windowMinutes: 15,
      accountAttempts: 50,
      addressAttempts: 50,
    });
    expect(configFromEnv({ SIGN_IN_ATTEMPTS: '3', SIGN_IN_WINDOW_MINUTES: '10' }).signInLimit).toEqual({
      attempts: 3,
      windowMinutes: 10,
      accountAttempts: 30,
      addressAttempts: 30,
    });
    expect(
      configFromEnv({ SIGN_IN_ACCOUNT_ATTEMPTS: '100', SIGN_IN_ADDRESS_ATTEMPTS: '200' }).signInLimit,
    ).toMatchObject({ accountAttempts: 100, addressAttempts: 200 });
  });
});
