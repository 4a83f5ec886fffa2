/**
 * docs/architecture.md §9 and docs/integrations.md: an interrupted first start is completed by the next start, and the demo events take the
 * path of every app: raw Firebase export → Process Data → Analyze. The interruption is simulated by running the
 * seeding steps partially (the demo workspace, then the Android raw export only, or both exports processed but the
 * plugins not marked), then the start logic (ensureDemoData) again: what is missing is exported and processed, both
 * BigQuery plugins get their data range and events, Analyze is enabled for both apps and the iOS app's reports run. A
 * completed seed is left alone.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { openAnalytics, type AnalyticsEngine } from '../../server/analytics/index';
import { exportRange, processRange } from '../../server/analytics/raw-export';
import { generateEvents } from '../../server/analytics/generator';
import { DEMO_EVENT_APPS, demoEventsMarker, ensureDemoData, writeDemoExport } from '../../server/demo/demo-data';
import { DEMO_ACCOUNTS, DEMO_APP_IDS } from '../../server/demo/seed';
import type { Account } from '../../src/contracts/auth';
import { bearer, createTestServer, signInAs, type TestServer } from './helpers';
import { dailyReport } from './analyze-helpers';
import type { QueryJobTables } from '../../server/areas/integrations/migrations';

const END = '2025-06-30';
const EVENTS = 4_000;
let server: TestServer | undefined;
let analytics: AnalyticsEngine | undefined;

afterEach(async () => {
  await server?.close();
  await analytics?.close();
  server = undefined;
  analytics = undefined;
});

/** A server on the seeded demo workspace (step 1 done) whose event store is empty, as on a first start. */
async function firstStartState() {
  analytics = await openAnalytics({ threads: 1 });
  server = await createTestServer({ providers: { analytics } });
  return { server, analytics };
}

async function enabledApps(s: TestServer) {
  const token = await signInAs(s.app, DEMO_ACCOUNTS.viewer);
  const me = (await s.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) })).json() as Account;
  return Object.fromEntries(
    (me.allApps ?? [])
      .filter((app) => DEMO_EVENT_APPS.some((d) => d.id === app.id))
      .map((app) => [app.id, app.enableAnalyze]),
  );
}

const pluginOf = (s: TestServer, appId: string) =>
  s.db
    .selectFrom('plugins')
    .selectAll()
    .where('app_id', '=', appId)
    .where('type', '=', 'BigQuery')
    .executeTakeFirstOrThrow();

/** Both demo apps exported and processed on the event store (what a start does before it marks the plugins). */
async function processedDemoEvents(a: AnalyticsEngine) {
  for (const app of DEMO_EVENT_APPS) {
    const range = await writeDemoExport(a, app, { totalEvents: EVENTS, endDate: END });
    await processRange(a.store, { appId: app.id, dataset: app.id, start: range.start, end: range.end });
  }
}

