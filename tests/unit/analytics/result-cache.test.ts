/**
 * The event store's result cache (docs/analyze.md §Result cache): a cacheable answer is served again until the
 * store is written, never after; answers read while a write runs are not kept; callers asking the same question at
 * once share one statement; a shared statement's cancel is not another caller's; big answers are not kept.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EventStore } from '../../../server/analytics/event-store';
import { QueryCancelledError } from '../../../server/analytics/query-scope';
import { RESULT_CACHE_ENTRY_ROWS_MAX, ResultCache } from '../../../server/analytics/result-cache';

const insert = (user: string) =>
  `INSERT INTO events (app_id, event_date, event_timestamp, event_name, user_pseudo_id) VALUES ('c', DATE '2025-01-01', TIMESTAMP '2025-01-01 10:00:00', 'first_open', '${user}')`;
const COUNT = `SELECT count(*) AS n FROM events WHERE app_id = $app_id`;

describe('on the event store', () => {
  let store: EventStore;
  beforeAll(async () => {
    store = await EventStore.open({ threads: 1 });
  });
  afterAll(() => store.close());

  test('a cacheable read is answered again from the cache until a write, then read afresh', async () => {
    const cache = store.cache!;
    await store.run(insert('u1'));
    const count = async () => Number((await store.rows(COUNT, { app_id: 'c' }, undefined, { cache: true }))[0]!.n);
    const misses = cache.misses;
    expect(await count()).toBe(1);
    const hits = cache.hits;
    expect(await count()).toBe(1);
    expect(cache.hits).toBe(hits + 1);
    expect(cache.misses).toBe(misses + 1);
    // Every kind of write moves the version: run, a write through rows, the exclusive connection.
    await store.run(insert('u2'));
    expect(await count()).toBe(2);
    await store.rows(`${insert('u3')} RETURNING user_pseudo_id`);
    expect(await count()).toBe(3);
    await store.exclusive((run) => run(insert('u4')));
    expect(await count()).toBe(4);
    await store.deleteApp('c');
    expect(await count()).toBe(0);
  });

  test('a read without the cache flag is never served from it', async () => {
    const hits = store.cache!.hits;
    await store.rows(COUNT, { app_id: 'c' });
    await store.rows(COUNT, { app_id: 'c' });
    expect(store.cache!.hits).toBe(hits);
  });

  test('the same text with other values is another answer', async () => {
    await store.run(insert('u5'));
    const n = async (app: string) =>
      Number((await store.rows(COUNT, { app_id: app }, undefined, { cache: true }))[0]!.n);
    expect(await n('c')).toBe(1);
    expect(await n('other')).toBe(0);
    expect(await n('c')).toBe(1);
  });

  test('callers get rows of their own: changing one answer changes no later one', async () => {
    const read = () => store.rows(COUNT, { app_id: 'c' }, undefined, { cache: true });
    const first = await read();
    first[0]!.n = 99;
    expect(Number((await read())[0]!.n)).toBe(1);
  });

  test('a store opened with cacheRows 0 has no cache', async () => {
    const plain = await EventStore.open({ threads: 1, cacheRows: 0 });
    expect(plain.cache).toBeNull();
    await plain.close();
  });
});

describe('ResultCache', () => {
  const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ i }));
  const never = () => false;
  const get = (
    cache: ResultCache,
    key: string,
    read: () => Promise<Record<string, unknown>[]>,
    shareable: (error: unknown) => boolean,
  ) => cache.get(key, read, shareable);

  test('an answer read while a write ran is not kept', async () => {
    const cache = new ResultCache(1000);
    let reads = 0;
    let finishWrite!: () => void;
    const write = cache.write(() => new Promise<void>((resolve) => (finishWrite = resolve)));
    await get(cache, 'q', async () => (reads++, rows(1)), never);
    finishWrite();
    await write;
    await get(cache, 'q', async () => (reads++, rows(1)), never);
    expect(reads).toBe(2);
  });

  test('a write that starts while the answer is read keeps it out of the cache', async () => {
    const cache = new ResultCache(1000);
    let reads = 0;
    let release!: () => void;
    const slow = get(cache, 'q', () => new Promise((resolve) => (release = () => resolve((reads++, rows(1))))), never);
    await cache.write(async () => {});
    release();
    await slow;
    await get(cache, 'q', async () => (reads++, rows(1)), never);
    expect(reads).toBe(2);
  });

  test('callers of the same question at once share one read', async () => {
    const cache = new ResultCache(1000);
    let reads = 0;
    let release!: () => void;
    const read = () => new Promise<{ i: number }[]>((resolve) => (release = () => resolve((reads++, rows(2)))));
    const a = get(cache, 'q', read, never);
    const b = get(cache, 'q', read, never);
    release();
    expect(await a).toEqual(rows(2));
    expect(await b).toEqual(rows(2));
    expect(reads).toBe(1);
  });

  test("a waiting caller reads for itself when the shared read was another job's cancel", async () => {
    const cache = new ResultCache(1000);
    let fail!: () => void;
    const first = get(
      cache,
      'q',
      () => new Promise((_, reject) => (fail = () => reject(new QueryCancelledError()))),
      (e) => !(e instanceof QueryCancelledError),
    );
    const second = get(
      cache,
      'q',
      async () => rows(3),
      (e) => !(e instanceof QueryCancelledError),
    );
    fail();
    await expect(first).rejects.toBeInstanceOf(QueryCancelledError);
    expect(await second).toEqual(rows(3));
  });

  test('a shared timeout is every waiting caller’s error', async () => {
    const cache = new ResultCache(1000);
    let fail!: () => void;
    const first = get(
      cache,
      'q',
      () => new Promise((_, reject) => (fail = () => reject(new Error('timeout')))),
      () => true,
    );
    const second = get(
      cache,
      'q',
      async () => rows(1),
      () => true,
    );
    fail();
    await expect(first).rejects.toThrow('timeout');
    await expect(second).rejects.toThrow('timeout');
  });

  test('an answer over the entry limit is read every time; the total is bounded by rows', async () => {
    const cache = new ResultCache(RESULT_CACHE_ENTRY_ROWS_MAX * 2);
    let reads = 0;
    const big = async () => (reads++, rows(RESULT_CACHE_ENTRY_ROWS_MAX + 1));
    await get(cache, 'big', big, never);
    await get(cache, 'big', big, never);
    expect(reads).toBe(2);
    const small = new ResultCache(10);
    let smallReads = 0;
    await get(small, 'a', async () => (smallReads++, rows(6)), never);
    await get(small, 'b', async () => (smallReads++, rows(6)), never); // pushes 'a' out (12 > 10 rows)
    await get(small, 'a', async () => (smallReads++, rows(6)), never);
    expect(smallReads).toBe(3);
  });
});
