/**
 * The demo's month of activity is real (docs/activity.md): made by the areas' own functions, as the demo team, spread
 * over the last 30 days; the demo's state is the seeded one afterwards, and a second start adds nothing.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { seedDemoHistoryOnce } from '../../server/demo/demo-history';
import { DEMO_WORKSPACE_ID } from '../../server/demo/ids';
import { ACQUIRE_DEMO_QUESTS } from '../../server/areas/acquire/seed';
import { createTestServer, type TestServer } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server?.close());

const state = async () => ({
  quest: (
    await server.db
      .selectFrom('quests')
      .select('status')
      .where('id', '=', ACQUIRE_DEMO_QUESTS.live)
      .executeTakeFirstOrThrow()
  ).status,
  monetize: await server.db.selectFrom('monetize_campaigns').select(['app_id', 'status']).orderBy('app_id').execute(),
  catalogue: await server.db.selectFrom('app_catalogue_items').select(['sku', 'price_cents']).orderBy('sku').execute(),
  roles: await server.db
    .selectFrom('memberships')
    .select(['account_id', 'role'])
    .where('workspace_id', '=', DEMO_WORKSPACE_ID)
    .orderBy('account_id')
    .execute(),
});

test('the demo team’s last 30 days, through the domain, leaving the demo as seeded', async () => {
  const before = await state();
  const started = Date.now();
  const skipped: string[] = [];
  await seedDemoHistoryOnce(server.app.questboard, (line) => skipped.push(line));
  expect(skipped).toEqual([]);
  // A few seconds on a loaded machine (a dozen transactions); the e2e global setup seeds it.
  expect(Date.now() - started).toBeLessThan(15_000);

  const rows = await server.db
    .selectFrom('activity')
    .select(['at', 'actor_name', 'verb', 'event_id'])
    .where('workspace_id', '=', DEMO_WORKSPACE_ID)
    .execute();
  expect(rows.length).toBeGreaterThanOrEqual(12);
  // Real events: every row has its outbox event.
  expect(rows.every((row) => row.event_id !== null)).toBe(true);
  const now = Date.now();
  const days = new Set(rows.map((row) => new Date(row.at).toISOString().slice(0, 10)));
  expect(days.size).toBeGreaterThanOrEqual(10);
  for (const row of rows) {
    expect(now - new Date(row.at).getTime()).toBeLessThanOrEqual(30 * 86_400_000);
    expect(now - new Date(row.at).getTime()).toBeGreaterThan(0);
  }
  expect(new Set(rows.map((row) => row.actor_name))).toEqual(new Set(['Ada Admin', 'Eddie Editor']));
  expect(new Set(rows.map((row) => row.verb))).toEqual(
    new Set([
      'monetize.turned_off',
      'monetize.turned_on',
      'target.changed',
      'quest.stopped',
      'quest.restarted',
      'app.settings_changed',
      'catalogue_item.added',
      'catalogue_item.updated',
      'catalogue_item.removed',
      'member.role_changed',
    ]),
  );
  expect(await state()).toEqual(before);

  await seedDemoHistoryOnce(server.app.questboard);
  const again = await server.db
    .selectFrom('activity')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('workspace_id', '=', DEMO_WORKSPACE_ID)
    .executeTakeFirstOrThrow();
  expect(Number(again.n)).toBe(rows.length);
});
