/**
 * The source alerts of docs/notifications.md §Silent sources, each fired from its real domain event and found in the
 * inboxes of the roles it names exactly once:
 *   - BigQuery export silence: Process Data records the export's newest event, the clock passes the plugin's 36 hours,
 *     the scheduler's task enqueues the silence check and its job announces it (later checks announce nothing more;
 *     newer export data starts a new period, announced again at its own silence);
 *   - a source's health turned Degraded: the clock passes a day without an AppsFlyer postback, the scheduler's health
 *     check announces it once; a real postback (the partner's URL) makes it Receiving again, ending the period, and
 *     the next Degraded period is announced again;
 *   - a source's own threshold (`plugins.silent_hours`) replaces the default of its kind; editors and admins set it on
 *     the source's page (`PUT /api/plugins/:pluginId/silent-hours`), viewers read it, a bad value is a 400 naming
 *     the field.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_APP_IDS, DEMO_WORKSPACE_ID } from '../../server/demo/seed';
import {
  integrationJobs,
  scheduleHealthCheck,
  scheduleSilenceCheck,
  sourceHealthJobs,
} from '../../server/areas/integrations/index';
import { HEALTH_CHECK_JOB } from '../../server/areas/integrations/health-alerts';
import { ACQUIRE_DEMO_APP, ACQUIRE_DEMO_PLUGIN } from '../../server/areas/acquire/seed';
import { postbackUrl } from '../../server/areas/postbacks/postbacks';
import { SILENCE_CHECK_JOB } from '../../server/areas/integrations/silence';
import { processPluginData } from '../../server/areas/integrations/process-data';
import { drainJobs, type JobHandlers } from '../../server/jobs/queue';
import { runScheduledTasks } from '../../server/jobs/scheduler';
import { bearer, createTestServer, signInAs, type TestServer } from './helpers';

type Who = 'admin' | 'editor' | 'viewer';
const HOUR = 3_600_000;
const N = `/api/workspace/${DEMO_WORKSPACE_ID}/notifications`;
const APP = DEMO_APP_IDS.dragonMergeAndroid;
const PLUGIN = `${APP}-bigquery`;
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
const inbox = async (who: Who, kind: string, app: string = APP) => {
  const res = await server.app.inject({ method: 'GET', url: N, headers: bearer(tokens[who]) });
  expect(res.statusCode, res.body).toBe(200);
  return (
    res.json().notifications as { kind: string; title: string; body: string; link: string; appId: string }[]
  ).filter((n) => n.kind === kind && n.appId === app);
};
const only = (kind: string): JobHandlers => ({ handlers: { [kind]: integrationJobs.handlers[kind]! } });
const check = async () => {
  await runScheduledTasks(ctx(), [scheduleSilenceCheck]);
  await drainJobs(ctx(), only(SILENCE_CHECK_JOB));
};
/** A Process Data run (the real recording path) whose export's newest event is at `newest`. */
const processExport = (newest: number) =>
  processPluginData(ctx(), {
    pluginId: PLUGIN,
    appId: APP,
    process: async () => ({
      events: 10,
      range: { start: '2026-03-01', end: new Date(newest).toISOString().slice(0, 10) },
      schema: [{ eventName: 'level_up', params: { level: 'INT64' }, lastReceivedAt: newest }],
      versions: [],
    }),
  });

