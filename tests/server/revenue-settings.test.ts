/**
 * Event detail and revenue settings (docs/integrations.md §Screens and routes event detail, §Entities monetizeMetadata, §Rules and limits revenue settings, §API endpoints
 * save / delete revenue settings) through app.inject with an in-memory event store: a processed sandbox export, the
 * event's parameters with samples read from the data, the domain's checks, another workspace never reaching an
 * event, and a report's revenue that follows the settings when they are saved and deleted.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isRight } from 'fp-ts/Either';
import { EventDetailResponse } from '../../src/contracts/revenue-settings';
import { openAnalytics, type AnalyticsEngine } from '../../server/analytics/index';
import { DEMO_ACCOUNTS, DEMO_APP_IDS, RIVAL_APP_ID } from '../../server/demo/seed';
import { drainJobs } from '../../server/jobs/queue';
import { integrationJobs } from '../../server/areas/integrations/integrations';
import { revenueSettingsFor } from '../../server/areas/integrations/revenue-settings';
import { call, createTestServer, processAndDrain, rawExportDays, signInAs, type TestServer } from './helpers';

const APP: string = DEMO_APP_IDS.pixelRacer; // the demo app with no integration
let server: TestServer;
let analytics: AnalyticsEngine;
let admin: string;
let editor: string;
let viewer: string;
let rival: string;
let pluginId = '';
let start = '';
let end = '';
const events = new Map<string, { id: string; monetizeMetadata?: unknown }>();

const ctx = () => server.app.questboard;
const detailUrl = (eventName: string, appId = APP) => `/api/app/${appId}/events/${events.get(eventName)!.id}`;
const settingsUrl = (eventName: string, appId = APP) => `${detailUrl(eventName, appId)}/revenue-settings`;

beforeAll(async () => {
  analytics = await openAnalytics({ threads: 1 });
  server = await createTestServer({
    providers: { analytics },
    config: { sandboxExport: { events: 20_000, days: 20 } },
  });
  [admin, editor, viewer, rival] = await Promise.all([
    signInAs(server.app, DEMO_ACCOUNTS.admin),
    signInAs(server.app, DEMO_ACCOUNTS.editor),
    signInAs(server.app, DEMO_ACCOUNTS.viewer),
    signInAs(server.app, DEMO_ACCOUNTS.rival),
  ]);
  // Connect BigQuery in the sandbox and process the whole export (the path a publisher takes).
  const credential = (
    await call(server.app, admin, { method: 'POST', url: `/api/app/${APP}/credentials/product` })
  ).json().credential;
  const created = await call(server.app, admin, {
    method: 'POST',
    url: `/api/app/${APP}/plugins`,
    payload: { type: 'BigQuery', credentialId: credential.id, attributes: { targetProject: 'demo-studio-analytics' } },
  });
  pluginId = created.json().plugin.id;
  await drainJobs(ctx(), integrationJobs);
  const days = await rawExportDays(analytics.store, APP);
  [start, end] = [days.first, days.last];
  expect(await processAndDrain(server, editor, pluginId, { start, end })).toBe(200);
  for (const event of (await call(server.app, viewer, { method: 'GET', url: `/api/plugins/${pluginId}/events` })).json()
    .events)
    events.set(event.eventName, event);
});
afterAll(async () => {
  await server?.close();
  await analytics?.close();
});

/** Ad Revenue and IAP Revenue of the whole processed range, through the reports API. */
async function revenue(): Promise<{ ads: number; iap: number; payers: number }> {
  const res = await call(server.app, viewer, {
    method: 'POST',
    url: `/analytics/template/${APP}`,
    payload: {
      report: {
        model_id: 'daily_metrics',
        configuration: {
          select: ['ad_revenue', 'iap_revenue', 'payers'].map((id) => ({
            column_name: id,
            id,
            data_type: 'FLOAT64',
            format: 'decimal',
          })),
          group_by: [{ column_name: 'date', data_type: 'DATE', sample_value: null }],
          date_range: [{ date_start: start, date_end: end, model_id: 'daily_metrics' }],
        },
      },
      saveTemplate: false,
    },
  });
  expect(res.statusCode).toBe(200);
  const rows = (await server.app.inject({ method: 'GET', url: res.json().url })).json().report as Record<
    string,
    unknown
  >[];
  const total = (key: string) =>
    rows.reduce((sum, row) => sum + Number((row[key] as { value?: unknown } | null)?.value ?? row[key] ?? 0), 0);
  return { ads: total('ad_revenue'), iap: total('iap_revenue'), payers: total('payers') };
}

