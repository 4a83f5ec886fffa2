/**
 * Process Data Daily: the scheduler (server/jobs/scheduler.ts, task scheduleDailyProcessing) with an
 * injected clock, no sleeps. Off: nothing runs. On: nothing for the rest of the day the switch was turned on, then
 * exactly one job at the schedule time even with two schedulers ticking at once, a feed line, and Last Refreshed moves
 * once the job ran. After downtime one job catches up every missed day. A manual processing in progress postpones the
 * run to the next tick. The 5-field cron is parsed, so a custom schedule works too.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openAnalytics, type AnalyticsEngine } from '../../server/analytics/index';
import { DEMO_ACCOUNTS, DEMO_APP_IDS } from '../../server/demo/seed';
import { drainJobs } from '../../server/jobs/queue';
import { runScheduledTasks } from '../../server/jobs/scheduler';
import { latestFire, parseCron } from '../../server/jobs/cron';
import { integrationJobs, scheduleDailyProcessing } from '../../server/areas/integrations/integrations';
import { call, createTestServer, signInAs, type TestServer } from './helpers';

const APP = DEMO_APP_IDS.pixelRacer;
const DAY = 86_400_000;
const today = new Date().toISOString().slice(0, 10);
const at = (day: number, time: string) => Date.parse(`${today}T${time}:00Z`) + day * DAY;
const dayOf = (day: number) => new Date(at(day, '00:00')).toISOString().slice(0, 10);

let server: TestServer;
let analytics: AnalyticsEngine;
let admin: string;
let editor: string;
let clock = at(0, '10:00');
let pluginId = '';
const ctx = () => server.app.questboard;
const tick = () => runScheduledTasks(ctx(), [scheduleDailyProcessing]);
const feed = async () =>
  (
    (await call(server.app, admin, { method: 'GET', url: `/api/plugins/${pluginId}/feed` })).json().feed as {
      message: string;
    }[]
  ).map((f) => f.message);
const processJobs = () =>
  server.db
    .selectFrom('jobs')
    .select(['id', 'payload', 'status'])
    .where('plugin_id', '=', pluginId)
    .where('kind', '=', 'bigquery_process_event')
    .orderBy('created_at')
    .execute();

beforeAll(async () => {
  analytics = await openAnalytics({ threads: 1 });
  server = await createTestServer({
    providers: { analytics },
    config: { sandboxExport: { events: 2_000, days: 10 } },
    now: () => new Date(clock),
  });
  [admin, editor] = await Promise.all([
    signInAs(server.app, DEMO_ACCOUNTS.admin),
    signInAs(server.app, DEMO_ACCOUNTS.editor),
  ]);
  const credential = (
    await call(server.app, admin, { method: 'POST', url: `/api/app/${APP}/credentials/product` })
  ).json();
  const created = await call(server.app, admin, {
    method: 'POST',
    url: `/api/app/${APP}/plugins`,
    payload: {
      type: 'BigQuery',
      credentialId: credential.credential.id,
      attributes: { targetProject: 'demo-studio-analytics' },
    },
  });
  expect(created.statusCode).toBe(200);
  pluginId = created.json().plugin.id;
  await drainJobs(ctx(), integrationJobs); // the sandbox export
});
afterAll(async () => {
  await server?.close();
  await analytics?.close();
});

describe('cron schedules', () => {
  test('the latest time at or before now, for the default and custom schedules', () => {
    const now = new Date('2026-03-04T10:30:00Z'); // a Wednesday
    expect(latestFire(parseCron('0 3 * * *'), now)?.toISOString()).toBe('2026-03-04T03:00:00.000Z');
    expect(latestFire(parseCron('0 3 * * *'), new Date('2026-03-04T02:59:00Z'))?.toISOString()).toBe(
      '2026-03-03T03:00:00.000Z',
    );
    expect(latestFire(parseCron('30 */6 * * MON-FRI'), now)?.toISOString()).toBe('2026-03-04T06:30:00.000Z');
    expect(latestFire(parseCron('15 4 * * 0'), now)?.toISOString()).toBe('2026-03-01T04:15:00.000Z');
    expect(latestFire(parseCron('0 0 1 1 *'), now)?.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(() => parseCron('0 3 * *')).toThrow();
    expect(() => parseCron('61 3 * * *')).toThrow();
  });
});

