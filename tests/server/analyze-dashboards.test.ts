/**
 * Dashboards through the API (docs/analyze.md §Dashboards): create, edit and delete by role with their activity
 * entries, bounds refused with 400 naming the field, a tile naming another workspace's report refused, and the Game
 * health dashboard made once per app with data, even under concurrent first visits.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_APP_IDS, RIVAL_APP_ID, markAnalyticsData } from '../../server/demo/seed';
import { newId } from '../../server/auth/crypto';
import {
  DASHBOARD_NAME_MESSAGE,
  GAME_HEALTH_NAME,
  TILE_NOT_FOUND_MESSAGE,
  TILE_OUTSIDE_MESSAGE,
  type Dashboard,
  type DashboardSummary,
  type Tile,
} from '../../src/contracts/dashboards';
import { GAME_HEALTH_UNDELETABLE } from '../../server/areas/analyze/dashboards';
import { call, createTestServer, signInAs, type TestServer } from './helpers';

const APP = DEMO_APP_IDS.dragonMergeAndroid;
const BASE = `/api/app/${APP}/analyze/dashboards`;
let server: TestServer;
let admin: string;
let editor: string;
let viewer: string;

async function savedQuestion(appId: string, kind: string): Promise<string> {
  const id = newId();
  await server.db
    .insertInto('report_templates')
    .values({
      id,
      app_id: appId,
      kind,
      title: `A ${kind}`,
      model_id: 'daily_metrics',
      configuration: JSON.stringify({ select: [], group_by: [] }),
      updated_at: new Date(),
    })
    .execute();
  return id;
}

const tile = (over: Partial<Tile> = {}): Tile => ({
  id: 't1',
  kind: 'metric',
  ref: 'dau',
  x: 0,
  y: 0,
  w: 6,
  h: 4,
  ...over,
});
const body = (over: Record<string, unknown> = {}) => ({
  name: 'Launch week',
  tiles: [tile()],
  filters: { date_range: null, platform: null },
  ...over,
});
const post = (token: string, payload: object) =>
  call(server.app, token, { method: 'POST', url: BASE, payload: payload as Record<string, unknown> });

beforeAll(async () => {
  server = await createTestServer();
  await markAnalyticsData(server.db, { start: '2026-10-01', end: '2026-11-20' }, new Date(), [APP]);
  [admin, editor, viewer] = await Promise.all([
    signInAs(server.app, DEMO_ACCOUNTS.admin),
    signInAs(server.app, DEMO_ACCOUNTS.editor),
    signInAs(server.app, DEMO_ACCOUNTS.viewer),
  ]);
});
afterAll(async () => {
  await server?.close();
});

describe('dashboards', () => {
  test('an editor creates, edits and deletes a dashboard; every member reads it; each change is in the log', async () => {
    const report = await savedQuestion(APP, 'report');
    const cohort = await savedQuestion(APP, 'cohort');
    const created = await post(editor, body({ name: '  Launch week  ' }));
    expect(created.statusCode, created.body).toBe(200);
    const dashboard = (created.json() as { dashboard: Dashboard }).dashboard;
    expect(dashboard).toMatchObject({ name: 'Launch week', kind: 'custom', tiles: [tile()] });

    const list = await call(server.app, viewer, { method: 'GET', url: BASE });
    expect((list.json() as { dashboards: DashboardSummary[] }).dashboards.map((d) => d.id)).toContain(dashboard.id);

    const tiles: Tile[] = [
      tile({ id: 'a', kind: 'report', ref: report, x: 6, w: 6 }),
      tile({ id: 'b', kind: 'cohort', ref: cohort, y: 4, w: 12, h: 6 }),
    ];
    const filters = { date_range: { date_start: '2026-11-01', date_end: '2026-11-07' }, platform: 'IOS' };
    const edited = await call(server.app, admin, {
      method: 'PUT',
      url: `${BASE}/${dashboard.id}`,
      payload: body({ name: 'Renamed', tiles, filters }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const opened = await call(server.app, viewer, { method: 'GET', url: `${BASE}/${dashboard.id}` });
    expect((opened.json() as { dashboard: Dashboard }).dashboard).toMatchObject({ name: 'Renamed', tiles, filters });

    const removed = await call(server.app, editor, { method: 'DELETE', url: `${BASE}/${dashboard.id}` });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await call(server.app, viewer, { method: 'GET', url: `${BASE}/${dashboard.id}` })).statusCode).toBe(404);

    const log = await server.db
      .selectFrom('activity')
      .select(['verb', 'object_name'])
      .where('object_id', '=', dashboard.id)
      .orderBy('id')
      .execute();
    expect(log).toEqual([
      { verb: 'report.saved', object_name: 'Launch week' },
      { verb: 'report.saved', object_name: 'Renamed' },
      { verb: 'report.deleted', object_name: 'Renamed' },
    ]);
  });

  test('a viewer can neither create, edit nor delete a dashboard', async () => {
    expect((await post(viewer, body())).statusCode).toBe(403);
    const created = (await post(editor, body())).json() as { dashboard: Dashboard };
    const url = `${BASE}/${created.dashboard.id}`;
    expect((await call(server.app, viewer, { method: 'PUT', url, payload: body({ name: 'Mine' }) })).statusCode).toBe(
      403,
    );
    expect((await call(server.app, viewer, { method: 'DELETE', url })).statusCode).toBe(403);
    expect((await call(server.app, viewer, { method: 'GET', url })).json()).toMatchObject({
      dashboard: { name: 'Launch week' },
    });
  });

  test.each([
    ['an empty name', body({ name: '   ' }), 'name', DASHBOARD_NAME_MESSAGE],
    ['a name of 81 characters', body({ name: 'x'.repeat(81) }), 'name', DASHBOARD_NAME_MESSAGE],
    ['a 25th tile', body({ tiles: Array.from({ length: 25 }, (_, i) => tile({ id: `t${i}` })) }), 'tiles', null],
    ['a tile past the last column', body({ tiles: [tile({ x: 8, w: 6 })] }), 'tiles.0.w', TILE_OUTSIDE_MESSAGE],
    ['a negative column', body({ tiles: [tile({ x: -1 })] }), 'tiles.x', null],
    ['a fractional height', body({ tiles: [tile({ h: 2.5 })] }), 'tiles.h', null],
    ['a row past the grid', body({ tiles: [tile({ y: 100_000 })] }), 'tiles.y', null],
    ['an unknown built-in tile', body({ tiles: [tile({ ref: 'mystery' })] }), 'tiles.0.ref', TILE_NOT_FOUND_MESSAGE],
    ['an unknown tile kind', body({ tiles: [tile({ kind: 'chart' as Tile['kind'] })] }), 'tiles.kind', null],
    ['two tiles with one id', body({ tiles: [tile(), tile({ y: 4 })] }), 'tiles.1.id', null],
    ['an unknown platform', body({ filters: { date_range: null, platform: 'WEB' } }), 'filters.platform', null],
    [
      'a date range backwards',
      body({ filters: { date_range: { date_start: '2026-11-07', date_end: '2026-11-01' }, platform: null } }),
      'filters.date_range',
      null,
    ],
  ])('%s is refused with 400 naming the field', async (_, payload, field, message) => {
    const res = await post(editor, payload);
    expect(res.statusCode, res.body).toBe(400);
    const error = res.json() as { message: string; fields?: string[] };
    expect(error.fields, res.body).toContain(field);
    if (message) expect(error.message).toBe(message);
  });

  test("a tile naming another workspace's report, or a report as a funnel, is refused", async () => {
    const rival = await savedQuestion(RIVAL_APP_ID, 'report');
    const res = await post(editor, body({ tiles: [tile({ kind: 'report', ref: rival })] }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ message: TILE_NOT_FOUND_MESSAGE, fields: ['tiles.0.ref'] });
    const own = await savedQuestion(APP, 'report');
    const wrongKind = await post(editor, body({ tiles: [tile(), tile({ id: 't2', kind: 'funnel', ref: own, y: 4 })] }));
    expect(wrongKind.json()).toMatchObject({ fields: ['tiles.1.ref'] });
    expect((await post(editor, body({ tiles: [tile({ kind: 'report', ref: own })] }))).statusCode).toBe(200);
  });

  test('Game health is made once under concurrent first visits, with the returns per quest when the app has quests', async () => {
    const app = DEMO_APP_IDS.dragonMergeIos;
    const url = `/api/app/${app}/analyze/dashboards`;
    const answers = await Promise.all(
      [admin, editor, viewer, admin, viewer, editor].map((token) => call(server.app, token, { method: 'GET', url })),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const rows = await server.db
      .selectFrom('dashboards')
      .selectAll()
      .where('app_id', '=', app)
      .where('kind', '=', 'game_health')
      .execute();
    expect(rows).toHaveLength(1);
    const listed = (answers[0]!.json() as { dashboards: DashboardSummary[] }).dashboards;
    expect(listed[0]).toMatchObject({ name: GAME_HEALTH_NAME, kind: 'game_health' });
    const health = (await call(server.app, viewer, { method: 'GET', url: `${url}/${rows[0]!.id}` })).json() as {
      dashboard: Dashboard;
    };
    expect(health.dashboard.tiles.map((t) => t.ref)).toEqual([
      'dau',
      'new_users',
      'retention',
      'sessions_per_dau',
      'revenue',
      'ecpm',
      'quest_returns',
    ]);
    // It stays the only one, and it cannot be deleted.
    await call(server.app, viewer, { method: 'GET', url });
    const del = await call(server.app, admin, { method: 'DELETE', url: `${url}/${rows[0]!.id}` });
    expect(del.statusCode).toBe(409);
    expect(del.json()).toMatchObject({ message: GAME_HEALTH_UNDELETABLE });
    const count = await server.db
      .selectFrom('dashboards')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('app_id', '=', app)
      .where('kind', '=', 'game_health')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  test('an app with Analyze data and no quest gets Game health without the returns table; one without data none', async () => {
    const list = (await call(server.app, viewer, { method: 'GET', url: BASE })).json() as {
      dashboards: DashboardSummary[];
    };
    const health = list.dashboards.find((d) => d.kind === 'game_health')!;
    expect(health).toMatchObject({ name: GAME_HEALTH_NAME, tiles: 6 });
    const empty = await call(server.app, viewer, {
      method: 'GET',
      url: `/api/app/${DEMO_APP_IDS.pixelRacer}/analyze/dashboards`,
    });
    expect((empty.json() as { dashboards: DashboardSummary[] }).dashboards).toEqual([]);
  });
});
