/**
 * The demo data a start needs, resumable: a start that was killed half-way is completed by the next one.
 *
 *  1. The demo workspace (seedDemo, one transaction: all or nothing).
 *  2. For each demo app with analytics (Dragon Merge on Android and iOS), the path every real app takes
 *     ("raw export → process → Analyze"): its raw Firebase export in the exact BigQuery export schema (a generated game,
 *     writeSandboxExport; an app counts as exported once it has raw rows — the export's last step is one INSERT), then
 *     Process Data over the whole export, run inline with the Process Data job's own outcome (processDemoPluginData:
 *     flatten, daily metrics, then the plugin's data range, Last Refreshed, events and known app versions), then the
 *     marker `demo-events:<appId>` in seed_markers.
 *
 * Each start redoes only what is missing: an app without raw export is generated (with the same deterministic seed as
 * an uninterrupted first start), an app without marker is processed (processing is idempotent, so a start killed
 * during or after it simply processes again). An app with its marker and its processed events is left alone, so a
 * user's later changes to the demo plugin are never overwritten. A fresh database beside an existing event store (a
 * new DATABASE_URL) only gets the apps processed again.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { DEMO_APP_IDS, isSeeded, seedDemo } from './seed';
import type { Analytics, DemoApp } from '../analytics/index';
import { packageNameOf, processDemoPluginData } from '../areas/integrations/index';

/** The apps whose demo BigQuery plugin has generated events, in seeding order (the order fixes each app's seed). */
export const DEMO_EVENT_APPS: readonly DemoApp[] = [
  { id: DEMO_APP_IDS.dragonMergeAndroid, platform: 'android' },
  { id: DEMO_APP_IDS.dragonMergeIos, platform: 'ios' },
];

export const demoEventsMarker = (appId: string) => `demo-events:${appId}`;

export interface DemoDataOptions {
  /** Demo events shared by the apps (DEMO_EVENTS; default 1.2 M). */
  totalEvents?: number;
  /** Last day of the generated data (default today, UTC). */
  endDate?: string;
  log?: (line: string) => void;
}

/** A demo app's raw Firebase export, deterministic per app (step 2 of `ensureDemoData`; tests simulate interruptions with it). */
export async function writeDemoExport(
  analytics: Analytics,
  app: DemoApp,
  options: { totalEvents?: number; endDate?: string; packageName?: string } = {},
) {
  const index = DEMO_EVENT_APPS.findIndex((a) => a.id === app.id);
  return (await analytics.storeFor(app.id)).writeSandboxExport({
    appId: app.id,
    platform: app.platform,
    packageName: options.packageName ?? app.id,
    days: 90,
    events: Math.ceil((options.totalEvents ?? DEMO_TOTAL_EVENTS) / DEMO_EVENT_APPS.length),
    seed: DEMO_SEED + index,
    endDate: options.endDate,
  });
}

export const DEMO_TOTAL_EVENTS = 1_200_000;
const DEMO_SEED = 20_240_601;

export async function ensureDemoData(db: Kysely<Database>, analytics: Analytics, options: DemoDataOptions = {}) {
  const log = options.log ?? (() => {});
  if (!(await isSeeded(db))) {
    log('First start: seeding the demo workspace…');
    await seedDemo(db);
  }
  const markers = new Set(
    (
      await db
        .selectFrom('seed_markers')
        .select('name')
        .where(
          'name',
          'in',
          DEMO_EVENT_APPS.map((app) => demoEventsMarker(app.id)),
        )
        .execute()
    ).map((row) => row.name),
  );
  const stores = await Promise.all(DEMO_EVENT_APPS.map((app) => analytics.storeFor(app.id)));
  const ranges = await Promise.all(DEMO_EVENT_APPS.map((app, i) => stores[i]!.dataRange(app.id)));
  const todo = DEMO_EVENT_APPS.filter((app, i) => !(ranges[i] && markers.has(demoEventsMarker(app.id))));
  if (todo.length === 0) return;

  const totalEvents = options.totalEvents ?? DEMO_TOTAL_EVENTS;
  const started = Date.now();
  for (const app of todo) {
    const store = await analytics.storeFor(app.id);
    const row = await db
      .selectFrom('apps')
      .select(['id', 'platform', 'details'])
      .where('id', '=', app.id)
      .executeTakeFirstOrThrow();
    if (!(await store.exportRange(app.id))) {
      log(
        `Writing the raw Firebase export of ${app.id} (${Math.ceil(totalEvents / DEMO_EVENT_APPS.length).toLocaleString('en-US')} demo game events, about 90 days)…`,
      );
      await writeDemoExport(analytics, app, { totalEvents, endDate: options.endDate, packageName: packageNameOf(row) });
    }
    const range = (await store.exportRange(app.id))!;
    const plugin = await db
      .selectFrom('plugins')
      .select('id')
      .where('app_id', '=', app.id)
      .where('type', '=', 'BigQuery')
      .executeTakeFirstOrThrow();
    log(`Processing ${app.id}'s export from ${range.start} to ${range.end} (Process Data)…`);
    await processDemoPluginData(db, { pluginId: plugin.id, appId: app.id, store, range });
    await db
      .insertInto('seed_markers')
      .values({ name: demoEventsMarker(app.id) })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  }
  log(`  done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
