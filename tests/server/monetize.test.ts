/**
 * Monetize API (server/areas/monetize/monetize.ts): create / update / remove on docs/monetize.md §API endpoints paths, docs/monetize.md §Rules and limits validation on the server
 * (including 'Active event source has been changed…'), allowMonetize = 1, viewer and outsider refusals, one campaign
 * per app, and the "Beyond" estimate compiled with bound values (an injection attempt in a value, key or operator).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_APP_IDS, DEMO_WORKSPACE_ID } from '../../server/demo/seed';
import { DEMO_MONETIZE_ID } from '../../server/areas/monetize/seed';
import { compileAudience, countAudience } from '../../server/analytics/audience';
import { bigquery, duckdb, renderSelect } from '../../server/analytics/sql';
import { ANALYTICS_END, createAnalyticsTestServer, type AnalyticsTestServer } from './analyze-helpers';
import { signInAs } from './helpers';

const SOURCE_CHANGED = 'Active event source has been changed. Please select event from new event source.';
const APP = DEMO_APP_IDS.dragonMergeAndroid;
const PLUGIN = `${APP}-bigquery`;

let server: AnalyticsTestServer;
const tokens: Record<string, string> = {};
let levelEndId = '';

beforeAll(async () => {
  server = await createAnalyticsTestServer({ now: () => new Date(`${ANALYTICS_END}T12:00:00Z`) });
  for (const who of ['admin', 'editor', 'viewer', 'rival'] as const)
    tokens[who] = await signInAs(server.app, DEMO_ACCOUNTS[who]);
  // The app's event source: its BigQuery plugin's events (written by the sandbox export job on a real start).
  levelEndId = 'evt-level-end';
  await server.db
    .insertInto('plugin_events')
    .values([
      {
        id: levelEndId,
        plugin_id: PLUGIN,
        event_name: 'level_end',
        event_params: JSON.stringify({ level: 'INT64', level_name: 'STRING', custom_score: 'INT64' }) as never,
        status: 'ACTIVE',
        last_received_at: 1,
        monetize_metadata: null,
      },
      {
        id: 'evt-ad-impression',
        plugin_id: PLUGIN,
        event_name: 'ad_impression',
        event_params: JSON.stringify({ ad_format: 'STRING', value: 'FLOAT64' }) as never,
        status: 'ACTIVE',
        last_received_at: 1,
        monetize_metadata: null,
      },
    ])
    .execute();
}, 120_000);
afterAll(() => server?.close());

const call = (who: keyof typeof tokens | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  server.app.inject({
    method,
    url,
    payload: payload as never,
    headers: who ? { authorization: `Bearer ${tokens[who]}` } : {},
  });

const levelCondition = (overrides: Record<string, unknown> = {}) => ({
  type: 'event',
  metric: 'param',
  key: 'level',
  dataType: 'number',
  op: 'greater_than_or_equal',
  value: 3,
  event: 'level_end',
  eventId: levelEndId,
  eventParam: 'level',
  eventSource: PLUGIN,
  ...overrides,
});
const countryCondition = (value: unknown = 'US', overrides: Record<string, unknown> = {}) => ({
  type: 'user',
  metric: 'property',
  key: 'country',
  dataType: 'string',
  op: 'equals',
  value,
  ...overrides,
});
const campaign = (overrides: Record<string, unknown> = {}) => ({
  appId: APP,
  refPublicPrice: 1,
  minAcceptedPrice: 0.5,
  sendTrafficToAppIds: [DEMO_APP_IDS.dragonMergeIos],
  countries: ['US', 'GB'],
  targetConditions: [levelCondition(), countryCondition()],
  status: 'LIVE',
  ...overrides,
});

describe('monetize campaigns', () => {
  it('an editor creates, reads, updates and removes the one campaign of an app', async () => {
    expect((await call('viewer', 'GET', `/api/app/${APP}/monetize`)).json()).toEqual({ success: true, data: null });
    const created = await call('editor', 'POST', '/api/monetize', campaign());
    expect(created.statusCode).toBe(200);
    const data = created.json().data;
    expect(data).toMatchObject({
      appId: APP,
      refPublicPrice: 1,
      minAcceptedPrice: 0.5,
      countries: ['US', 'GB'],
      status: 'LIVE',
    });
    expect(data.targetConditions).toHaveLength(2);

    const again = await call('admin', 'POST', '/api/monetize', campaign());
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This app already has a Monetize campaign.');

    const updated = await call('editor', 'POST', '/api/monetize/update', {
      ...data,
      refPublicPrice: 2.5,
      targetConditions: [],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ id: data.id, refPublicPrice: 2.5, targetConditions: [] });
    expect((await call('viewer', 'GET', `/api/app/${APP}/monetize`)).json().data.refPublicPrice).toBe(2.5);

    expect((await call('viewer', 'DELETE', `/api/monetize/${data.id}`)).statusCode).toBe(403);
    expect((await call('rival', 'DELETE', `/api/monetize/${data.id}`)).statusCode).toBe(404);
    const removed = await call('editor', 'DELETE', `/api/monetize/${data.id}`);
    expect(removed.json()).toEqual({ success: true, data: null });
    expect((await call('viewer', 'GET', `/api/app/${APP}/monetize`)).json().data).toBeNull();
    expect((await call('editor', 'DELETE', `/api/monetize/${data.id}`)).statusCode).toBe(404);
  });

  it('refuses viewers, outsiders and an app moved to another campaign', async () => {
    const viewer = await call('viewer', 'POST', '/api/monetize', campaign());
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json().code).toBe('access_missing_role_for_action');
    expect((await call('rival', 'POST', '/api/monetize', campaign())).statusCode).toBe(404);
    expect((await call('rival', 'GET', `/api/app/${APP}/monetize`)).statusCode).toBe(404);
    expect((await call(null, 'POST', '/api/monetize', campaign())).statusCode).toBe(401);
    const seeded = (await call('viewer', 'GET', `/api/app/${DEMO_APP_IDS.dragonMergeIos}/monetize`)).json().data;
    expect(seeded.id).toBe(DEMO_MONETIZE_ID);
    const moved = await call('editor', 'POST', '/api/monetize/update', { ...seeded, appId: APP });
    expect(moved.statusCode).toBe(400);
  });

  it('needs allowMonetize = 1 (docs/monetize.md §Roles)', async () => {
    await server.db.updateTable('workspaces').set({ allow_monetize: 0 }).where('id', '=', DEMO_WORKSPACE_ID).execute();
    try {
      for (const res of [
        await call('admin', 'GET', `/api/app/${APP}/monetize`),
        await call('admin', 'POST', '/api/monetize', campaign()),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({
          message: 'Monetize is not enabled for this workspace.',
          code: 'monetize_not_allowed',
        });
      }
    } finally {
      await server.db
        .updateTable('workspaces')
        .set({ allow_monetize: 1 })
        .where('id', '=', DEMO_WORKSPACE_ID)
        .execute();
    }
  });

  it('validates docs/monetize.md §Rules and limits on the server, naming the fields', async () => {
    const cases: [Record<string, unknown>, string[]][] = [
      [{ countries: [] }, ['countries']],
      [{ refPublicPrice: -1 }, ['refPublicPrice']],
      [{ countries: ['XX'] }, ['countries']],
      [{ sendTrafficToAppIds: ['rival-quest-android'] }, ['sendTrafficToAppIds']],
      [{ targetConditions: [countryCondition(5)] }, ['targetConditions.0.value']],
      [{ targetConditions: [levelCondition({ value: 'three' })] }, ['targetConditions.0.value']],
      [{ targetConditions: [levelCondition({ value: 2.5 })] }, ['targetConditions.0.value']],
      [
        { targetConditions: [levelCondition({ event: '', eventParam: undefined, key: 'level' })] },
        ['targetConditions.0.event', 'targetConditions.0.eventParam'],
      ],
      [{ targetConditions: [countryCondition('US', { key: 'geo.country' })] }, ['targetConditions.0.key']],
      [{ targetConditions: [countryCondition('US', { op: 'greater_than' })] }, ['targetConditions.0.op']],
      [{ targetConditions: [levelCondition({ eventParam: 'nope', key: 'nope' })] }, ['targetConditions.0.eventParam']],
      [
        { targetConditions: [levelCondition({ dataType: 'string', op: 'equals', value: 'x' })] },
        ['targetConditions.0.dataType'],
      ],
    ];
    for (const [overrides, fields] of cases) {
      const res = await call('editor', 'POST', '/api/monetize', campaign(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().fields, JSON.stringify(overrides)).toEqual(fields);
    }
    expect((await call('editor', 'GET', `/api/app/${APP}/monetize`)).json().data).toBeNull();
  });

  it('refuses a minimum accepted price above the reference price, and says in words what a field needs', async () => {
    const high = await call('editor', 'POST', '/api/monetize', campaign({ refPublicPrice: 1, minAcceptedPrice: 1.5 }));
    expect(high.statusCode).toBe(400);
    expect(high.json()).toMatchObject({
      message: 'The minimum accepted price must not be above the reference public price ($1.00).',
      fields: ['minAcceptedPrice'],
    });
    const words: [Record<string, unknown>, string][] = [
      [{ countries: [] }, 'Choose at least one country.'],
      [{ refPublicPrice: -1 }, 'The reference public price must be 0 or more.'],
      [{ countries: ['XX'] }, 'These countries are not supported: XX.'],
      [{ targetConditions: [levelCondition({ value: 2.5 })] }, 'Condition 1: Enter a whole number, such as 3.'],
      [{ targetConditions: [countryCondition('')] }, 'Condition 1: Enter a value.'],
    ];
    for (const [overrides, message] of words) {
      const res = await call('editor', 'POST', '/api/monetize', campaign(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().message, JSON.stringify(overrides)).toBe(message);
    }
    // equal prices are fine; an update is held to the same rule
    const created = await call('editor', 'POST', '/api/monetize', campaign({ refPublicPrice: 1, minAcceptedPrice: 1 }));
    expect(created.statusCode).toBe(200);
    const data = created.json().data;
    try {
      const raised = await call('editor', 'POST', '/api/monetize/update', { ...data, minAcceptedPrice: 4 });
      expect(raised.statusCode).toBe(400);
      expect(raised.json().fields).toEqual(['minAcceptedPrice']);
      expect((await call('viewer', 'GET', `/api/app/${APP}/monetize`)).json().data.minAcceptedPrice).toBe(1);
    } finally {
      await call('editor', 'DELETE', `/api/monetize/${data.id}`);
    }
  });

  it("refuses an event from another source with SPEC's words", async () => {
    for (const condition of [
      levelCondition({ eventSource: 'another-plugin' }),
      levelCondition({ eventId: 'event-of-the-old-source' }),
    ]) {
      const res = await call('editor', 'POST', '/api/monetize', campaign({ targetConditions: [condition] }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: SOURCE_CHANGED, fields: ['targetConditions.0.eventId'] });
    }
    // The app switched its active source: the saved choice is stale.
    const app = await server.db.selectFrom('apps').select('details').where('id', '=', APP).executeTakeFirstOrThrow();
    await server.db
      .updateTable('apps')
      .set({
        details: JSON.stringify({
          ...(app.details as object),
          activePluginId: 'dragon-merge-android-appsflyer',
        }) as never,
      })
      .where('id', '=', APP)
      .execute();
    try {
      const res = await call('editor', 'POST', '/api/monetize', campaign({ targetConditions: [levelCondition()] }));
      expect(res.json().message).toBe(SOURCE_CHANGED);
      const events = (await call('viewer', 'GET', `/api/app/${APP}/monetize/events`)).json();
      expect(events).toEqual({ success: true, source: null, events: [] });
    } finally {
      await server.db
        .updateTable('apps')
        .set({ details: JSON.stringify(app.details) as never })
        .where('id', '=', APP)
        .execute();
    }
    const events = (await call('viewer', 'GET', `/api/app/${APP}/monetize/events`)).json();
    expect(events.source).toEqual({ id: PLUGIN, type: 'BigQuery' });
    expect(events.events.find((e: { eventName: string }) => e.eventName === 'level_end').params).toEqual({
      custom_score: 'number',
      level: 'number',
      level_name: 'string',
    });
  });
});

describe('monetize audience estimate ("Beyond")', () => {
  const estimate = async (targetConditions: unknown[], who = 'viewer') =>
    call(who, 'POST', `/api/app/${APP}/monetize/estimate`, { targetConditions });

  it('counts the players of the last 30 days matching the conditions', async () => {
    const all = (await estimate([])).json();
    expect(all).toMatchObject({ success: true, from: '2025-06-01', to: ANALYTICS_END });
    expect(all.total).toBeGreaterThan(50);
    expect(all.players).toBe(all.total);
    const us = (await estimate([countryCondition('US')])).json();
    expect(us.players).toBeGreaterThan(0);
    expect(us.players).toBeLessThan(all.total);
    const notUs = (await estimate([countryCondition('US', { op: 'not_equals' })])).json();
    expect(notUs.players + us.players).toBe(all.total);
    const levels = (await estimate([levelCondition({ value: 3 })])).json();
    const moreLevels = (await estimate([levelCondition({ value: 8 })])).json();
    expect(levels.players).toBeGreaterThan(moreLevels.players);
    const both = (await estimate([levelCondition({ value: 3 }), countryCondition('US')])).json();
    expect(both.players).toBeLessThanOrEqual(Math.min(levels.players, us.players));
    const sessions = (
      await estimate([
        { type: 'user', metric: 'total', key: 'sessions', dataType: 'number', op: 'greater_than_or_equal', value: 2 },
      ])
    ).json();
    expect(sessions.players).toBeGreaterThan(0);
    expect(sessions.players).toBeLessThan(all.total);
    const recent = (
      await estimate([
        { type: 'user', metric: 'property', key: 'first_open', dataType: 'timestamp', op: 'from', value: '2025-06-20' },
      ])
    ).json();
    expect(recent.players).toBeGreaterThan(0);
    expect(recent.players).toBeLessThan(all.total);
    // The form's date and time (no zone) is read as UTC: midnight of that day counts the same players.
    const midnight = (
      await estimate([
        {
          type: 'user',
          metric: 'property',
          key: 'first_open',
          dataType: 'timestamp',
          op: 'from',
          value: '2025-06-20T00:00',
        },
      ])
    ).json();
    expect(midnight.players).toBe(recent.players);
  });

  it('binds an injection attempt in a value as a value; a key or operator outside the vocabulary is refused', async () => {
    const attack = "US' OR 1=1 --";
    const res = (await estimate([countryCondition(attack)])).json();
    expect(res).toMatchObject({ success: true, players: 0 });
    const listAttack = (await estimate([countryCondition(`US,${attack}`, { op: 'is_one_of' })])).json();
    expect(listAttack.players).toBe((await estimate([countryCondition('US')])).json().players);
    for (const bad of [
      countryCondition('US', { key: 'country" OR 1=1 --' }),
      countryCondition('US', { op: "equals' OR '1'='1" }),
      levelCondition({ eventParam: 'level; DROP TABLE events', key: 'level; DROP TABLE events' }),
    ]) {
      const refused = await estimate([bad]);
      expect(refused.statusCode).toBe(400);
    }
    // The compiled SQL never holds a value: only placeholders, with the attack among the bound values.
    const compiled = compileAudience({
      appId: APP,
      conditions: [countryCondition(attack) as never],
      from: '2025-06-01',
      to: ANALYTICS_END,
    });
    const rendered = countAudience(renderSelect(compiled.query, duckdb));
    expect(rendered.sql).not.toContain('OR 1=1');
    expect(Object.values(rendered.params)).toContain(attack);
    const inBigQuery = countAudience(
      renderSelect(compiled.query, bigquery({ project: 'demo-project', dataset: 'questboard_analytics' })),
    );
    expect(inBigQuery.sql).toContain('`country` = @c1');
    expect(inBigQuery.sql).not.toContain('OR 1=1');
    expect(inBigQuery.types.c1).toBe('STRING');
    // The events table is still there.
    expect((await estimate([])).json().total).toBeGreaterThan(0);
  });

  it('says why there is no estimate: no analytics data, or a parameter the store lacks', async () => {
    const res = (
      await call('viewer', 'POST', `/api/app/${DEMO_APP_IDS.pixelRacer}/monetize/estimate`, { targetConditions: [] })
    ).json();
    expect(res).toEqual({
      success: false,
      reason: 'No analytics data for this app yet: connect BigQuery and process data to see an estimate.',
    });
    const custom = (await estimate([levelCondition({ eventParam: 'custom_score', key: 'custom_score' })])).json();
    expect(custom.success).toBe(false);
    expect(custom.reason).toContain("'custom_score'");
  });
});