describe('a BigQuery export went silent', () => {
  test('36 hours without new export data fire the alert once; newer data starts a new silence', async () => {
    // Only the export's newest event counts: the demo's own events are older than the run's.
    await server.db.deleteFrom('plugin_events').where('plugin_id', '=', PLUGIN).execute();
    const newest = clock - 2 * HOUR;
    await processExport(newest);

    clock = newest + 35 * HOUR;
    await check();
    expect(await inbox('editor', 'source_silent')).toHaveLength(0);

    clock = newest + 36 * HOUR + 60_000;
    await check();
    const [alert, ...more] = await inbox('editor', 'source_silent');
    expect(more).toHaveLength(0);
    expect(alert).toMatchObject({
      title: 'BigQuery went silent',
      body: `Dragon Merge (Android): no new export data from BigQuery for 36 hours (the newest event is from ${new Date(newest).toISOString().slice(0, 16).replace('T', ' ')} UTC). Analyze and the quests’ events show nothing newer until the export catches up.`,
      link: `/workspace/${DEMO_WORKSPACE_ID}/app/${APP}/integrations/BigQuery`,
    });
    expect(await inbox('admin', 'source_silent')).toHaveLength(1);
    expect(await inbox('viewer', 'source_silent')).toHaveLength(0);

    // Later checks of the same silence announce nothing more.
    clock += 30 * 60_000;
    await check();
    expect(await inbox('editor', 'source_silent')).toHaveLength(1);
    const events = await server.db
      .selectFrom('domain_events')
      .select('payload')
      .where('name', '=', 'plugin.silent')
      .execute();
    expect(events.filter((e) => (e.payload as { pluginId: string }).pluginId === PLUGIN)).toHaveLength(1);

    // Newer export data ends the silence; its own silence is announced again.
    const newer = clock - HOUR;
    await processExport(newer);
    await check();
    expect(await inbox('editor', 'source_silent')).toHaveLength(1);
    clock = newer + 36 * HOUR + 60_000;
    await check();
    expect(await inbox('editor', 'source_silent')).toHaveLength(2);
  });

  test('the source’s own threshold replaces the 36 hours', async () => {
    await server.db.updateTable('plugins').set({ silent_hours: 3 }).where('id', '=', PLUGIN).execute();
    const newest = clock - HOUR;
    await processExport(newest);
    clock = newest + 2 * HOUR;
    await check();
    const before = (await inbox('editor', 'source_silent')).length;
    clock = newest + 3 * HOUR + 60_000;
    await check();
    const after = await inbox('editor', 'source_silent');
    expect(after).toHaveLength(before + 1);
    expect(after[0]!.body).toContain('no new export data from BigQuery for 3 hours');
  });

  test('a BigQuery plugin without daily processing is not watched (nothing reads its export on a clock)', async () => {
    const row = await server.db
      .selectFrom('plugins')
      .select('attributes')
      .where('id', '=', PLUGIN)
      .executeTakeFirstOrThrow();
    await server.db
      .updateTable('plugins')
      .set({ attributes: JSON.stringify({ ...(row.attributes as object), dailyProcess: false }) })
      .where('id', '=', PLUGIN)
      .execute();
    const newest = clock - HOUR;
    await processExport(newest);
    const before = (await inbox('editor', 'source_silent')).length;
    clock = newest + 100 * HOUR;
    await check();
    expect(await inbox('editor', 'source_silent')).toHaveLength(before);
  });
});

describe('a source’s silence threshold', () => {
  const url = (pluginId: string) => `/api/plugins/${pluginId}/silent-hours`;
  const put = (who: Who, pluginId: string, payload: Record<string, unknown>) =>
    server.app.inject({ method: 'PUT', url: url(pluginId), headers: bearer(tokens[who]), payload });
  const own = async (pluginId: string) => {
    const res = await server.app.inject({
      method: 'GET',
      url: `/api/plugins/${pluginId}`,
      headers: bearer(tokens.viewer),
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { silentHours: number | null }).silentHours;
  };

  test('an editor sets it and resets it to the default; a viewer reads it and cannot set it', async () => {
    const saved = await put('editor', PLUGIN, { silentHours: 48 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await own(PLUGIN)).toBe(48);
    const refused = await put('viewer', PLUGIN, { silentHours: 12 });
    expect(refused.statusCode).toBe(403);
    expect(await own(PLUGIN)).toBe(48);
    const reset = await put('admin', PLUGIN, { silentHours: null });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await own(PLUGIN)).toBeNull();
    const feed = await server.db
      .selectFrom('plugin_feed')
      .select('message')
      .where('plugin_id', '=', PLUGIN)
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    expect(feed.map((f) => f.message)).toEqual([
      'Silent after 36 hours (the default) without new data.',
      'Silent after 48 hours without new data.',
    ]);
  });

  test.each([0, 721, 2.5, '6', -3])('%s hours is refused with a 400 naming the field', async (value) => {
    const res = await put('editor', PLUGIN, { silentHours: value });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toContain('silentHours');
  });

  test('a Firebase source is not watched on its own: 400 naming the field', async () => {
    const res = await put('editor', `${DEMO_APP_IDS.wordGarden}-firebase`, { silentHours: 10 });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ fields: ['silentHours'] });
    expect(res.body).toContain('This source is not watched for silence');
  });
});

