/**
 * The target KPI below target once mature (docs/notifications.md §Target KPI below target), fired from its real
 * domain: players who started a live quest (the s2s route) and completed its step (a real AppsFlyer postback,
 * charged, no revenue: ROAS D7 0 % against the default target of 5 %) become mature as the clock passes the KPI's window plus its late
 * data; the scheduler's task enqueues the KPI check and its job announces the newly mature period once, to admins and
 * editors, never viewers. The same period checked again, or a later day with no more mature players, adds nothing; a
 * later period with more mature players is announced again.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_WORKSPACE_ID } from '../../server/demo/seed';
import { ACQUIRE_DEMO_APP } from '../../server/areas/acquire/seed';
import { postbackUrl } from '../../server/areas/postbacks/postbacks';
import { acquireJobs, scheduleKpiCheck } from '../../server/areas/acquire/index';
import { KPI_CHECK_JOB } from '../../server/areas/acquire/kpi-alerts';
import { drainJobs } from '../../server/jobs/queue';
import { runScheduledTasks } from '../../server/jobs/scheduler';
import { bearer, createTestServer, signInAs, type TestServer } from './helpers';

type Who = 'admin' | 'editor' | 'viewer';
const DAY = 86_400_000;
const N = `/api/workspace/${DEMO_WORKSPACE_ID}/notifications`;
let server: TestServer;
// The jobs table stamps rows with the database's clock: the test's clock starts now and only moves forward.
let clock = Date.now();
const tokens = {} as Record<Who, string>;

beforeAll(async () => {
  server = await createTestServer({ now: () => new Date(clock) });
  for (const who of ['admin', 'editor', 'viewer'] as Who[])
    tokens[who] = await signInAs(server.app, DEMO_ACCOUNTS[who]);
});
afterAll(() => server?.close());

const ctx = () => server.app.questboard;
const as = (who: Who, method: 'GET' | 'POST', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(tokens[who]), ...(payload ? { payload } : {}) });
/** The person's KPI alerts (signed in again: the clock moves past a session's life). */
const below = async (who: Who) => {
  tokens[who] = await signInAs(server.app, DEMO_ACCOUNTS[who]);
  return (
    (await as(who, 'GET', N)).json().notifications as { kind: string; title: string; body: string; link: string }[]
  ).filter((n) => n.kind === 'kpi_below');
};
const check = async () => {
  await runScheduledTasks(ctx(), [scheduleKpiCheck]);
  await drainJobs(ctx(), { handlers: { [KPI_CHECK_JOB]: acquireJobs.handlers[KPI_CHECK_JOB]! } });
};
const QUESTS = `/api/app/${ACQUIRE_DEMO_APP}/acquire/quests`;
let questId = '';
let s2sKey = '';
/** A live quest of one $0.50 step (cap $100), and an s2s key of the app. */
async function liveQuest() {
  const created = await as('editor', 'POST', QUESTS, {
    name: 'KPI quest',
    countries: ['US'],
    dailyCap: 100,
    steps: [{ eventName: 'af_tutorial_completion', payout: 0.5, condition: null }],
  });
  expect(created.statusCode, created.body).toBe(201);
  questId = created.json().data.id as string;
  expect((await as('editor', 'POST', `${QUESTS}/${questId}/publish`)).statusCode).toBe(200);
  const app = (await as('admin', 'GET', `/api/app/${ACQUIRE_DEMO_APP}`)).json().data;
  s2sKey = (
    await as('admin', 'POST', `/api/app/${ACQUIRE_DEMO_APP}/api-keys`, {
      ...app,
      apiKeys: [...app.apiKeys, { key: '', type: 's2s', status: 'active' }],
    })
  ).json().createdKey as string;
}
/** A player starts the quest (s2s route) and completes its step (a real AppsFlyer postback, no revenue): charged. */
async function acquire(player: string) {
  const started = await server.app.inject({
    method: 'POST',
    url: `/api/s2s/${ACQUIRE_DEMO_APP}/quest-events`,
    headers: { 'x-questboard-key': s2sKey },
    payload: { eventId: `kpi-start-${player}`, questId, playerId: player, kind: 'start' },
  });
  expect(started.statusCode, started.body).toBeLessThan(300);
  const url = new URL(await postbackUrl(ctx(), ACQUIRE_DEMO_APP, 'appsflyer'));
  const res = await server.app.inject({
    method: 'GET',
    url: url.pathname,
    query: {
      event_name: 'af_tutorial_completion',
      event_value: '{}',
      event_time: new Date(clock).toISOString().replace('T', ' ').slice(0, 19),
      idfa: 'AEBE52E7-03EE-455A-B3C4-E57283966239',
      af_sub1: player,
      af_sub3: questId,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('the target KPI below target', () => {
  test('a newly mature period below target is announced once; a later one with more mature players again', async () => {
    await liveQuest();
    await acquire('kpi-first');
    await check();
    // Not mature yet (a start needs 7 + 3 days): nothing.
    const before = 0;
    expect(await below('editor')).toHaveLength(0);

    clock += 11 * DAY;
    await check();
    const mine = await below('editor');
    expect(mine).toHaveLength(before + 1);
    const [alert] = mine;
    expect(alert).toMatchObject({
      title: 'Dragon Merge (iOS) is below its ROAS D7 target',
      link: `/workspace/${DEMO_WORKSPACE_ID}/app/${ACQUIRE_DEMO_APP}/acquire/target`,
    });
    const period = new Date(clock - 10 * DAY).toISOString().slice(0, 10);
    expect(alert!.body).toMatch(
      new RegExp(`^ROAS D7 is [\\d.]+ % over the \\d+ players? mature by ${period}, below the target of 5 %\\.$`),
    );
    expect(await below('admin')).toHaveLength(before + 1);
    expect(await below('viewer')).toHaveLength(0);
    const kpi = (await as('editor', 'GET', `/api/app/${ACQUIRE_DEMO_APP}/acquire/kpi`)).json();
    expect(JSON.stringify(kpi)).toContain('below_target');

    // The same period again, and the next day with no more mature players: nothing more.
    clock += 2 * 3_600_000;
    await check();
    clock += DAY;
    await check();
    expect(await below('editor')).toHaveLength(before + 1);

    // A new player, mature 11 days later: a new period with more mature players, announced again.
    await acquire('kpi-second');
    clock += 11 * DAY;
    await check();
    expect(await below('editor')).toHaveLength(before + 2);
  });
});