describe('ensureDemoData completes an interrupted first start', () => {
  test('killed after the Android raw export, before its processing: the next start processes it, exports and processes iOS', async () => {
    const { server: s, analytics: a } = await firstStartState();
    // The interrupted start: the Android app's raw export was written, then the process died.
    await writeDemoExport(a, DEMO_EVENT_APPS[0]!, { totalEvents: EVENTS, endDate: END });
    expect(await a.store.dataRange(DEMO_APP_IDS.dragonMergeAndroid)).toBeNull();
    expect(await exportRange(a.store, DEMO_APP_IDS.dragonMergeIos)).toBeNull();

    await ensureDemoData(s.db, a, { totalEvents: EVENTS, endDate: END });

    const ios = await a.store.dataRange(DEMO_APP_IDS.dragonMergeIos);
    expect(ios).not.toBeNull();
    expect(ios!.end).toBe(END);
    for (const app of DEMO_EVENT_APPS) {
      const plugin = await pluginOf(s, app.id);
      expect(plugin).toMatchObject({
        status: 'connected',
        data_start: (await a.store.dataRange(app.id))!.start,
        data_end: END,
      });
      expect(plugin.last_refresh).not.toBeNull();
      // The raw export's days are exactly the processed ones, and the plugin's events come from the export.
      expect(await exportRange(a.store, app.id)).toMatchObject({ start: plugin.data_start, end: END });
      const events = await s.db
        .selectFrom('plugin_events')
        .select('event_name')
        .where('plugin_id', '=', plugin.id)
        .execute();
      expect(events.map((e) => e.event_name)).toEqual(
        expect.arrayContaining(['first_open', 'level_end', 'session_start']),
      );
      // The processing is in the app's job history like any Process Data run, with its estimated bytes.
      const jobs = await s.db
        .withTables<QueryJobTables>()
        .selectFrom('query_jobs')
        .select(['kind', 'state', 'label', 'bytes_processed', 'bytes_estimated'])
        .where('app_id', '=', app.id)
        .execute();
      expect(jobs).toEqual([
        {
          kind: 'process',
          state: 'succeeded',
          label: `${plugin.data_start} to ${END}`,
          bytes_processed: expect.anything(),
          bytes_estimated: true,
        },
      ]);
      expect(Number(jobs[0]!.bytes_processed)).toBeGreaterThan(0);
    }
    expect(await enabledApps(s)).toEqual({
      [DEMO_APP_IDS.dragonMergeAndroid]: true,
      [DEMO_APP_IDS.dragonMergeIos]: true,
    });

    const token = await signInAs(s.app, DEMO_ACCOUNTS.viewer);
    const run = await s.app.inject({
      method: 'POST',
      url: `/analytics/template/${DEMO_APP_IDS.dragonMergeIos}`,
      headers: bearer(token),
      payload: { report: dailyReport(['new_users'], 'date'), saveTemplate: false },
    });
    expect(run.statusCode).toBe(200);
    expect(run.json().row_count).toBeGreaterThan(0);
  });

  test('killed after all events were processed, before the plugins were marked: the next start marks them without regenerating', async () => {
    const { server: s, analytics: a } = await firstStartState();
    await processedDemoEvents(a);
    const count = async () => Number((await a.store.rows('SELECT count(*) AS n FROM events'))[0]!.n);
    const before = await count();
    expect(await enabledApps(s)).toEqual({
      [DEMO_APP_IDS.dragonMergeAndroid]: false,
      [DEMO_APP_IDS.dragonMergeIos]: false,
    });

    await ensureDemoData(s.db, a, { totalEvents: EVENTS, endDate: END });

    expect(await count()).toBe(before);
    expect(await enabledApps(s)).toEqual({
      [DEMO_APP_IDS.dragonMergeAndroid]: true,
      [DEMO_APP_IDS.dragonMergeIos]: true,
    });
    const markers = await s.db.selectFrom('seed_markers').select('name').execute();
    expect(markers.map((m) => m.name).sort()).toEqual(DEMO_EVENT_APPS.map((app) => demoEventsMarker(app.id)).sort());
  });

  test('a raw export interrupted half-way leaves the previous export (one transaction), so a resumed start never processes a partial one', async () => {
    analytics = await openAnalytics({ threads: 1 });
    const app = DEMO_EVENT_APPS[0]!;
    const before = await writeDemoExport(analytics, app, { totalEvents: EVENTS, endDate: END });
    await expect(
      generateEvents(analytics.store, {
        appId: app.id,
        days: 20,
        events: 1_000,
        seed: 1,
        endDate: END,
        into: {
          clear: 'DELETE FROM raw_events WHERE dataset = $dataset',
          insert: (select) => `INSERT INTO no_such_table ${select}`,
          values: { dataset: app.id },
          stats: 'SELECT 0 AS events, 0 AS users',
        },
      }),
    ).rejects.toThrow(/no_such_table/);
    expect(await exportRange(analytics.store, app.id)).toEqual(before);
  });

  test('a completed seed is left alone: a later start changes neither the events nor a plugin the user changed', async () => {
    const { server: s, analytics: a } = await firstStartState();
    await ensureDemoData(s.db, a, { totalEvents: EVENTS, endDate: END });
    await s.db
      .updateTable('plugins')
      .set({ status: 'disconnected', data_start: null, data_end: null })
      .where('app_id', '=', DEMO_APP_IDS.dragonMergeIos)
      .where('type', '=', 'BigQuery')
      .execute();
    const count = async () => Number((await a.store.rows('SELECT count(*) AS n FROM events'))[0]!.n);
    const before = await count();

    await ensureDemoData(s.db, a, { totalEvents: EVENTS, endDate: END });

    expect(await count()).toBe(before);
    expect(await pluginOf(s, DEMO_APP_IDS.dragonMergeIos)).toMatchObject({
      status: 'disconnected',
      data_start: null,
      data_end: null,
    });
  });

  test('the same generated events as an uninterrupted start (deterministic per app)', async () => {
    const interrupted = await firstStartState();
    await writeDemoExport(interrupted.analytics, DEMO_EVENT_APPS[0]!, { totalEvents: EVENTS, endDate: END });
    await ensureDemoData(interrupted.server.db, interrupted.analytics, { totalEvents: EVENTS, endDate: END });
    const fingerprint = (engine: AnalyticsEngine) =>
      engine.store.rows(
        'SELECT app_id, count(*) AS n, count(DISTINCT user_pseudo_id) AS users FROM events GROUP BY app_id ORDER BY app_id',
      );
    const resumed = await fingerprint(interrupted.analytics);

    const straight = await openAnalytics({ threads: 1 });
    try {
      await processedDemoEvents(straight);
      expect(resumed).toEqual(await fingerprint(straight));
    } finally {
      await straight.close();
    }
  });
});
