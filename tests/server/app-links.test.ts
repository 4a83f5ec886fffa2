/**
 * The documentation values, the App Settings Events tab and the acquisition links (docs/app-settings.md §Entities Deeplink, §API endpoints update
 * deeplink): a member reads the app's guide values (another workspace, a wrong workspace id: 404); the events are the
 * app's plugin events merged by name over its plugins; links are listed in order, unsupported platforms included;
 * an editor updates a url that follows the rules, and nothing changes after a refusal (bad url, AppsFlyer domain,
 * unsupported platform, id mismatch, another app's link, a viewer).
 */
import { seedAdjustDemo } from '../../server/areas/integrations/adjust/seed';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_APP_IDS, DEMO_WORKSPACE_ID, RIVAL_APP_ID } from '../../server/demo/seed';
import { bearer, createTestServer, signInAs, signInDemo, type TestServer } from './helpers';

let server: TestServer;
let tokens: Record<'admin' | 'editor' | 'viewer', string>;
let rival: string;

beforeAll(async () => {
  server = await createTestServer();
  tokens = await signInDemo(server.app, ['admin', 'editor', 'viewer']);
  rival = await signInAs(server.app, 'rival@rivalgames.dev');
});
afterAll(() => server?.close());

const ANDROID = DEMO_APP_IDS.dragonMergeAndroid;
const IOS = DEMO_APP_IDS.dragonMergeIos;

describe('GET /api/app/:appId/guide-values', () => {
  const values = (token: string, appId: string, workspaceId = DEMO_WORKSPACE_ID) =>
    server.app.inject({
      method: 'GET',
      url: `/api/app/${appId}/guide-values?workspaceId=${workspaceId}`,
      headers: bearer(token),
    });

  test("a member gets the app's own values: package or bundle id, AppsFlyer id, service account, project", async () => {
    const android = await values(tokens.viewer, ANDROID);
    expect(android.statusCode).toBe(200);
    expect(android.json().values).toMatchObject({
      appName: 'Dragon Merge',
      platform: 'android',
      workspaceName: 'Demo Studio',
      packageName: 'dev.demostudio.dragonmerge',
      appsflyerAppId: 'dev.demostudio.dragonmerge',
      gcpProject: 'demo-studio-analytics',
      serviceAccountEmail: 'questboard-demo-studio@questboard-sandbox.iam.gserviceaccount.com',
      appsflyerPostbackUrl: null,
      adjustPostbackUrl: null,
    });
    const ios = (await values(tokens.editor, IOS)).json().values;
    expect(ios).toMatchObject({
      platform: 'ios',
      packageName: 'dev.demostudio.dragonmerge',
      appsflyerAppId: 'id1600000001',
    });
  });

  test('the postback URL (it carries the app secret): editors and admins of an app with the plugin; viewers read the placeholder', async () => {
    const editor = (await values(tokens.editor, IOS)).json().values;
    expect(editor.appsflyerPostbackUrl).toMatch(new RegExp(`/postbacks/appsflyer/${IOS}/[A-Za-z0-9_-]{20,}$`));
    expect(editor.adjustPostbackUrl, 'no Adjust plugin').toBeNull();
    // Dragon Merge (Android) connected to Adjust as in the demo: its callback URL with Adjust's placeholders.
    await seedAdjustDemo(server.db);
    expect((await values(tokens.editor, ANDROID)).json().values.adjustPostbackUrl).toMatch(
      new RegExp(`/postbacks/adjust/${ANDROID}/[A-Za-z0-9_-]{20,}\\?activity_kind=\\{activity_kind\\}&`),
    );
    expect((await values(tokens.admin, IOS)).json().values.appsflyerPostbackUrl).toBe(editor.appsflyerPostbackUrl);
    expect((await values(tokens.viewer, IOS)).json().values.appsflyerPostbackUrl).toBeNull();
    expect((await values(tokens.admin, ANDROID)).json().values.appsflyerPostbackUrl, 'no AppsFlyer plugin').toBeNull();
  });

  test('another workspace, or a workspace id that is not the app’s, answers 404', async () => {
    expect((await values(rival, ANDROID)).statusCode).toBe(404);
    expect((await values(tokens.admin, ANDROID, 'rival-games')).statusCode).toBe(404);
    expect((await values(rival, RIVAL_APP_ID, DEMO_WORKSPACE_ID)).statusCode).toBe(404);
  });
});

