/**
 * server/db/reusable-query.ts: a hot-path query compiled once answers each call with that call's values (bound, never
 * inlined), keeps one compiled query per settings, and refuses a builder that uses an argument other than as one value.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { reusableQuery } from '../../server/db/reusable-query';
import { DEMO_ACCOUNTS } from '../../server/demo/seed';
import { createTestServer, type TestServer } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server?.close());

describe('reusableQuery', () => {
  test('each call binds its own values; settings choose the compiled query', async () => {
    let builds = 0;
    const byEmail = reusableQuery((db, orderDesc: boolean, email: string) => {
      builds++;
      return db
        .selectFrom('accounts')
        .select(['email'])
        .where('email', '=', email)
        .orderBy('email', orderDesc ? 'desc' : 'asc');
    });
    expect(await byEmail(server.db, false, DEMO_ACCOUNTS.admin)).toEqual([{ email: DEMO_ACCOUNTS.admin }]);
    expect(await byEmail(server.db, false, DEMO_ACCOUNTS.viewer)).toEqual([{ email: DEMO_ACCOUNTS.viewer }]);
    expect(await byEmail(server.db, false, "x' OR '1'='1")).toEqual([]);
    expect(builds, 'built once for the same settings').toBe(1);
    expect(await byEmail(server.db, true, DEMO_ACCOUNTS.editor)).toEqual([{ email: DEMO_ACCOUNTS.editor }]);
    expect(builds, 'other settings build their own query').toBe(2);
  });

  test('an argument used twice, or not at all, is refused when the query is first built', async () => {
    const twice = reusableQuery((db, _s: null, email: string) =>
      db.selectFrom('accounts').select('id').where('email', '=', email).where('first_name', '!=', email),
    );
    await expect(twice(server.db, null, 'a@b.c')).rejects.toThrow(/argument 0 is used 2 times/);
    const unused = reusableQuery((db, _s: null, _email: string) => db.selectFrom('accounts').select('id'));
    await expect(unused(server.db, null, 'a@b.c')).rejects.toThrow(/argument 0 is used 0 times/);
  });
});
