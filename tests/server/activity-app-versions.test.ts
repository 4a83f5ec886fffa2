/**
 * A new app version first seen in the events (docs/activity.md §Chart markers): Process Data stores the versions of the
 * processed events it had not seen for the app (`app_versions`) and, in the same transaction, announces each as
 * `app.version_seen` by Questboard, timed at the version's first event; the activity log shows it. Processing the
 * same days again, or a wider range, announces only versions not seen before.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openAnalytics, type AnalyticsEngine } from '../../server/analytics/index';
import { DEMO_ACCOUNTS, DEMO_APP_IDS, DEMO_WORKSPACE_ID } from '../../server/demo/seed';
import { writeDemoExport } from '../../server/demo/demo-data';
import { seedIntegrationsDemo } from '../../server/areas/integrations/seed';
import { addDays } from '../../src/contracts/analyze';
import { QUESTBOARD_ACTOR } from '../../src/contracts/activity';
import { call, createTestServer, processAndDrain, signInAs, type TestServer } from './helpers';

const APP = DEMO_APP_IDS.dragonMergeAndroid;
const PLUGIN = `${APP}-bigquery`;
let server: TestServer;
let analytics: AnalyticsEngine;
let editor: string;
let viewer: string;
let range: { start: string; end: string };

beforeAll(async () => {
  analytics = await openAnalytics({ threads: 1 });
  server = await createTestServer({ providers: { analytics } });
  await seedIntegrationsDemo(server.db);
  [editor, viewer] = await Promise.all([
    signInAs(server.app, DEMO_ACCOUNTS.editor),
    signInAs(server.app, DEMO_ACCOUNTS.viewer),
  ]);
  range = await writeDemoExport(analytics, { id: APP, platform: 'android' }, { totalEvents: 6_000 });
});
afterAll(async () => {
  await server?.close();
  await analytics?.close();
});

/** The export's versions whose events fall in [start, end] (UTC days), each with its first event's time, from the raw rows. */
async function exportVersions(start: string, end: string): Promise<Map<string, string>> {
  const rows = await analytics.store.rows(
    `SELECT app_info.version AS version, min(event_timestamp) AS first_us FROM raw_events
     WHERE dataset = $a AND CAST(make_timestamp(event_timestamp) AS DATE) BETWEEN CAST($s AS DATE) AND CAST($e AS DATE)
     GROUP BY 1`,
    { a: APP, s: start, e: end },
  );
  return new Map(
    rows.map((r) => [String(r.version), new Date(Math.floor(Number(r.first_us) / 1000)).toISOString()] as const),
  );
}

const versionRows = () =>
  server.db
    .selectFrom('activity')
    .selectAll()
    .where('verb', '=', 'app.version_seen')
    .where('app_id', '=', APP)
    .orderBy('at')
    .execute();

describe('app versions seen first in the events', () => {
  test('Process Data announces each version of the events once, by Questboard, at its first event', async () => {
    const firstEnd = addDays(range.start, 40);
    const early = await exportVersions(range.start, firstEnd);
    expect(early.size).toBeGreaterThan(1);
    expect(await processAndDrain(server, editor, PLUGIN, { start: range.start, end: firstEnd })).toBe(200);

    const rows = await versionRows();
    const byVersion = (a: readonly string[], b: readonly string[]) => a[0]!.localeCompare(b[0]!);
    expect(rows.map((r) => [r.object_name, new Date(r.at).toISOString()]).sort(byVersion)).toEqual(
      [...early.entries()].sort(byVersion),
    );
    for (const row of rows) {
      expect(row.workspace_id).toBe(DEMO_WORKSPACE_ID);
      expect(row.actor_id).toBeNull();
      expect(row.actor_name).toBe(QUESTBOARD_ACTOR);
      expect(row.area).toBe('integrations');
      expect(row.object_type).toBe('app version');
      expect(row.changes).toEqual([
        { field: 'version', before: null, after: row.object_name },
        { field: 'first event', before: null, after: new Date(row.at).toISOString() },
      ]);
    }
    const stored = await server.db.selectFrom('app_versions').selectAll().where('app_id', '=', APP).execute();
    expect(stored.map((r) => r.version).sort()).toEqual([...early.keys()].sort());

    // The same days again: nothing new.
    expect(await processAndDrain(server, editor, PLUGIN, { start: range.start, end: firstEnd })).toBe(200);
    expect(await versionRows()).toHaveLength(early.size);

    // The whole export: only the versions not seen before are added.
    const all = await exportVersions(range.start, range.end);
    expect(all.size).toBeGreaterThan(early.size);
    expect(await processAndDrain(server, editor, PLUGIN, range)).toBe(200);
    const after = await versionRows();
    expect(after.map((r) => r.object_name).sort()).toEqual([...all.keys()].sort());
    expect(after.map((r) => new Date(r.at).toISOString()).sort()).toEqual([...all.values()].sort());
  });

  test('the log lists them to every member, filtered by verb and app', async () => {
    const res = await call(server.app, viewer, {
      method: 'GET',
      url: `/api/workspace/${DEMO_WORKSPACE_ID}/activity?verb=app.version_seen&app=${APP}`,
    });
    expect(res.statusCode).toBe(200);
    const entries = res.json().entries as { actor: { name: string }; object: { type: string } }[];
    expect(entries.length).toBeGreaterThan(1);
    expect(entries.every((e) => e.actor.name === QUESTBOARD_ACTOR && e.object.type === 'app version')).toBe(true);
  });
});
