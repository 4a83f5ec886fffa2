/**
 * The balance running out (server/areas/billing/runway-alert.ts, docs/notifications.md §Alerts): Billing's runway
 * below 7 days is announced once per fall by the scheduled check, reaches admins only, and is announced again only
 * after the runway was long in between.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_WORKSPACE_ID } from '../../server/demo/seed';
import { billingJobs, scheduleRunwayCheck } from '../../server/areas/billing/index';
import { drainJobs } from '../../server/jobs/queue';
import { runScheduledTasks } from '../../server/jobs/scheduler';
import { RUNWAY_ALERT_DAYS } from '../../src/contracts/notifications';
import { bearer, createTestServer, signInAs, type TestServer } from './helpers';

type Who = 'admin' | 'editor' | 'viewer';
let server: TestServer;
let clock = Date.now();
const tokens = {} as Record<Who, string>;
beforeAll(async () => {
  server = await createTestServer({ now: () => new Date(clock) });
  for (const who of ['admin', 'editor', 'viewer'] as Who[])
    tokens[who] = await signInAs(server.app, DEMO_ACCOUNTS[who]);
});
afterAll(() => server?.close());

const W = DEMO_WORKSPACE_ID;
const runway = async () =>
  (
    await server.app.inject({ method: 'GET', url: `/api/workspace/${W}/billing/runway`, headers: bearer(tokens.admin) })
  ).json().data as { runwayDays: number | null };
const check = async () => {
  clock += 61 * 60_000; // the check runs at most hourly
  await runScheduledTasks(server.app.questboard, [scheduleRunwayCheck]);
  await drainJobs(server.app.questboard, billingJobs);
};
const announced = async () =>
  (await server.db.selectFrom('domain_events').select('payload').where('name', '=', 'balance.ran_low').execute()).map(
    (e) => e.payload as { workspaceId: string; runwayDays: number },
  );
const inbox = async (who: Who) => {
  const res = await server.app.inject({
    method: 'GET',
    url: `/api/workspace/${W}/notifications`,
    headers: bearer(tokens[who]),
  });
  return (res.json().notifications as { kind: string; title: string; link: string }[]).filter(
    (n) => n.kind === 'runway_low',
  );
};
const charge = (id: string, cents: number) =>
  server.db
    .insertInto('billing_charges')
    .values({ id, workspace_id: W, amount_cents: cents, source: 'quest', description: id, created_at: new Date(clock) })
    .execute();
const credit = (id: string, cents: number) =>
  server.db
    .insertInto('billing_credits')
    .values({ id, workspace_id: W, description: id, amount_cents: cents, remaining_cents: cents })
    .execute();

describe('the balance running out', () => {
  test('a runway that falls below a week is announced once, to admins, until it is long again', async () => {
    // spend far beyond the balance: the runway is 0 days
    await charge('ch_runway_big', 100_000_000);
    expect((await runway()).runwayDays).toBeLessThan(RUNWAY_ALERT_DAYS);
    await check();
    await check(); // still low: nothing more
    expect((await announced()).filter((e) => e.workspaceId === W)).toHaveLength(1);
    await expect.poll(async () => (await inbox('admin')).length).toBe(1);
    expect((await inbox('admin'))[0]).toMatchObject({
      title: expect.stringMatching(/^The balance lasts 0 more days$/),
      link: `/workspace/${W}/billing`,
    });
    expect(await inbox('editor')).toHaveLength(0);
    expect(await inbox('viewer')).toHaveLength(0);

    // a large credit: the runway is long again, and the mark is gone
    await credit('cr_runway_topup', 1_000_000_000);
    expect((await runway()).runwayDays).toBeGreaterThanOrEqual(RUNWAY_ALERT_DAYS);
    await check();
    expect(await server.db.selectFrom('billing_runway_alerts').selectAll().execute()).toHaveLength(0);

    // spent again: a new fall, announced again
    await charge('ch_runway_again', 1_000_000_000);
    await check();
    expect((await announced()).filter((e) => e.workspaceId === W)).toHaveLength(2);
    await expect.poll(async () => (await inbox('admin')).length).toBe(2);
  });
});
