/**
 * The demo data a start needs, resumable: a start that was killed half-way is completed by the next one.
 *
 *  1. The demo workspace (seedDemo, one transaction: all or nothing).
 *  2. For each demo app with analytics (Dragon Merge on Android and iOS): its generated game events in the event
 *     store (an app counts as generated once its daily metrics exist — the generator's last step), then, in one
 *     transaction, its BigQuery plugin's data range and the marker `demo-events:<appId>` in seed_markers.
 *
 * Each start redoes only what is missing: an app without events is generated (with the same deterministic seed as an
 * uninterrupted first start) and its plugin marked, an app with events but no marker gets its plugin marked. An app
 * with its marker and its events is left alone, so a user's later changes to the demo plugin are never overwritten. A fresh database beside
 * an existing event store (a new DATABASE_URL) only gets the plugins marked.
 */
import type { Kysely } from 'kysely';
import type { Database } from './schema';
import { DEMO_APP_IDS, isSeeded, markAnalyticsData, seedDemo } from './seed';
import { seedDemoEvents, type AnalyticsEngine, type DemoApp } from '../analytics/index';

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

export async function ensureDemoData(db: Kysely<Database>, analytics: AnalyticsEngine, options: DemoDataOptions = {}) {
  const log = options.log ?? (() => {});
  if (!(await isSeeded(db))) {
    log('First start: seeding the demo workspace…');
    await seedDemo(db);
  }
  const markers = new Set(
    (await db.selectFrom('seed_markers').select('name').where('name', 'in', DEMO_EVENT_APPS.map((app) => demoEventsMarker(app.id))).execute()).map((row) => row.name),
  );
  const ranges = await Promise.all(DEMO_EVENT_APPS.map((app) => analytics.store.dataRange(app.id)));
  if (ranges.every((range, i) => range && markers.has(demoEventsMarker(DEMO_EVENT_APPS[i]!.id)))) return;

  if (ranges.some((range) => !range)) {
    const totalEvents = options.totalEvents ?? 1_200_000;
    const missing = DEMO_EVENT_APPS.filter((_, i) => !ranges[i]).map((app) => `${app.id}`).join(', ');
    log(`Generating ${totalEvents.toLocaleString('en-US')} demo game events (about 90 days) for ${missing}…`);
    const started = Date.now();
    // Apps that already have events are skipped; each app keeps the seed of its position in DEMO_EVENT_APPS.
    await seedDemoEvents(analytics, [...DEMO_EVENT_APPS], { totalEvents, endDate: options.endDate });
    log(`  done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  for (const [i, app] of DEMO_EVENT_APPS.entries()) {
    const marker = demoEventsMarker(app.id);
    // Marked before and its events still there: nothing to do. Events generated just now: (re)mark the plugin.
    if (markers.has(marker) && ranges[i]) continue;
    const range = await analytics.store.dataRange(app.id);
    if (!range) throw new Error(`demo events for ${app.id} were not generated`);
    await db.transaction().execute(async (trx) => {
      await markAnalyticsData(trx, range, new Date(), [app.id]);
      await trx.insertInto('seed_markers').values({ name: marker }).onConflict((oc) => oc.column('name').doNothing()).execute();
    });
  }
}