describe('GET /api/app/:appId/event-schemas', () => {
  beforeAll(async () => {
    await server.db
      .insertInto('plugin_events')
      .values([
        {
          id: 'pe-1',
          plugin_id: `${IOS}-bigquery`,
          event_name: 'level_end',
          event_params: JSON.stringify({ success: 'INT64', level_name: 'STRING' }) as never,
          status: 'ACTIVE',
          last_received_at: 1_700_000_000_000,
        },
        {
          id: 'pe-2',
          plugin_id: `${IOS}-appsflyer`,
          event_name: 'level_end',
          event_params: JSON.stringify({ af_revenue: 'FLOAT64' }) as never,
          status: 'ACTIVE',
          last_received_at: 1_800_000_000_000,
        },
        {
          id: 'pe-3',
          plugin_id: `${IOS}-appsflyer`,
          event_name: 'af_purchase',
          event_params: JSON.stringify({}) as never,
          status: 'ACTIVE',
          last_received_at: 0,
        },
      ])
      .onConflict((oc) => oc.doNothing())
      .execute();
  });
  const list = (token: string, appId: string, search = '') =>
    server.app.inject({
      method: 'GET',
      url: `/api/app/${appId}/event-schemas${search ? `?search=${search}` : ''}`,
      headers: bearer(token),
    });

  test('events merged by name over the plugins: parameters united and sorted, sources, the latest time', async () => {
    const res = await list(tokens.viewer, IOS);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.sources).toEqual(['BigQuery', 'AppsFlyer']);
    const levelEnd = body.events.find((e: { eventName: string }) => e.eventName === 'level_end');
    expect(levelEnd).toEqual({
      eventName: 'level_end',
      params: { af_revenue: 'FLOAT64', level_name: 'STRING', success: 'INT64' },
      sources: ['BigQuery', 'AppsFlyer'],
      lastReceivedAt: 1_800_000_000_000,
    });
    expect(body.events.map((e: { eventName: string }) => e.eventName)).toContain('af_purchase');
  });

  test('search keeps the names containing the text; an app without plugins has no sources', async () => {
    const found = (await list(tokens.viewer, IOS, 'PURCH')).json();
    expect(found.events.map((e: { eventName: string }) => e.eventName)).toEqual(['af_purchase']);
    const none = (await list(tokens.viewer, DEMO_APP_IDS.pixelRacer)).json();
    expect(none).toEqual({ success: true, events: [], sources: [] });
  });
});

describe('acquisition links', () => {
  const list = (token: string, appId: string) =>
    server.app.inject({ method: 'GET', url: `/api/app/${appId}/deeplinks`, headers: bearer(token) });
  const update = (token: string, appId: string, body: unknown) =>
    server.app.inject({
      method: 'POST',
      url: `/api/app/${appId}/deeplinks/update`,
      headers: bearer(token),
      payload: body as object,
    });
  const urlOf = async (id: string) =>
    (await server.db.selectFrom('app_deeplinks').select('url').where('id', '=', id).executeTakeFirstOrThrow()).url;
  const link = (id: string, url: string, platform = 'android', type = 'AppLink') => ({
    deeplinkId: id,
    deeplink: { id, type, url, platform },
  });

  test('the app’s links in order, an unsupported platform included', async () => {
    const res = await list(tokens.viewer, ANDROID);
    expect(res.statusCode).toBe(200);
    expect(res.json().deepLinks.map((l: { platform: string }) => l.platform)).toEqual([
      'appsFlyer',
      'android',
      'adjust',
    ]);
    expect((await list(tokens.viewer, DEMO_APP_IDS.wordGarden)).json()).toEqual({ success: true, deepLinks: [] });
  });

  test('an editor updates the url (trimmed); only the url changes', async () => {
    const id = 'dl-dragon-android-applink';
    const res = await update(
      tokens.editor,
      ANDROID,
      link(id, '  https://play.dragonmerge.demostudio.dev/open?screen=shop ', 'ios', 'Renamed'),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const row = await server.db.selectFrom('app_deeplinks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      url: 'https://play.dragonmerge.demostudio.dev/open?screen=shop',
      platform: 'android',
      type: 'AppLink',
    });
  });

  test('refusals change nothing: bad url, AppsFlyer off its domain, unsupported platform, id mismatch, another app, a viewer', async () => {
    const before = await urlOf('dl-dragon-android-onelink');
    const cases: Array<[string, unknown, number, string]> = [
      [
        tokens.editor,
        link('dl-dragon-android-onelink', 'http://dragonmerge.onelink.me/x', 'appsFlyer'),
        400,
        'Enter a full URL starting with https://.',
      ],
      [
        tokens.editor,
        link('dl-dragon-android-onelink', 'https://evil.example.com/x', 'appsFlyer'),
        400,
        'An AppsFlyer link must be on onelink.me or app.appsflyer.com.',
      ],
      [
        tokens.editor,
        link('dl-dragon-android-onelink', 'https://dragonmerge.onelink.me/a b', 'appsFlyer'),
        400,
        'The URL must not contain spaces.',
      ],
      [tokens.editor, link('dl-dragon-android-onelink', '   ', 'appsFlyer'), 400, 'Enter the link URL.'],
      [
        tokens.admin,
        link('dl-dragon-android-adjust', 'https://app.adjust.com/zzz999', 'adjust'),
        400,
        'Questboard cannot update links of this platform.',
      ],
      [
        tokens.admin,
        {
          deeplinkId: 'dl-dragon-android-onelink',
          deeplink: {
            id: 'dl-dragon-ios-onelink',
            type: 'OneLink',
            url: 'https://x.onelink.me/a',
            platform: 'appsFlyer',
          },
        },
        400,
        'The deep link id does not match the link sent.',
      ],
      [
        tokens.admin,
        link('dl-dragon-ios-onelink', 'https://dragonmerge.onelink.me/new', 'appsFlyer'),
        404,
        'Deep link not found.',
      ],
    ];
    for (const [token, body, status, message] of cases) {
      const res = await update(token, ANDROID, body);
      expect(res.statusCode, message).toBe(status);
      expect(res.json().message).toBe(message);
    }
    expect(
      (
        await update(
          tokens.viewer,
          ANDROID,
          link('dl-dragon-android-onelink', 'https://dragonmerge.onelink.me/v', 'appsFlyer'),
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (await update(rival, ANDROID, link('dl-dragon-android-onelink', 'https://dragonmerge.onelink.me/v', 'appsFlyer')))
        .statusCode,
    ).toBe(404);
    expect(await urlOf('dl-dragon-android-onelink')).toBe(before);
    expect(await urlOf('dl-dragon-android-adjust')).toBe('https://app.adjust.com/abc123x?campaign=quests');
  });
});