describe('Process Data Daily', () => {
  test('off: no job at any time', async () => {
    for (const time of [at(0, '10:00'), at(1, '03:00'), at(2, '23:59')]) {
      clock = time;
      expect(await tick()).toEqual([]);
    }
    expect(await processJobs()).toEqual([]);
  });

  test('on: the first run is at the next 03:00 UTC; two schedulers racing enqueue exactly one job; Last Refreshed moves', async () => {
    clock = at(0, '10:00');
    expect(
      (
        await call(server.app, editor, {
          method: 'POST',
          url: `/api/plugins/${pluginId}/daily-process`,
          payload: { dailyProcess: true },
        })
      ).statusCode,
    ).toBe(200);
    expect(await tick()).toEqual([]);
    clock = at(1, '02:59');
    expect(await tick()).toEqual([]);

    clock = at(1, '03:00');
    const [a, b] = await Promise.all([tick(), tick()]);
    expect([...a, ...b]).toHaveLength(1);
    const jobs = await processJobs();
    expect(jobs).toHaveLength(1);
    const dataEnd = (
      await server.db.selectFrom('plugins').select('data_end').where('id', '=', pluginId).executeTakeFirstOrThrow()
    ).data_end;
    const end = dayOf(0); // yesterday, seen from the run's day
    const from = dataEnd && dataEnd < end ? dataEnd : end;
    const start = new Date(Date.parse(`${from}T00:00:00Z`) - 2 * DAY).toISOString().slice(0, 10);
    expect(jobs[0]!.payload).toEqual({ start, end, daily: true });
    expect((await feed()).filter((m) => m.startsWith('Daily processing started'))).toEqual([
      `Daily processing started: data from ${start} to ${end}.`,
    ]);

    clock = at(1, '03:00') + 90_000;
    await drainJobs(ctx(), integrationJobs);
    const plugin = (await call(server.app, admin, { method: 'GET', url: `/api/plugins/${pluginId}` })).json();
    expect(plugin.lastRefresh).toBe(clock);
    expect(plugin.connected).toBe('connected');
    expect((await feed()).at(-1)).toMatch(new RegExp(`^Processed [\\d,]+ events from ${start} to ${end}\\.$`));

    clock = at(1, '23:00');
    expect(await tick()).toEqual([]);
    expect(await processJobs()).toHaveLength(1);
  });

  test('after downtime (no tick for three days), one job catches up every missed day', async () => {
    clock = at(4, '05:00');
    expect(await tick()).toHaveLength(1);
    const jobs = await processJobs();
    const dataEnd = (
      await server.db.selectFrom('plugins').select('data_end').where('id', '=', pluginId).executeTakeFirstOrThrow()
    ).data_end!;
    expect(jobs.at(-1)!.payload).toMatchObject({ end: dayOf(3) });
    expect(
      String((jobs.at(-1)!.payload as { start: string }).start) <=
        new Date(Date.parse(`${dataEnd}T00:00:00Z`) - 2 * DAY).toISOString().slice(0, 10),
    ).toBe(true);
    await drainJobs(ctx(), integrationJobs);
    expect(await tick()).toEqual([]);
  });

  test('a manual processing in progress at the schedule time postpones the run to the next tick', async () => {
    clock = at(5, '02:00');
    expect(
      (
        await call(server.app, editor, {
          method: 'POST',
          url: `/api/plugins/${pluginId}/process`,
          payload: { start: dayOf(-3), end: dayOf(-1) },
        })
      ).statusCode,
    ).toBe(200);
    clock = at(5, '03:00');
    expect(await tick()).toEqual([]);
    await drainJobs(ctx(), integrationJobs);
    clock = at(5, '03:01');
    expect(await tick()).toHaveLength(1);
    await drainJobs(ctx(), integrationJobs);
  });

  test('turned off: no more runs', async () => {
    expect(
      (
        await call(server.app, editor, {
          method: 'POST',
          url: `/api/plugins/${pluginId}/daily-process`,
          payload: { dailyProcess: false },
        })
      ).statusCode,
    ).toBe(200);
    clock = at(7, '04:00');
    expect(await tick()).toEqual([]);
  });
});