describe('a source’s health turned Degraded', () => {
  const healthCheck = async () => {
    await runScheduledTasks(ctx(), [scheduleHealthCheck]);
    await drainJobs(ctx(), { handlers: { [HEALTH_CHECK_JOB]: sourceHealthJobs.handlers[HEALTH_CHECK_JOB]! } });
  };
  const degraded = () => inbox('editor', 'source_degraded', ACQUIRE_DEMO_APP);
  const lastPostback = async () => {
    const row = await server.db
      .selectFrom('postbacks')
      .select((eb) => eb.fn.max('received_at').as('at'))
      .where('app_id', '=', ACQUIRE_DEMO_APP)
      .where('source', '=', 'appsflyer')
      .executeTakeFirstOrThrow();
    return new Date(row.at as Date | string).getTime();
  };
  /** A real AppsFlyer postback through the partner's URL (received at the test's clock). */
  const postback = async (id: string) => {
    const url = new URL(await postbackUrl(ctx(), ACQUIRE_DEMO_APP, 'appsflyer'));
    const res = await server.app.inject({
      method: 'GET',
      url: url.pathname,
      query: {
        event_name: 'af_level_achieved',
        event_value: '{}',
        event_time: new Date(clock).toISOString().replace('T', ' ').slice(0, 19),
        idfa: 'AEBE52E7-03EE-455A-B3C4-E57283966239',
        af_sub1: `health-${id}`,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  test('a day without postbacks turns it Degraded: announced once per period', async () => {
    clock = Math.max(clock, Date.now()) + HOUR;
    await postback('fresh');
    await healthCheck();
    expect(await degraded()).toHaveLength(0);

    clock = (await lastPostback()) + 25 * HOUR;
    await healthCheck();
    const [alert, ...more] = await degraded();
    expect(more).toHaveLength(0);
    expect(alert).toMatchObject({
      title: 'AppsFlyer health turned Degraded',
      link: `/workspace/${DEMO_WORKSPACE_ID}/app/${ACQUIRE_DEMO_APP}/integrations/AppsFlyer`,
    });
    expect(alert!.body).toContain('Dragon Merge (iOS): No postback for 25 hours (normally within 24 hours).');
    expect(await inbox('admin', 'source_degraded', ACQUIRE_DEMO_APP)).toHaveLength(1);
    expect(await inbox('viewer', 'source_degraded', ACQUIRE_DEMO_APP)).toHaveLength(0);

    // Still Degraded an hour later: the same period, nothing more.
    clock += 2 * HOUR;
    await healthCheck();
    expect(await degraded()).toHaveLength(1);

    // A postback makes it Receiving: the period ends; the next day without one is a new period.
    await postback('back');
    clock += 2 * HOUR;
    await healthCheck();
    const plugin = await server.db
      .selectFrom('plugins')
      .select('degraded_since')
      .where('id', '=', ACQUIRE_DEMO_PLUGIN)
      .executeTakeFirstOrThrow();
    expect(plugin.degraded_since).toBeNull();
    expect(await degraded()).toHaveLength(1);
    clock = (await lastPostback()) + 26 * HOUR;
    await healthCheck();
    expect(await degraded()).toHaveLength(2);
  });
});
