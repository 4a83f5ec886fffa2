/**
 * The embedded event store is locked down (no files, no network, no extensions, configuration locked, memory
 * limit) and stops statements that run past the timeout with a clear error, staying usable afterwards.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EventStore, QueryTimeoutError } from '../../../server/analytics/event-store';

let store: EventStore;
beforeAll(async () => {
  store = await EventStore.open({ queryTimeoutMs: 300, memoryLimit: '256MB', threads: 2 });
});
afterAll(() => store.close());

describe('lock-down', () => {
  test.each([
    [`SELECT * FROM read_csv('/etc/passwd')`, /disabled by configuration/],
    [`SELECT * FROM read_text('/etc/hostname')`, /disabled by configuration/],
    [`COPY events TO '/tmp/questboard-leak.csv'`, /disabled by configuration/],
    [`ATTACH '/tmp/questboard-other.duckdb' AS other`, /disabled by configuration|Permission/],
    [`INSTALL httpfs`, /disabled by configuration|Permission/],
    [`LOAD httpfs`, /disabled by configuration|Permission|not found|Extension/i],
    [`SET enable_external_access = true`, /locked/],
    [`SET memory_limit = '64GB'`, /locked/],
    [`RESET lock_configuration`, /locked|Cannot/],
    [`SET allow_community_extensions = true`, /locked/],
  ])('%s is refused', async (sql, message) => {
    await expect(store.run(sql)).rejects.toThrow(message);
  });

  test('settings hold', async () => {
    const [row] = await store.rows(
      `SELECT current_setting('enable_external_access') AS ext, current_setting('allow_community_extensions') AS community,
              current_setting('lock_configuration') AS locked, current_setting('memory_limit') AS mem`,
    );
    expect(row).toMatchObject({ ext: false, community: false, locked: true });
    expect(String(row!.mem)).toMatch(/MiB|MB/);
  });

  test('a file store lives in its data dir and reopens with its data', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qb-events-'));
    try {
      const file = await EventStore.open({ dataDir: dir });
      await file.run(
        `INSERT INTO events (app_id, event_date, event_timestamp, event_name, user_pseudo_id) VALUES ('x', DATE '2025-01-01', TIMESTAMP '2025-01-01 10:00:00', 'first_open', 'u')`,
      );
      await file.rebuildDailyUserMetrics('x');
      await file.close();
      expect(fs.existsSync(path.join(dir, 'events.duckdb'))).toBe(true);
      const again = await EventStore.open({ dataDir: dir });
      expect(await again.dataRange('x')).toEqual({ start: '2025-01-01', end: '2025-01-01' });
      await again.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('timeout', () => {
  test('a statement past the timeout is interrupted with a clear error; the store keeps serving', async () => {
    const started = Date.now();
    const slow = store.rows('SELECT count(*) AS n FROM range(1000000000000) a');
    await expect(slow).rejects.toBeInstanceOf(QueryTimeoutError);
    await expect(store.rows('SELECT count(*) AS n FROM range(1000000000000) a')).rejects.toThrow(/took longer than/);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await store.rows('SELECT 42 AS answer')).toEqual([{ answer: 42 }]);
  });

  test('other statements run while one is slow (connection pool)', async () => {
    const slow = store.rows('SELECT count(*) AS n FROM range(1000000000000) a').catch((e) => e);
    expect(await store.rows('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    expect(await slow).toBeInstanceOf(QueryTimeoutError);
  });

  test('heavy statements (raw events) leave one connection of three to the others', async () => {
    // Three heavy statements at once: two run, the third waits for a turn; a light one still runs at once.
    const settled: number[] = [];
    const heavy = [0, 1, 2].map((i) =>
      store
        .rows('SELECT count(*) AS n FROM range(1000000000000) a', undefined, undefined, { heavy: true })
        .catch((e: unknown) => e)
        .finally(() => settled.push(i)),
    );
    expect(await store.rows('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    expect(settled, 'no heavy statement had finished when the light one answered').toEqual([]);
    for (const outcome of await Promise.all(heavy)) expect(outcome).toBeInstanceOf(QueryTimeoutError);
    // The third one ran only after one of the first two gave its turn back.
    expect(settled.indexOf(2)).toBe(2);
  });
});