describe('event detail', () => {
  test("an event's parameters with their data types and a sample read from the data", async () => {
    const res = await call(server.app, viewer, { method: 'GET', url: detailUrl('ad_impression') });
    expect(res.statusCode).toBe(200);
    expect(isRight(EventDetailResponse.decode(res.json()))).toBe(true);
    const { event, parameters } = res.json();
    expect(event).toMatchObject({ eventName: 'ad_impression', monetizeMetadata: null });
    const byName = Object.fromEntries(parameters.map((p: { name: string }) => [p.name, p]));
    expect(byName.value).toMatchObject({
      dataType: 'FLOAT64',
      sample: expect.stringMatching(/^\d+(\.\d+)?(e-?\d+)?$/),
    });
    expect(byName.ad_format).toMatchObject({
      dataType: 'STRING',
      sample: expect.stringMatching(/^(interstitial|rewarded|banner)$/),
    });
    expect(byName.event_value_in_usd).toBeUndefined();
  });

  test("a purchase also offers the export's event_value_in_usd", async () => {
    const { parameters } = (
      await call(server.app, viewer, { method: 'GET', url: detailUrl('in_app_purchase') })
    ).json();
    expect(parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['product_id', 'quantity', 'event_value_in_usd']),
    );
    expect(parameters.at(-1)).toMatchObject({
      name: 'event_value_in_usd',
      dataType: 'FLOAT64',
      sample: expect.stringMatching(/^\d+\.\d+$/),
    });
  });

  test('another workspace, another app or an unknown id never reaches an event', async () => {
    expect((await call(server.app, rival, { method: 'GET', url: detailUrl('ad_impression') })).statusCode).toBe(404);
    expect(
      (await call(server.app, rival, { method: 'GET', url: detailUrl('ad_impression', RIVAL_APP_ID) })).statusCode,
    ).toBe(404);
    expect(
      (
        await call(server.app, rival, {
          method: 'PUT',
          url: settingsUrl('ad_impression', RIVAL_APP_ID),
          payload: { revenueEp: 'value', revenueType: 'ads', currencyEp: 'currency' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(server.app, admin, {
          method: 'GET',
          url: detailUrl('ad_impression', DEMO_APP_IDS.dragonMergeAndroid),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call(server.app, admin, { method: 'GET', url: `/api/app/${APP}/events/no-such-event` })).statusCode,
    ).toBe(404);
  });
});

describe('revenue settings', () => {
  test('the domain refuses a viewer, unknown parameters, a revenue parameter that is not a number and a currency one that is not text', async () => {
    const body = { revenueEp: 'value', revenueType: 'ads', currencyEp: 'currency' };
    expect(
      (await call(server.app, viewer, { method: 'PUT', url: settingsUrl('ad_impression'), payload: body })).statusCode,
    ).toBe(403);
    const unknown = await call(server.app, editor, {
      method: 'PUT',
      url: settingsUrl('ad_impression'),
      payload: { ...body, currencyEp: 'no_such_param' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('The event has no such parameter.');
    const text = await call(server.app, editor, {
      method: 'PUT',
      url: settingsUrl('ad_impression'),
      payload: { ...body, revenueEp: 'ad_format' },
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe('The revenue parameter must be a number.');
    const numericCurrency = await call(server.app, editor, {
      method: 'PUT',
      url: settingsUrl('ad_impression'),
      payload: { ...body, currencyEp: 'value' },
    });
    expect(numericCurrency.statusCode).toBe(400);
    expect(numericCurrency.json().message).toBe('The currency parameter must be a text (STRING) parameter.');
    expect(
      (
        await call(server.app, editor, {
          method: 'PUT',
          url: settingsUrl('ad_impression'),
          payload: { ...body, revenueType: 'gifts' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await call(server.app, editor, {
          method: 'PUT',
          url: settingsUrl('ad_impression'),
          payload: { ...body, revenueEp: ' ' },
        })
      ).statusCode,
    ).toBe(400);
    expect((await call(server.app, editor, { method: 'DELETE', url: settingsUrl('ad_impression') })).statusCode).toBe(
      404,
    );
    expect(await server.db.selectFrom('revenue_settings').selectAll().execute()).toEqual([]);
  });

  test("saved settings are the event's monetizeMetadata; a report's revenue follows them, and returns after delete", async () => {
    const before = await revenue();
    expect(before.ads).toBeGreaterThan(0);
    expect(before.iap).toBeGreaterThan(0);

    // Purchases counted as ad revenue: IAP Revenue and payers drop to 0, Ad Revenue grows by the purchases.
    const asAds = { revenueEp: 'event_value_in_usd', revenueType: 'ads', currencyEp: 'product_id' };
    const saved = await call(server.app, editor, {
      method: 'PUT',
      url: settingsUrl('in_app_purchase'),
      payload: asAds,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ success: true });
    expect(
      (await call(server.app, viewer, { method: 'GET', url: detailUrl('in_app_purchase') })).json().event
        .monetizeMetadata,
    ).toEqual(asAds);
    const listed = (
      await call(server.app, viewer, { method: 'GET', url: `/api/plugins/${pluginId}/events?search=in_app` })
    ).json().events;
    expect(listed[0].monetizeMetadata).toEqual(asAds);
    const moved = await revenue();
    expect(moved.iap).toBe(0);
    expect(moved.payers).toBe(0);
    expect(moved.ads).toBeCloseTo(before.ads + before.iap, 6);

    // Saving again replaces them: a parameter of the event's map (quantity = 1 per purchase) as IAP revenue.
    const quantity = { revenueEp: 'quantity', revenueType: 'iap', currencyEp: 'product_id' };
    expect(
      (await call(server.app, admin, { method: 'PUT', url: settingsUrl('in_app_purchase'), payload: quantity }))
        .statusCode,
    ).toBe(200);
    const counted = await revenue();
    expect(counted.ads).toBeCloseTo(before.ads, 6);
    const [purchases] = await analytics.store.rows(
      "SELECT count(*) AS n FROM events WHERE app_id = $a AND event_name = 'in_app_purchase'",
      { a: APP },
    );
    expect(counted.iap).toBe(Number(purchases!.n));
    expect(await server.db.selectFrom('revenue_settings').select('revenue_ep').execute()).toEqual([
      { revenue_ep: 'quantity' },
    ]);

    // Reprocessing keeps counting by the settings.
    expect(
      (
        await call(server.app, editor, {
          method: 'POST',
          url: `/api/plugins/${pluginId}/process`,
          payload: { start, end },
        })
      ).statusCode,
    ).toBe(200);
    await drainJobs(ctx(), integrationJobs);
    expect((await revenue()).iap).toBe(Number(purchases!.n));

    // Deleted: the defaults again.
    const deleted = await call(server.app, editor, { method: 'DELETE', url: settingsUrl('in_app_purchase') });
    expect(deleted.statusCode).toBe(200);
    expect(
      (await call(server.app, viewer, { method: 'GET', url: detailUrl('in_app_purchase') })).json().event
        .monetizeMetadata,
    ).toBeNull();
    const after = await revenue();
    expect(after.ads).toBeCloseTo(before.ads, 6);
    expect(after.iap).toBeCloseTo(before.iap, 6);
    expect(after.payers).toBe(before.payers);
  });

  test('the health line reads the saved settings: a parameter the events stop carrying is named', async () => {
    const body = { revenueEp: 'value', revenueType: 'ads', currencyEp: 'currency' };
    expect(
      (await call(server.app, editor, { method: 'PUT', url: settingsUrl('ad_impression'), payload: body })).statusCode,
    ).toBe(200);
    expect(await revenueSettingsFor(ctx(), APP)).toEqual([
      { source: 'BigQuery', eventName: 'ad_impression', revenueEp: 'value', currencyEp: 'currency' },
    ]);
    // The events change after the settings were saved: the revenue parameter is no longer among the event's params.
    const event = await server.db
      .selectFrom('plugin_events')
      .select('event_params')
      .where('id', '=', events.get('ad_impression')!.id)
      .executeTakeFirstOrThrow();
    const { value: _dropped, ...rest } = event.event_params as Record<string, string>;
    await server.db
      .updateTable('plugin_events')
      .set({ event_params: JSON.stringify(rest) as never })
      .where('id', '=', events.get('ad_impression')!.id)
      .execute();
    const health = (
      await call(server.app, viewer, { method: 'GET', url: `/api/app/${APP}/integrations/health` })
    ).json();
    expect(JSON.stringify(health)).toMatch(/ad_impression/);
    expect(JSON.stringify(health)).toMatch(/value/);
    await server.db
      .updateTable('plugin_events')
      .set({ event_params: JSON.stringify(event.event_params) as never })
      .where('id', '=', events.get('ad_impression')!.id)
      .execute();
    expect((await call(server.app, editor, { method: 'DELETE', url: settingsUrl('ad_impression') })).statusCode).toBe(
      200,
    );
    expect(await revenueSettingsFor(ctx(), APP)).toEqual([]);
  });

  test('settings go with their plugin', async () => {
    const body = { revenueEp: 'value', revenueType: 'ads', currencyEp: 'currency' };
    expect(
      (await call(server.app, editor, { method: 'PUT', url: settingsUrl('ad_impression'), payload: body })).statusCode,
    ).toBe(200);
    expect((await call(server.app, editor, { method: 'DELETE', url: `/api/plugins/${pluginId}` })).statusCode).toBe(
      200,
    );
    expect(await server.db.selectFrom('revenue_settings').selectAll().execute()).toEqual([]);
  });
});
